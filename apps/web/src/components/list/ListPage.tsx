import { FilterOutlined } from '@ant-design/icons';
import type { ColumnField, DeclaredList, FilterField } from '@seller/contracts/lists';
import { filterLabelOf, LIST_COUNT_CAP, textKeyOf } from '@seller/contracts/lists';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Grid, Input, InputNumber, Select, Space, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Fragment, type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbp } from '../../lib/abp/config-store.ts';
import type { ListResult, PagedResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import { localize } from '../../lib/i18n/index.ts';
import { type CrudColumn, CrudPage } from '../crud/CrudPage.tsx';
import { downloadExport } from '../crud/export.ts';
import { filterParams, type ListFilters, type ListUrlState } from './url-state.ts';
import { useListState } from './useListUrl.ts';

/**
 * The list page of the kit: made from the list's declaration in the contracts (the same one the
 * server's routes are made from). Filters, tab, search, sorting and page live in the URL; the
 * filter bar, the tabs with their counts, the columns (settings kept per user), the export and
 * the multi-select with bulk actions come from the declaration. A page adds only what is its own:
 * how a cell looks when the default does not do, row actions, bulk actions, buttons.
 */
export interface ListPageProps<T> {
  list: DeclaredList;
  /** The list's API (`/api/trade/orders`): the page, `/counts`, `/export`. */
  url: string;
  title?: ReactNode;
  testid?: string;
  rowKey?: keyof T & string;
  /** Cells drawn by the page, by column key (the others by their declared kind). */
  render?: Partial<Record<string, (row: T) => ReactNode>>;
  rowActions?: (row: T) => ReactNode;
  actionsWidth?: number;
  /** Actions on the selected rows; the selection clears after one (`done()`). */
  bulkActions?: (rows: T[], done: () => void) => ReactNode;
  /** Most rows one bulk action takes (the server's bound): the selection stops there. */
  selectionMax?: number;
  exportPermission?: string;
  onCreate?: () => void;
  createPermission?: string;
  toolbar?: ReactNode;
  /**
   * Filters the page fixes (the platform of a per-platform page, the shop picked in its toolbar):
   * sent with the page, the counts and the export, never drawn in the filter bar nor kept in the URL.
   * A date or number range is the page's when one of its members (`from`, `to`; `min`, `max`) is.
   */
  fixed?: ListFilters;
  /**
   * Filters the page draws itself, by filter name (a picker that searches as one types, a few
   * values for a text filter): drawn in the filter bar in the declaration's place, given the
   * list's filters and the change to make; kept in the URL and reset like the others.
   */
  filterInputs?: Partial<Record<string, ListFilterInput>>;
  /** Columns of the declaration the page leaves out (the customer's, in a list fixed to one customer). */
  omit?: readonly string[];
  /**
   * False keeps filters, search, sorting and page in the component instead of the URL: a list in
   * a tab or drawer of another page, whose URL is that page's (default true).
   */
  keepInUrl?: boolean;
  /** Where the column settings are kept, per user (default the texts resource): a list sharing its texts names its own. */
  columnSettingsKey?: string;
  /**
   * A declared filter of one value drawn as tabs above the table instead of in the bar (the job
   * reports' boxes: mine, received, all), without counts; the first tab when the URL names none.
   * The page gives each tab's label (a badge beside its name).
   */
  filterTabs?: { member: string; tabs: { key: string; label: ReactNode }[] };
  /** Columns sorted by a declared sort key of another name (the report's period by `periodStart`). */
  sortBy?: Partial<Record<string, string>>;
  /**
   * The columns in this order (the name in the reader's language first); those it leaves out
   * follow in the declaration's.
   */
  columnOrder?: readonly string[];
  /** Shown above the filters and the table: what the page's list is (a hint of the page's). */
  hint?: ReactNode;
}

/** A filter drawn by the page: the list's filters now, and the change to make (the page goes back to its first). */
export type ListFilterInput = (p: { filters: ListFilters; onChange(patch: ListFilters): void }) => ReactNode;

/**
 * The query keys of a list page's data, for a page that changes rows in place (a live event) or
 * asks again: `all` covers the pages and the counts, `pages` the pages (`PagedResult` each).
 */
export const listPageKeys = {
  all: (url: string) => [url] as const,
  pages: (url: string) => [url, 'page'] as const,
};

const text = (list: DeclaredList, key: string) => localize(`${list.spec.texts}::${key}`);

export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { t } = useTranslation();
  const { list, url } = props;
  const spec = list.spec;
  const client = useQueryClient();
  const state = useListState(list, props.keepInUrl ?? true);
  const userId = useAbp((s) => s.config?.currentUser?.id) ?? 'anonymous';
  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });
  const tabMember = spec.tabs?.member;
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  const [filtersOpen, setFiltersOpen] = useState(false);

  const go = (update: (now: ListUrlState) => ListUrlState) => {
    setSelected({ keys: [], rows: [] });
    state.go(update);
  };
  const setFilter = (patch: ListFilters) =>
    go((now) => ({ filters: { ...now.filters, ...patch }, table: { ...now.table, page: 1 } }));
  const fixed = props.fixed ?? {};
  const tabFilter = props.filterTabs?.member;
  const tabFilterValue = tabFilter
    ? ((state.filters[tabFilter] as string | undefined) ?? props.filterTabs!.tabs[0]?.key)
    : undefined;
  // what the server is asked with: the URL's filters (the tab of `filterTabs` always named), the
  // page's fixed ones over them
  const sent: ListFilters = { ...state.filters, ...(tabFilter ? { [tabFilter]: tabFilterValue } : {}), ...fixed };
  const { [tabMember ?? '']: tab, ...otherFilters } = sent;

  const counts = useQuery({
    enabled: Boolean(spec.tabs),
    queryKey: [url, 'counts', otherFilters, state.table.filter],
    queryFn: ({ signal }) =>
      http.get<{ total: number; capped: boolean; counts: Record<string, number> }>(
        `${url}/counts`,
        { ...filterParams(otherFilters), filter: state.table.filter || undefined },
        { signal },
      ),
  });
  // a count stops at the server's bound: "1 000+"
  const countText = (n: number | undefined) =>
    n === undefined
      ? ''
      : ` (${n >= LIST_COUNT_CAP && counts.data?.capped ? t('list.countCapped', { n: n.toLocaleString() }) : n})`;

  const order = props.columnOrder ?? [];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const columns: CrudColumn<T>[] = Object.entries(spec.columns as Record<string, ColumnField>)
    .filter(([key, c]) => !c.exportOnly && !props.omit?.includes(key))
    // stable: the declaration's order among equals
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, c]) => ({
      key,
      title: text(list, c.header ?? textKeyOf(key)),
      sortField: props.sortBy?.[key] ?? (c.sort ? key : undefined),
      defaultHidden: c.hidden,
      width: c.width,
      align: c.kind === 'money' || c.kind === 'quantity' || c.kind === 'percent' ? 'right' : undefined,
      render: (_v: unknown, row: T) => props.render?.[key]?.(row) ?? cell(list, key, c, row),
    }));

  const tabs = spec.tabs ? (
    <Tabs
      activeKey={Array.isArray(tab) && tab.length === 1 ? tab[0] : 'all'}
      onChange={(k) => setFilter({ [tabMember!]: k === 'all' ? undefined : [k] })}
      items={[
        {
          key: 'all',
          label: (
            <span data-testid={`${props.testid}-tab-all`}>{`${t('list.all')}${countText(counts.data?.total)}`}</span>
          ),
        },
        ...spec.tabs.values.map((v) => ({
          key: v,
          label: (
            <span data-testid={`${props.testid}-tab-${v}`}>
              {`${text(list, `${spec.tabs!.texts ?? `${textKeyOf(spec.tabs!.member)}:`}${v}`)}${countText(counts.data?.counts[v])}`}
            </span>
          ),
        })),
      ]}
    />
  ) : null;

  const filterTabs = props.filterTabs ? (
    <Tabs
      activeKey={tabFilterValue}
      onChange={(k) => setFilter({ [tabFilter!]: k })}
      items={props.filterTabs.tabs.map((b) => ({ key: b.key, label: b.label }))}
    />
  ) : null;

  const active = Object.keys(otherFilters).filter((k) => !(k in fixed) && k !== tabFilter).length;
  const shownFilters = Object.entries(spec.filters as Record<string, FilterField>).filter(
    ([name, f]) => name !== tabFilter && !membersOf(name, f).some((m) => m in fixed),
  );
  const filters = shownFilters.length ? (
    <Space
      wrap
      style={{ marginBottom: 12, display: narrow && !filtersOpen ? 'none' : undefined }}
      data-testid={`${props.testid}-filters`}
    >
      {shownFilters.map(([name, f]) => {
        const own = props.filterInputs?.[name];
        return own ? (
          <Fragment key={name}>{own({ filters: state.filters, onChange: setFilter })}</Fragment>
        ) : (
          <FilterInput
            key={name}
            list={list}
            name={name}
            field={f}
            filters={state.filters}
            onChange={setFilter}
            testid={`${props.testid}-filter-${name}`}
          />
        );
      })}
      <Button
        onClick={() =>
          go((now) => ({
            // the tab stays
            filters: Object.fromEntries(
              [tabMember, tabFilter].flatMap((m) => (m && now.filters[m] ? [[m, now.filters[m]]] : [])),
            ),
            table: { ...now.table, page: 1, filter: '' },
          }))
        }
      >
        {t('list.reset')}
      </Button>
    </Space>
  ) : null;

  // on a phone the filters fold behind one button that says how many are set
  const filtersToggle =
    narrow && filters ? (
      <Button
        icon={<FilterOutlined />}
        style={{ marginBottom: 12 }}
        aria-expanded={filtersOpen}
        data-testid={`${props.testid}-filters-toggle`}
        onClick={() => setFiltersOpen((o) => !o)}
      >
        {active ? `${t('list.filters')} (${active})` : t('list.filters')}
      </Button>
    ) : null;

  const bulk =
    props.bulkActions && selected.rows.length ? (
      <Space style={{ marginBottom: 12 }} data-testid={`${props.testid}-bulk`}>
        <Typography.Text>{t('list.selected', { count: selected.rows.length })}</Typography.Text>
        {props.bulkActions(selected.rows, () => {
          setSelected({ keys: [], rows: [] });
          void client.invalidateQueries({ queryKey: [url] });
        })}
        <Button type="link" onClick={() => setSelected({ keys: [], rows: [] })}>
          {t('list.clearSelection')}
        </Button>
      </Space>
    ) : null;

  return (
    <CrudPage<T>
      testid={props.testid}
      title={props.title}
      header={
        <>
          {props.hint}
          {filterTabs}
          {filtersToggle}
          {filters}
          {tabs}
          {bulk}
        </>
      }
      queryKey={[url, 'page', sent]}
      state={state.table}
      onStateChange={(update) => go((now) => ({ filters: now.filters, table: update(now.table) }))}
      request={(q, signal) =>
        http.get<PagedResult<T> & { totalCountCapped?: boolean }>(url, { ...q, ...filterParams(sent) }, { signal })
      }
      rowKey={props.rowKey ?? ('id' as keyof T & string)}
      columns={columns}
      search={Boolean(spec.search)}
      searchPlaceholder={spec.search ? text(list, spec.search) : undefined}
      columnSettings
      columnSettingsKey={`seller.columns.${userId}.${props.columnSettingsKey ?? spec.texts}`}
      rowActions={props.rowActions}
      actionsWidth={props.actionsWidth}
      rowSelection={
        props.bulkActions
          ? {
              selectedRowKeys: selected.keys,
              preserveSelectedRowKeys: true,
              onChange: (keys, rows) =>
                setSelected({ keys: keys.slice(0, props.selectionMax), rows: rows.slice(0, props.selectionMax) }),
            }
          : undefined
      }
      onCreate={props.onCreate}
      createPermission={props.createPermission}
      toolbar={props.toolbar}
      onRefresh={() => client.invalidateQueries({ queryKey: [url] })}
      exportExcel={{
        permission: props.exportPermission,
        run: (q) =>
          downloadExport(
            `${url}/export`,
            { ...filterParams(sent), sorting: q.sorting, filter: q.filter },
            `${text(list, spec.exportName ?? 'ExportName')}-${dayjs().format('YYYY-MM-DD')}.xlsx`,
          ),
      }}
    />
  );
}

/** A filter's name and, for a range, the query members of its two ends. */
function membersOf(name: string, f: FilterField): string[] {
  if (f.kind === 'dateRange') return [name, f.from, f.to];
  if (f.kind === 'range') return [name, f.min, f.max];
  return [name];
}

/** A cell by its declared kind. */
function cell<T>(list: DeclaredList, key: string, c: ColumnField, row: T): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined || value === '') return '';
  switch (c.kind) {
    case 'enum':
      return <Tag>{text(list, `${c.texts ?? `${c.header ?? textKeyOf(key)}:`}${value}`)}</Tag>;
    case 'money':
      return `${value} ${c.currency ? ((row as Record<string, unknown>)[c.currency] ?? '') : ''}`.trim();
    case 'percent':
      return `${value}%`;
    case 'date':
      return dayjs(String(value)).format('YYYY-MM-DD');
    case 'dateTime':
      return dayjs(String(value)).format('YYYY-MM-DD HH:mm');
    case 'bool':
      return value ? localize('list.yes') : localize('list.no');
    default:
      return String(value);
  }
}

interface FilterInputProps {
  list: DeclaredList;
  name: string;
  field: FilterField;
  filters: ListFilters;
  onChange(patch: ListFilters): void;
  testid: string;
}

/** One filter of the bar, drawn by its kind. */
function FilterInput({ list, name, field, filters, onChange, testid }: FilterInputProps) {
  const { t } = useTranslation();
  const label = text(list, filterLabelOf(name, field));
  const options = useQuery({
    enabled: field.kind === 'ref' && Boolean(field.options),
    queryKey: ['list-options', field.kind === 'ref' ? field.options : null],
    queryFn: () => http.get<ListResult<{ id: string; name: string }>>((field as { options: string }).options),
    staleTime: 60_000,
  });
  switch (field.kind) {
    case 'text':
      return (
        <Input.Search
          key={String(filters[name] ?? '')}
          allowClear
          placeholder={label}
          aria-label={label}
          style={{ width: 160 }}
          maxLength={field.max}
          defaultValue={(filters[name] as string) ?? ''}
          data-testid={testid}
          onSearch={(v) => onChange({ [name]: v.trim() || undefined })}
        />
      );
    case 'ref':
      return (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={label}
          aria-label={label}
          style={{ width: 200 }}
          data-testid={testid}
          value={filters[name] as string | undefined}
          onChange={(v) => onChange({ [name]: v })}
          options={(options.data?.items ?? []).map((o) => ({ value: o.id, label: o.name }))}
        />
      );
    case 'enum':
      return (
        <Select
          allowClear
          mode={field.multiple ? 'multiple' : undefined}
          placeholder={label}
          aria-label={label}
          style={{ minWidth: 130 }}
          data-testid={testid}
          value={filters[name] as string | string[] | undefined}
          onChange={(v) => onChange({ [name]: Array.isArray(v) && !v.length ? undefined : v })}
          options={field.values.map((v) => ({
            value: v,
            label: text(list, `${field.texts ?? `${textKeyOf(name)}:`}${v}`),
          }))}
        />
      );
    case 'bool':
      return (
        <Select
          allowClear
          placeholder={label}
          aria-label={label}
          style={{ minWidth: 150 }}
          data-testid={testid}
          value={filters[name] === undefined ? undefined : String(filters[name])}
          onChange={(v) => onChange({ [name]: v === undefined ? undefined : v === 'true' })}
          options={[
            { value: 'true', label: t('list.yes') },
            { value: 'false', label: t('list.no') },
          ]}
        />
      );
    case 'dateRange': {
      const from = filters[field.from] as string | undefined;
      const to = filters[field.to] as string | undefined;
      return (
        <DatePicker.RangePicker
          aria-label={label}
          data-testid={testid}
          placeholder={[label, label]}
          value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
          allowEmpty={[true, true]}
          onChange={(v) =>
            onChange({
              [field.from]: v?.[0] ? v[0].format('YYYY-MM-DD') : undefined,
              [field.to]: v?.[1] ? v[1].format('YYYY-MM-DD') : undefined,
            })
          }
        />
      );
    }
    case 'range':
      return (
        <Space.Compact data-testid={testid}>
          <InputNumber
            placeholder={`${label} ${t('list.min')}`}
            aria-label={`${label} ${t('list.min')}`}
            stringMode
            value={filters[field.min] as string | undefined}
            onChange={(v) => onChange({ [field.min]: v == null ? undefined : String(v) })}
          />
          <InputNumber
            placeholder={t('list.max')}
            aria-label={`${label} ${t('list.max')}`}
            stringMode
            value={filters[field.max] as string | undefined}
            onChange={(v) => onChange({ [field.max]: v == null ? undefined : String(v) })}
          />
        </Space.Compact>
      );
  }
}

import { DownloadOutlined, PlusOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Input, Popover, Space, Table, type TableProps, Tooltip, theme } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readJson, writeJson } from '../../lib/storage.ts';
import { Access } from '../Access.tsx';
import { IconButton } from '../IconButton.tsx';
import { type ColumnFit, columnWidth, SELECTION_WIDTH, tableFonts } from './column-width.ts';
import { type CrudListOptions, type CrudQuery, toSorting, useCrudList } from './useCrudList.ts';

export interface CrudColumn<T> extends ColumnType<T> {
  key: string;
  /** Server sort field; makes the column sortable (server-side). */
  sortField?: string;
  /** Starts hidden in the column settings. */
  defaultHidden?: boolean;
  /** Texts its cells show that must stay whole (status tags, a date format). */
  fit?: ColumnFit;
}

export interface CrudPageProps<T> extends CrudListOptions<T> {
  columns: CrudColumn<T>[];
  rowKey: (keyof T & string) | ((record: T) => string);
  /** Search box (filter); default on. */
  search?: boolean;
  searchPlaceholder?: string;
  /** "New" button; hidden unless `createPermission` is granted (when given). */
  onCreate?: () => void;
  createPermission?: string;
  /** Excel export: receives the current query (without paging). */
  exportExcel?: { permission?: string; run(query: Omit<CrudQuery, 'skipCount' | 'maxResultCount'>): Promise<void> };
  /** Per-row actions column, fixed to the right edge; as wide as its content needs (at least `actionsWidth`). */
  rowActions?: (record: T) => ReactNode;
  actionsWidth?: number;
  /** Extra toolbar content (left of refresh). */
  toolbar?: ReactNode;
  columnSettings?: boolean;
  /** Keeps the column settings under this key, per user (`readJson`/`writeJson`). */
  columnSettingsKey?: string;
  /** The refresh button's work (default: the list's query again). */
  onRefresh?(): unknown;
  /** Shown above the table (filters, tabs). */
  header?: ReactNode;
  rowSelection?: TableProps<T>['rowSelection'];
  title?: ReactNode;
  testid?: string;
}

/**
 * The shared list page: search, server-side sort and paging (skipCount/maxResultCount/sorting),
 * loading and empty states, refresh, optional column settings and Excel export.
 *
 * Column widths are decided here, not by the content (`scroll.x: 'max-content'` let one long value
 * widen a column without bound and ignored `width` and `ellipsis`): every column is at least as
 * wide as its header (and its `fit` texts) in the current language, the actions column as wide as
 * its buttons, and the table's scroll width is their sum. A column without a width of its own
 * takes the room the others leave. So headers are never cut, and the fixed actions column sits
 * beside the others: it covers a column only while the table is scrolled sideways.
 */
export function CrudPage<T extends object>(props: CrudPageProps<T>) {
  const { t } = useTranslation();
  const list = useCrudList<T>(props);
  const [search, setSearch] = useState(list.filter);
  // the filter can change from outside (the back button over a URL-kept list): the box follows
  useEffect(() => setSearch(list.filter), [list.filter]);
  const storedHidden = props.columnSettingsKey ? readJson<string[]>(props.columnSettingsKey) : undefined;
  const [hidden, setHiddenState] = useState<Set<string>>(
    () => new Set(storedHidden ?? props.columns.filter((c) => c.defaultHidden).map((c) => c.key)),
  );
  const setHidden = (next: Set<string>) => {
    setHiddenState(next);
    if (props.columnSettingsKey) writeJson(props.columnSettingsKey, [...next]);
  };
  const [exporting, setExporting] = useState(false);
  const { token } = theme.useToken();
  const { fontSize, fontFamily, fontWeightStrong } = token;
  const fonts = useMemo(
    () => tableFonts({ fontSize, fontFamily, fontWeightStrong }),
    [fontSize, fontFamily, fontWeightStrong],
  );
  const actionsRef = useRef<HTMLDivElement>(null);
  const actionsNeed = useActionsWidth(actionsRef, list.items, t);

  const { columns, scrollX } = useMemo(() => {
    let scrollX = 0;
    const cols: ColumnType<T>[] = props.columns
      .filter((c) => !hidden.has(c.key))
      .map(({ sortField, defaultHidden: _h, fit, ...c }) => {
        const { width, flexible } = columnWidth(c, { sortable: Boolean(sortField || c.sorter), fit, fonts });
        scrollX += width;
        return { ...c, width: flexible ? undefined : width, sortField, fit };
      })
      .map(({ sortField, fit: _f, ...c }) => ({
        ...c,
        sorter: sortField ? true : c.sorter,
        sortOrder:
          sortField && list.sorting?.startsWith(`${sortField} `)
            ? list.sorting.endsWith(' desc')
              ? 'descend'
              : 'ascend'
            : sortField
              ? null
              : c.sortOrder,
      }));
    if (props.rowActions) {
      const title = t('crud.actions');
      const width = Math.max(columnWidth({ title, width: props.actionsWidth ?? 160 }, { fonts }).width, actionsNeed);
      scrollX += width;
      cols.push({
        key: '__actions',
        title,
        fixed: 'right',
        width,
        render: (_v, record) => (
          // measured (useActionsWidth): the column is widened to the widest row's buttons
          <div className="crud-row-actions" style={{ width: 'max-content' }}>
            {props.rowActions!(record)}
          </div>
        ),
      });
    }
    if (props.rowSelection) scrollX += SELECTION_WIDTH;
    return { columns: cols, scrollX };
  }, [
    props.columns,
    props.rowActions,
    props.actionsWidth,
    props.rowSelection,
    hidden,
    list.sorting,
    t,
    fonts,
    actionsNeed,
  ]);

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    const col = props.columns.find((c) => c.key === s?.columnKey);
    const sorting = toSorting(col?.sortField, s?.order);
    if (sorting !== list.sorting && (sorting || list.sorting)) list.setSorting(sorting);
    else list.setPage(pagination.current ?? 1, pagination.pageSize);
  };

  const settings = props.columnSettings ? (
    <Popover
      trigger="click"
      placement="bottomRight"
      content={
        <Checkbox.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          value={props.columns.filter((c) => !hidden.has(c.key)).map((c) => c.key)}
          options={props.columns.map((c) => ({ value: c.key, label: c.title as ReactNode }))}
          onChange={(keys) => setHidden(new Set(props.columns.map((c) => c.key).filter((k) => !keys.includes(k))))}
        />
      }
    >
      <Tooltip title={t('crud.columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('crud.columns')} />
      </Tooltip>
    </Popover>
  ) : null;

  const exportButton = props.exportExcel ? (
    <Access permission={props.exportExcel.permission}>
      <Button
        icon={<DownloadOutlined />}
        loading={exporting}
        onClick={async () => {
          setExporting(true);
          try {
            await props.exportExcel!.run({ sorting: list.params.sorting, filter: list.params.filter });
          } catch {
            // notified by the HTTP client
          } finally {
            setExporting(false);
          }
        }}
      >
        {t('crud.export')}
      </Button>
    </Access>
  ) : null;

  return (
    <Card title={props.title} data-testid={props.testid}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 12 }}>
        {props.search !== false ? (
          <Input.Search
            allowClear
            style={{ maxWidth: 320 }}
            placeholder={props.searchPlaceholder ?? t('crud.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => list.setFilter(v)}
            enterButton={t('crud.search')}
            data-testid={props.testid ? `${props.testid}-search` : undefined}
          />
        ) : (
          <span />
        )}
        <Space wrap>
          {props.toolbar}
          {props.onCreate && (
            <Access permission={props.createPermission}>
              <Button type="primary" icon={<PlusOutlined />} onClick={props.onCreate}>
                {t('crud.create')}
              </Button>
            </Access>
          )}
          {exportButton}
          <IconButton
            title={t('crud.refresh')}
            icon={<ReloadOutlined />}
            onClick={() => void (props.onRefresh ? props.onRefresh() : list.refresh())}
            loading={list.query.isFetching}
          />
          {settings}
        </Space>
      </div>
      {props.header}
      {list.query.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('crud.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refresh()}>
              {t('crud.retry')}
            </Button>
          }
        />
      )}
      <div ref={actionsRef}>
        <Table<T>
          rowKey={props.rowKey}
          columns={columns}
          dataSource={list.items}
          loading={list.query.isLoading || (list.query.isFetching && list.query.isPlaceholderData)}
          onChange={onChange}
          rowSelection={props.rowSelection && { columnWidth: SELECTION_WIDTH, ...props.rowSelection }}
          scroll={{ x: scrollX }}
          tableLayout="fixed"
          locale={{ emptyText: t('crud.empty') }}
          pagination={{
            current: list.page,
            pageSize: list.pageSize,
            total: list.total,
            showSizeChanger: true,
            showTotal: (total) =>
              list.totalCapped ? t('crud.totalCapped', { total: total.toLocaleString() }) : t('crud.total', { total }),
          }}
        />
      </div>
    </Card>
  );
}

/**
 * The natural width of the widest row's actions (buttons side by side), measured after each
 * render of new rows or texts; 0 until measured (and where nothing is laid out, as in tests).
 */
function useActionsWidth(container: RefObject<HTMLDivElement | null>, rows: unknown, texts: unknown): number {
  const [width, setWidth] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when rows or texts change
  useLayoutEffect(() => {
    const cells = container.current?.querySelectorAll<HTMLElement>('.crud-row-actions') ?? [];
    let widest = 0;
    for (const cell of cells) widest = Math.max(widest, cell.scrollWidth);
    const padded = widest ? Math.ceil(widest) + columnPadding(cells[0]) : 0;
    if (padded !== width) setWidth(padded);
  }, [rows, texts]);
  return width;
}

/** The horizontal padding of the cell around `el` (depends on the table's size). */
function columnPadding(el: HTMLElement | undefined): number {
  const cell = el?.closest('td');
  if (!cell) return 0;
  const style = getComputedStyle(cell);
  return Math.ceil(Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight)) || 0;
}

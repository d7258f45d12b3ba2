import { DownloadOutlined, PlusOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Input, Popover, Space, Table, type TableProps, Tooltip } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access } from '../Access.tsx';
import { type CrudListOptions, type CrudQuery, toSorting, useCrudList } from './useCrudList.ts';

export interface CrudColumn<T> extends ColumnType<T> {
  key: string;
  /** Server sort field; makes the column sortable (server-side). */
  sortField?: string;
  /** Starts hidden in the column settings. */
  defaultHidden?: boolean;
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
  /** Per-row actions column. */
  rowActions?: (record: T) => ReactNode;
  actionsWidth?: number;
  /** Extra toolbar content (left of refresh). */
  toolbar?: ReactNode;
  columnSettings?: boolean;
  rowSelection?: TableProps<T>['rowSelection'];
  title?: ReactNode;
  testid?: string;
}

/**
 * The shared list page: search, server-side sort and paging (skipCount/maxResultCount/sorting),
 * loading and empty states, refresh, optional column settings and Excel export.
 */
export function CrudPage<T extends object>(props: CrudPageProps<T>) {
  const { t } = useTranslation();
  const list = useCrudList<T>(props);
  const [search, setSearch] = useState('');
  const [hidden, setHidden] = useState<Set<string>>(
    () => new Set(props.columns.filter((c) => c.defaultHidden).map((c) => c.key)),
  );
  const [exporting, setExporting] = useState(false);

  const columns = useMemo(() => {
    const cols: ColumnType<T>[] = props.columns
      .filter((c) => !hidden.has(c.key))
      .map(({ sortField, defaultHidden: _h, ...c }) => ({
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
      cols.push({
        key: '__actions',
        title: t('crud.actions'),
        fixed: 'right',
        width: props.actionsWidth ?? 160,
        render: (_v, record) => props.rowActions!(record),
      });
    }
    return cols;
  }, [props.columns, props.rowActions, props.actionsWidth, hidden, list.sorting, t]);

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
          <Tooltip title={t('crud.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('crud.refresh')}
              onClick={() => void list.refresh()}
              loading={list.query.isFetching}
            />
          </Tooltip>
          {settings}
        </Space>
      </div>
      <Table<T>
        rowKey={props.rowKey}
        columns={columns}
        dataSource={list.items}
        loading={list.query.isLoading || (list.query.isFetching && list.query.isPlaceholderData)}
        onChange={onChange}
        rowSelection={props.rowSelection}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('crud.empty') }}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: list.total,
          showSizeChanger: true,
          showTotal: (total) => t('crud.total', { total }),
        }}
      />
    </Card>
  );
}

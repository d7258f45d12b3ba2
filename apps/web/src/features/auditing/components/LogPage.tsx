import { EyeOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudPage, type CrudQuery, DeleteAction } from '../../../components/crud/index.ts';
import type { PagedResult } from '../../../lib/abp/types.ts';
import { useAccess } from '../../../lib/access.tsx';
import { BulkDelete } from './BulkDelete.tsx';

/** The filters every log takes: the time range (sent as ISO strings), client IP and correlation id. */
interface CommonFilters {
  startTime?: string;
  endTime?: string;
  clientIpAddress?: string;
  correlationId?: string;
}

interface CommonForm {
  range?: [Dayjs | null, Dayjs | null] | null;
  clientIpAddress?: string;
  correlationId?: string;
}

export interface LogPageProps<T extends { id: string }, V, F extends CommonFilters> {
  /** The query-key root and the prefix of the page's test ids ("audit-log" → audit-log-filters, …). */
  name: string;
  /** Prefix of the filter submit button's test id ("audit" → audit-filter-submit). */
  filterTestid: string;
  title: string;
  /** Base name of the exported workbook (".xlsx" is added). */
  exportFileName: string;
  defaultSorting: string;
  permissions: { view: string; delete: string };
  api: {
    list(q: CrudQuery, f: F, signal?: AbortSignal): Promise<PagedResult<T>>;
    export(q: Partial<CrudQuery>, f: F, fileName: string): Promise<void>;
    delete(id: string): Promise<unknown>;
    deleteMany(ids: string[]): Promise<{ deletedCount: number }>;
  };
  columns: CrudColumn<T>[];
  /** The page's own filter fields, shown between the time range and the client IP. */
  filterFields: ReactNode;
  /** The page's own filter values to the API's filters. */
  toFilters(values: V): Omit<F, keyof CommonFilters>;
  /** The detail drawer, open while `record` is set. */
  renderDetail(record: T | undefined, close: () => void): ReactNode;
}

/** A log list: filter toolbar, server-paged table with export, single and bulk delete, a detail drawer. */
export function LogPage<T extends { id: string }, V extends object, F extends CommonFilters>(
  props: LogPageProps<T, V, F>,
) {
  const { t } = useTranslation();
  const tx = (k: string) => t(`AbpAuditing::${k}`);
  const access = useAccess();
  const client = useQueryClient();
  const [form] = Form.useForm<V & CommonForm>();
  const [filters, setFilters] = useState<F>({} as F);
  const [selected, setSelected] = useState<string[]>([]);
  const [detail, setDetail] = useState<T>();
  const canDelete = access.can(props.permissions.delete);

  const applyFilters = (next: F) => {
    setSelected([]);
    setFilters(next);
  };
  const refresh = async () => {
    setSelected([]);
    await client.invalidateQueries({ queryKey: [props.name] });
  };

  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Form<V & CommonForm>
          form={form}
          layout="inline"
          data-testid={`${props.name}-filters`}
          style={{ rowGap: 8 }}
          onFinish={({ range, clientIpAddress, correlationId, ...own }) =>
            applyFilters({
              startTime: range?.[0]?.toISOString(),
              endTime: range?.[1]?.toISOString(),
              ...props.toFilters(own as V),
              clientIpAddress: clientIpAddress?.trim() || undefined,
              correlationId: correlationId?.trim() || undefined,
            } as F)
          }
        >
          {/* shrinks to the row on a phone instead of widening the page */}
          <Form.Item name="range" label={tx('TimeRange')} style={{ maxWidth: '100%' }}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ maxWidth: '100%' }} />
          </Form.Item>
          {props.filterFields}
          <Form.Item name="clientIpAddress" label={tx('ClientIpAddress')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="correlationId" label={tx('CorrelationId')}>
            <Input allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SearchOutlined />}
              data-testid={`${props.filterTestid}-filter-submit`}
            >
              {tx('Search')}
            </Button>
          </Form.Item>
          <Form.Item>
            <Button
              onClick={() => {
                form.resetFields();
                applyFilters({} as F);
              }}
            >
              {tx('Reset')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <CrudPage<T>
        key={JSON.stringify(filters)}
        testid={props.name}
        title={props.title}
        queryKey={[props.name, filters]}
        rowKey="id"
        search={false}
        defaultSorting={props.defaultSorting}
        request={(q, signal) => props.api.list(q, filters, signal)}
        columns={props.columns}
        columnSettings
        exportExcel={{
          permission: props.permissions.view,
          run: (q) => props.api.export(q, filters, `${props.exportFileName}.xlsx`),
        }}
        rowSelection={
          canDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) } : undefined
        }
        toolbar={
          <BulkDelete
            permission={props.permissions.delete}
            selected={selected}
            testid={`${props.name}-bulk-delete`}
            onDelete={async (ids) => {
              const r = await props.api.deleteMany(ids);
              await refresh();
              return r;
            }}
          />
        }
        actionsWidth={150}
        rowActions={(r) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              onClick={() => setDetail(r)}
              data-testid={`${props.name}-detail-open`}
            >
              {tx('Detail')}
            </Button>
            <DeleteAction
              permission={props.permissions.delete}
              onConfirm={async () => {
                await props.api.delete(r.id);
                await refresh();
              }}
            />
          </span>
        )}
      />
      {props.renderDetail(detail, () => setDetail(undefined))}
    </>
  );
}

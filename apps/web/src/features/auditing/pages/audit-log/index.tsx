import { EyeOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, InputNumber, Select, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudPage, DeleteAction } from '../../../../components/crud/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import {
  type AuditLogFilters,
  type AuditLogListItem,
  deleteAuditLog,
  deleteAuditLogs,
  exportAuditLogs,
  fetchAuditLogs,
  HTTP_METHODS,
  Permissions,
} from '../../api.ts';
import { AuditLogDetail } from '../../components/AuditLogDetail.tsx';
import { BulkDelete } from '../../components/BulkDelete.tsx';
import { formatTime, methodColor, statusColor } from '../../components/format.ts';

interface FilterForm {
  range?: [Dayjs | null, Dayjs | null] | null;
  userName?: string;
  url?: string;
  httpMethod?: string;
  httpStatusCode?: number | null;
  minExecutionDuration?: number | null;
  maxExecutionDuration?: number | null;
  hasException?: 'true' | 'false';
  clientIpAddress?: string;
  correlationId?: string;
}

function toFilters(v: FilterForm): AuditLogFilters {
  return {
    startTime: v.range?.[0]?.toISOString(),
    endTime: v.range?.[1]?.toISOString(),
    userName: v.userName?.trim() || undefined,
    url: v.url?.trim() || undefined,
    httpMethod: v.httpMethod || undefined,
    httpStatusCode: v.httpStatusCode ?? undefined,
    minExecutionDuration: v.minExecutionDuration ?? undefined,
    maxExecutionDuration: v.maxExecutionDuration ?? undefined,
    hasException: v.hasException === undefined ? undefined : v.hasException === 'true',
    clientIpAddress: v.clientIpAddress?.trim() || undefined,
    correlationId: v.correlationId?.trim() || undefined,
  };
}

/** /auditing/audit-log: every write request, with filters, details (entity changes), deletes and export. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const tx = (k: string) => t(`AbpAuditing::${k}`);
  const access = useAccess();
  const client = useQueryClient();
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<AuditLogFilters>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [detailId, setDetailId] = useState<string>();
  const canDelete = access.can(Permissions.AuditLogDelete);

  const refresh = async () => {
    setSelected([]);
    await client.invalidateQueries({ queryKey: ['audit-log'] });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: tx follows t
  const columns = useMemo<CrudColumn<AuditLogListItem>[]>(
    () => [
      {
        key: 'executionTime',
        title: tx('ExecutionTime'),
        dataIndex: 'executionTime',
        sortField: 'executionTime',
        width: 170,
        render: (v: string) => formatTime(v),
      },
      {
        key: 'userName',
        title: tx('UserName'),
        dataIndex: 'userName',
        sortField: 'userName',
        render: (_v, r) => (
          <span>
            {r.userName ?? '—'}
            {r.impersonatorUserId && (
              <Tooltip title={`${tx('Impersonator')}: ${r.impersonatorUserName ?? r.impersonatorUserId}`}>
                <Tag color="orange" style={{ marginLeft: 6 }}>
                  {r.impersonatorUserName}
                </Tag>
              </Tooltip>
            )}
          </span>
        ),
      },
      {
        key: 'httpMethod',
        title: tx('HttpMethod'),
        dataIndex: 'httpMethod',
        sortField: 'httpMethod',
        width: 100,
        render: (v: string | null) => <Tag color={methodColor(v)}>{v}</Tag>,
      },
      {
        key: 'url',
        title: tx('Url'),
        dataIndex: 'url',
        sortField: 'url',
        ellipsis: true,
        render: (v: string | null) => (
          <Typography.Text style={{ maxWidth: 360 }} ellipsis={{ tooltip: v }}>
            {v}
          </Typography.Text>
        ),
      },
      {
        key: 'httpStatusCode',
        title: tx('HttpStatusCode'),
        dataIndex: 'httpStatusCode',
        sortField: 'httpStatusCode',
        width: 90,
        render: (v: number | null) => <Tag color={statusColor(v)}>{v ?? '—'}</Tag>,
      },
      {
        key: 'executionDuration',
        title: tx('ExecutionDuration'),
        dataIndex: 'executionDuration',
        sortField: 'executionDuration',
        width: 120,
        align: 'right',
      },
      { key: 'entityChangeCount', title: tx('EntityChangeCount'), dataIndex: 'entityChangeCount', width: 90 },
      {
        key: 'clientIpAddress',
        title: tx('ClientIpAddress'),
        dataIndex: 'clientIpAddress',
        sortField: 'clientIpAddress',
      },
      { key: 'clientId', title: tx('ClientId'), dataIndex: 'clientId', defaultHidden: true },
      { key: 'correlationId', title: tx('CorrelationId'), dataIndex: 'correlationId', defaultHidden: true },
      { key: 'tenantName', title: tx('TenantName'), dataIndex: 'tenantName', defaultHidden: true },
    ],
    [t],
  );

  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Form<FilterForm>
          form={form}
          layout="inline"
          data-testid="audit-log-filters"
          style={{ rowGap: 8 }}
          onFinish={(v) => {
            setSelected([]);
            setFilters(toFilters(v));
          }}
        >
          {/* shrinks to the row on a phone instead of widening the page */}
          <Form.Item name="range" label={tx('TimeRange')} style={{ maxWidth: '100%' }}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ maxWidth: '100%' }} />
          </Form.Item>
          <Form.Item name="userName" label={tx('UserName')}>
            <Input allowClear style={{ width: 140 }} data-testid="audit-filter-user" />
          </Form.Item>
          <Form.Item name="url" label={tx('Url')}>
            <Input allowClear style={{ width: 200 }} data-testid="audit-filter-url" />
          </Form.Item>
          <Form.Item name="httpMethod" label={tx('HttpMethod')}>
            <Select
              allowClear
              style={{ width: 110 }}
              options={HTTP_METHODS.map((m) => ({ value: m, label: m }))}
              data-testid="audit-filter-method"
            />
          </Form.Item>
          <Form.Item name="httpStatusCode" label={tx('HttpStatusCode')}>
            <InputNumber min={100} max={599} style={{ width: 90 }} data-testid="audit-filter-status" />
          </Form.Item>
          <Form.Item name="minExecutionDuration" label={tx('MinExecutionDuration')}>
            <InputNumber min={0} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="maxExecutionDuration" label={tx('MaxExecutionDuration')}>
            <InputNumber min={0} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="hasException" label={tx('HasException')}>
            <Select
              allowClear
              placeholder={tx('Any')}
              style={{ width: 90 }}
              options={[
                { value: 'true', label: tx('Yes') },
                { value: 'false', label: tx('No') },
              ]}
              data-testid="audit-filter-exception"
            />
          </Form.Item>
          <Form.Item name="clientIpAddress" label={tx('ClientIpAddress')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="correlationId" label={tx('CorrelationId')}>
            <Input allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="audit-filter-submit">
              {tx('Search')}
            </Button>
          </Form.Item>
          <Form.Item>
            <Button
              onClick={() => {
                form.resetFields();
                setSelected([]);
                setFilters({});
              }}
            >
              {tx('Reset')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <CrudPage<AuditLogListItem>
        key={JSON.stringify(filters)}
        testid="audit-log"
        title={tx('AuditLogs')}
        queryKey={['audit-log', filters]}
        rowKey="id"
        search={false}
        defaultSorting="executionTime desc"
        request={(q, signal) => fetchAuditLogs(q, filters, signal)}
        columns={columns}
        columnSettings
        exportExcel={{
          permission: Permissions.AuditLog,
          run: (q) => exportAuditLogs(q, filters, `${tx('ExportFileAuditLogs')}.xlsx`),
        }}
        rowSelection={
          canDelete
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as string[]),
                preserveSelectedRowKeys: false,
              }
            : undefined
        }
        toolbar={
          <BulkDelete
            permission={Permissions.AuditLogDelete}
            selected={selected}
            testid="audit-log-bulk-delete"
            onDelete={async (ids) => {
              const r = await deleteAuditLogs(ids);
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
              onClick={() => setDetailId(r.id)}
              data-testid="audit-log-detail-open"
            >
              {tx('Detail')}
            </Button>
            <DeleteAction
              permission={Permissions.AuditLogDelete}
              onConfirm={async () => {
                await deleteAuditLog(r.id);
                await refresh();
              }}
            />
          </span>
        )}
      />
      <AuditLogDetail id={detailId} onClose={() => setDetailId(undefined)} />
    </>
  );
}

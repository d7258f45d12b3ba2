import { Form, Input, InputNumber, Select, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudColumn } from '../../../../components/crud/index.ts';
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
import { formatTime, methodColor, statusColor } from '../../components/format.ts';
import { LogPage } from '../../components/LogPage.tsx';

interface FilterForm {
  userName?: string;
  url?: string;
  httpMethod?: (typeof HTTP_METHODS)[number];
  httpStatusCode?: number | null;
  minExecutionDuration?: number | null;
  maxExecutionDuration?: number | null;
  hasException?: 'true' | 'false';
}

function toFilters(v: FilterForm) {
  return {
    userName: v.userName?.trim() || undefined,
    url: v.url?.trim() || undefined,
    httpMethod: v.httpMethod || undefined,
    httpStatusCode: v.httpStatusCode ?? undefined,
    minExecutionDuration: v.minExecutionDuration ?? undefined,
    maxExecutionDuration: v.maxExecutionDuration ?? undefined,
    hasException: v.hasException === undefined ? undefined : v.hasException === 'true',
  };
}

/** /auditing/audit-log: every write request, with filters, details (entity changes), deletes and export. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const tx = (k: string) => t(`AbpAuditing::${k}`);

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
    <LogPage<AuditLogListItem, FilterForm, AuditLogFilters>
      name="audit-log"
      filterTestid="audit"
      title={tx('AuditLogs')}
      exportFileName={tx('ExportFileAuditLogs')}
      defaultSorting="executionTime desc"
      permissions={{ view: Permissions.AuditLog, delete: Permissions.AuditLogDelete }}
      api={{ list: fetchAuditLogs, export: exportAuditLogs, delete: deleteAuditLog, deleteMany: deleteAuditLogs }}
      columns={columns}
      toFilters={toFilters}
      renderDetail={(log, close) => <AuditLogDetail id={log?.id} onClose={close} />}
      filterFields={
        <>
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
        </>
      }
    />
  );
}

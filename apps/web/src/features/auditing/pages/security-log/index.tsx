import { EyeOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Drawer, Form, Input, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudPage, DeleteAction } from '../../../../components/crud/index.ts';
import { ImpersonateButton } from '../../../../components/impersonation/ImpersonateButton.tsx';
import { useAccess } from '../../../../lib/access.tsx';
import {
  deleteSecurityLog,
  deleteSecurityLogs,
  exportSecurityLogs,
  fetchSecurityLogs,
  Permissions,
  SECURITY_ACTIONS,
  type SecurityLog,
  type SecurityLogFilters,
} from '../../api.ts';
import { BulkDelete } from '../../components/BulkDelete.tsx';
import { failedAction, formatTime } from '../../components/format.ts';

interface FilterForm {
  range?: [Dayjs | null, Dayjs | null] | null;
  identity?: string;
  action?: string;
  userName?: string;
  clientId?: string;
  clientIpAddress?: string;
  correlationId?: string;
}

const trimmed = (v: string | undefined) => v?.trim() || undefined;

function toFilters(v: FilterForm): SecurityLogFilters {
  return {
    startTime: v.range?.[0]?.toISOString(),
    endTime: v.range?.[1]?.toISOString(),
    identity: v.identity || undefined,
    action: v.action || undefined,
    userName: trimmed(v.userName),
    clientId: trimmed(v.clientId),
    clientIpAddress: trimmed(v.clientIpAddress),
    correlationId: trimmed(v.correlationId),
  };
}

/** "admin → alice" for impersonation rows (the security log keeps both people in extraProperties). */
function impersonationOf(log: SecurityLog): string | null {
  const x = log.extraProperties as Record<string, string | null | undefined>;
  if (!x?.impersonatorUserName) return null;
  const who = (name?: string | null, tenant?: string | null) => (tenant ? `${name}@${tenant}` : (name ?? ''));
  return `${who(x.impersonatorUserName, x.impersonatorTenantName)} → ${who(x.impersonatedUserName, x.impersonatedTenantName)}`;
}

/** /auditing/security-log: sign-ins, sign-outs, lockouts, password changes, impersonation. */
export default function SecurityLogPage() {
  const { t } = useTranslation();
  const tx = (k: string) => t(`AbpAuditing::${k}`);
  const actionText = (a: string) => t(`AbpAuditing::Action:${a}`, { defaultValue: a });
  const access = useAccess();
  const client = useQueryClient();
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<SecurityLogFilters>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [detail, setDetail] = useState<SecurityLog>();
  const canDelete = access.can(Permissions.SecurityLogDelete);

  const refresh = async () => {
    setSelected([]);
    await client.invalidateQueries({ queryKey: ['security-log'] });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: tx and actionText follow t
  const columns = useMemo<CrudColumn<SecurityLog>[]>(
    () => [
      {
        key: 'creationTime',
        title: tx('CreationTime'),
        dataIndex: 'creationTime',
        sortField: 'creationTime',
        width: 170,
        render: (v: string) => formatTime(v),
      },
      {
        key: 'action',
        title: tx('Action'),
        dataIndex: 'action',
        sortField: 'action',
        render: (v: string, r) => (
          <span>
            <Tag color={failedAction(v) ? 'red' : v.startsWith('Impersonation') ? 'orange' : 'green'}>
              {actionText(v)}
            </Tag>
            {impersonationOf(r) && <span style={{ color: '#888' }}>{impersonationOf(r)}</span>}
          </span>
        ),
      },
      { key: 'userName', title: tx('UserName'), dataIndex: 'userName', sortField: 'userName' },
      { key: 'identity', title: tx('Identity'), dataIndex: 'identity', sortField: 'identity', width: 110 },
      { key: 'clientId', title: tx('ClientId'), dataIndex: 'clientId', sortField: 'clientId' },
      {
        key: 'clientIpAddress',
        title: tx('ClientIpAddress'),
        dataIndex: 'clientIpAddress',
        sortField: 'clientIpAddress',
      },
      { key: 'correlationId', title: tx('CorrelationId'), dataIndex: 'correlationId', defaultHidden: true },
      { key: 'tenantName', title: tx('TenantName'), dataIndex: 'tenantName', defaultHidden: true },
      { key: 'browserInfo', title: tx('BrowserInfo'), dataIndex: 'browserInfo', defaultHidden: true, ellipsis: true },
    ],
    [t],
  );

  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Form<FilterForm>
          form={form}
          layout="inline"
          style={{ rowGap: 8 }}
          data-testid="security-log-filters"
          onFinish={(v) => {
            setSelected([]);
            setFilters(toFilters(v));
          }}
        >
          {/* shrinks to the row on a phone instead of widening the page */}
          <Form.Item name="range" label={tx('TimeRange')} style={{ maxWidth: '100%' }}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ maxWidth: '100%' }} />
          </Form.Item>
          <Form.Item name="action" label={tx('Action')}>
            <Select
              allowClear
              showSearch
              style={{ width: 180 }}
              data-testid="security-filter-action"
              options={SECURITY_ACTIONS.map((a) => ({ value: a, label: actionText(a) }))}
            />
          </Form.Item>
          <Form.Item name="identity" label={tx('Identity')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={['OpenIddict', 'Identity', 'Account'].map((v) => ({ value: v, label: v }))}
            />
          </Form.Item>
          <Form.Item name="userName" label={tx('UserName')}>
            <Input allowClear style={{ width: 140 }} data-testid="security-filter-user" />
          </Form.Item>
          <Form.Item name="clientId" label={tx('ClientId')}>
            <Input allowClear style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="clientIpAddress" label={tx('ClientIpAddress')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="correlationId" label={tx('CorrelationId')}>
            <Input allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="security-filter-submit">
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
      <CrudPage<SecurityLog>
        key={JSON.stringify(filters)}
        testid="security-log"
        title={tx('SecurityLogs')}
        queryKey={['security-log', filters]}
        rowKey="id"
        search={false}
        defaultSorting="creationTime desc"
        request={(q, signal) => fetchSecurityLogs(q, filters, signal)}
        columns={columns}
        columnSettings
        exportExcel={{
          permission: Permissions.SecurityLog,
          run: (q) => exportSecurityLogs(q, filters, `${tx('ExportFileSecurityLogs')}.xlsx`),
        }}
        rowSelection={
          canDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) } : undefined
        }
        toolbar={
          <BulkDelete
            permission={Permissions.SecurityLogDelete}
            selected={selected}
            testid="security-log-bulk-delete"
            onDelete={async (ids) => {
              const r = await deleteSecurityLogs(ids);
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
              data-testid="security-log-detail-open"
            >
              {tx('Detail')}
            </Button>
            <DeleteAction
              permission={Permissions.SecurityLogDelete}
              onConfirm={async () => {
                await deleteSecurityLog(r.id);
                await refresh();
              }}
            />
          </span>
        )}
      />
      <Drawer
        open={!!detail}
        onClose={() => setDetail(undefined)}
        size={560}
        title={tx('SecurityLog')}
        data-testid="security-log-detail"
        extra={
          detail?.userId ? (
            <ImpersonateButton
              userId={detail.userId}
              userName={detail.userName ?? undefined}
              type="default"
              testid="security-log-impersonate"
            />
          ) : null
        }
      >
        {detail && (
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 't', label: tx('CreationTime'), children: formatTime(detail.creationTime) },
              { key: 'a', label: tx('Action'), children: actionText(detail.action) },
              ...(impersonationOf(detail)
                ? [{ key: 'imp', label: tx('ImpersonationDetails'), children: impersonationOf(detail) }]
                : []),
              { key: 'u', label: tx('UserName'), children: detail.userName ?? '—' },
              { key: 'i', label: tx('Identity'), children: detail.identity ?? '—' },
              { key: 'c', label: tx('ClientId'), children: detail.clientId ?? '—' },
              { key: 'ip', label: tx('ClientIpAddress'), children: detail.clientIpAddress ?? '—' },
              { key: 'corr', label: tx('CorrelationId'), children: detail.correlationId ?? '—' },
              { key: 'tn', label: tx('TenantName'), children: detail.tenantName ?? '—' },
              { key: 'app', label: tx('ApplicationName'), children: detail.applicationName ?? '—' },
              { key: 'b', label: tx('BrowserInfo'), children: detail.browserInfo ?? '—' },
            ]}
          />
        )}
      </Drawer>
    </>
  );
}

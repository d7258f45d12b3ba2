import { Form, Input, Select, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudColumn } from '../../../../components/crud/index.ts';
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
import { failedAction, formatTime, impersonationOf } from '../../components/format.ts';
import { LogPage } from '../../components/LogPage.tsx';
import { SecurityLogDetail } from '../../components/SecurityLogDetail.tsx';

interface FilterForm {
  identity?: string;
  action?: string;
  userName?: string;
  clientId?: string;
}

const trimmed = (v: string | undefined) => v?.trim() || undefined;

function toFilters(v: FilterForm) {
  return {
    identity: v.identity || undefined,
    action: v.action || undefined,
    userName: trimmed(v.userName),
    clientId: trimmed(v.clientId),
  };
}

/** /auditing/security-log: sign-ins, sign-outs, lockouts, password changes, impersonation. */
export default function SecurityLogPage() {
  const { t } = useTranslation();
  const tx = (k: string) => t(`AbpAuditing::${k}`);
  const actionText = (a: string) => t(`AbpAuditing::Action:${a}`, { defaultValue: a });

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
            {impersonationOf(r.extraProperties) && (
              <span style={{ color: '#888' }}>{impersonationOf(r.extraProperties)}</span>
            )}
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
    <LogPage<SecurityLog, FilterForm, SecurityLogFilters>
      name="security-log"
      filterTestid="security"
      title={tx('SecurityLogs')}
      exportFileName={tx('ExportFileSecurityLogs')}
      defaultSorting="creationTime desc"
      permissions={{ view: Permissions.SecurityLog, delete: Permissions.SecurityLogDelete }}
      api={{
        list: fetchSecurityLogs,
        export: exportSecurityLogs,
        delete: deleteSecurityLog,
        deleteMany: deleteSecurityLogs,
      }}
      columns={columns}
      toFilters={toFilters}
      renderDetail={(log, close) => <SecurityLogDetail log={log} onClose={close} />}
      filterFields={
        <>
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
        </>
      }
    />
  );
}

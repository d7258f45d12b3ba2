import { Card, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedQuery } from '../../../components/list/index.ts';
import { QueryTable } from '../../../components/SmallTable.tsx';
import type { PagedResult } from '../../../lib/abp/types.ts';
import { http } from '../../../lib/http/index.ts';

interface MySecurityLog {
  id: string;
  action: string;
  identity: string | null;
  clientId: string | null;
  clientIpAddress: string | null;
  browserInfo: string | null;
  creationTime: string;
  extraProperties: Record<string, string | null | undefined>;
}

const ACTIONS = [
  'LoginSucceeded',
  'LoginFailed',
  'LoginInvalidUserNameOrPassword',
  'LoginLockedout',
  'Logout',
  'ChangePassword',
  'SecurityCodeFailed',
  'ResetPassword',
  'ImpersonationStarted',
  'ImpersonationEnded',
];
const PAGE_SIZE = 10;

/**
 * The signed-in user's own security log (`GET /api/auditing/security-log/my`): sign-ins, sign-outs,
 * password changes and impersonation, newest first. Shown on the personal settings page; also a page
 * of its own under the component key 'profile/security-log'.
 */
export function MySecurityLogCard() {
  const { t } = useTranslation();
  const tx = (k: string) => t(`AbpAuditing::${k}`);
  const [action, setAction] = useState<string>();
  const {
    query: list,
    setPage,
    pagination,
  } = usePagedQuery(['my-security-log', action], PAGE_SIZE, (page, signal) =>
    http.get<PagedResult<MySecurityLog>>('/api/auditing/security-log/my', { ...page, action }, { signal }),
  );
  const failed = (a: string) => /Failed|Invalid|Lockedout|NotAllowed/.test(a);
  return (
    <Card
      title={tx('MySecurityLog')}
      data-testid="my-security-log"
      extra={
        <Select
          allowClear
          placeholder={tx('Action')}
          style={{ width: 180 }}
          value={action}
          onChange={(v) => {
            setAction(v);
            setPage(1);
          }}
          options={ACTIONS.map((a) => ({ value: a, label: t(`AbpAuditing::Action:${a}`, { defaultValue: a }) }))}
        />
      }
    >
      <QueryTable<MySecurityLog>
        query={list}
        rowKey="id"
        // fixed widths, the browser string taking the rest: 'max-content' made the table as wide as that string
        tableLayout="fixed"
        scroll={{ x: 800 }}
        locale={{ emptyText: t('crud.empty') }}
        pagination={{ ...pagination, showTotal: (total) => t('crud.total', { total }) }}
        columns={[
          {
            key: 'time',
            title: tx('CreationTime'),
            dataIndex: 'creationTime',
            width: 170,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            key: 'action',
            title: tx('Action'),
            dataIndex: 'action',
            width: 220,
            render: (v: string, r) => {
              const x = r.extraProperties ?? {};
              return (
                <span>
                  <Tag color={failed(v) ? 'red' : v.startsWith('Impersonation') ? 'orange' : 'green'}>
                    {t(`AbpAuditing::Action:${v}`, { defaultValue: v })}
                  </Tag>
                  {x.impersonatorUserName && (
                    <span style={{ color: '#888' }}>
                      {x.impersonatorUserName} → {x.impersonatedUserName}
                    </span>
                  )}
                </span>
              );
            },
          },
          { key: 'ip', title: tx('ClientIpAddress'), dataIndex: 'clientIpAddress', width: 140 },
          { key: 'client', title: tx('ClientId'), dataIndex: 'clientId', width: 130, ellipsis: true },
          // the whole browser string on hover: it is long and says little at a glance
          { key: 'browser', title: tx('BrowserInfo'), dataIndex: 'browserInfo', ellipsis: true },
        ]}
      />
    </Card>
  );
}

/** /profile/security-log (when a menu points at it). */
export default function MySecurityLogPage() {
  return <MySecurityLogCard />;
}

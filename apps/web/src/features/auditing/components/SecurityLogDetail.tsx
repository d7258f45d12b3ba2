import { Descriptions, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImpersonateButton } from '../../../components/impersonation/ImpersonateButton.tsx';
import type { SecurityLog } from '../api.ts';
import { formatTime, impersonationOf } from './format.ts';

/** Detail drawer of one security-log entry, with "impersonate" for entries of a known user. */
export function SecurityLogDetail({ log, onClose }: { log: SecurityLog | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const tx = (k: string) => t(`AbpAuditing::${k}`);
  const impersonation = log && impersonationOf(log.extraProperties);
  return (
    <Drawer
      open={!!log}
      onClose={onClose}
      size={560}
      title={tx('SecurityLog')}
      data-testid="security-log-detail"
      extra={
        log?.userId ? (
          <ImpersonateButton
            userId={log.userId}
            userName={log.userName ?? undefined}
            type="default"
            testid="security-log-impersonate"
          />
        ) : null
      }
    >
      {log && (
        <Descriptions
          size="small"
          bordered
          column={1}
          items={[
            { key: 't', label: tx('CreationTime'), children: formatTime(log.creationTime) },
            {
              key: 'a',
              label: tx('Action'),
              children: t(`AbpAuditing::Action:${log.action}`, { defaultValue: log.action }),
            },
            ...(impersonation ? [{ key: 'imp', label: tx('ImpersonationDetails'), children: impersonation }] : []),
            { key: 'u', label: tx('UserName'), children: log.userName ?? '—' },
            { key: 'i', label: tx('Identity'), children: log.identity ?? '—' },
            { key: 'c', label: tx('ClientId'), children: log.clientId ?? '—' },
            { key: 'ip', label: tx('ClientIpAddress'), children: log.clientIpAddress ?? '—' },
            { key: 'corr', label: tx('CorrelationId'), children: log.correlationId ?? '—' },
            { key: 'tn', label: tx('TenantName'), children: log.tenantName ?? '—' },
            { key: 'app', label: tx('ApplicationName'), children: log.applicationName ?? '—' },
            { key: 'b', label: tx('BrowserInfo'), children: log.browserInfo ?? '—' },
          ]}
        />
      )}
    </Drawer>
  );
}

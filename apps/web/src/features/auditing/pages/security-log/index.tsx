import { securityLogList } from '@seller/contracts/auditing';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteSecurityLog, deleteSecurityLogs, Permissions, SECURITY_LOG_URL, type SecurityLog } from '../../api.ts';
import { failedAction, formatTime, impersonationOf } from '../../components/format.ts';
import { LogPage } from '../../components/LogPage.tsx';
import { SecurityLogDetail } from '../../components/SecurityLogDetail.tsx';

/** /auditing/security-log: sign-ins, sign-outs, lockouts, password changes, impersonation. */
export default function SecurityLogPage() {
  const { t } = useTranslation();
  const tx = (k: string) => t(`AbpAuditing::${k}`);
  const actionText = (a: string) => t(`AbpAuditing::Action:${a}`, { defaultValue: a });

  return (
    <LogPage<SecurityLog>
      name="security-log"
      title={tx('SecurityLogs')}
      list={securityLogList}
      url={SECURITY_LOG_URL}
      permissions={{ view: Permissions.SecurityLog, delete: Permissions.SecurityLogDelete }}
      api={{ delete: deleteSecurityLog, deleteMany: deleteSecurityLogs }}
      render={{
        creationTime: (r) => formatTime(r.creationTime),
        action: (r) => (
          <span>
            <Tag color={failedAction(r.action) ? 'red' : r.action.startsWith('Impersonation') ? 'orange' : 'green'}>
              {actionText(r.action)}
            </Tag>
            {impersonationOf(r.extraProperties) && (
              <span style={{ color: '#888' }}>{impersonationOf(r.extraProperties)}</span>
            )}
          </span>
        ),
      }}
      renderDetail={(log, close) => <SecurityLogDetail log={log} onClose={close} />}
    />
  );
}

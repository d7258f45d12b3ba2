import { auditLogList } from '@seller/contracts/auditing';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIT_LOG_URL, type AuditLogListItem, deleteAuditLog, deleteAuditLogs, Permissions } from '../../api.ts';
import { AuditLogDetail } from '../../components/AuditLogDetail.tsx';
import { formatTime, methodColor, statusColor } from '../../components/format.ts';
import { LogPage } from '../../components/LogPage.tsx';

/** /auditing/audit-log: every write request, with filters, details (entity changes), deletes and export. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const tx = (k: string) => t(`AbpAuditing::${k}`);

  return (
    <LogPage<AuditLogListItem>
      name="audit-log"
      title={tx('AuditLogs')}
      list={auditLogList}
      url={AUDIT_LOG_URL}
      permissions={{ view: Permissions.AuditLog, delete: Permissions.AuditLogDelete }}
      api={{ delete: deleteAuditLog, deleteMany: deleteAuditLogs }}
      render={{
        executionTime: (r) => formatTime(r.executionTime),
        userName: (r) => (
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
        httpMethod: (r) => <Tag color={methodColor(r.httpMethod)}>{r.httpMethod}</Tag>,
        url: (r) => (
          <Typography.Text style={{ maxWidth: 360 }} ellipsis={{ tooltip: r.url }}>
            {r.url}
          </Typography.Text>
        ),
        httpStatusCode: (r) => <Tag color={statusColor(r.httpStatusCode)}>{r.httpStatusCode ?? '—'}</Tag>,
      }}
      renderDetail={(log, close) => <AuditLogDetail id={log?.id} onClose={close} />}
    />
  );
}

import { ArrowRightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Drawer, Empty, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImpersonateButton } from '../../../components/impersonation/ImpersonateButton.tsx';
import { SmallTable } from '../../../components/SmallTable.tsx';
import { type AuditLog, type EntityChange, fetchAuditLog, type PropertyChange } from '../api.ts';
import { formatTime, methodColor, statusColor } from './format.ts';

const CHANGE_COLORS = ['green', 'blue', 'red'] as const;

/** One entity change: its kind, entity and each property's old → new value. */
function ChangeCard({ change }: { change: EntityChange }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      data-testid="audit-entity-change"
      title={
        <span>
          <Tag color={CHANGE_COLORS[change.changeType]}>{t(`AbpAuditing::ChangeType:${change.changeType}`)}</Tag>
          {change.entityTypeFullName}
        </span>
      }
      extra={
        <Typography.Text type="secondary" copyable={{ text: change.entityId }} style={{ fontSize: 12 }}>
          {change.entityId}
        </Typography.Text>
      }
    >
      <SmallTable<PropertyChange>
        rowKey="propertyName"
        dataSource={change.propertyChanges}
        locale={{ emptyText: '—' }}
        columns={[
          { key: 'p', title: t('AbpAuditing::PropertyName'), dataIndex: 'propertyName', width: 180 },
          {
            key: 'o',
            title: t('AbpAuditing::OriginalValue'),
            dataIndex: 'originalValue',
            render: (v: string | null) => (v === null ? <Typography.Text type="secondary">null</Typography.Text> : v),
          },
          { key: 'arrow', width: 32, render: () => <ArrowRightOutlined style={{ color: '#999' }} /> },
          {
            key: 'n',
            title: t('AbpAuditing::NewValue'),
            dataIndex: 'newValue',
            render: (v: string | null) =>
              v === null ? <Typography.Text type="secondary">null</Typography.Text> : <strong>{v}</strong>,
          },
        ]}
      />
    </Card>
  );
}

function Body({ log }: { log: AuditLog }) {
  const { t } = useTranslation();
  const tx = (k: string) => t(`AbpAuditing::${k}`);
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={1}
        title={tx('RequestInfo')}
        data-testid="audit-request-info"
        items={[
          { key: 'time', label: tx('ExecutionTime'), children: formatTime(log.executionTime) },
          {
            key: 'req',
            label: tx('Url'),
            children: (
              <span style={{ wordBreak: 'break-all' }}>
                <Tag color={methodColor(log.httpMethod)}>{log.httpMethod}</Tag>
                {log.url}
              </span>
            ),
          },
          {
            key: 'status',
            label: tx('HttpStatusCode'),
            children: <Tag color={statusColor(log.httpStatusCode)}>{log.httpStatusCode ?? '—'}</Tag>,
          },
          { key: 'dur', label: tx('ExecutionDuration'), children: log.executionDuration },
          {
            key: 'user',
            label: tx('UserName'),
            children: (
              <span>
                {log.userName ?? '—'}
                {log.userId && !log.impersonatorUserId && (
                  <ImpersonateButton userId={log.userId} userName={log.userName ?? undefined} />
                )}
              </span>
            ),
          },
          ...(log.impersonatorUserId
            ? [
                {
                  key: 'imp',
                  label: tx('Impersonator'),
                  children: <Tag color="orange">{log.impersonatorUserName ?? log.impersonatorUserId}</Tag>,
                },
              ]
            : []),
          { key: 'tenant', label: tx('TenantName'), children: log.tenantName ?? '—' },
          { key: 'ip', label: tx('ClientIpAddress'), children: log.clientIpAddress ?? '—' },
          { key: 'client', label: tx('ClientId'), children: log.clientId ?? '—' },
          {
            key: 'corr',
            label: tx('CorrelationId'),
            children: log.correlationId ? <Typography.Text copyable>{log.correlationId}</Typography.Text> : '—',
          },
          { key: 'app', label: tx('ApplicationName'), children: log.applicationName ?? '—' },
          { key: 'browser', label: tx('BrowserInfo'), children: log.browserInfo ?? '—' },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {tx('Exceptions')}
      </Typography.Title>
      {log.exceptions ? (
        <Alert
          type="error"
          showIcon
          title={<pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{log.exceptions}</pre>}
        />
      ) : (
        <Typography.Text type="secondary">{tx('NoExceptions')}</Typography.Text>
      )}
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {tx('EntityChanges')} ({log.entityChanges.length})
      </Typography.Title>
      {log.entityChanges.length ? (
        log.entityChanges.map((c) => <ChangeCard key={`${c.entityId}-${c.changeTime}-${c.changeType}`} change={c} />)
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tx('NoEntityChanges')} />
      )}
    </>
  );
}

/** Detail drawer of one audit-log entry: request, exceptions, entity changes (old → new per property). */
export function AuditLogDetail({ id, onClose }: { id: string | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: ['audit-log-detail', id], queryFn: () => fetchAuditLog(id!), enabled: !!id });
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={720}
      title={t('AbpAuditing::AuditLog')}
      destroyOnHidden
      data-testid="audit-log-detail"
    >
      {detail.isLoading || !detail.data ? <Skeleton active /> : <Body log={detail.data} />}
    </Drawer>
  );
}

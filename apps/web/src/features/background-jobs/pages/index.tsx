import { RedoOutlined, StopOutlined } from '@ant-design/icons';
import { cancellableStates, type JobDto, type JobState, jobStates } from '@seller/contracts/jobs/dto';
import { BackgroundJobsPermissions } from '@seller/contracts/jobs/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Popconfirm, Progress, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access, type CrudColumn, CrudPage } from '../../../components/crud/index.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { queueName } from '../../../lib/i18n/index.ts';
import { useUi } from '../../../lib/ui-bridge.ts';
import { cancelJob, fetchJobs, fetchQueues, type JobFilters, retryJob } from '../api.ts';
import { QueueCards } from '../components/QueueCards.tsx';
import { StateTag, useStateText } from '../components/states.tsx';

const KEY = 'background-jobs';
/** While any job is queued or running the page refreshes this often; otherwise it only refreshes on request. */
const BUSY_REFRESH_MS = 2_000;
const IDLE_REFRESH_MS = 30_000;

const formatTime = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');

/** A row action behind a confirmation: retry a failed job, cancel a queued or running one. */
function JobAction(props: {
  label: string;
  confirm: string;
  done: string;
  icon: ReactNode;
  danger?: boolean;
  testid: string;
  run(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = useUi();
  const [busy, setBusy] = useState(false);
  return (
    <Access permission={BackgroundJobsPermissions.Manage}>
      <Popconfirm
        title={props.confirm}
        okText={props.label}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: props.danger, loading: busy }}
        onConfirm={async () => {
          setBusy(true);
          try {
            await props.run();
            message.success(props.done);
          } catch {
            // the HTTP client has notified
          } finally {
            setBusy(false);
          }
        }}
      >
        <LinkButton danger={props.danger} icon={props.icon} data-testid={props.testid}>
          {props.label}
        </LinkButton>
      </Popconfirm>
    </Access>
  );
}

/**
 * /admin/background-jobs: the queues with their jobs counted by state, and the jobs (filter by queue
 * and state, newest first) with progress, attempts and last error; a failed job can be retried and a
 * queued or running one cancelled. While jobs are queued or running the page follows them live.
 */
export default function BackgroundJobsPage() {
  const { t } = useTranslation();
  const tx = (k: string) => t(`BackgroundJobs::${k}`);
  const stateText = useStateText();
  const client = useQueryClient();
  const [filters, setFilters] = useState<JobFilters>({});

  const queues = useQuery({
    queryKey: [KEY, 'queues'],
    queryFn: ({ signal }) => fetchQueues(signal),
    refetchInterval: (q) =>
      q.state.data?.some((x) => x.counts.active + x.counts.created + x.counts.retry > 0)
        ? BUSY_REFRESH_MS
        : IDLE_REFRESH_MS,
  });
  const busy = Boolean(queues.data?.some((q) => q.counts.active + q.counts.retry > 0));

  // the list follows the running jobs' progress while any runs
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: [KEY, 'jobs'] }), BUSY_REFRESH_MS);
    return () => clearInterval(timer);
  }, [busy, client]);

  const refreshAll = () => client.invalidateQueries({ queryKey: [KEY] });

  // biome-ignore lint/correctness/useExhaustiveDependencies: tx and stateText follow t
  const columns = useMemo<CrudColumn<JobDto>[]>(
    () => [
      {
        key: 'queue',
        title: tx('Queue'),
        dataIndex: 'queue',
        sortField: 'queue',
        width: 200,
        ellipsis: true,
        // the module's words, the queue's own name beneath them for whoever looks it up
        render: (queue: string) => <span title={queue}>{queueName(queue)}</span>,
      },
      {
        key: 'state',
        title: tx('State'),
        dataIndex: 'state',
        sortField: 'state',
        width: 110,
        fit: { texts: jobStates.map(stateText), tag: true },
        render: (v: JobState) => <StateTag state={v} />,
      },
      {
        key: 'progress',
        title: tx('Progress'),
        width: 180,
        render: (_v, r) =>
          r.state === 'completed' ? (
            <Progress percent={100} size="small" />
          ) : r.progress ? (
            <div data-testid={`job-progress-${r.id}`}>
              <Progress percent={r.progress.percent ?? 0} size="small" status="active" />
              {r.progress.message && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.progress.message }}>
                  {r.progress.message}
                </Typography.Text>
              )}
            </div>
          ) : (
            '—'
          ),
      },
      {
        key: 'attempts',
        title: tx('Attempts'),
        width: 90,
        align: 'right',
        render: (_v, r) => `${r.attempts} / ${r.maxAttempts}`,
      },
      {
        key: 'lastError',
        title: tx('LastError'),
        dataIndex: 'lastError',
        render: (v: string | null) =>
          v ? (
            <Typography.Text type="danger" style={{ maxWidth: 320 }} ellipsis={{ tooltip: v }}>
              {v}
            </Typography.Text>
          ) : (
            '—'
          ),
      },
      {
        key: 'dataKeys',
        title: tx('DataKeys'),
        dataIndex: 'dataKeys',
        defaultHidden: true,
        render: (v: string[]) => (v.length ? v.join(', ') : '—'),
      },
      {
        key: 'creationTime',
        title: tx('CreationTime'),
        dataIndex: 'creationTime',
        sortField: 'creationTime',
        width: 170,
        render: formatTime,
      },
      {
        key: 'startTime',
        title: tx('StartTime'),
        dataIndex: 'startTime',
        sortField: 'startTime',
        width: 170,
        render: formatTime,
      },
      {
        key: 'completionTime',
        title: tx('CompletionTime'),
        dataIndex: 'completionTime',
        sortField: 'completionTime',
        width: 170,
        render: formatTime,
      },
    ],
    [t],
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={tx('Queues')}
        extra={busy ? <Badge status="processing" text={tx('Live')} data-testid="jobs-live" /> : null}
      >
        <QueueCards
          queues={queues.data}
          loading={queues.isLoading}
          selected={filters.queue}
          onSelect={(queue, state) => setFilters({ queue, state })}
        />
      </Card>
      <CrudPage<JobDto>
        title={tx('Jobs')}
        testid="jobs"
        rowKey="id"
        search={false}
        columnSettings
        queryKey={[KEY, 'jobs', filters]}
        request={(query, signal) => fetchJobs(filters, query, signal)}
        defaultSorting="creationTime desc"
        columns={columns}
        toolbar={
          <>
            <Select
              allowClear
              style={{ width: 200 }}
              placeholder={tx('AllQueues')}
              value={filters.queue}
              options={(queues.data ?? []).map((q) => ({ value: q.name, label: queueName(q.name) }))}
              onChange={(queue?: string) => setFilters((f) => ({ ...f, queue }))}
              data-testid="jobs-filter-queue"
            />
            <Select
              allowClear
              style={{ width: 150 }}
              placeholder={tx('AllStates')}
              value={filters.state}
              options={jobStates.map((s) => ({ value: s, label: stateText(s) }))}
              onChange={(state?: JobState) => setFilters((f) => ({ ...f, state }))}
              data-testid="jobs-filter-state"
            />
          </>
        }
        rowActions={(r) => (
          <Space size={0}>
            {r.state === 'failed' && (
              <JobAction
                label={tx('Retry')}
                confirm={tx('RetryConfirm')}
                done={tx('Retried')}
                icon={<RedoOutlined />}
                testid={`job-retry-${r.id}`}
                run={() => retryJob(r).then(refreshAll)}
              />
            )}
            {cancellableStates.includes(r.state) && (
              <JobAction
                label={tx('Cancel')}
                confirm={tx('CancelConfirm')}
                done={tx('Cancelled')}
                icon={<StopOutlined />}
                danger
                testid={`job-cancel-${r.id}`}
                run={() => cancelJob(r).then(refreshAll)}
              />
            )}
          </Space>
        )}
      />
    </Space>
  );
}

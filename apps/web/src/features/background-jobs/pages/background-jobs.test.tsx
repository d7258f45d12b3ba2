import type { JobDto, JobQueueDto } from '@seller/contracts/jobs/dto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbp } from '../../../lib/abp/config-store.ts';
import { fakeApiBeforeEach } from '../../../lib/testing/fake-http.ts';
import { renderPage } from '../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../lib/testing/server-texts.ts';
import BackgroundJobsPage from './index.tsx';

/** The background jobs page against a faked HTTP layer (the contract's shapes). */

const counts = (c: Partial<JobQueueDto['counts']>): JobQueueDto['counts'] => ({
  created: 0,
  retry: 0,
  active: 0,
  completed: 0,
  failed: 0,
  cancelled: 0,
  ...c,
});

const queues: JobQueueDto[] = [
  { name: 'catalog.import', schedule: null, counts: counts({ active: 1, failed: 1, completed: 3 }), total: 5 },
  { name: 'notifications.retention', schedule: '0 * * * *', counts: counts({ completed: 2 }), total: 2 },
];

const job = (over: Partial<JobDto>): JobDto => ({
  id: '00000000-0000-4000-8000-000000000001',
  queue: 'catalog.import',
  state: 'completed',
  dataKeys: [],
  attempts: 1,
  maxAttempts: 3,
  progress: null,
  lastError: null,
  creationTime: '2030-01-01T00:00:00Z',
  startTime: '2030-01-01T00:00:01Z',
  completionTime: '2030-01-01T00:00:02Z',
  ...over,
});

const RUNNING = '00000000-0000-4000-8000-00000000000a';
const FAILED = '00000000-0000-4000-8000-00000000000b';
const jobs: JobDto[] = [
  job({
    id: RUNNING,
    state: 'active',
    dataKeys: ['fileId', 'userId'],
    progress: { percent: 40, message: '第 40 / 100 行' },
    completionTime: null,
  }),
  job({ id: FAILED, state: 'failed', attempts: 3, lastError: 'supplier file unreadable' }),
];

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    'GET /api/background-jobs/queues': { items: queues },
    'GET /api/background-jobs/jobs': { totalCount: jobs.length, items: jobs },
    [`POST /api/background-jobs/jobs/catalog.import/${FAILED}/retry`]: undefined,
    [`POST /api/background-jobs/jobs/catalog.import/${RUNNING}/cancel`]: undefined,
  }),
  ['BackgroundJobs.Jobs', 'BackgroundJobs.Jobs.Manage'],
);

chineseTextsBeforeEach({
  BackgroundJobs: {
    Queues: '队列',
    Jobs: '作业',
    'State:created': '排队中',
    'State:retry': '等待重试',
    'State:active': '运行中',
    'State:completed': '已完成',
    'State:failed': '失败',
    'State:cancelled': '已取消',
    Retry: '重试',
    Cancel: '取消',
    RetryConfirm: '重新运行这个失败的作业?',
    CancelConfirm: '取消这个作业?',
    NoQueues: '还没有队列',
    Live: '实时',
  },
  JobQueues: { 'catalog.import': '商品导入' },
});

describe('background jobs page', () => {
  it('shows each queue with its counts, and the jobs with state, progress and last error', async () => {
    renderPage(<BackgroundJobsPage />);
    const card = await screen.findByTestId('queue-catalog.import');
    expect(within(card).getByTestId('queue-catalog.import-active').textContent).toBe('运行中 1');
    expect(within(card).getByTestId('queue-catalog.import-failed').textContent).toBe('失败 1');
    expect(within(screen.getByTestId('queue-notifications.retention')).getByText('0 * * * *')).toBeTruthy();
    // a queue its module words is shown by those words; one it does not, by its own name
    expect(within(card).getByText('商品导入')).toBeTruthy();
    expect(
      within(screen.getByTestId('queue-notifications.retention')).getByText('notifications.retention'),
    ).toBeTruthy();
    // jobs are queued or running: the page follows them
    expect(screen.getByTestId('jobs-live').textContent).toContain('实时');

    const progress = await screen.findByTestId(`job-progress-${RUNNING}`);
    expect(progress.querySelector('.ant-progress')).not.toBeNull();
    expect(within(progress).getByText('第 40 / 100 行')).toBeTruthy();
    expect(screen.getAllByTestId('job-state-active').length).toBeGreaterThan(0);
    expect(screen.getByText('supplier file unreadable')).toBeTruthy();
    // a failed job can be retried, a running one cancelled; not the other way round
    expect(screen.queryByTestId(`job-retry-${RUNNING}`)).toBeNull();
    expect(screen.queryByTestId(`job-cancel-${FAILED}`)).toBeNull();
    expect(calls.find((c) => c.key === 'GET /api/background-jobs/jobs')?.options.params).toMatchObject({
      sorting: 'creationTime desc',
      skipCount: 0,
    });
  });

  it('filters the list by a queue and state picked on its card', async () => {
    renderPage(<BackgroundJobsPage />);
    fireEvent.click(await screen.findByTestId('queue-catalog.import-failed'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.options.params?.state === 'failed' && c.options.params?.queue === 'catalog.import'),
      ).toBe(true),
    );
  });

  it('retries a failed job after confirmation', async () => {
    renderPage(<BackgroundJobsPage />);
    fireEvent.click(await screen.findByTestId(`job-retry-${FAILED}`));
    const confirm = (await screen.findByText('重新运行这个失败的作业?')).closest('.ant-popover') as HTMLElement;
    expect(calls.some((c) => c.key.endsWith('/retry'))).toBe(false);
    // antd spaces out a two-character Chinese button label
    fireEvent.click(within(confirm).getByRole('button', { name: /重\s?试/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.key === `POST /api/background-jobs/jobs/catalog.import/${FAILED}/retry`)).toBe(true),
    );
  });

  it('hides retry and cancel from an administrator who may only view', async () => {
    useAbp.setState({ permissions: ['BackgroundJobs.Jobs'] });
    renderPage(<BackgroundJobsPage />);
    await screen.findByTestId(`job-progress-${RUNNING}`);
    expect(screen.queryByTestId(`job-retry-${FAILED}`)).toBeNull();
    expect(screen.queryByTestId(`job-cancel-${RUNNING}`)).toBeNull();
  });

  it('says so when there are no queues and no jobs', async () => {
    answers['GET /api/background-jobs/queues'] = { items: [] };
    answers['GET /api/background-jobs/jobs'] = { totalCount: 0, items: [] };
    renderPage(<BackgroundJobsPage />);
    expect(await screen.findByText('还没有队列')).toBeTruthy();
    expect(screen.queryByTestId('jobs-live')).toBeNull();
  });
});

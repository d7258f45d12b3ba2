import { Progress } from 'antd';
import type { ArgsProps } from 'antd/es/notification/interface';
import type { TFunction } from 'i18next';
import { queueName } from '../../lib/i18n/index.ts';
import type { JobProgress } from '../../lib/realtime.ts';

/**
 * The toast of one background job run for the user, kept under the job's id so each update
 * replaces it: a progress bar while it runs (it stays open), then done or failed (it closes).
 */
export function jobProgressToast(
  p: JobProgress,
  t: TFunction,
): { kind: 'open' | 'success' | 'error'; args: ArgsProps } {
  const key = `job-${p.id}`;
  const base = { key, placement: 'bottomRight' as const, className: 'app-notify-toast' };
  if (p.state === 'completed')
    return { kind: 'success', args: { ...base, title: t('layout.jobDone', { queue: queueName(p.queue) }) } };
  if (p.state === 'failed')
    return { kind: 'error', args: { ...base, title: t('layout.jobFailed', { queue: queueName(p.queue) }) } };
  return {
    kind: 'open',
    args: {
      ...base,
      duration: 0,
      title: t('layout.jobRunning', { queue: queueName(p.queue) }),
      description: (
        <div data-testid="job-progress">
          {p.progress?.percent !== null && p.progress?.percent !== undefined ? (
            <Progress percent={p.progress.percent} size="small" />
          ) : (
            <Progress percent={100} status="active" showInfo={false} size="small" />
          )}
          {p.progress?.message ? <div>{p.progress.message}</div> : null}
        </div>
      ),
    },
  };
}

import { businessError, notFound } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';

/** What the page may do to a job of the queue. */
export type JobQueueAction = 'retry' | 'cancel';

/** The job of a known queue, or 404 (pg-boss refuses to look into a queue it does not have). */
async function findJob(services: Pick<Services, 'jobs'>, queue: string, id: string) {
  const job = (await services.jobs.hasQueue(queue)) ? await services.jobs.get(queue, id) : null;
  if (!job) throw notFound('BackgroundJob', id);
  return job;
}

/** The business error of a job the action does not apply to (409). */
const REFUSED: Record<JobQueueAction, string> = {
  retry: 'BackgroundJobs::NotRetryable',
  cancel: 'BackgroundJobs::NotCancellable',
};

/**
 * The background jobs page's writes (the service shape, `docs/architecture.md`). The module has
 * no tables of its own: its only writes act on pg-boss's queue, an outside call in the shape's
 * sense, like a marketplace's. So there is no command taking a `tx`; `actOnJobQueue` is the one
 * function for them, and the route calls it without a unit of work.
 */
export const jobCommands = (services: Pick<Services, 'jobs'>) => ({
  /**
   * Retries a failed job or cancels a queued or running one; 404 when there is no such job, 409
   * when the action does not apply (a retry of a job that has not failed, a cancel of a finished one).
   */
  async actOnJobQueue(queue: string, id: string, action: JobQueueAction): Promise<void> {
    const job = await findJob(services, queue, id);
    const done =
      action === 'retry'
        ? job.state === 'failed' && (await services.jobs.retry(queue, id))
        : await services.jobs.cancel(queue, id);
    if (!done) throw businessError(REFUSED[action], { state: job.state }, 409);
  },
});

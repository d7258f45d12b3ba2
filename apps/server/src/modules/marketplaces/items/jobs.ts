import type { Services } from '../../../core/services.ts';
import { ITEMS_PULL_JOB, runPull } from './service.ts';

const RETRY_LIMIT = 3;

/** Durable jobs of this area: pulling a shop's items (retried with backoff on rate limits and outages). */
export async function defineJobs(services: Services): Promise<void> {
  await services.jobs.define<{ tenantId: string | null; shopId: string; pullId: string }>(
    ITEMS_PULL_JOB,
    (run) => runPull(services, run.data, (done) => run.progress({ message: `${done}` }), run.retryCount >= RETRY_LIMIT),
    { retryLimit: RETRY_LIMIT, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60, heartbeatSeconds: 20 },
  );
}

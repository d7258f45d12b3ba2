import { progress } from '../../../core/jobs.ts';
import type { Services } from '../../../core/services.ts';
import { pullAllShops, runPull } from './pull.ts';
import { ORDERS_PULL_ALL_JOB, ORDERS_PULL_CRON, ORDERS_PULL_JOB, type PullData } from './queue.ts';

/**
 * Durable jobs of the orders area: the pull of a shop's (or a tenant's shops') marketplace orders,
 * and the pass every 5 minutes that queues a pull for every authorized shop.
 */
export async function defineJobs(services: Services) {
  await services.jobs.define<PullData>(
    ORDERS_PULL_JOB,
    (run) =>
      runPull(services, run.data, (done, total) => progress(run, Math.round((done / total) * 100), `${done}/${total}`)),
    { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60, heartbeatSeconds: 30 },
  );
  await services.jobs.define(ORDERS_PULL_ALL_JOB, () => pullAllShops(services), {
    policy: 'stately',
    retryLimit: 1,
    expireInSeconds: 5 * 60,
  });
  await services.jobs.schedule(ORDERS_PULL_ALL_JOB, ORDERS_PULL_CRON);
}

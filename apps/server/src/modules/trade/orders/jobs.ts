import { progress } from '../../../core/jobs.ts';
import type { Services } from '../../../core/services.ts';
import { pullAllShops, runPull } from './pull.ts';
import {
  ORDERS_PULL_ALL_JOB,
  ORDERS_PULL_CRON,
  ORDERS_PULL_JOB,
  ORDERS_TALLIES_CRON,
  ORDERS_TALLIES_JOB,
  type PullData,
} from './queue.ts';
import { compactOrderTallies } from './tallies.ts';

/**
 * Durable jobs of the orders area: the pull of a shop's (or a tenant's shops') marketplace orders,
 * the pass every 5 minutes that queues a pull for every authorized shop, and the one every 10
 * minutes that folds the order tallies.
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
  await services.jobs.define(ORDERS_TALLIES_JOB, () => compactOrderTallies(services), {
    policy: 'stately',
    retryLimit: 1,
    expireInSeconds: 5 * 60,
  });
  await services.jobs.schedule(ORDERS_TALLIES_JOB, ORDERS_TALLIES_CRON);
}

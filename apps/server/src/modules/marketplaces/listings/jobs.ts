import type { Services } from '../../../core/services.ts';
import { LISTING_JOB } from './queue.ts';
import { pushShopStock, STOCK_PUSH_JOB } from './stock-sync.ts';
import { LISTING_SWEEP_JOB, runListing, sweep } from './worker.ts';

/**
 * Listings' durable jobs: one run per listing operation (one queued and one running per listing
 * at most: `stately` by the listing's id), and the sweep that re-sends the jobs of listings left
 * behind. A run whose process was killed stops beating and is taken up again after 20 s.
 */
export async function defineJobs(services: Services): Promise<void> {
  await services.jobs.define<{ tenantId: string | null; listingId: string }>(
    LISTING_JOB,
    (run) => runListing(services, run.data),
    {
      policy: 'stately',
      retryLimit: 10,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 300,
      expireInSeconds: 5 * 60,
      heartbeatSeconds: 20,
      concurrency: 32,
      pollingIntervalSeconds: 0.5,
    },
  );
  await services.jobs.defineScheduled(LISTING_SWEEP_JOB, '* * * * *', () => sweep(services), { retryLimit: 0 });
  // stock sync: one queued and one running push per shop (`stately` by tenant and shop), so the
  // moves inside a push's wait join it and a move during a run queues one more; failures retried
  await services.jobs.define<{ tenantId: string | null; shopId: string }>(
    STOCK_PUSH_JOB,
    (run) => pushShopStock(services, run.data, run.retryCount + 1),
    {
      policy: 'stately',
      retryLimit: 5,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 300,
      expireInSeconds: 5 * 60,
      pollingIntervalSeconds: 0.5,
    },
  );
}

import type { Services } from '../../../core/services.ts';
import { LISTING_JOB } from './queue.ts';
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
}

import type { Services } from '../../../core/services.ts';
import type { Listing } from './state.ts';

/**
 * Sending listings' jobs, apart from the worker so that the commands' after-commit handler
 * (`events.ts`) and the seed queue work without importing the worker (which imports them).
 */

export const LISTING_JOB = 'marketplaces.listings.run';

/** Queues one run of the listing (one queued per listing: the singleton key), not before `after`. */
export async function sendListingJob(services: Services, l: Pick<Listing, 'id' | 'tenantId'>, after?: Date) {
  await services.jobs.send(
    LISTING_JOB,
    { tenantId: l.tenantId, listingId: l.id },
    { singletonKey: l.id, ...(after && after.getTime() > Date.now() ? { startAfter: after } : {}) },
  );
}

/** Queues the listings' jobs (after the commit: PGlite's one connection must be free). */
export async function enqueueListings(
  services: Services,
  rows: Pick<Listing, 'id' | 'tenantId' | 'isDeleted' | 'scheduledAt'>[],
) {
  for (const r of rows) if (!r.isDeleted) await sendListingJob(services, r, r.scheduledAt ?? undefined);
}

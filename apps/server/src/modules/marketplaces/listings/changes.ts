import type { Tx } from '../../../core/db/client.ts';
import { defineEvent } from '../../../core/events.ts';
import type { Services } from '../../../core/services.ts';
import type { Listing } from './state.ts';

/** A listing as the hub hears of it and, when `queue`, as its job is sent (plain JSON). */
export interface ChangedListing {
  id: string;
  tenantId: string | null;
  shopId: string;
  productId: string;
  status: number;
  isDeleted: boolean;
  lastErrorMessage: string | null;
  scheduledAt: string | null;
  /** Its worker has work to do: its job is sent after the commit. */
  queue: boolean;
}

/**
 * Listings changed by a user's command, raised in its transaction. After the commit the tenant's
 * pages hear of them and the queued ones get their jobs (`events.ts`): a command sends no job.
 */
export const ListingsChanged = defineEvent<{ listings: ChangedListing[] }>('marketplaces.listings-changed');

/** Raises `ListingsChanged` for `changed` (those also in `queued` are queued). */
export async function raiseChanged(
  services: Pick<Services, 'events'>,
  tx: Tx,
  changed: Listing[],
  queued: Listing[] = [],
) {
  if (!changed.length) return;
  const queue = new Set(queued.map((r) => r.id));
  await services.events.emit(tx, ListingsChanged, {
    listings: changed.map((r) => ({
      id: r.id,
      tenantId: r.tenantId,
      shopId: r.shopId,
      productId: r.productId,
      status: r.status,
      isDeleted: r.isDeleted,
      lastErrorMessage: r.lastErrorMessage,
      scheduledAt: r.scheduledAt?.toISOString() ?? null,
      queue: queue.has(r.id),
    })),
  });
}

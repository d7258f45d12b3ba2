import { and, eq, isNull, sql } from 'drizzle-orm';
import { businessError } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { ShopDeleting } from '../shops/events.ts';
import { ListingsChanged } from './changes.ts';
import { enqueueListings } from './queue.ts';
import { listings } from './schema.ts';
import { announce } from './state.ts';
import { StockPushWanted, sendStockPush } from './stock-sync.ts';

/**
 * Listings hold to their shop: a shop with listings (not dropped) is not deleted. The listings a
 * command changed are announced, and the queued ones sent to their worker, once committed (after
 * the commit: PGlite's one connection must be free).
 */
export function subscribeToEvents(services: Services) {
  services.events.on(ShopDeleting, 'in-transaction', async (e, tx) => {
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(listings)
      .where(
        and(
          e.tenantId ? eq(listings.tenantId, e.tenantId) : isNull(listings.tenantId),
          eq(listings.shopId, e.shopId),
          eq(listings.isDeleted, false),
        ),
      );
    if (count > 0) throw businessError('Shops::InUse', { count }, 400);
  });
  services.events.on(ListingsChanged, 'after-commit', async (e) => {
    announce(services, e.listings);
    await enqueueListings(
      services,
      e.listings
        .filter((l) => l.queue)
        .map((l) => ({ ...l, scheduledAt: l.scheduledAt === null ? null : new Date(l.scheduledAt) })),
    );
  });
  // stock sync: the shops whose SKUs wait get their push once the mover has committed
  services.events.on(StockPushWanted, 'after-commit', async (e) => {
    for (const shopId of e.shopIds) await sendStockPush(services, e.tenantId, shopId, e.now);
  });
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { businessError } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { ShopDeleting } from '../shops/events.ts';
import { listings } from './schema.ts';

/** Listings hold to their shop: a shop with listings (not dropped) is not deleted. */
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
}

import { and, eq, isNull } from 'drizzle-orm';
import type { Services } from '../../../core/services.ts';
import { ShopDeleting } from '../shops/events.ts';
import { marketplaceItemPulls, marketplaceItems, marketplaceLogisticsChannels } from './schema.ts';

/** What was pulled from a shop (its items, their pulls, its logistics channels) goes with the shop. */
export function subscribeToEvents(services: Services) {
  services.events.on(ShopDeleting, 'in-transaction', async (e, tx) => {
    for (const table of [marketplaceItems, marketplaceItemPulls, marketplaceLogisticsChannels]) {
      await tx
        .delete(table)
        .where(and(e.tenantId ? eq(table.tenantId, e.tenantId) : isNull(table.tenantId), eq(table.shopId, e.shopId)));
    }
  });
}

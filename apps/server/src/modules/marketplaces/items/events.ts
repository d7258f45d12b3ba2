import { and, eq, isNull } from 'drizzle-orm';
import type { Services } from '../../../core/services.ts';
import { ShopDeleting } from '../shops/events.ts';
import { marketplaceItemPulls, marketplaceItems, marketplaceLogisticsChannels } from './schema.ts';
import { ITEMS_PULL_JOB, ItemPullQueued } from './service.ts';

/**
 * What was pulled from a shop (its items, their pulls, its logistics channels) goes with the shop.
 * A pull recorded is sent to its job once committed.
 */
export function subscribeToEvents(services: Services) {
  services.events.on(ShopDeleting, 'in-transaction', async (e, tx) => {
    for (const table of [marketplaceItems, marketplaceItemPulls, marketplaceLogisticsChannels]) {
      await tx
        .delete(table)
        .where(and(e.tenantId ? eq(table.tenantId, e.tenantId) : isNull(table.tenantId), eq(table.shopId, e.shopId)));
    }
  });
  services.events.on(ItemPullQueued, 'after-commit', (e) => services.jobs.send(ITEMS_PULL_JOB, e));
}

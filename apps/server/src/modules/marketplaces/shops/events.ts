import { defineEvent } from '../../../core/events.ts';

/**
 * A shop is being deleted, raised in the deleting transaction before its row goes. The areas
 * holding rows of the shop answer in that transaction: listings refuse (a shop with listings
 * stays), items drop what was pulled from it. Shops need not know them.
 */
export const ShopDeleting = defineEvent<{ tenantId: string | null; shopId: string }>('marketplaces.shop-deleting');

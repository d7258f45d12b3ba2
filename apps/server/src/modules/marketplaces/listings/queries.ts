import { planPublish, previewListings } from './publish.ts';
import { channelListings, getListing, listingEventListService, listingListService } from './service.ts';

export type { Ctx } from './service.ts';

/**
 * Listings' reads (the area's service shape, `docs/architecture.md`): each takes the open unit's
 * `tx` and the context. The publish wizard's `preview` and `publishPlan` take `(services, ctx)`
 * and run before any unit: they price through the pricing rules and map the attributes through
 * the category mappings, which open units of their own.
 */
export const listingQueries = {
  /** The list kit: the page, `/counts` per status and `/export`. */
  list: listingListService,
  /** A listing's history (the list kit), the listing the viewer's tenant's. */
  events: listingEventListService,
  /** A listing with its draft and SKUs. */
  get: getListing,
  /** A product's listings on every channel. */
  channelListings,
  preview: previewListings,
  /** What a publish reads before its unit (`listingCommands.publish` writes it). */
  publishPlan: planPublish,
};

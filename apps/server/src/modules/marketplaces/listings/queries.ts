import { planPublish, previewListings } from './publish.ts';
import { channelListings, getListing, listingEventListService, listingListService } from './service.ts';
import { levelsOf, ruleQuantities, ruleView, stockPushListService } from './stock-sync.ts';

export type { Ctx } from './service.ts';
/** What a shop's listing shows of each SKU under the shop's stock rule (items' push uses it). */
export { ruleQuantities } from './stock-sync.ts';

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
  /** Stock sync: a shop's rule with how many SKUs wait for a push. */
  stockRule: ruleView,
  /** Stock sync: a shop's push log (the list kit). */
  stockPushes: stockPushListService,
  /** Stock sync: the available stock of SKUs as last recorded. */
  stockLevels: levelsOf,
  /** Stock sync: what a shop's listings show of SKUs under its rule (publishing, the items' push). */
  stockQuantities: ruleQuantities,
};

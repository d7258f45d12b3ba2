import { channelsOf, ownChannelOptions, remoteChannels } from './logistics.ts';
import { getPull, itemListService, itemsOf, latestPull, remoteItems } from './service.ts';
import { assertOwnShop, assertUsableShop } from './shop.ts';

export type { Ctx } from './service.ts';

/**
 * Marketplace items' reads (the area's service shape, `docs/architecture.md`): each takes the
 * open unit's `tx` and the context. Those taking `(services, ctx)` run before any unit: they ask
 * the shops area for the shop's client (which may refresh its token in a unit of its own) and read
 * the marketplace.
 */
export const itemQueries = {
  /** The list kit: a shop's stored items, their counts per status and export. */
  list: itemListService,
  /** A pull's progress. */
  pull: getPull,
  /** The shop's latest pull, or null. */
  latestPull,
  /** Chosen stored items of a shop as the list shows them. */
  items: itemsOf,
  /** The shop's logistics channels as last pulled. */
  channels: channelsOf,
  /** The tenant's own active logistics channels, for the link select. */
  ownChannelOptions,
  /** The shop is the tenant's (404 otherwise), usable or not. */
  ownShop: assertOwnShop,
  /** The shop is the tenant's and its token usable (400 naming it otherwise). */
  usableShop: assertUsableShop,
  /** Chosen items as the marketplace has them now. */
  remoteItems,
  /** The shop's logistics channels as the marketplace has them now. */
  remoteChannels,
};

import { batchListService, batchOf } from './batches.ts';
import { claimMaterial, claimMaterials } from './claim.ts';
import { detail, gatherersOf, gatherListService } from './service.ts';

/**
 * Gathers' reads (the area's service shape, `docs/architecture.md`): each takes the open unit's
 * `tx` and the context. A claim's material is had before the unit (`(services, ctx, …)`): the
 * item's images are fetched from the source and stored, like an outside call.
 */
export const gatherQueries = {
  /** The gathered products (the list kit: its page, `/counts` per status and `/export`). */
  list: gatherListService,
  /** An item with its log. */
  get: detail,
  /** Who has gathered in this tenant, for the gatherer filter. */
  gatherers: gatherersOf,
  /** The caller's batches of URLs (the list kit). */
  batches: batchListService,
  /** The caller's batch of URLs. */
  batch: batchOf,
  /** Before a claim's unit: the item, its SKU and its images copied into the files store. */
  claimMaterial,
  /** Before a bulk claim's unit: each item's material, or why it could not be had. */
  claimMaterials,
};

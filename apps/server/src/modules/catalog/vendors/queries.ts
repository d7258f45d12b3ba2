import { linksOf, vendorOf, vendorRecycleListService } from './service.ts';

/** Product vendors' reads (the area's service shape, `docs/architecture.md`): each takes the open unit's `tx` and the context. */
export const vendorQueries = {
  /** A live product's live links, oldest first. */
  ofProduct: linksOf,
  /** One live link with its supplier. */
  get: vendorOf,
  /** The recycle area's links (the list kit: its page and export). */
  recycleList: vendorRecycleListService,
};

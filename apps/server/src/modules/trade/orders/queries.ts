import { assertShop, detail, orderList, shops, variantOptions } from './service.ts';

export type { Ctx } from './service.ts';

/** Sales orders' reads (the area's service shape, `docs/architecture.md`): each takes the open unit's `tx` and the context. */
export const orderQueries = {
  /** The order list (the list kit: its page, status counts and export). */
  list: orderList,
  /** An order with its lines and history. */
  get: detail,
  /** The tenant's shops, and whether each may be pulled from. */
  shops,
  /** A shop to pull from: 404 when it is not the tenant's. */
  shop: assertShop,
  variantOptions,
};

import {
  defaultPrices,
  getOrder,
  linesOf,
  loadOrder,
  lookups,
  moneyOf,
  orderDto,
  purchaseOrderListService,
  searchVariants,
} from './service.ts';
import { suggestions } from './suggestions.ts';

export type { Ctx, Money, PurchaseLine, PurchaseOrder } from './service.ts';

/**
 * Purchasing's reads (the area's service shape, `docs/architecture.md`): each takes the open
 * unit's `tx` and the context; `money` reads the tenant's settings in a unit of its own, before
 * the caller opens one.
 */
export const purchaseQueries = {
  /** The PO list (the list kit: its page, status counts and export). */
  list: purchaseOrderListService,
  /** A PO with its lines and events. */
  get: getOrder,
  /** A PO as its list row shows it. */
  row: orderDto,
  /** The PO's row (404 when not the tenant's); `lock` holds it for the caller's transaction. */
  order: loadOrder,
  lines: linesOf,
  lookups,
  variants: searchVariants,
  prices: defaultPrices,
  suggestions,
  money: moneyOf,
};

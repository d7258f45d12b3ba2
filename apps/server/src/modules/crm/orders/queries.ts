import { crmOrderListService, getOrder, tradeOrderOptions } from './service.ts';

/**
 * Order tracking's reads (the area's service shape, `docs/architecture.md`): each takes the open
 * unit's `tx`, the context and the caller's viewer (`customerQueries.viewer`, read before the unit).
 */
export const orderQueries = {
  /** The order list (the list kit: its page and export), through the customers the viewer sees. */
  list: crmOrderListService,
  /** An order with its status history. */
  get: getOrder,
  tradeOrderOptions,
};

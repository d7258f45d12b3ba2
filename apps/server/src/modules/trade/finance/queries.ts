import { fetchStatements } from './pull.ts';
import {
  arrivalListService,
  dayRange,
  getArrival,
  getStatement,
  listCycles,
  moneyOf,
  orderProfitListService,
  profitSettingsOf,
  profitsInRange,
  skuProfits,
  statementListService,
} from './service.ts';

export type { Ctx, Money, ProfitSettings } from './service.ts';

/**
 * Finance's reads (the area's service shape, `docs/architecture.md`): each takes the open unit's
 * `tx` and the context. The tenant's settings (`money`, `profitSettings`) and a shop's statements
 * from its marketplace (`marketplaceStatements`) are read before the caller opens its unit.
 */
export const financeQueries = {
  /** The settlement statement list (the list kit). */
  statements: statementListService,
  /** A statement with its lines. */
  statement: getStatement,
  /** A shop's statements of a range as its marketplace answers them (over HTTP, before any unit). */
  marketplaceStatements: fetchStatements,
  /** The arrival list (the list kit). */
  arrivals: arrivalListService,
  /** An arrival with its matches. */
  arrival: getArrival,
  /** Every shop's settlement cycle (the default where none is set). */
  cycles: listCycles,
  /** The profit of each order (the list kit). */
  orderProfits: orderProfitListService,
  /** The profit of each SKU, paged and sorted by hand. */
  skuProfits,
  /** The orders of a range and each one's profit (statistics' profit chart). */
  profitsInRange,
  /** The days of a range on the tenant's calendar, checked against a most. */
  dayRange,
  money: moneyOf,
  profitSettings: profitSettingsOf,
};

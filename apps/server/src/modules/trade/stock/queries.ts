import {
  moneyOf,
  safetyOf,
  stockBalanceListService,
  stockLedgerListService,
  stockOf,
  stockValue,
  variants,
  voucher,
  warehouses,
} from './service.ts';

export type { Ctx, Money, StockOf } from './service.ts';

/**
 * Stock's reads (the area's service shape, `docs/architecture.md`): each takes the open unit's
 * `tx` and the context; `money` reads the tenant's currency and rates in a unit of its own,
 * before the caller opens one.
 */
export const stockQueries = {
  /** The balances list (the list kit: its page and export). */
  balances: stockBalanceListService,
  /** The ledger list (the list kit). */
  ledger: stockLedgerListService,
  warehouses,
  variants,
  /** A voucher (an adjustment, a count, a transfer) with its ledger rows. */
  voucher,
  /** One SKU's safety stock in a warehouse. */
  safety: safetyOf,
  /** The snapshot of some SKUs (in a warehouse, else in every one), for other areas. */
  of: stockOf,
  /** Stock value and units on hand per warehouse. */
  value: stockValue,
  money: moneyOf,
};

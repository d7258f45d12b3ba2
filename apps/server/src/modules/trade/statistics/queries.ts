import { profitStatistics, purchaseSpend, salesStatistics, settingsOf, stockValue, topSkus } from './service.ts';

export type { Ctx, StatisticsSettings } from './service.ts';

/**
 * The statistics' reads (the area's service shape, `docs/architecture.md`), one per chart: each
 * takes the open unit's `tx`, the context and the tenant's settings, which `settings` reads in a
 * unit of its own before the caller opens one.
 */
export const statisticsQueries = {
  settings: settingsOf,
  sales: salesStatistics,
  topSkus,
  purchaseSpend,
  stockValue,
  profit: profitStatistics,
};

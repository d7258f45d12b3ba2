import { z } from 'zod';
import { emptyToUndefined } from '../fields.ts';
import { fromShop } from './common.ts';
import { profitFigures, skuSales } from './finance.ts';
import { TradePermissions as P } from './permissions.ts';

/**
 * Order statistics: sales and orders per day/week/month (days of the tenant's time zone setting), by shop and platform, top
 * SKUs, purchase spend, stock value and profit. Amounts are in the tenant's currency (each order's
 * total converted at the tenant's rates); cancelled orders (`Cancel`) are left out, as the order
 * list shows them apart.
 */

/**
 * The statistics' charts and every permission each needs: the server refuses (403) a chart the
 * caller may not see, and the page asks only for those it may. Sales and top SKUs are the
 * statistics' own; purchase spend is purchasing's money, stock value the stock's, profit finance's.
 */
export const statisticsCharts = {
  sales: { path: 'sales', needs: [P.Statistics] },
  topSkus: { path: 'top-skus', needs: [P.Statistics] },
  purchaseSpend: { path: 'purchase-spend', needs: [P.Statistics, P.Purchase] },
  stockValue: { path: 'stock-value', needs: [P.Statistics, P.Stock] },
  profit: { path: 'profit', needs: [P.Statistics, P.Finance] },
} as const satisfies Record<string, { path: string; needs: readonly string[] }>;
export type StatisticsChart = keyof typeof statisticsCharts;

export const statisticsGranularities = ['day', 'week', 'month'] as const;
export type StatisticsGranularity = (typeof statisticsGranularities)[number];
/** The longest range the statistics cover, in days. */
export const STATISTICS_MAX_DAYS = 366;

const optionalId = z.preprocess(emptyToUndefined, z.guid().optional());

export const statisticsQuery = z.object({
  /** First and last day (inclusive, on the tenant's calendar). */
  from: z.preprocess(emptyToUndefined, z.iso.date({ error: 'Statistics::DateFormat' })),
  to: z.preprocess(emptyToUndefined, z.iso.date({ error: 'Statistics::DateFormat' })),
  granularity: z.preprocess(emptyToUndefined, z.enum(statisticsGranularities).default('day')),
  shopId: optionalId,
  platform: z.preprocess(emptyToUndefined, z.enum(['LAZADA', 'SHOPEE', 'MANUAL']).optional()),
  top: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(50).default(10)),
});
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

export const salesPointDto = z.object({ period: z.string(), orders: z.number().int(), amount: z.string() });
export const salesStatisticsDto = z.object({
  currency: z.string(),
  totalOrders: z.number().int(),
  totalAmount: z.string(),
  periods: z.array(salesPointDto),
  byShop: z.array(
    z.object({
      ...fromShop,
      platform: z.string().nullable(),
      orders: z.number().int(),
      amount: z.string(),
    }),
  ),
  byPlatform: z.array(z.object({ platform: z.string(), orders: z.number().int(), amount: z.string() })),
  /** Per period and shop, for the stacked chart. */
  byPeriodShop: z.array(
    z.object({ period: z.string(), shopId: z.string().nullable(), orders: z.number().int(), amount: z.string() }),
  ),
});
export type SalesStatisticsDto = z.infer<typeof salesStatisticsDto>;

export const topSkuDto = z.object({
  ...skuSales,
  amount: z.string(),
});
export const topSkusDto = z.object({
  currency: z.string(),
  byQuantity: z.array(topSkuDto),
  byAmount: z.array(topSkuDto),
});
export type TopSkusDto = z.infer<typeof topSkusDto>;

/** A statistic's total over the range, in the tenant's currency. */
const totalInCurrency = { currency: z.string(), total: z.string() };

export const purchaseSpendDto = z.object({
  ...totalInCurrency,
  /** False while this build has no purchase orders to count. */
  available: z.boolean(),
  periods: z.array(z.object({ period: z.string(), orders: z.number().int(), amount: z.string() })),
});
export type PurchaseSpendDto = z.infer<typeof purchaseSpendDto>;

export const stockValueDto = z.object({
  ...totalInCurrency,
  totalQuantity: z.number().int(),
  warehouses: z.array(
    z.object({
      warehouseId: z.string(),
      code: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      value: z.string(),
    }),
  ),
});
export type StockValueDto = z.infer<typeof stockValueDto>;

export const profitStatisticsDto = z.object({
  currency: z.string(),
  /** Over the whole range: of the profit figures, the revenue and the profit. */
  ...z.object(profitFigures).pick({ revenue: true, profit: true }).shape,
  periods: z.array(
    z.object({
      period: z.string(),
      orders: z.number().int(),
      ...profitFigures,
    }),
  ),
});
export type ProfitStatisticsDto = z.infer<typeof profitStatisticsDto>;

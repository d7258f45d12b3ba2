import type { Json } from '@seller/contracts/fields';
import type {
  ProfitStatisticsDto,
  PurchaseSpendDto,
  SalesStatisticsDto,
  StatisticsGranularity,
  StockValueDto,
  TopSkusDto,
} from '@seller/contracts/trade';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/** Order statistics (`/api/trade/statistics…`): one call per chart. */

export type SalesStatistics = Json<SalesStatisticsDto>;
export type TopSkus = Json<TopSkusDto>;
export type PurchaseSpend = Json<PurchaseSpendDto>;
export type StockValue = Json<StockValueDto>;
export type ProfitStatistics = Json<ProfitStatisticsDto>;
export type { StatisticsGranularity };

export interface StatisticsFilters {
  from: string;
  to: string;
  granularity: StatisticsGranularity;
  shopId?: string;
}

const url = '/api/trade/statistics';

export const statisticsApi = {
  sales: (f: StatisticsFilters, signal?: AbortSignal) =>
    http.get<SalesStatistics>(`${url}/sales`, { ...f }, { signal }),
  topSkus: (f: StatisticsFilters, signal?: AbortSignal) =>
    http.get<TopSkus>(`${url}/top-skus`, { ...f, top: 10 }, { signal }),
  purchaseSpend: (f: StatisticsFilters, signal?: AbortSignal) =>
    http.get<PurchaseSpend>(`${url}/purchase-spend`, { ...f }, { signal }),
  stockValue: (signal?: AbortSignal) => http.get<StockValue>(`${url}/stock-value`, undefined, { signal }),
  profit: (f: StatisticsFilters, signal?: AbortSignal) =>
    http.get<ProfitStatistics>(`${url}/profit`, { ...f }, { signal }),
};

export const statisticsKeys = { all: ['trade', 'statistics'] as const };

/** A text of the statistics area (`Statistics::…`). */
export const STL = (key: string, ...args: unknown[]) => localize(`Statistics::${key}`, ...args);

import type { Json } from '@seller/contracts/fields';
import type {
  ArrivalDetailDto,
  ArrivalDto,
  ArrivalInput,
  ArrivalMatchInput,
  MatchedStatus,
  OrderProfitDto,
  SettlementCycleDto,
  SettlementCycleInput,
  SettlementStatus,
  SkuProfitDto,
  StatementDetailDto,
  StatementDto,
  StatementPullInput,
  StatementPullResult,
} from '@seller/contracts/trade';
import { type CrudQuery, downloadExport } from '../../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../../lib/abp/types.ts';
import type { HttpError } from '../../../lib/http/errors.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/** Finance (`/api/trade/finance…`): statements and their pull, arrivals and matching, cycles, profit. */

export type Statement = Json<StatementDto>;
export type StatementDetail = Json<StatementDetailDto>;
export type Arrival = Json<ArrivalDto>;
export type ArrivalDetail = Json<ArrivalDetailDto>;
export type SettlementCycle = Json<SettlementCycleDto>;
export type OrderProfit = Json<OrderProfitDto>;
export type SkuProfit = Json<SkuProfitDto>;
export type { ArrivalInput, MatchedStatus, SettlementStatus };

export interface StatementFilters {
  shopId?: string;
  status?: SettlementStatus;
  matchedStatus?: MatchedStatus;
}
export interface ArrivalFilters {
  shopId?: string;
  matchedStatus?: MatchedStatus;
}
export interface ProfitFilters {
  from?: string;
  to?: string;
  shopId?: string;
}

const url = '/api/trade/finance';
/** Refusals shown under the form's fields are not notified. */
const onFields = (e: HttpError) => !(e.status === 400 && e.validationErrors.length > 0);
type ExportQuery = Omit<CrudQuery, 'skipCount' | 'maxResultCount'>;

export const financeApi = {
  statements: (q: CrudQuery & StatementFilters, signal?: AbortSignal) =>
    http.get<PagedResult<Statement>>(`${url}/statements`, { ...q }, { signal }),
  exportStatements: (q: ExportQuery & StatementFilters, fileName: string) =>
    downloadExport(`${url}/statements/export`, { ...q }, fileName),
  statement: (id: string) => http.get<StatementDetail>(`${url}/statements/${id}`),
  pull: (input: StatementPullInput) =>
    http.post<Json<StatementPullResult>>(`${url}/statements/pull`, input, { notify: onFields }),
  arrivals: (q: CrudQuery & ArrivalFilters, signal?: AbortSignal) =>
    http.get<PagedResult<Arrival>>(`${url}/arrivals`, { ...q }, { signal }),
  exportArrivals: (q: ExportQuery & ArrivalFilters, fileName: string) =>
    downloadExport(`${url}/arrivals/export`, { ...q }, fileName),
  arrival: (id: string) => http.get<ArrivalDetail>(`${url}/arrivals/${id}`),
  createArrival: (input: unknown) => http.post<ArrivalDetail>(`${url}/arrivals`, input, { notify: onFields }),
  updateArrival: (id: string, input: unknown) =>
    http.put<ArrivalDetail>(`${url}/arrivals/${id}`, input, { notify: onFields }),
  deleteArrival: (id: string) => http.delete<void>(`${url}/arrivals/${id}`),
  match: (id: string, input: ArrivalMatchInput) =>
    http.post<ArrivalDetail>(`${url}/arrivals/${id}/match`, input, { notify: onFields }),
  unmatch: (id: string) => http.post<ArrivalDetail>(`${url}/arrivals/${id}/unmatch`, {}),
  cycles: () => http.get<ListResult<SettlementCycle>>(`${url}/cycles`),
  saveCycle: (shopId: string, input: SettlementCycleInput) =>
    http.put<SettlementCycle>(`${url}/cycles/${shopId}`, input, { notify: onFields }),
  orderProfits: (q: CrudQuery & ProfitFilters, signal?: AbortSignal) =>
    http.get<PagedResult<OrderProfit>>(`${url}/profit/orders`, { ...q }, { signal }),
  skuProfits: (q: CrudQuery & ProfitFilters, signal?: AbortSignal) =>
    http.get<PagedResult<SkuProfit>>(`${url}/profit/skus`, { ...q }, { signal }),
  exportOrderProfits: (q: ExportQuery & ProfitFilters, fileName: string) =>
    downloadExport(`${url}/profit/orders/export`, { ...q }, fileName),
  exportSkuProfits: (q: ExportQuery & ProfitFilters, fileName: string) =>
    downloadExport(`${url}/profit/skus/export`, { ...q }, fileName),
};

export const financeKeys = {
  statements: ['trade', 'finance', 'statements'] as const,
  arrivals: ['trade', 'finance', 'arrivals'] as const,
  cycles: ['trade', 'finance', 'cycles'] as const,
  profit: ['trade', 'finance', 'profit'] as const,
};

/** A text of the finance area (`Finance::…`). */
export const FL = (key: string, ...args: unknown[]) => localize(`Finance::${key}`, ...args);

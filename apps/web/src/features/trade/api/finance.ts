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
import type { CrudQuery } from '../../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../../lib/abp/types.ts';
import { notifyUnlessFieldErrors } from '../../../lib/http/errors.ts';
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

/** Statements a page of the match drawer asks for (the list page has its own state). */
export interface StatementFilters {
  shopId?: string;
}

const url = '/api/trade/finance';
export const statementsUrl = `${url}/statements`;
export const arrivalsUrl = `${url}/arrivals`;
export const orderProfitsUrl = `${url}/profit/orders`;
export const skuProfitsUrl = `${url}/profit/skus`;
/** Refusals shown under the form's fields are not notified. */

export const financeApi = {
  statements: (q: CrudQuery & StatementFilters, signal?: AbortSignal) =>
    http.get<PagedResult<Statement>>(`${url}/statements`, { ...q }, { signal }),
  statement: (id: string) => http.get<StatementDetail>(`${url}/statements/${id}`),
  pull: (input: StatementPullInput) =>
    http.post<Json<StatementPullResult>>(`${url}/statements/pull`, input, { notify: notifyUnlessFieldErrors }),
  arrival: (id: string) => http.get<ArrivalDetail>(`${url}/arrivals/${id}`),
  createArrival: (input: unknown) =>
    http.post<ArrivalDetail>(`${url}/arrivals`, input, { notify: notifyUnlessFieldErrors }),
  updateArrival: (id: string, input: unknown) =>
    http.put<ArrivalDetail>(`${url}/arrivals/${id}`, input, { notify: notifyUnlessFieldErrors }),
  deleteArrival: (id: string) => http.delete<void>(`${url}/arrivals/${id}`),
  match: (id: string, input: ArrivalMatchInput) =>
    http.post<ArrivalDetail>(`${url}/arrivals/${id}/match`, input, { notify: notifyUnlessFieldErrors }),
  unmatch: (id: string) => http.post<ArrivalDetail>(`${url}/arrivals/${id}/unmatch`, {}),
  /** Writes off a remainder too small to match any statement, with the reason. */
  writeOff: (id: string, reason: string) => http.post<ArrivalDetail>(`${url}/arrivals/${id}/write-off`, { reason }),
  cycles: () => http.get<ListResult<SettlementCycle>>(`${url}/cycles`),
  saveCycle: (shopId: string, input: SettlementCycleInput) =>
    http.put<SettlementCycle>(`${url}/cycles/${shopId}`, input, { notify: notifyUnlessFieldErrors }),
};

export const financeKeys = {
  statements: ['trade', 'finance', 'statements'] as const,
  arrivals: ['trade', 'finance', 'arrivals'] as const,
  cycles: ['trade', 'finance', 'cycles'] as const,
};

/** A text of the finance area (`Finance::…`). */
export const FL = (key: string, ...args: unknown[]) => localize(`Finance::${key}`, ...args);

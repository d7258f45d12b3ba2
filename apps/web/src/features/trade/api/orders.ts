import type { Json } from '@seller/contracts/fields';
import type {
  SalesOrderAction,
  SalesOrderDto,
  SalesOrderInput,
  SalesOrderListItem,
  SalesOrderPullResult,
  SalesOrderShopOption,
  SalesOrderVariantOption,
} from '@seller/contracts/trade';
import type { ListResult } from '../../../lib/abp/types.ts';
import { notifyUnlessFieldErrors } from '../../../lib/http/errors.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/** Sales orders (`/api/trade/orders…`): list, tab counts, detail, manual orders, actions, pull, export. */

export type SalesOrderRow = Json<SalesOrderListItem>;
export type SalesOrder = Json<SalesOrderDto>;
export type { SalesOrderAction, SalesOrderInput, SalesOrderPullResult, SalesOrderShopOption, SalesOrderVariantOption };

export const ordersUrl = '/api/trade/orders';
const url = ordersUrl;

/** The URL segment of each action. */
const actionPath: Record<SalesOrderAction, string> = {
  markPaid: 'mark-paid',
  confirm: 'confirm',
  pack: 'pack',
  deliver: 'deliver',
  complete: 'complete',
  partialRefund: 'partial-refund',
  refund: 'refund',
  cancel: 'cancel',
};

export const ordersApi = {
  get: (id: string) => http.get<SalesOrder>(`${url}/${id}`),
  create: (input: SalesOrderInput) => http.post<SalesOrder>(url, input, { notify: notifyUnlessFieldErrors }),
  update: (id: string, input: SalesOrderInput) =>
    http.put<SalesOrder>(`${url}/${id}`, input, { notify: notifyUnlessFieldErrors }),
  remove: (id: string) => http.delete<void>(`${url}/${id}`),
  act: (id: string, action: SalesOrderAction, reason?: string) =>
    http.post<SalesOrder>(`${url}/${id}/${actionPath[action]}`, reason ? { reason } : {}),
  match: (id: string, lineId: string, variantId: string) =>
    http.put<SalesOrder>(`${url}/${id}/lines/${lineId}/match`, { variantId }),
  pull: (shopId?: string) => http.post<{ jobId: string | null }>(`${url}/pull`, shopId ? { shopId } : {}),
  pullState: (jobId: string) =>
    http.get<{ jobId: string; state: string; result: SalesOrderPullResult | null }>(`${url}/pull/${jobId}`),
  shops: () => http.get<ListResult<SalesOrderShopOption>>(`${url}/shops`),
  variants: (filter: string | undefined, signal?: AbortSignal) =>
    http.get<ListResult<SalesOrderVariantOption>>(`${url}/variant-options`, { filter }, { signal }),
};

export const orderKeys = {
  all: ['trade', 'orders'] as const,
  list: ['trade', 'orders', 'list'] as const,
  counts: ['trade', 'orders', 'counts'] as const,
  detail: (id: string) => ['trade', 'orders', 'detail', id] as const,
  shops: ['trade', 'orders', 'shops'] as const,
  variants: ['trade', 'orders', 'variants'] as const,
};

/** Texts of the orders page (server resource `SalesOrders`). */
export const OL = (key: string, ...args: unknown[]) => localize(`SalesOrders::${key}`, ...args);

import type { Json } from '@seller/contracts/fields';
import type {
  OrderBulkKind,
  OrderBulkOutcome,
  OrderBulkState,
  SalesOrderAction,
  SalesOrderDto,
  SalesOrderInput,
  SalesOrderListItem,
  SalesOrderPullResult,
  SalesOrderRefundInput,
  SalesOrderShopOption,
  SalesOrderVariantOption,
} from '@seller/contracts/trade';
import type { ListResult, PagedResult } from '../../../lib/abp/types.ts';
import { notifyUnlessFieldErrors } from '../../../lib/http/errors.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';
import { type Shipment, shipmentsUrl } from './shipments.ts';

/** Sales orders (`/api/trade/orders…`): list, tab counts, detail, manual orders, actions, pull, export. */

export type SalesOrderRow = Json<SalesOrderListItem>;
export type SalesOrder = Json<SalesOrderDto>;
export type {
  OrderBulkKind,
  OrderBulkOutcome,
  OrderBulkState,
  SalesOrderAction,
  SalesOrderInput,
  SalesOrderPullResult,
  SalesOrderShopOption,
  SalesOrderVariantOption,
};

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
  /** A full or partial refund: the amount (a partial one must say it) and the units sent back. */
  refund: (id: string, action: 'refund' | 'partialRefund', input: SalesOrderRefundInput) =>
    http.post<SalesOrder>(`${url}/${id}/${actionPath[action]}`, input, { notify: notifyUnlessFieldErrors }),
  match: (id: string, lineId: string, variantId: string) =>
    http.put<SalesOrder>(`${url}/${id}/lines/${lineId}/match`, { variantId }),
  pull: (shopId?: string) => http.post<{ jobId: string | null }>(`${url}/pull`, shopId ? { shopId } : {}),
  pullState: (jobId: string) =>
    http.get<{ jobId: string; state: string; result: SalesOrderPullResult | null }>(`${url}/pull/${jobId}`),
  shops: () => http.get<ListResult<SalesOrderShopOption>>(`${url}/shops`),
  /** The order's shipments (the shipments list narrowed to it), newest first. */
  shipments: (id: string, signal?: AbortSignal) =>
    http.get<PagedResult<Shipment>>(shipmentsUrl, { orderId: id, maxResultCount: 50 }, { signal }),
  /** Starts bulk work on the orders (a background job): its id. */
  bulk: (kind: OrderBulkKind, ids: string[]) => http.post<{ jobId: string }>(`${url}/bulk/${kind}`, { ids }),
  /** Quiet: a job remembered from before (another user's, or one the queue forgot) is let go silently. */
  bulkState: (jobId: string, signal?: AbortSignal) =>
    http.get<OrderBulkState>(`${url}/bulk/${jobId}`, undefined, { signal, notify: false }),
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
  bulk: (jobId: string) => ['trade', 'orders', 'bulk', jobId] as const,
  shipments: (id: string) => ['trade', 'orders', 'detail', id, 'shipments'] as const,
};

/** Texts of the orders page (server resource `SalesOrders`). */
export const OL = (key: string, ...args: unknown[]) => localize(`SalesOrders::${key}`, ...args);

import type { Json } from '@seller/contracts/fields';
import type {
  PurchaseLookupsDto,
  PurchaseOrderDetailDto,
  PurchaseOrderDto,
  PurchaseOrderInput,
  PurchasePaymentStatus,
  PurchaseVariantDto,
  SuggestionDraftInput,
  SuggestionDto,
} from '@seller/contracts/trade';
import type { CrudQuery } from '../../../components/crud/index.ts';
import type { PagedResult } from '../../../lib/abp/types.ts';
import { HttpError } from '../../../lib/http/errors.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/** Purchase orders and replenishment (`/api/trade/purchase-orders`). */

export type PurchaseOrder = Json<PurchaseOrderDto>;
export type PurchaseOrderDetail = Json<PurchaseOrderDetailDto>;
export type PurchaseLookups = Json<PurchaseLookupsDto>;
export type PurchaseVariant = Json<PurchaseVariantDto>;
export type Suggestion = Json<SuggestionDto>;

/** A text of the purchase area (resource `Purchase`). */
export const LP = (key: string, ...args: unknown[]) => localize(`Purchase::${key}`, ...args);

export const purchaseOrdersUrl = '/api/trade/purchase-orders';
const url = purchaseOrdersUrl;

export const purchaseApi = {
  /** Purchase orders of one status (the receiving page's picker; the list page is the kit's). */
  list: (q: CrudQuery & { status?: string }, signal?: AbortSignal) =>
    http.get<PagedResult<PurchaseOrder>>(url, { ...q }, { signal }),
  get: (id: string) => http.get<PurchaseOrderDetail>(`${url}/{id}`, undefined, { path: { id } }),
  create: (input: PurchaseOrderInput) => http.post<PurchaseOrderDetail>(url, input),
  update: (id: string, input: PurchaseOrderInput) =>
    http.put<PurchaseOrderDetail>(`${url}/{id}`, input, { path: { id } }),
  remove: (id: string) => http.delete<void>(`${url}/{id}`, undefined, { path: { id } }),
  act: (id: string, action: 'submit' | 'approve' | 'cancel' | 'close-short') =>
    http.post<PurchaseOrder>(`${url}/{id}/${action}`, undefined, { path: { id } }),
  reject: (id: string, reason: string) => http.post<PurchaseOrder>(`${url}/{id}/reject`, { reason }, { path: { id } }),
  pay: (id: string, paymentStatus: PurchasePaymentStatus) =>
    http.put<PurchaseOrder>(`${url}/{id}/payment-status`, { paymentStatus }, { path: { id } }),
  lookups: () => http.get<PurchaseLookups>(`${url}/lookups`),
  variants: (filter: string) => http.get<{ items: PurchaseVariant[] }>(`${url}/variants`, { filter }),
  prices: (supplierId: string, currency: string, lines: { variantId: string; quantity: number }[]) =>
    http.post<{ items: { variantId: string; quantity: number; unitPrice: string | null }[] }>(`${url}/prices`, {
      supplierId,
      currency,
      lines,
    }),
  suggestions: (q: { warehouseId?: string; days?: number; filter?: string }) =>
    http.get<{ items: Suggestion[] }>(`${url}/suggestions`, { ...q }),
  draft: (input: SuggestionDraftInput) =>
    http.post<{ ids: string[]; poNos: string[] }>(`${url}/suggestions/draft`, input),
  /** The printable page, fetched with the user's token and opened in a new window. */
  print: async (id: string) => {
    const blob = await http.request<Blob>(`${url}/{id}/print`, { path: { id }, responseType: 'blob' });
    const page = window.open(URL.createObjectURL(new Blob([blob], { type: 'text/html' })), '_blank');
    return page !== null;
  },
};

export const purchaseKeys = {
  all: ['trade', 'purchase'] as const,
  lookups: ['trade', 'purchase', 'lookups'] as const,
};

/** The server names list members as `lines[0].qtyArrived`; forms name them `lines.0.qtyArrived`. */
export function dottedMembers(error: unknown): unknown {
  if (error instanceof HttpError)
    for (const v of error.validationErrors) v.members = (v.members ?? []).map((m) => m.replace(/\[(\d+)\]/g, '.$1'));
  return error;
}

export const purchaseStatusColor: Record<string, string> = {
  DRAFT: 'default',
  SUBMITTED: 'processing',
  APPROVED: 'blue',
  PARTIALLY_RECEIVED: 'orange',
  RECEIVED: 'success',
  CANCELLED: 'error',
};

import type { Json } from '@seller/contracts/fields';
import type { ReceiptDetailDto, ReceiptDto, ReceiptInput, ReceiptListQuery } from '@seller/contracts/trade';
import { type CrudQuery, downloadExport } from '../../../components/crud/index.ts';
import type { PagedResult } from '../../../lib/abp/types.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/** Receipts against PO lines (`/api/trade/receipts`). */

export type Receipt = Json<ReceiptDto>;
export type ReceiptDetail = Json<ReceiptDetailDto>;
export type ReceiptFilters = Partial<Omit<ReceiptListQuery, keyof CrudQuery>>;

/** A text of the receiving area (resource `Receiving`). */
export const LR = (key: string, ...args: unknown[]) => localize(`Receiving::${key}`, ...args);

const url = '/api/trade/receipts';

export const receivingApi = {
  list: (q: CrudQuery & ReceiptFilters, signal?: AbortSignal) =>
    http.get<PagedResult<Receipt>>(url, { ...q }, { signal }),
  get: (id: string) => http.get<ReceiptDetail>(`${url}/{id}`, undefined, { path: { id } }),
  create: (input: ReceiptInput) => http.post<ReceiptDetail>(url, input),
  remove: (id: string) => http.delete<void>(`${url}/{id}`, undefined, { path: { id } }),
  post: (id: string) => http.post<ReceiptDetail>(`${url}/{id}/post`, undefined, { path: { id } }),
  reverse: (id: string) => http.post<ReceiptDetail>(`${url}/{id}/reverse`, undefined, { path: { id } }),
  export: (q: ReceiptFilters & { filter?: string; sorting?: string }) =>
    downloadExport(`${url}/export`, { ...q }, `${LR('Page:Title')}-${new Date().toISOString().slice(0, 10)}.xlsx`),
};

export const receivingKeys = {
  all: ['trade', 'receiving'] as const,
  list: (filters: ReceiptFilters) => ['trade', 'receiving', 'list', filters] as const,
};

export const receiptStatusColor: Record<string, string> = { DRAFT: 'default', POSTED: 'success', CANCELLED: 'error' };

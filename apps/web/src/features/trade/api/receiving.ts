import type { Json } from '@seller/contracts/fields';
import type { ReceiptDetailDto, ReceiptDto, ReceiptInput } from '@seller/contracts/trade';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/** Receipts against PO lines (`/api/trade/receipts`). */

export type Receipt = Json<ReceiptDto>;
export type ReceiptDetail = Json<ReceiptDetailDto>;

/** A text of the receiving area (resource `Receiving`). */
export const LR = (key: string, ...args: unknown[]) => localize(`Receiving::${key}`, ...args);

export const receiptsUrl = '/api/trade/receipts';
const url = receiptsUrl;

export const receivingApi = {
  get: (id: string) => http.get<ReceiptDetail>(`${url}/{id}`, undefined, { path: { id } }),
  create: (input: ReceiptInput) => http.post<ReceiptDetail>(url, input),
  remove: (id: string) => http.delete<void>(`${url}/{id}`, undefined, { path: { id } }),
  post: (id: string) => http.post<ReceiptDetail>(`${url}/{id}/post`, undefined, { path: { id } }),
  reverse: (id: string) => http.post<ReceiptDetail>(`${url}/{id}/reverse`, undefined, { path: { id } }),
};

export const receivingKeys = {
  all: ['trade', 'receiving'] as const,
};

export const receiptStatusColor: Record<string, string> = { DRAFT: 'default', POSTED: 'success', CANCELLED: 'error' };

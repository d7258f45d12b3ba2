import type {
  BulkResultDto,
  ClaimResultDto,
  GatherBatchDto,
  GatherDetailDto,
  GatherImportResult,
  GatherListItem,
  GatherLogDto,
  GatherPlatform,
  GatherStatus,
  Json,
} from '@seller/contracts/catalog';
import { GatherPlatforms } from '@seller/contracts/catalog';
import { http } from '../../lib/http/index.ts';
import { LC } from './api.ts';

/** Gathered products (采集箱, `/api/catalog/gathers`): shapes (the contract's, as JSON) and calls. */

export type GatherRow = Json<GatherListItem>;
export type GatherDetail = Json<GatherDetailDto>;
export type GatherLog = Json<GatherLogDto>;
export type GatherBatch = Json<GatherBatchDto>;
export type BulkResult = BulkResultDto;
export type ClaimResult = ClaimResultDto;
export type ImportResult = GatherImportResult;
export type { GatherPlatform, GatherStatus };

/** What a claim asks for (the rest comes from the gathered item). */
export interface ClaimOptions {
  categoryIds: string[];
  brandId?: string | null;
  region?: string;
  skuPrefix?: string;
  supplierId?: string | null;
  /** Grams, for an item whose source states no weight. */
  weightG?: number | null;
}

const url = '/api/catalog/gathers';
const byId = (id: string) => ({ path: { id } });

export const gathersApi = {
  url,
  gatherers: () => http.get<{ items: { id: string; name: string }[] }>(`${url}/gatherers`),
  get: (id: string) => http.get<GatherDetail>(`${url}/{id}`, undefined, byId(id)),
  remove: (id: string) => http.delete<void>(`${url}/{id}`, undefined, byId(id)),
  setAsClaimed: (id: string, text?: string) =>
    http.put<GatherDetail>(`${url}/{id}/set-as-claimed`, { text: text ?? null }, byId(id)),
  setStatus: (id: string, status: 'NEW' | 'IGNORED', text?: string) =>
    http.put<GatherDetail>(`${url}/{id}/set-status`, { status, text: text ?? null }, byId(id)),
  addLog: (id: string, text: string) => http.put<GatherLog>(`${url}/{id}/add-log`, { text }, byId(id)),
  claim: (id: string, input: ClaimOptions & { sku?: string; name?: string }) =>
    http.post<ClaimResult>(`${url}/{id}/claim`, input, byId(id)),
  bulkClaim: (ids: string[], input: ClaimOptions) =>
    http.post<BulkResult>(`${url}/bulk-claim`, { ...input, ids }, { timeoutMs: 300_000 }),
  bulkDelete: (ids: string[]) => http.post<BulkResult>(`${url}/bulk-delete`, { ids }),
  byUrls: (urls: string[]) => http.post<GatherBatch>(`${url}/by-urls`, { urls }),
  batch: (batchId: string) =>
    http.get<GatherBatch>(`${url}/batches/{batchId}`, undefined, { path: { batchId }, notify: false }),
  upload: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return http.request<ImportResult>(`${url}/import`, { method: 'POST', multipart: form, timeoutMs: 120_000 });
  },
  templatePath: `${url}/import-template`,
  extensionPath: `${url}/extension.zip`,
};

/** Labels (`Catalog::GatherPage:Platform:1688`, `Catalog::GatherPage:Status:NEW`). */
export const platformLabel = (p: string) => LC(`GatherPage:Platform:${p}`);
export const statusLabel = (s: string) => LC(`GatherPage:Status:${s}`);
export const platformOptions = () => GatherPlatforms.map((value) => ({ value, label: platformLabel(value) }));
export const statusColor: Record<GatherStatus, string> = { NEW: 'processing', CLAIMED: 'success', IGNORED: 'default' };

/** A price range as shown: `¥12.50` or `12.50–18.00 CNY`. */
export function priceRange(min: string, max: string, currency: string): string {
  return min === max ? `${min} ${currency}` : `${min}–${max} ${currency}`;
}

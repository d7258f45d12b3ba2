import type { Json, SkuImageExportFilter, skuImageExportDto } from '@seller/contracts/catalog';
import type { z } from 'zod';
import { downloadExport } from '../../components/crud/index.ts';
import { http } from '../../lib/http/index.ts';
import { LC } from './api.ts';

/** SKU image exports (`/api/catalog/sku-images/exports`): start, list, download, delete. */

export type SkuImageExportDto = Json<z.infer<typeof skuImageExportDto>>;
export type SkuImageExportStart = { productIds: string[] } | { skus: string[] } | { filter: SkuImageExportFilter };

const url = '/api/catalog/sku-images/exports';

export const skuImagesApi = {
  list: (signal?: AbortSignal) => http.get<{ items: SkuImageExportDto[] }>(url, undefined, { signal }),
  start: (input: SkuImageExportStart) => http.post<SkuImageExportDto>(url, input),
  remove: (id: string) => http.delete<void>(`${url}/{id}`, undefined, { path: { id } }),
  download: (row: Pick<SkuImageExportDto, 'id' | 'fileName'>) =>
    downloadExport(`${url}/${encodeURIComponent(row.id)}/download`, {}, row.fileName),
};

/** Texts of the page (server resource `Catalog`, keys `SkuImages:…`). */
export const LS = (key: string, ...args: unknown[]) => LC(`SkuImages:${key}`, ...args);

/** SKUs typed or pasted: one per line, or separated by commas, semicolons or spaces; upper-cased, each once. */
export function parseSkus(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,，;；]+/)) {
    const sku = part.trim().toUpperCase();
    if (sku) seen.add(sku);
  }
  return [...seen];
}

/** Bytes as the list shows them (KB / MB / GB, one decimal). */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

import type { Json, productDto, productListItem, productVendorDto, recycledVendorDto } from '@seller/contracts/catalog';
import { PmsStatus, ProductRegions, ProductResources, ProductSalesTypes } from '@seller/contracts/constants';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import type { CrudQuery } from '../../components/crud/index.ts';
import type { PagedResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import { LC } from './api.ts';

/** Products and the recycle area (`/api/catalog/products`, `/api/catalog/recycle/products`). */

export type ProductDto = Json<z.infer<typeof productDto>>;
/** A variant; `weight` null follows the product's weight. */
export type VariantDto = ProductDto['variants'][number];
/** One row of the product's spec sheet (e.g. 材质: 304 不锈钢). */
export type SpecificationDto = ProductDto['specifications'][number];
/** A value of one of the tenant's screening attributes (`/product/screen-attributes`). */
export type ScreenValue = ProductDto['screenValues'][number];
export type VariantOption = ProductDto['variantOptions'][number];
/** A row of the product list and the recycle area: lighter than the DTO (no variants, no description). */
export type ProductListItem = Json<z.infer<typeof productListItem>>;

/** A picked range of days as the list wants it: from the first day's start to the start of the day after the last. */
export function createdRange(range: [Dayjs | null, Dayjs | null] | null): { createdFrom?: string; createdTo?: string } {
  return {
    createdFrom: range?.[0]?.startOf('day').toISOString(),
    createdTo: range?.[1]?.add(1, 'day').startOf('day').toISOString(),
  };
}

const url = '/api/catalog/products';
const recycleUrl = '/api/catalog/recycle/products';

/** Spec §5: a call without its required id is a client error, before anything is sent. */
function requireId(id: string | undefined | null, name = 'id'): string {
  if (!id) throw new Error(`Missing path parameter value for ${name}`);
  return id;
}

export const productsApi = {
  url,
  list: (q: CrudQuery, signal?: AbortSignal) => http.get<PagedResult<ProductListItem>>(url, { ...q }, { signal }),
  get: (id: string) => http.get<ProductDto>(`${url}/{id}`, undefined, { path: { id } }),
  create: (input: object) => http.post<ProductDto>(url, input),
  update: (id: string, input: object) => http.put<ProductDto>(`${url}/{id}`, input, { path: { id } }),
  remove: (id: string) => http.delete<void>(`${url}/{id}`, undefined, { path: { id } }),
  setActive: (id: string, isActive: boolean) =>
    http.put<ProductDto>(`${url}/{id}/set-active`, { isActive }, { path: { id } }),
  approve: (id: string, pmsStatus: number) =>
    http.post<ProductDto>(`${url}/approve-product`, { id: requireId(id), pmsStatus }),
  generateSku: (prefix: string, categoryId?: string) =>
    http.post<{ sku: string }>(`${url}/generate-sku`, undefined, { params: { prefix, categoryId } }),
  removeVariant: (id: string) => http.delete<void>(`${url}/remove-variant/{id}`, undefined, { path: { id } }),
  removeSpecification: (id: string) =>
    http.delete<void>(`${url}/remove-specification/{id}`, undefined, { path: { id: requireId(id) } }),
  addImages: (productId: string, urls: string[], mainUrl?: string) =>
    http.post<ProductDto>(`${url}/add-images/{productId}`, { urls, mainUrl }, { path: { productId } }),
  removeImages: (productId: string, urls: string[]) =>
    http.delete<void>(`${url}/remove-product-images/{productId}`, { Urls: urls.join(',') }, { path: { productId } }),
};

export interface ImportReport {
  created: number;
  errors: { row: number; field: string; column: string; message: string }[];
}

/** Excel import of products: all rows or none, with a per-row error report. */
export const productImportApi = {
  upload: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return http.request<ImportReport>(`${url}/import`, { method: 'POST', multipart: form, timeoutMs: 120_000 });
  },
  templatePath: `${url}/import-template`,
};

/** The files service: uploads answer a URL; reading one needs the bearer token, so images are fetched as blobs. */
export const filesApi = {
  upload: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return http.request<{ url: string; contentType: string; size: number }>('/api/files', {
      method: 'POST',
      multipart: form,
      timeoutMs: 120_000,
    });
  },
  blob: (fileUrl: string) => http.request<Blob>(fileUrl, { responseType: 'blob', notify: false }),
};

export const recycleApi = {
  list: (q: CrudQuery, signal?: AbortSignal) =>
    http.get<PagedResult<ProductListItem>>(recycleUrl, { ...q }, { signal }),
  reback: (id: string) => http.put<ProductDto>(`${recycleUrl}/{id}/reback`, {}, { path: { id } }),
  clear: (id: string) => http.delete<void>(`${recycleUrl}/{id}/clear`, undefined, { path: { id } }),
};

export const pmsStatusLabel = (status: number) => LC(`PmsStatus:${status}`);
export const pmsStatusOptions = () =>
  Object.values(PmsStatus).map((value) => ({ value, label: pmsStatusLabel(value) }));
/** Labels of the product's option sets (`Catalog::Region:MY`, `Catalog::SalesType:normal`, `Catalog::Resource:factory`). */
export const regionLabel = (region: string) => LC(`Region:${region}`);
export const salesTypeLabel = (type: string) => LC(`SalesType:${type}`);
export const resourceLabel = (resource: string) => LC(`Resource:${resource}`);
export const regionOptions = () => ProductRegions.map((value) => ({ value, label: regionLabel(value) }));
export const salesTypeOptions = () => ProductSalesTypes.map((value) => ({ value, label: salesTypeLabel(value) }));
export const resourceOptions = () => ProductResources.map((value) => ({ value, label: resourceLabel(value) }));
export const pmsStatusColor: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'cyan',
  3: 'success',
  4: 'warning',
  5: 'error',
};

/** Product vendors (`/api/catalog/products/*-product-vendor*`) and their recycle area (`/api/catalog/recycle/vendors`). */

export type ProductVendorDto = Json<z.infer<typeof productVendorDto>>;
export type TierPrice = ProductVendorDto['tiers'][number];
/** A recycled link, with the product it belonged to. */
export type RecycledVendorDto = Json<z.infer<typeof recycledVendorDto>>;

const vendorRecycleUrl = '/api/catalog/recycle/vendors';

export const productVendorsApi = {
  list: (productId: string) =>
    http.get<{ items: ProductVendorDto[] }>(`${url}/product-vendors/{productId}`, undefined, { path: { productId } }),
  add: (productId: string, input: object) =>
    http.post<ProductVendorDto>(`${url}/add-product-vendor`, {
      ...input,
      productId: requireId(productId, 'productId'),
    }),
  update: (id: string, input: object) =>
    http.put<ProductVendorDto>(`${url}/update-product-vendor`, { ...input, id: requireId(id) }),
  remove: (productId: string, supplierId: string) =>
    http.delete<void>(`${url}/remove-product-vendor`, {
      ProductId: requireId(productId, 'ProductId'),
      VendorId: requireId(supplierId, 'VendorId'),
    }),
};

export const vendorRecycleApi = {
  list: (q: CrudQuery, signal?: AbortSignal) =>
    http.get<PagedResult<RecycledVendorDto>>(vendorRecycleUrl, { ...q }, { signal }),
  reback: (id: string) => http.put<ProductVendorDto>(`${vendorRecycleUrl}/{id}/reback`, {}, { path: { id } }),
  clear: (id: string) => http.delete<void>(`${vendorRecycleUrl}/{id}/clear`, undefined, { path: { id } }),
};

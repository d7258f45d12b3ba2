import type { Json } from '@seller/contracts/fields';
import {
  type ArticleAction,
  type articleDto,
  type BannerPosition,
  BannerPositions,
  type bannerDto,
  type CartDto as CartDtoShape,
  type ReviewAction,
  type ReviewDto as ReviewDtoShape,
  type ShopperDto as ShopperDtoShape,
  type SiteCategoryDto as SiteCategoryDtoShape,
  SiteLanguages,
  SitePaymentTypes,
  type SiteProductDto as SiteProductDtoShape,
  type SiteSecretDto,
  type SiteSettingsDto,
  type siteDto,
} from '@seller/contracts/sitekit';
import type { SalesOrderListItem } from '@seller/contracts/trade';
import type { z } from 'zod';
import { resourceApi } from '../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import { localize } from '../../lib/i18n/index.ts';

/** The seller's storefronts (`/api/sitekit/...`): shapes (the server's output schemas, as JSON), calls and texts. */

export type SiteDto = Json<z.infer<typeof siteDto>>;
export type SiteSecret = Json<SiteSecretDto>;
export type SiteSettings = SiteSettingsDto;
export type ArticleDto = Json<z.infer<typeof articleDto>>;

const ARTICLES = '/api/sitekit/articles';
export const articlesApi = {
  url: ARTICLES,
  create: (input: object) => http.post<ArticleDto>(ARTICLES, input),
  update: (id: string, input: object) => http.put<ArticleDto>(`${ARTICLES}/{id}`, input, { path: { id } }),
  act: (id: string, action: ArticleAction) =>
    http.post<ArticleDto>(`${ARTICLES}/{id}/${action}`, undefined, { path: { id } }),
  purge: (id: string) => http.delete<void>(`${ARTICLES}/{id}`, undefined, { path: { id } }),
};

const SITES = '/api/sitekit/sites';
export const sitesApi = {
  ...resourceApi<SiteDto>(SITES),
  /** Issues the site a new secret: answered this once. */
  rotateSecret: (id: string) => http.put<SiteSecret>(`${SITES}/{id}/refresh-token`, undefined, { path: { id } }),
  settings: (id: string) => http.get<SiteSettings>(`${SITES}/{id}/settings`, undefined, { path: { id } }),
  saveSettings: (id: string, input: object) =>
    http.put<SiteSettings>(`${SITES}/{id}/settings`, input, { path: { id } }),
};

/** What a site's form picks from (other modules' lists, read here: features do not import each other). */
export const sitePickersApi = {
  warehouses: () =>
    http.get<ListResult<{ id: string; code: string; name: string; isActive: boolean }>>(
      '/api/logistics/warehouses/all',
      undefined,
      { notify: false },
    ),
  priceRules: () =>
    http.get<PagedResult<{ id: string; name: string }>>(
      '/api/catalog/price-rule',
      { maxResultCount: 1000 },
      { notify: false },
    ),
};

export const sitekitKeys = {
  sites: ['sitekit', 'sites'] as const,
  siteOptions: ['sitekit', 'sites', 'all'] as const,
  settings: (id: string) => ['sitekit', 'sites', 'settings', id] as const,
  warehouses: ['sitekit', 'pickers', 'warehouses'] as const,
  priceRules: ['sitekit', 'pickers', 'price-rules'] as const,
};

export const SL = (key: string, ...args: unknown[]) => localize(`Sitekit::${key}`, ...args);

/** A site language as the languages menu names it. */
const LANGUAGE_NAMES: Record<(typeof SiteLanguages)[number], string> = { 'zh-Hans': '简体中文', en: 'English' };
export const siteLanguageOptions = () => SiteLanguages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));
export const siteLanguageName = (l: string) => LANGUAGE_NAMES[l as keyof typeof LANGUAGE_NAMES] ?? l;

let zones: string[] | undefined;
/** The IANA time zones this browser knows. */
export function timeZoneOptions(): { value: string; label: string }[] {
  zones ??= (() => {
    try {
      return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
    } catch {
      return ['UTC', 'Asia/Shanghai'];
    }
  })();
  return zones.map((z) => ({ value: z, label: z }));
}

export const paymentTypeOptions = () => SitePaymentTypes.map((p) => ({ value: p, label: SL(`PaymentType:${p}`) }));

export type BannerDto = Json<z.infer<typeof bannerDto>>;
const BANNERS = '/api/sitekit/banners';
/** A site's banners (of one position): the kit's calls, the list narrowed by the query members. */
export const bannersApi = (siteId: string | undefined, position?: BannerPosition) => ({
  ...resourceApi<BannerDto>(BANNERS),
  list: (q: object, signal?: AbortSignal) =>
    http.get<PagedResult<BannerDto>>(BANNERS, { ...q, siteId, position }, { signal }),
});
export const bannerPositionOptions = (except?: BannerPosition) =>
  BannerPositions.filter((p) => p !== except).map((p) => ({ value: p, label: SL(`BannerPosition:${p}`) }));

// ——— the site's catalogue, shoppers, carts, reviews and online orders ———

export type SiteCategoryDto = Json<SiteCategoryDtoShape>;
export type SiteProductDto = Json<SiteProductDtoShape>;
export type ShopperDto = Json<ShopperDtoShape>;
export type CartDto = Json<CartDtoShape>;
export type ReviewDto = Json<ReviewDtoShape>;
export type SiteOrderRow = Json<SalesOrderListItem>;

const CATEGORIES = '/api/sitekit/categories';
/** A site's category tree (the kit's resource), read whole: a site has at most a few hundred. */
export const siteCategoriesApi = {
  url: CATEGORIES,
  all: (siteId: string, signal?: AbortSignal) =>
    http.get<PagedResult<SiteCategoryDto>>(CATEGORIES, { siteId, maxResultCount: 1000 }, { signal }),
  create: (input: object) => http.post<SiteCategoryDto>(CATEGORIES, input),
  update: (id: string, input: object) => http.put<SiteCategoryDto>(`${CATEGORIES}/{id}`, input, { path: { id } }),
  remove: (id: string) => http.delete<void>(`${CATEGORIES}/{id}`, undefined, { path: { id } }),
};

/** A site category's whole update body (`siteCategoryUpdateInput`) as it is now, with `patch` over it. */
export const categoryUpdateBody = (c: SiteCategoryDto, patch: Partial<SiteCategoryDto> = {}) => {
  const next = { ...c, ...patch };
  return {
    parentId: next.parentId,
    name: next.name,
    nameEn: next.nameEn,
    slug: next.slug,
    description: next.description,
    imageUrl: next.imageUrl,
    sortOrder: next.sortOrder,
    isPublished: next.isPublished,
    catalogCategoryIds: next.catalogCategoryIds,
    concurrencyStamp: c.concurrencyStamp,
  };
};

const PRODUCTS = '/api/sitekit/products';
export const siteProductsApi = {
  url: PRODUCTS,
  update: (id: string, input: object) => http.put<SiteProductDto>(`${PRODUCTS}/{id}`, input, { path: { id } }),
  /** Publishes or hides one product; `quiet` leaves a refusal to the caller (a bulk run counts them). */
  act: (id: string, action: 'publish' | 'unpublish', quiet = false) =>
    http.post<SiteProductDto>(`${PRODUCTS}/{id}/${action}`, undefined, { path: { id }, notify: !quiet }),
  remove: (id: string) => http.delete<void>(`${PRODUCTS}/{id}`, undefined, { path: { id } }),
  sync: (input: { siteId: string; productIds: string[]; publish: boolean }) =>
    http.post<{ created: number; updated: number }>(`${PRODUCTS}/sync`, input),
};

/** A catalogue category or product as the site's pages pick them (read here: features do not import each other). */
export interface CatalogCategoryOption {
  id: string;
  parentId: string | null;
  code: string;
  name: string;
  nameEn: string | null;
}
export interface CatalogProductOption {
  id: string;
  sku: string;
  name: string;
}
export const catalogPickersApi = {
  categories: () => http.get<ListResult<CatalogCategoryOption>>('/api/catalog/categories/all'),
  products: (filter: string | undefined, signal?: AbortSignal) =>
    http.get<PagedResult<CatalogProductOption>>(
      '/api/catalog/products',
      { filter: filter || undefined, skipCount: 0, maxResultCount: 20 },
      { signal, notify: false },
    ),
};

const SHOPPERS = '/api/sitekit/shoppers';
export const shoppersApi = {
  url: SHOPPERS,
  act: (id: string, action: 'disable' | 'enable') =>
    http.post<ShopperDto>(`${SHOPPERS}/{id}/${action}`, undefined, { path: { id } }),
};

const CARTS = '/api/sitekit/carts';
export const cartsApi = {
  url: CARTS,
  get: (id: string) => http.get<CartDto>(`${CARTS}/{id}`, undefined, { path: { id } }),
  sendRecovery: (id: string) => http.post<CartDto>(`${CARTS}/{id}/send-recovery`, undefined, { path: { id } }),
  remove: (id: string) => http.delete<void>(`${CARTS}/{id}`, undefined, { path: { id } }),
};

const REVIEWS = '/api/sitekit/reviews';
export const reviewsApi = {
  url: REVIEWS,
  /** Approves or rejects one review; `quiet` leaves a refusal to the caller (a bulk run counts them). */
  act: (id: string, action: ReviewAction, quiet = false) =>
    http.post<ReviewDto>(`${REVIEWS}/{id}/${action}`, undefined, { path: { id }, notify: !quiet }),
  reply: (id: string, input: { reply: string | null; concurrencyStamp?: string }) =>
    http.put<ReviewDto>(`${REVIEWS}/{id}/reply`, input, { path: { id } }),
  remove: (id: string) => http.delete<void>(`${REVIEWS}/{id}`, undefined, { path: { id } }),
};

/** The site's online orders: trade's sales orders of source SITE (trade's list and pages). */
export const siteOrdersUrl = '/api/trade/orders';
/**
 * Where trade shows an order (`/order/orders`, the 销售订单 page): its list narrowed to the order
 * by its number (the list kit keeps its search in the URL), the order's id beside it.
 */
export const tradeOrderHref = (order: { id?: string | null; orderNo: string }) => {
  const q = new URLSearchParams({ source: 'SITE', filter: order.orderNo });
  if (order.id) q.set('id', order.id);
  return `/order/orders?${q.toString()}`;
};

export const sitekitShopKeys = {
  categories: (siteId: string) => [CATEGORIES, siteId] as const,
  catalogCategories: ['sitekit', 'pickers', 'catalog-categories'] as const,
  catalogProducts: (filter: string) => ['sitekit', 'pickers', 'catalog-products', filter] as const,
  cart: (id: string) => [CARTS, 'one', id] as const,
};

import type { ProductListItem } from '@seller/contracts/catalog';
import type { Json } from '@seller/contracts/fields';
import type { StockRuleDto, StockRuleInput } from '@seller/contracts/marketplaces';
import {
  type CatalogOptionsDto,
  type CategoryMappingDto,
  type CategoryMappingInput,
  type ChannelListingDto,
  type ItemPullDto,
  type ListingAction,
  type ListingBulkResultDto,
  type ListingDto,
  type ListingEventDto,
  type ListingPreviewRow,
  ListingStatus,
  type MarketItemDto,
  type MarketLogisticsChannelDto,
  type MarketPlatform,
  type PlatformAttributeDto,
  type PlatformCategoryDto,
  type PublishListingItem,
  type PublishResultDto,
  type ShopCallDto,
  type ShopDto,
  type ShopManagementDto,
  type SyncResultDto,
} from '@seller/contracts/marketplaces';
import { type CrudQuery, resourceApi } from '../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import { localize } from '../../lib/i18n/index.ts';

// ================================================================================================
// Listings (`/api/catalog/listing`): the published pages, the publish wizard, the product's card.
// ================================================================================================

export type Listing = Json<ListingDto>;
export type ListingEvent = Json<ListingEventDto>;
export type ChannelListing = Json<ChannelListingDto>;
export type PreviewRow = Json<ListingPreviewRow>;
export type PublishResult = Json<PublishResultDto>;
export type BulkResult = Json<ListingBulkResultDto>;
export type ListingShop = Json<ShopDto>;
export type PickerProduct = Json<ProductListItem>;

/** The listings list (the list kit's `listingList`: the page, `/counts`, `/export`). */
export const listingUrl = '/api/catalog/listing';
/** A platform's shops as `{ items: { id, name } }`: the options of a shop filter. */
export const platformShopsUrl = (platform: MarketPlatform) => `/api/sitekit/shopes/all?platform=${platform}`;

export const listingsApi = {
  events: (id: string, q: { skipCount?: number; maxResultCount?: number } = {}) =>
    http.get<PagedResult<ListingEvent>>(`${listingUrl}/{id}/events`, { ...q }, { path: { id } }),
  channel: (productId: string) => http.get<ListResult<ChannelListing>>(`${listingUrl}/channel-listing`, { productId }),
  /** One action on one listing; `drop` answers nothing when the local row is gone at once. */
  act: (id: string, action: ListingAction) =>
    action === 'drop'
      ? http.delete<Listing | undefined>(`${listingUrl}/{id}/drop`, undefined, { path: { id } })
      : http.put<Listing>(`${listingUrl}/{id}/${action}`, undefined, { path: { id } }),
  bulkPause: (ids: string[]) => http.put<BulkResult>(`${listingUrl}/bulk-pause`, { ids }),
  bulkCancel: (ids: string[]) => http.put<BulkResult>(`${listingUrl}/bulk-cancel`, { ids }),
  preview: (productIds: string[], shopIds: string[]) =>
    http.post<{ items: PreviewRow[] }>(`${listingUrl}/preview`, { productIds, shopIds }),
  publish: (items: Json<PublishListingItem>[]) => http.post<PublishResult>(listingUrl, { items }),
  /** The marketplace shops of one platform (`/api/sitekit/shopes/all`). */
  shops: (platform?: MarketPlatform) => http.get<ListResult<ListingShop>>('/api/sitekit/shopes/all', { platform }),
  /** The catalogue's products for the wizard's picker (read by URL: features never import each other). */
  products: (q: CrudQuery, signal?: AbortSignal) =>
    http.get<PagedResult<PickerProduct>>('/api/catalog/products', { ...q }, { signal }),
};

export const listingKeys = {
  all: ['marketplaces', 'listings'] as const,
  events: (id: string) => ['marketplaces', 'listings', 'events', id] as const,
  shops: (platform?: string) => ['marketplaces', 'shops', 'all', platform ?? 'any'] as const,
};

/** Texts of listings (server resource `Listings`). */
export const LL = (key: string, ...args: unknown[]) => localize(`Listings::${key}`, ...args);

/** The tabs of the published page, in the spec's order, with their tag colours. */
export const listingStatusTabs: { code: number; color: string }[] = [
  { code: ListingStatus.Queue, color: 'default' },
  { code: ListingStatus.Process, color: 'processing' },
  { code: ListingStatus.Success, color: 'success' },
  { code: ListingStatus.Failure, color: 'error' },
  { code: ListingStatus.Hold, color: 'warning' },
  { code: ListingStatus.Cancel, color: 'default' },
  { code: ListingStatus.Offline, color: 'purple' },
  { code: ListingStatus.Refreshing, color: 'cyan' },
];
export const listingStatusColor = (code: number) => listingStatusTabs.find((t) => t.code === code)?.color ?? 'default';
export const listingStatusLabel = (code: number) => LL(`Status:${code}`);
export const platformLabel = (p: string) => (p === 'LAZADA' ? 'Lazada' : p === 'SHOPEE' ? 'Shopee' : p);
/** The published page of a platform (its menu path). */
export const publishedPath = (p: string) => `/publishingPlatform/${p.toLowerCase()}/published`;
export const categoryMappingPath = (p: string) => `/publishingPlatform/${p.toLowerCase()}/classified`;
export const PUBLISH_PATH = '/publishingPlatform/publishs/publish-lazada-shopee';

// ======================================= end of listings =======================================

// ================================================================================================
// Category mapping (`/api/catalog/category-mapping`), marketplace items (`/api/catalog/listing-items`)
// and marketplace logistics channels (`/api/sitekit/shopes/{id}/logistics-channels`).
// ================================================================================================

export type CategoryMapping = Json<CategoryMappingDto>;
export type PlatformCategory = Json<PlatformCategoryDto>;
export type PlatformAttribute = Json<PlatformAttributeDto>;
export type CatalogOptions = Json<CatalogOptionsDto>;
export type MarketItem = Json<MarketItemDto>;
export type ItemPull = Json<ItemPullDto>;
export type SyncResult = Json<SyncResultDto>;
export type MarketChannel = Json<MarketLogisticsChannelDto>;

const mappingUrl = '/api/catalog/category-mapping';

export const categoryMappingApi = {
  list: (q: CrudQuery & { platform?: MarketPlatform; region?: string; categoryId?: string }, signal?: AbortSignal) =>
    http.get<PagedResult<CategoryMapping>>(mappingUrl, { ...q }, { signal }),
  get: (id: string) => http.get<CategoryMapping>(`${mappingUrl}/{id}`, undefined, { path: { id } }),
  create: (input: CategoryMappingInput) =>
    http.post<CategoryMapping>(mappingUrl, input, { notify: (e) => e.status !== 400 }),
  update: (id: string, input: CategoryMappingInput & { concurrencyStamp?: string }) =>
    http.put<CategoryMapping>(`${mappingUrl}/{id}`, input, { path: { id }, notify: (e) => e.status !== 400 }),
  remove: (id: string) => http.delete<void>(`${mappingUrl}/{id}`, undefined, { path: { id } }),
  /** Children of `parentId` (top level without), or a search by name path. */
  platformCategories: (q: { shopId: string; region?: string; parentId?: string; filter?: string }) =>
    http.get<{ platform: string; region: string; fetchedAt: string; items: PlatformCategory[] }>(
      `${mappingUrl}/platform-categories`,
      { ...q },
    ),
  platformAttributes: (q: { shopId: string; region?: string; categoryId: string }) =>
    http.get<{ categoryId: string; items: PlatformAttribute[]; brands: { id: string; name: string }[] }>(
      `${mappingUrl}/platform-attributes`,
      { ...q },
    ),
  refresh: (q: { shopId: string; region?: string }) =>
    http.post<{ platform: string; region: string; categoryCount: number }>(`${mappingUrl}/refresh`, undefined, {
      params: { ...q },
    }),
  catalogOptions: () => http.get<CatalogOptions>(`${mappingUrl}/catalog-options`),
};

/** The items list (the list kit's `marketItemList`). */
export const itemsUrl = '/api/catalog/listing-items';
/** Most items one push or status pull takes (`pushPriceStockInput.itemIds`' bound). */
export const ITEMS_PUSH_MAX = 50;

export const marketItemsApi = {
  pull: (shopId: string) => http.post<ItemPull>(`${itemsUrl}/pull`, undefined, { params: { shopId } }),
  latestPull: (shopId: string) => http.get<{ pull: ItemPull | null }>(`${itemsUrl}/pulls/latest`, { shopId }),
  pushPriceStock: (input: { shopId: string; itemIds: string[]; stock?: boolean }) =>
    http.post<SyncResult>(`${itemsUrl}/push-price-stock`, input),
  pullStatus: (input: { shopId: string; itemIds: string[] }) =>
    http.post<ListResult<MarketItem>>(`${itemsUrl}/pull-status`, input),
};

const shopsUrl = '/api/sitekit/shopes';

export const marketChannelsApi = {
  list: (shopId: string) =>
    http.get<ListResult<MarketChannel>>(`${shopsUrl}/{id}/logistics-channels`, undefined, { path: { id: shopId } }),
  pull: (shopId: string) =>
    http.post<ListResult<MarketChannel>>(`${shopsUrl}/{id}/logistics-channels/pull`, undefined, {
      path: { id: shopId },
    }),
  update: (shopId: string, channelId: string, input: { enabled: boolean; logisticsChannelId: string | null }) =>
    http.put<MarketChannel>(`${shopsUrl}/{id}/logistics-channels/{channelId}`, input, {
      path: { id: shopId, channelId },
    }),
  ownOptions: () =>
    http.get<ListResult<{ id: string; code: string; name: string }>>('/api/sitekit/logistics-channel-options'),
};

export const mappingKeys = {
  all: ['marketplaces', 'category-mappings'] as const,
  options: ['marketplaces', 'category-mappings', 'catalog-options'] as const,
  items: (shopId: string | undefined) => ['marketplaces', 'items', shopId ?? 'none'] as const,
  channels: (shopId: string | undefined) => ['marketplaces', 'logistics-channels', shopId ?? 'none'] as const,
};

/** Texts of category mapping (server resource `CategoryMapping`) and of the item pages (`MarketItems`). */
export const LM = (key: string, ...args: unknown[]) => localize(`CategoryMapping::${key}`, ...args);
export const LI = (key: string, ...args: unknown[]) => localize(`MarketItems::${key}`, ...args);

// ==================================== end of category mapping ===================================

// ================================================================================================
// Shops (`/api/sitekit/shopes`): the shop pages, their authorization and call log, the callback.
// ================================================================================================

export type Shop = Json<ShopDto>;
/** A row of the shops page: the shop with its calls of the last day. */
export type ShopRow = Json<ShopManagementDto>;
export type ShopCall = Json<ShopCallDto>;
/** The shops page's list (`shopManagementList`). */
export const shopsManagementUrl = `${shopsUrl}/management`;

export const shopsApi = {
  ...resourceApi<Shop>(shopsUrl),
  create: (input: object) => http.post<Shop>(shopsUrl, input, { notify: (e) => e.status !== 400 }),
  update: (id: string, input: object) =>
    http.put<Shop>(`${shopsUrl}/{id}`, input, { path: { id }, notify: (e) => e.status !== 400 }),
  /** The marketplace's consent link; the browser goes there and comes back to `redirectUri`. */
  authorizeUrl: (q: { platform: MarketPlatform; redirectUri: string; shopId?: string; region?: string }) =>
    http.get<{ url: string; state: string }>(`${shopsUrl}/authorize-url`, { ...q }),
  /** The callback's code and state (and Shopee's shop_id) exchanged for the shop's tokens. */
  authorize: (input: { code: string; state: string; shopId?: string }) =>
    http.post<Shop>(`${shopsUrl}/authorize`, input, { notify: false }),
  refreshToken: (id: string) => http.put<Shop>(`${shopsUrl}/{id}/refresh-token`, undefined, { path: { id } }),
  logs: (id: string, q: { skipCount?: number; maxResultCount?: number; failed?: boolean }) =>
    http.get<PagedResult<ShopCall>>(`${shopsUrl}/{id}/logs`, { ...q }, { path: { id } }),
};

export const shopKeys = {
  logs: (id: string, failed: boolean) => ['marketplaces', 'shops', 'logs', id, failed] as const,
};

/** Where a marketplace's consent page sends the seller back (the callback page's menu path). */
export const SHOP_CALLBACK_PATH = '/publishingPlatform/shop-callback';
export const shopsPath = (p: string) =>
  `/publishingPlatform/${p.toLowerCase()}/shop${p === 'LAZADA' ? 'Lazada' : 'Shopee'}`;

/** Texts of shops (server resource `Shops`). */
export const LS = (key: string, ...args: unknown[]) => localize(`Shops::${key}`, ...args);

/** The token state's tag colour. */
export const shopStatusColor: Record<string, string> = {
  unauthorized: 'default',
  active: 'success',
  expiring: 'warning',
  expired: 'error',
  revoked: 'error',
};

// ======================================== end of shops ==========================================

/** Stock sync texts (resource `StockSync`). */
export const LSS = (key: string, ...args: unknown[]) => localize(`StockSync::${key}`, ...args);
/** A shop's stock sync: its rule, the push now, the push log (`…/pushes`, the list kit). */
export const stockSyncUrl = (shopId: string) => `/api/sitekit/shopes/${shopId}/stock`;
export const stockSyncApi = {
  rule: (shopId: string) => http.get<StockRuleDto>(`${stockSyncUrl(shopId)}/rule`),
  setRule: (shopId: string, input: StockRuleInput) => http.put<StockRuleDto>(`${stockSyncUrl(shopId)}/rule`, input),
  pushNow: (shopId: string) => http.post<{ queued: number }>(`${stockSyncUrl(shopId)}/push`, {}),
};

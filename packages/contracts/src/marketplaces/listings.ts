import { z } from 'zod';
import { commaList, ofProduct, optional } from '../fields.ts';
import { column, defineList, filter } from '../lists.ts';
import { atMost, NumberBounds } from '../numbers.ts';
import { bulkResult } from '../paging.ts';
import { priceStepDto } from '../pricing/price-rules.ts';
import {
  type ListingAction,
  ListingActions,
  ListingStatusCodes,
  MarketPlatforms,
  sellerSkuOffer,
  skuPriceAndStock,
} from './common.ts';

/**
 * Listings (domain §8): one catalogue product on one marketplace shop, published and kept in sync
 * by durable jobs. States and the transition table are in `common.ts` (`listingTransitions`).
 * Refusals are `Listings::` text keys, localized by the server.
 *
 * Routes (all under `/api/catalog/listing`; permission `Marketplaces.Listings` unless said):
 * - `GET    /`                        list (`listingList`) → `{ totalCount, items: ListingDto[] }`
 * - `GET    /counts`                  counts per status under the same filters minus `status` → `{ total, capped, counts }`
 * - `GET    /{id}`                    one listing with its SKUs → `ListingDetailDto`
 * - `GET    /{id}/events`             its history, newest first (`pagedQuery`) → `{ totalCount, items: ListingEventDto[] }`
 * - `GET    /channel-listing?productId=`  the product's listings, one per shop → `{ items: ChannelListingDto[] }`
 * - `POST   /preview`                 `.Create`: `listingPreviewInput` → `{ items: ListingPreviewRow[] }` (what the wizard shows)
 * - `POST   /`                        `.Create`: `publishListingsInput` → `PublishResultDto` (one listing per product × shop, queued;
 *                                     a row whose product × shop already has a listing that is not dropped is refused in its row;
 *                                     the same product × shop twice in one request is a 400 on `items[i]`)
 * - `DELETE /?ids=a,b`                `.Delete`: drop per row (the `drop` action) → `ListingBulkResultDto`
 * - `PUT    /bulk-pause`              `.Manage`: `listingIdsInput` → `ListingBulkResultDto` (the `pause` action per row)
 * - `PUT    /bulk-cancel`             `.Manage`: `listingIdsInput` → `ListingBulkResultDto` (the `cancel` action per row)
 * - `POST   /sync`                    `.Manage`: `listingSyncInput` → `ListingBulkResultDto`: pushes the catalogue's price and stock
 *                                     to live (Success) listings as jobs; rows not live are refused in their row
 * - `PUT    /{id}/pause|resume|cancel|refresh|online|offline`  `.Manage` → `ListingDto`; an action the state does not
 *                                     allow is a 409 naming the state
 * - `DELETE /{id}/drop`               `.Delete` → `ListingDto` when the marketplace item is removed first (status Process),
 *                                     204 when the local row is gone at once
 *
 * Every state change is pushed to the tenant's connections as the hub event `LISTING_CHANGED_EVENT`.
 */

export const LISTING_BULK_MAX = 100;
export const LISTING_PUBLISH_MAX = 200;
export const LISTING_PREVIEW_PRODUCTS_MAX = 50;
export const LISTING_PREVIEW_SHOPS_MAX = 20;

/** The operation a listing's worker runs (or ran last). */
export const ListingOps = ['CREATE', 'UPDATE', 'ONLINE', 'OFFLINE', 'DELETE', 'REFRESH'] as const;
export type ListingOp = (typeof ListingOps)[number];

/** What a listing event records: a user's action, or what the worker saw. */
export const ListingEventKinds = [
  ...ListingActions,
  'publish',
  'sync',
  'claimed',
  'created',
  'pending',
  'live',
  'rejected',
  'retry',
  'failed',
  'done',
] as const;
export type ListingEventKind = (typeof ListingEventKinds)[number];

const _listingStatus = z.coerce
  .number()
  .int()
  .refine((v) => (ListingStatusCodes as number[]).includes(v), 'Listings::UnknownStatus');

/** Decimal text as the marketplace takes a price: up to 2 places, above 0, at most a unit price's bound. */
export const LISTING_PRICE_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
const listingPrice = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'Listings::PriceFormat' })
    .regex(LISTING_PRICE_PATTERN, 'Listings::PriceFormat')
    .refine((v) => Number(v) > 0, 'Listings::PriceFormat')
    .check(atMost(NumberBounds.unitPrice)),
);

// ---- list ----------------------------------------------------------------------------------------

export const ListingSortings = [
  'creationTime',
  'status',
  'publishedAt',
  'lastSyncedAt',
  'productSku',
  'shopName',
] as const;

/**
 * The listing list (`/api/catalog/listing`): status tabs with their counts (`/counts`), the
 * shop, platform and product, the keyword (SKU, product name, item id, shop name) and the
 * columns of the export. Sort keys: `ListingSortings` (default `creationTime desc`).
 */
export const listingList = defineList({
  texts: 'Listings',
  exportName: 'Page:Published',
  search: 'Page:KeywordPlaceholder',
  filters: {
    shopId: filter.ref('Shop', { label: 'Page:Shop' }),
    platform: filter.enum(MarketPlatforms, { label: 'Page:Platform', texts: 'Platform:' }),
    productId: filter.ref('Product', { label: 'Page:Product' }),
  },
  tabs: { member: 'status', values: ListingStatusCodes.map(String), texts: 'Status:' },
  columns: {
    productSku: column.text({ header: 'SKU', sort: true, width: 160 }),
    productName: column.text({ header: 'Page:Product', width: 256 }),
    platform: column.text({ header: 'Page:Platform', width: 80 }),
    shopName: column.text({ header: 'Page:Shop', sort: true, width: 224 }),
    status: column.enum(ListingStatusCodes.map(String), { header: 'Page:Status', texts: 'Status:', sort: true }),
    price: column.money('currency', { header: 'Page:Price', width: 96 }),
    currency: column.text({ header: 'Currency', exportOnly: true, width: 64 }),
    platformItemId: column.text({ header: 'Page:ItemId', width: 128 }),
    attempts: column.quantity({ header: 'Page:Attempts', width: 64 }),
    lastErrorMessage: column.text({ header: 'Page:LastError', exportOnly: true, width: 320 }),
    lastModificationTime: column.dateTime({ header: 'Page:Updated', width: 150 }),
    publishedAt: column.dateTime({ header: 'Page:PublishedAt', sort: true, hidden: true, noExport: true }),
    lastSyncedAt: column.dateTime({ header: 'Page:LastSyncedAt', sort: true, hidden: true, noExport: true }),
    creationTime: column.dateTime({ header: 'Page:Created', sort: true, hidden: true, noExport: true }),
  },
  defaultSort: 'creationTime desc',
});
export type ListingListQuery = z.infer<typeof listingList.query>;

/** The marketplace's last refusal, with its per-SKU rows (Lazada `detail`, Shopee `failure_list`). */
export const listingErrorDto = z.object({
  code: z.string(),
  message: z.string(),
  requestId: z.string().nullable(),
  rows: z.array(z.object({ sellerSku: z.string().nullable(), field: z.string().nullable(), message: z.string() })),
});
export type ListingErrorDto = z.infer<typeof listingErrorDto>;

/** A shop as a listing names it: its id and name, marketplace and region. */
const shopRef = {
  shopId: z.string(),
  shopName: z.string(),
  platform: z.enum(MarketPlatforms),
  region: z.string(),
};

/** A listing's shop and where it stands there: the list, the detail and the product's card say it alike. */
const listingOnShop = {
  ...shopRef,
  status: z.number().int(),
  platformItemId: z.string().nullable(),
  /** As the marketplace says it: Active, Pending QC, NORMAL, UNLIST, REVIEWING… */
  platformStatus: z.string().nullable(),
  /** The item on the marketplace's storefront, when it exists. */
  itemUrl: z.string().nullable(),
  /** The price and stock sent. */
  ...skuPriceAndStock,
  publishedAt: z.date().nullable(),
  /** From `allowedListingActions`: what the UI may offer now. */
  allowedActions: z.array(z.enum(ListingActions)),
};

export const listingDto = z.object({
  id: z.string(),
  ...listingOnShop,
  ...ofProduct,
  productImage: z.string().nullable(),
  /** The state restored when an online, offline, refresh or update fails. */
  priorStatus: z.number().int().nullable(),
  op: z.enum(ListingOps),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: listingErrorDto.nullable(),
  scheduledAt: z.date().nullable(),
  lastSyncedAt: z.date().nullable(),
  creationTime: z.date(),
  lastModificationTime: z.date().nullable(),
});
export type ListingDto = z.infer<typeof listingDto>;

export const listingSkuDto = z.object({
  ...sellerSkuOffer,
  platformSkuId: z.string().nullable(),
  /** Sale property name → value. */
  saleProps: z.record(z.string(), z.string()),
});
export type ListingSkuDto = z.infer<typeof listingSkuDto>;

export const listingDetailDto = listingDto.extend({
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  attributes: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  images: z.array(z.string()),
  skus: z.array(listingSkuDto),
});
export type ListingDetailDto = z.infer<typeof listingDetailDto>;

/** Status code (as text, JSON keys) → count, and `all`. */
export type ListingCounts = { total: number; capped: boolean; counts: Record<string, number> };

export const listingEventDto = z.object({
  id: z.string(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int().nullable(),
  /** A user action (`pause`…) or a worker event (`live`, `rejected`, `retry`…). */
  event: z.string(),
  /** Localized word for `event`. */
  eventName: z.string(),
  /** Who: the user's name, or null for the worker. */
  actor: z.string().nullable(),
  message: z.string().nullable(),
  requestId: z.string().nullable(),
  at: z.date(),
});
export type ListingEventDto = z.infer<typeof listingEventDto>;

/** A listing's history (`/api/catalog/listing/:id/events`), newest first; the listing is the path's. */
export const listingEventList = defineList({
  texts: 'Listings',
  exportName: 'Page:Events',
  filters: {},
  columns: {
    at: column.dateTime({ header: 'Page:EventAt', sort: true, width: 150 }),
    eventName: column.text({ header: 'Page:Event', width: 180 }),
    fromStatus: column.enum(ListingStatusCodes.map(String), { header: 'Page:FromStatus', texts: 'Status:' }),
    toStatus: column.enum(ListingStatusCodes.map(String), { header: 'Page:ToStatus', texts: 'Status:' }),
    actor: column.text({ header: 'Page:Actor', width: 120 }),
    message: column.text({ header: 'Page:EventMessage', width: 320 }),
  },
  defaultSort: 'at desc',
});

// ---- channel listings (product detail card) ------------------------------------------------------

export const channelListingQuery = z.object({ productId: z.guid() });

export const channelListingDto = z.object({
  listingId: z.string(),
  ...listingOnShop,
  lastError: z.string().nullable(),
});
export type ChannelListingDto = z.infer<typeof channelListingDto>;

// ---- preview and publish -------------------------------------------------------------------------

const guidList = (max: number, key: string) =>
  z
    .array(z.guid(), { error: key })
    .min(1, key)
    .max(max)
    .transform((list) => [...new Set(list)]);

export const listingPreviewInput = z.object({
  productIds: guidList(LISTING_PREVIEW_PRODUCTS_MAX, 'Listings::ProductRequired'),
  shopIds: guidList(LISTING_PREVIEW_SHOPS_MAX, 'Listings::ShopRequired'),
});
export type ListingPreviewInput = z.infer<typeof listingPreviewInput>;

/** Why a product × shop cannot be published as it is (`message` localized). */
export const listingProblemDto = z.object({
  code: z.enum([
    'NO_MAPPING',
    'MISSING_ATTRIBUTES',
    'NO_PRICE',
    'NO_IMAGES',
    'NO_STOCK',
    'ALREADY_LISTED',
    'SHOP_NOT_AUTHORIZED',
  ]),
  message: z.string(),
  /** Blocking problems refuse the publish; the others are warnings. */
  blocking: z.boolean(),
});
export type ListingProblemDto = z.infer<typeof listingProblemDto>;

export const listingPreviewRow = z.object({
  ...ofProduct,
  ...shopRef,
  currency: z.string(),
  /** The mapped platform category, or null when the product's category is not mapped for this platform. */
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Attribute values the mapping gives (name → value). */
  attributes: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** Mandatory attributes without a value: the wizard asks for them (`attributes` of the publish row). */
  missingAttributes: z.array(
    z.object({ name: z.string(), label: z.string(), options: z.array(z.object({ id: z.string(), name: z.string() })) }),
  ),
  /** The price from the best matching price rule (platform, site, shop), with its explanation; null without one. */
  price: z
    .object({
      amount: z.string(),
      currency: z.string(),
      priceRuleId: z.string(),
      priceRuleName: z.string(),
      steps: z.array(priceStepDto),
    })
    .nullable(),
  /** Total stock over the SKUs. */
  stock: z.number().int(),
  images: z.array(z.string()),
  skus: z.array(
    z.object({ sku: z.string(), price: z.string().nullable(), stock: z.number().int(), image: z.string().nullable() }),
  ),
  /** The listing this product already has on this shop (not dropped), if any. */
  existingListingId: z.string().nullable(),
  problems: z.array(listingProblemDto),
});
export type ListingPreviewRow = z.infer<typeof listingPreviewRow>;

const attributeValue = z.union([
  z.string().trim().min(1).max(2000),
  z.array(z.string().trim().min(1).max(500)).min(1).max(50),
]);

export const publishListingItem = z.object({
  productId: z.guid(),
  shopId: z.guid(),
  /** Platform attribute name → value, over what the category mapping gives (the wizard's inline fixes). */
  attributes: z.record(z.string().trim().min(1).max(100), attributeValue).default({}),
  /** The price of every SKU, in the site's currency; empty → the best matching price rule's. */
  price: optional(listingPrice),
  /** A platform category instead of the mapping's. */
  categoryId: optional(z.string().trim().min(1).max(64)),
});
export type PublishListingItem = z.infer<typeof publishListingItem>;

export const publishListingsInput = z.object({
  items: z
    .array(publishListingItem, { error: 'Listings::ItemsRequired' })
    .min(1, 'Listings::ItemsRequired')
    .max(LISTING_PUBLISH_MAX)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        const key = `${item.productId}|${item.shopId}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: 'Listings::DuplicateItem' });
        seen.add(key);
      });
    }),
  /** Publish no earlier than this (future); empty → now. */
  scheduledAt: optional(z.coerce.date({ error: 'Listings::DateFormat' })),
});
export type PublishListingsInput = z.infer<typeof publishListingsInput>;

/** Per row of the publish, in the order of `items`: the listing made, or why not (localized). */
export const publishResultDto = bulkResult({ productId: z.string(), shopId: z.string(), id: z.string().nullable() });
export type PublishResultDto = z.infer<typeof publishResultDto>;

// ---- bulk ----------------------------------------------------------------------------------------

export const listingIdsInput = z.object({ ids: guidList(LISTING_BULK_MAX, 'Listings::IdRequired') });
export type ListingIdsInput = z.infer<typeof listingIdsInput>;

/** `DELETE /?ids=a,b` (or repeated). */
export const listingIdsQuery = z.object({
  ids: z.preprocess(commaList, z.array(z.guid()).min(1, 'Listings::IdRequired').max(LISTING_BULK_MAX)),
});

/** `sync`: listings by id, or every live listing of these products. */
export const listingSyncInput = z
  .object({
    ids: z.array(z.guid()).max(LISTING_BULK_MAX).default([]),
    productIds: z.array(z.guid()).max(LISTING_BULK_MAX).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.ids.length === 0 && v.productIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Listings::IdRequired' });
  });
export type ListingSyncInput = z.infer<typeof listingSyncInput>;

/** Per row of a bulk action, in the order of the ids; `error` is localized (a refusal names the state). */
export const listingBulkResultDto = bulkResult({ id: z.string(), status: z.number().int().nullable() });
export type ListingBulkResultDto = z.infer<typeof listingBulkResultDto>;

/** The single-listing actions by URL segment (`drop` is `DELETE /{id}/drop`). */
export const listingActionPaths: readonly ListingAction[] = [
  'pause',
  'resume',
  'cancel',
  'refresh',
  'online',
  'offline',
];

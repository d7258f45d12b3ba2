import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, id, softDelete, tenantId, tenantKey, time } from '../../../core/db/columns.ts';

/**
 * Listings (domain §8.5): one catalogue product on one marketplace shop, its SKUs as the
 * marketplace knows them, and its history. Every state change is a compare-and-set on
 * (status, version); the worker owns a listing while it is in Process or Refreshing.
 */

/** What the listing sends (or sent): fixed when published, price and stock refreshed by a sync. */
export interface ListingDraft {
  categoryId: string | null;
  categoryName: string | null;
  /** Platform attribute name → value: the mapping's, then the user's fixes over them. */
  attributes: Record<string, string | string[]>;
  /** A price set by the user for every SKU, or null (the price rule's, or the catalogue's). */
  price: string | null;
  priceRuleId: string | null;
}

export interface ListingErrorRow {
  sellerSku: string | null;
  field: string | null;
  message: string;
}

export const listings = pgTable(
  'marketplace_listings',
  {
    id: id(),
    tenantId: tenantId(),
    shopId: uuid('shop_id').notNull(),
    /** The shop's name, platform and site when published (the list needs no other module). */
    shopName: varchar('shop_name', { length: 128 }).notNull(),
    platform: varchar('platform', { length: 16 }).notNull(),
    region: varchar('region', { length: 8 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    productId: uuid('product_id').notNull(),
    productSku: varchar('product_sku', { length: 50 }).notNull(),
    productName: varchar('product_name', { length: 255 }).notNull(),
    productImage: varchar('product_image', { length: 512 }),
    draft: jsonb('draft').$type<ListingDraft>().notNull(),
    status: smallint('status').notNull(),
    priorStatus: smallint('prior_status'),
    /** CREATE, UPDATE, ONLINE, OFFLINE, DELETE or REFRESH: the current or last operation. */
    op: varchar('op', { length: 8 }).notNull().default('CREATE'),
    platformItemId: varchar('platform_item_id', { length: 64 }),
    platformTaskId: varchar('platform_task_id', { length: 64 }),
    platformStatus: varchar('platform_status', { length: 32 }),
    /** Lowest SKU price sent, exact decimal text. */
    price: varchar('price', { length: 24 }),
    stock: integer('stock').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Not before: when a Queue listing may be claimed (publish later, backoff). */
    scheduledAt: time('scheduled_at'),
    /** When a Process listing waiting on the marketplace's review is looked at again. */
    nextPollAt: time('next_poll_at'),
    /** When the current Process or Refreshing claim began (the per-shop concurrency counts these). */
    claimedAt: time('claimed_at'),
    version: integer('version').notNull().default(1),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    lastErrorCode: varchar('last_error_code', { length: 64 }),
    lastErrorMessage: varchar('last_error_message', { length: 2000 }),
    lastErrorRequestId: varchar('last_error_request_id', { length: 128 }),
    lastErrorRows: jsonb('last_error_rows').$type<ListingErrorRow[]>(),
    publishedAt: time('published_at'),
    lastSyncedAt: time('last_synced_at'),
    creatorName: varchar('creator_name', { length: 256 }),
    ...audited(),
    ...softDelete(),
  },
  (t) => [
    // one listing per product × shop among those not dropped
    uniqueIndex('marketplace_listings_product_shop_uq')
      .on(tenantKey, t.shopId, t.productId)
      .where(sql`${t.isDeleted} = false`),
    index('marketplace_listings_created_ix').on(t.tenantId, t.creationTime),
    index('marketplace_listings_status_ix').on(t.tenantId, t.status),
    index('marketplace_listings_product_ix').on(t.tenantId, t.productId),
    // the list's other sort keys (test/list-plans.test.ts)
    index('marketplace_listings_published_ix').on(t.tenantId, t.publishedAt),
    index('marketplace_listings_synced_ix').on(t.tenantId, t.lastSyncedAt),
    index('marketplace_listings_sku_ix').on(t.tenantId, t.productSku),
    index('marketplace_listings_shop_name_ix').on(t.tenantId, t.shopName),
    index('marketplace_listings_shop_status_ix').on(t.shopId, t.status),
  ],
);

/** One SKU of a listing: the catalogue's seller SKU ↔ the marketplace's SKU id. */
export const listingSkus = pgTable(
  'marketplace_listing_skus',
  {
    id: id(),
    tenantId: tenantId(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    sellerSku: varchar('seller_sku', { length: 100 }).notNull(),
    platformSkuId: varchar('platform_sku_id', { length: 64 }),
    price: varchar('price', { length: 24 }).notNull(),
    quantity: integer('quantity').notNull().default(0),
    saleProps: jsonb('sale_props').$type<Record<string, string>>().notNull().default({}),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('marketplace_listing_skus_uq').on(t.listingId, t.sellerSku)],
);

/** A listing's history: user actions and what the worker saw, oldest first. */
export const listingEvents = pgTable(
  'marketplace_listing_events',
  {
    id: id(),
    tenantId: tenantId(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    event: varchar('event', { length: 16 }).notNull(),
    actorId: uuid('actor_id'),
    actorName: varchar('actor_name', { length: 256 }),
    message: varchar('message', { length: 2000 }),
    requestId: varchar('request_id', { length: 128 }),
    creationTime: time('creation_time').notNull().defaultNow(),
  },
  (t) => [
    index('marketplace_listing_events_listing_ix').on(t.listingId, t.creationTime),
    // the kit's list reads a tenant's events in time order (a listing's come through the index above)
    index('marketplace_listing_events_created_ix').on(t.tenantId, t.creationTime),
  ],
);

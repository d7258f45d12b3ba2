import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The marketplace simulator's own state: what a marketplace would keep (codes, tokens, items and
 * their SKUs, orders). It stands for an outside party, so nothing here belongs to a tenant: no
 * `tenant_id`, read and written with `data.unscoped`. Kept in tables so that it survives a kill of
 * the server (the resilience test counts items after a restart). The sellers and shops themselves
 * are fixed accounts in `accounts.ts`.
 */

/** Authorization codes: single use, short-lived. */
export const simCodes = pgTable('marketsim_codes', {
  code: varchar('code', { length: 64 }).primaryKey(),
  platform: varchar('platform', { length: 8 }).notNull(),
  account: varchar('account', { length: 32 }).notNull(),
  /** Shopee: the shop the code is for; Lazada: null (the account names its sellers). */
  shopId: varchar('shop_id', { length: 32 }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Access and refresh tokens; a Shopee refresh token is used once (`usedAt`). */
export const simTokens = pgTable(
  'marketsim_tokens',
  {
    token: varchar('token', { length: 80 }).primaryKey(),
    kind: varchar('kind', { length: 8 }).notNull(), // access | refresh
    platform: varchar('platform', { length: 8 }).notNull(),
    account: varchar('account', { length: 32 }).notNull(),
    shopId: varchar('shop_id', { length: 32 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketsim_tokens_account_idx').on(t.platform, t.account)],
);

/**
 * Items (Lazada products, Shopee items). `status`: pending (under review) → live | rejected, then
 * deleted; the review outcome is decided at creation and applied once `reviewAt` has passed.
 * `listed`: Shopee's unlist flag (Lazada derives Active/InActive from its SKUs' status).
 */
export const simItems = pgTable(
  'marketsim_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    platform: varchar('platform', { length: 8 }).notNull(),
    /** Lazada: the seller id of the venture; Shopee: the shop id. */
    shopId: varchar('shop_id', { length: 32 }).notNull(),
    /** Shopee's parent `item_sku` (Lazada: null). */
    itemSku: varchar('item_sku', { length: 200 }),
    name: varchar('name', { length: 300 }).notNull(),
    categoryId: varchar('category_id', { length: 32 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    reviewAt: timestamp('review_at', { withTimezone: true }).notNull(),
    reviewResult: varchar('review_result', { length: 16 }).notNull(),
    rejectReason: varchar('reject_reason', { length: 500 }),
    listed: boolean('listed').notNull().default(true),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Everything else as sent (description, brand, attributes, images, logistics, weight…). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('marketsim_items_shop_idx').on(t.platform, t.shopId, t.updatedAt),
    index('marketsim_items_review_idx').on(t.platform, t.shopId, t.status, t.reviewAt),
  ],
);

/**
 * SKUs (Lazada SKUs, Shopee models). A Shopee item without variations has one default model shown
 * as `model_id` 0. A Lazada seller SKU is unique in the shop among SKUs not removed.
 */
export const simSkus = pgTable(
  'marketsim_skus',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: integer('item_id').notNull(),
    platform: varchar('platform', { length: 8 }).notNull(),
    shopId: varchar('shop_id', { length: 32 }).notNull(),
    sellerSku: varchar('seller_sku', { length: 200 }),
    /** Shopee's model with `model_id` 0 (an item without tier variation). */
    isDefault: boolean('is_default').notNull().default(false),
    saleProps: jsonb('sale_props').$type<Record<string, string>>().notNull().default({}),
    tierIndex: jsonb('tier_index').$type<number[]>().notNull().default([]),
    price: numeric('price', { precision: 18, scale: 2 }).notNull(),
    specialPrice: numeric('special_price', { precision: 18, scale: 2 }),
    quantity: integer('quantity').notNull().default(0),
    /** Lazada SKU status: active | inactive. */
    active: boolean('active').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('marketsim_skus_item_idx').on(t.itemId),
    index('marketsim_skus_sku_idx').on(t.platform, t.shopId, t.sellerSku),
    uniqueIndex('marketsim_skus_lazada_sku_uq')
      .on(t.shopId, t.sellerSku)
      .where(sql`platform = 'lazada' and not deleted`),
  ],
);

/** Orders the simulator generates for live items (Lazada statuses §1.7, Shopee §2.6). */
export const simOrders = pgTable(
  'marketsim_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    platform: varchar('platform', { length: 8 }).notNull(),
    shopId: varchar('shop_id', { length: 32 }).notNull(),
    orderSn: varchar('order_sn', { length: 32 }).notNull(),
    status: varchar('status', { length: 24 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    total: numeric('total', { precision: 18, scale: 2 }).notNull(),
    shippingFee: numeric('shipping_fee', { precision: 18, scale: 2 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('marketsim_orders_shop_idx').on(t.platform, t.shopId, t.createdAt),
    uniqueIndex('marketsim_orders_sn_uq').on(t.platform, t.orderSn),
  ],
);

/** Order lines: one SKU and its quantity each. */
export const simOrderLines = pgTable(
  'marketsim_order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id').notNull(),
    itemId: integer('item_id').notNull(),
    skuId: integer('sku_id').notNull(),
    sellerSku: varchar('seller_sku', { length: 200 }),
    name: varchar('name', { length: 300 }).notNull(),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [index('marketsim_order_lines_order_idx').on(t.orderId)],
);

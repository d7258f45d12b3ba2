import type { ItemPullState, MarketItemStatus } from '@seller/contracts/marketplaces';
import { boolean, index, integer, jsonb, numeric, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { concurrency, id, tenantId, time } from '../../../core/db/columns.ts';

/**
 * The marketplace side of a shop, as last pulled: its items (with their link to the catalogue by
 * seller SKU), the pulls that fetched them, and its logistics channels with the user's choices.
 * Every row is tenant-owned and belongs to one shop.
 */

export interface MarketItemSku {
  sellerSku: string;
  skuId: string;
  price: string;
  specialPrice: string | null;
  quantity: number;
}

export const marketplaceItems = pgTable(
  'marketplace_items',
  {
    id: id(),
    tenantId: tenantId(),
    shopId: uuid('shop_id').notNull(),
    itemId: varchar('item_id', { length: 64 }).notNull(),
    sellerSku: varchar('seller_sku', { length: 100 }).notNull(),
    name: varchar('name', { length: 500 }).notNull(),
    rawStatus: varchar('raw_status', { length: 32 }).notNull(),
    status: varchar('status', { length: 16 }).$type<MarketItemStatus>().notNull(),
    rejectReason: varchar('reject_reason', { length: 1000 }),
    /** The lowest SKU price, exact. */
    price: numeric('price', { precision: 18, scale: 4, mode: 'string' }),
    stock: integer('stock').notNull().default(0),
    currency: varchar('currency', { length: 3 }).notNull(),
    skus: jsonb('skus').$type<MarketItemSku[]>().notNull().default([]),
    productId: uuid('product_id'),
    /** The marketplace's last update of the item. */
    updatedAt: time('updated_at'),
    pulledAt: time('pulled_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketplace_items_uq').on(t.shopId, t.itemId),
    index('marketplace_items_shop_ix').on(t.tenantId, t.shopId, t.status),
    // the list's sort keys (test/list-plans.test.ts)
    index('marketplace_items_name_ix').on(t.tenantId, t.name),
    index('marketplace_items_seller_sku_ix').on(t.tenantId, t.sellerSku),
    index('marketplace_items_status_ix').on(t.tenantId, t.status),
    index('marketplace_items_price_ix').on(t.tenantId, t.price),
    index('marketplace_items_stock_ix').on(t.tenantId, t.stock),
    index('marketplace_items_updated_ix').on(t.tenantId, t.updatedAt),
  ],
);

/** One pull of a shop's items by a durable job. */
export const marketplaceItemPulls = pgTable(
  'marketplace_item_pulls',
  {
    id: id(),
    tenantId: tenantId(),
    shopId: uuid('shop_id').notNull(),
    status: varchar('status', { length: 16 }).$type<ItemPullState>().notNull(),
    done: integer('done').notNull().default(0),
    error: varchar('error', { length: 1000 }),
    creatorId: uuid('creator_id'),
    creationTime: time('creation_time').notNull().defaultNow(),
    completionTime: time('completion_time'),
  },
  (t) => [index('marketplace_item_pulls_shop_ix').on(t.tenantId, t.shopId, t.creationTime)],
);

/** A marketplace logistics channel of a shop, with whether it is used and which own channel it stands for. */
export const marketplaceLogisticsChannels = pgTable(
  'marketplace_logistics_channels',
  {
    id: id(),
    tenantId: tenantId(),
    shopId: uuid('shop_id').notNull(),
    channelId: varchar('channel_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    platformEnabled: boolean('platform_enabled').notNull(),
    codEnabled: boolean('cod_enabled').notNull().default(false),
    feeType: varchar('fee_type', { length: 32 }),
    maxWeightKg: numeric('max_weight_kg', { precision: 10, scale: 3, mode: 'string' }),
    enabled: boolean('enabled').notNull(),
    logisticsChannelId: uuid('logistics_channel_id'),
    pulledAt: time('pulled_at').notNull().defaultNow(),
    ...concurrency(),
  },
  (t) => [uniqueIndex('marketplace_logistics_channels_uq').on(t.shopId, t.channelId)],
);

import { z } from 'zod';
import { runTimes, stamp } from '../fields.ts';
import { column, defineList, filter, listNames } from '../lists.ts';
import { sellerSkuOffer, skuPriceAndStock } from './common.ts';

/**
 * The items of a shop as they are on the marketplace (pulled through the shop's client), their
 * link to the catalogue by seller SKU, the sync actions, and the marketplace's logistics channels
 * per shop. Refusals are `MarketItems::` text keys.
 */

/** The marketplace's item states folded into the product's words (the raw one is kept beside). */
export const MarketItemStatuses = ['LIVE', 'PENDING', 'INACTIVE', 'REJECTED', 'BANNED', 'DELETED'] as const;
export type MarketItemStatus = (typeof MarketItemStatuses)[number];

/**
 * A shop's marketplace items (`/api/marketplaces/items?shopId=…`): the shop is required (the
 * server refuses a list without it, naming `shopId`), status tabs with their counts, the keyword
 * (name, seller SKU, item id).
 */
export const marketItemList = defineList({
  ...listNames('MarketItems', 'Items'),
  filters: { shopId: filter.ref('Shop', { label: 'Shop' }) },
  tabs: { member: 'status', values: MarketItemStatuses, texts: 'Status:' },
  columns: {
    itemId: column.text({ width: 140 }),
    sellerSku: column.text({ sort: true, width: 160 }),
    name: column.text({ sort: true, width: 280 }),
    status: column.enum(MarketItemStatuses, { sort: true }),
    price: column.money('currency', { sort: true, width: 110 }),
    currency: column.text({ header: 'Currency', exportOnly: true, width: 64 }),
    stock: column.quantity({ sort: true, width: 80 }),
    productName: column.text({ header: 'Product', width: 200 }),
    pulledAt: column.dateTime({ header: 'PulledAt', width: 150 }),
    // the marketplace's own update time: a sort key only (not in the rows)
    updatedAt: column.dateTime({ header: 'UpdatedAt', sort: true, hidden: true, noExport: true }),
  },
  defaultSort: 'updatedAt desc',
});
export type MarketItemsQuery = z.infer<typeof marketItemList.query>;

export const marketItemSkuDto = z.object({
  /** The price in the item's currency. */
  ...sellerSkuOffer,
  skuId: z.string(),
  specialPrice: z.string().nullable(),
});

export const marketItemDto = z.object({
  id: z.string(),
  shopId: z.string(),
  itemId: z.string(),
  sellerSku: z.string(),
  name: z.string(),
  rawStatus: z.string(),
  status: z.enum(MarketItemStatuses),
  rejectReason: z.string().nullable(),
  ...skuPriceAndStock,
  skus: z.array(marketItemSkuDto),
  /** The catalogue product whose SKU (or one of whose variants' SKUs) is the item's seller SKU. */
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  pulledAt: z.date(),
});
export type MarketItemDto = z.infer<typeof marketItemDto>;

export const ItemPullStates = ['queued', 'running', 'completed', 'failed'] as const;
export type ItemPullState = (typeof ItemPullStates)[number];

/** One pull of a shop's items (a durable job), with its progress. */
export const itemPullDto = z.object({
  id: z.string(),
  shopId: z.string(),
  status: z.enum(ItemPullStates),
  done: z.number().int(),
  error: z.string().nullable(),
  ...runTimes,
});
export type ItemPullDto = z.infer<typeof itemPullDto>;

export const marketItemShopQuery = z.object({ shopId: z.guid() });

/**
 * Pushes the catalogue's price to chosen items and, with `stock`, each SKU's stock as the shop's
 * stock rule gives it from the available stock (never a typed number: the ledger decides).
 */
export const pushPriceStockInput = z.object({
  shopId: z.guid(),
  itemIds: z.array(z.string().trim().min(1).max(64)).min(1).max(50),
  stock: z.boolean().optional(),
});
export type PushPriceStockInput = z.infer<typeof pushPriceStockInput>;

export const syncResultDto = z.object({
  rows: z.array(
    z.object({ itemId: z.string(), sellerSku: z.string(), ok: z.boolean(), message: z.string().nullable() }),
  ),
});
export type SyncResultDto = z.infer<typeof syncResultDto>;

export const itemPullStatusInput = z.object({
  shopId: z.guid(),
  itemIds: z.array(z.string().trim().min(1).max(64)).min(1).max(50),
});

/** A marketplace logistics channel of one shop, with the user's choices. */
export const marketLogisticsChannelDto = z.object({
  id: z.string(),
  shopId: z.string(),
  channelId: z.string(),
  name: z.string(),
  /** As the marketplace says it. */
  platformEnabled: z.boolean(),
  codEnabled: z.boolean(),
  feeType: z.string().nullable(),
  maxWeightKg: z.string().nullable(),
  /** Whether this product uses the channel for its items. */
  enabled: z.boolean(),
  /** The product's own logistics channel this one stands for. */
  logisticsChannelId: z.string().nullable(),
  logisticsChannelName: z.string().nullable(),
  pulledAt: z.date(),
  concurrencyStamp: z.string(),
});
export type MarketLogisticsChannelDto = z.infer<typeof marketLogisticsChannelDto>;

export const marketLogisticsChannelUpdate = z.object({
  enabled: z.boolean(),
  logisticsChannelId: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.guid().nullable()),
  ...stamp,
});
export type MarketLogisticsChannelUpdate = z.infer<typeof marketLogisticsChannelUpdate>;

/** The product's own logistics channels a marketplace channel may be linked to. */
export const ownLogisticsChannelDto = z.object({ id: z.string(), code: z.string(), name: z.string() });

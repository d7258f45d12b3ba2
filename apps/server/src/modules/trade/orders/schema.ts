import type { OrderSource, SalesOrderStatus } from '@seller/contracts/trade';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';
import { tenantScopedView } from '../../../core/db/views.ts';
import { moneyColumn } from '../../../core/money.ts';
import { searchTrigrams } from '../../../core/search.ts';

// money in the row's currency, as the server rounded it to its minor units (core/money.ts)
const amount = (name: string) => moneyColumn(name).notNull().default('0');

/** The buyer's delivery address as the order carries it. */
export interface OrderAddress {
  name: string | null;
  phone: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postCode: string | null;
  countryCode: string | null;
}

/**
 * Sales orders: pulled from marketplace shops (idempotent by shop and platform order id) or
 * entered by hand. Amounts are exact decimals in the order's currency. `status` is one of the
 * spec's status words (contracts `salesOrderTransitions`); the marketplace's own word is kept in
 * `platform_status`.
 */
export const salesOrders = pgTable(
  'trade_sales_orders',
  {
    id: id(),
    tenantId: tenantId(),
    orderNo: varchar('order_no', { length: 40 }).notNull(),
    source: varchar('source', { length: 12 }).$type<OrderSource>().notNull(),
    platform: varchar('platform', { length: 8 }),
    shopId: uuid('shop_id'),
    platformOrderId: varchar('platform_order_id', { length: 64 }),
    platformStatus: varchar('platform_status', { length: 40 }),
    status: varchar('status', { length: 24 }).$type<SalesOrderStatus>().notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    goodsAmount: amount('goods_amount'),
    shippingFee: amount('shipping_fee'),
    discount: amount('discount'),
    total: amount('total'),
    /** What was refunded to the buyer so far (full and partial refunds), in the order's currency. */
    refundedAmount: amount('refunded_amount'),
    buyerName: varchar('buyer_name', { length: 128 }),
    buyerEmail: varchar('buyer_email', { length: 256 }),
    countryCode: varchar('country_code', { length: 2 }),
    address: jsonb('address').$type<OrderAddress>(),
    paymentMethod: varchar('payment_method', { length: 40 }),
    paidAt: time('paid_at'),
    orderedAt: time('ordered_at').notNull(),
    /** The marketplace's last update time: the pull's watermark per shop. */
    platformUpdatedAt: time('platform_updated_at'),
    /** The storefront (sitekit site) of an order of source SITE, and the shopper's account there if any. */
    siteId: uuid('site_id'),
    shopperId: uuid('shopper_id'),
    /** Where the order's stock is reserved and shipped from. */
    warehouseId: uuid('warehouse_id'),
    /** Some line's SKU matches no catalogue variant: the order waits for mapping. */
    hasUnmatched: boolean('has_unmatched').notNull().default(false),
    remark: varchar('remark', { length: 512 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('trade_sales_orders_no_uq').on(tenantKey, t.orderNo),
    uniqueIndex('trade_sales_orders_platform_uq')
      .on(tenantKey, t.shopId, t.platformOrderId)
      .where(sql`${t.platformOrderId} IS NOT NULL`),
    index('trade_sales_orders_time_ix').on(t.tenantId, t.orderedAt),
    // the list's other sort keys, each served with the tenant (test/list-plans.test.ts)
    index('trade_sales_orders_total_ix').on(t.tenantId, t.total),
    index('trade_sales_orders_order_no_ix').on(t.tenantId, t.orderNo),
    index('trade_sales_orders_buyer_ix').on(t.tenantId, t.buyerName),
    index('trade_sales_orders_status_ix').on(t.tenantId, t.status, t.orderedAt),
    index('trade_sales_orders_shop_ix').on(t.tenantId, t.shopId, t.orderedAt),
    index('trade_sales_orders_site_ix')
      .on(t.tenantId, t.siteId, t.shopperId, t.orderedAt)
      .where(sql`${t.siteId} IS NOT NULL`),
    // the search and the buyer filter (substrings) read through `salesOrdersScoped`, each by the
    // tenant's own trigrams (`tenantContains`, core/search.ts): a plain trigram index's posting
    // lists hold every tenant's orders (migration 0047)
    index('trade_sales_orders_order_no_trgm_ix').using('gin', searchTrigrams(t.tenantId, t.orderNo)),
    index('trade_sales_orders_buyer_trgm_ix').using('gin', searchTrigrams(t.tenantId, t.buyerName)),
    index('trade_sales_orders_buyer_email_trgm_ix').using('gin', searchTrigrams(t.tenantId, t.buyerEmail)),
  ],
);

/**
 * The tenant's orders, which the order list reads so that a trigram index serves its substring
 * filters despite row-level security (see `tenantScopedView`).
 */
export const salesOrdersScoped = tenantScopedView('trade_sales_orders_scoped', salesOrders, { tenantsOnly: true });

/**
 * How many orders each (shop, platform, source, UTC day, status) holds, kept by the database: the
 * triggers of migration 0046 append one signed delta per group a statement changes (never an
 * update of a shared row, so concurrent writers neither wait for each other nor deadlock), and
 * `compactOrderTallies` folds a group's deltas into one row now and then. The order list's tab
 * counts sum these over the whole UTC days of the range and count the part-days at its ends from
 * the orders, so their cost follows the days asked for, not the orders that match.
 */
export const salesOrderTallies = pgTable(
  'trade_sales_order_tallies',
  {
    tenantId: tenantId(),
    shopId: uuid('shop_id'),
    platform: varchar('platform', { length: 8 }),
    source: varchar('source', { length: 12 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 24 }).notNull(),
    orders: integer('orders').notNull(),
  },
  // every column in the key: the sum over a range of days is an index-only scan
  (t) => [
    index('trade_sales_order_tallies_day_ix').on(t.tenantId, t.day, t.status, t.shopId, t.platform, t.source, t.orders),
  ],
);

/** The tenant's tallies, read by the tab counts (the tenant checked once, not per row by the policy). */
export const salesOrderTalliesScoped = tenantScopedView('trade_sales_order_tallies_scoped', salesOrderTallies, {
  tenantsOnly: true,
});

/** An order's lines by SKU; `variant_id` is null until the seller SKU is matched to the catalogue. */
export const salesOrderLines = pgTable(
  'trade_sales_order_lines',
  {
    id: id(),
    tenantId: tenantId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    platformItemId: varchar('platform_item_id', { length: 64 }),
    platformLineId: varchar('platform_line_id', { length: 64 }),
    /** The seller SKU as the marketplace (or the user) wrote it. */
    sellerSku: varchar('seller_sku', { length: 100 }).notNull(),
    variantId: uuid('variant_id'),
    sku: varchar('sku', { length: 50 }),
    name: varchar('name', { length: 512 }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: moneyColumn('unit_price').notNull(),
    amount: amount('amount'),
    /** Reserved in the order's warehouse (confirmed orders). */
    reservedQty: integer('reserved_qty').notNull().default(0),
    shippedQty: integer('shipped_qty').notNull().default(0),
    /** Shipped units the buyer sent back with a refund (back on hand at the cost they left at). */
    returnedQty: integer('returned_qty').notNull().default(0),
  },
  (t) => [
    index('trade_sales_order_lines_order_ix').on(t.orderId, t.lineNo),
    index('trade_sales_order_lines_variant_ix').on(t.tenantId, t.variantId),
  ],
);

/** An order's history: every status change and notable event, with who did it. */
export const salesOrderEvents = pgTable(
  'trade_sales_order_events',
  {
    id: id(),
    tenantId: tenantId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    // the clock, not the transaction's start: events of one transaction keep their order
    time: time('time').notNull().default(sql`clock_timestamp()`),
    event: varchar('event', { length: 32 }).notNull(),
    fromStatus: varchar('from_status', { length: 24 }),
    toStatus: varchar('to_status', { length: 24 }),
    message: varchar('message', { length: 1000 }),
    actorId: uuid('actor_id'),
  },
  (t) => [index('trade_sales_order_events_order_ix').on(t.orderId, t.time)],
);

import type { CartAddress, CartStatus } from '@seller/contracts/sitekit';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, time } from '../../../core/db/columns.ts';
import { moneyColumn } from '../../../core/money.ts';

/**
 * Storefront carts (Cart), tenant-owned, addressed by the storefront with `token` (a random uuid,
 * only ever valid with its own site's key). Amounts in the cart's `currency`, kept by the server
 * whenever a line changes.
 */
export const carts = pgTable(
  'sitekit_carts',
  {
    id: id(),
    tenantId: tenantId(),
    siteId: uuid('site_id').notNull(),
    token: uuid('token').notNull().defaultRandom(),
    status: varchar('status', { length: 10 }).$type<CartStatus>().notNull().default('ACTIVE'),
    shopperId: uuid('shopper_id'),
    email: varchar('email', { length: 256 }),
    contactName: varchar('contact_name', { length: 128 }),
    currency: varchar('currency', { length: 3 }).notNull(),
    address: jsonb('address').$type<CartAddress>(),
    shippingChannelId: uuid('shipping_channel_id'),
    shippingName: varchar('shipping_name', { length: 256 }),
    shippingFee: moneyColumn('shipping_fee'),
    itemCount: integer('item_count').notNull().default(0),
    subtotal: moneyColumn('subtotal').notNull().default('0'),
    orderId: uuid('order_id'),
    orderNo: varchar('order_no', { length: 40 }),
    lastChangeAt: time('last_change_at').notNull().defaultNow(),
    abandonedAt: time('abandoned_at'),
    recoveryNoticeAt: time('recovery_notice_at'),
    creationTime: time('creation_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sitekit_carts_token_uq').on(t.token),
    index('sitekit_carts_site_ix').on(t.tenantId, t.siteId, t.status, t.lastChangeAt),
    // the list's sort keys, each served with the tenant (test/list-plans.test.ts); the total as the list computes it
    index('sitekit_carts_changed_ix').on(t.tenantId, t.lastChangeAt),
    index('sitekit_carts_total_ix').on(t.tenantId, sql`(${t.subtotal} + coalesce(${t.shippingFee}, 0))`),
  ],
);
export type CartRow = typeof carts.$inferSelect;

export const cartLines = pgTable(
  'sitekit_cart_lines',
  {
    id: id(),
    tenantId: tenantId(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    siteProductId: uuid('site_product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** The price when added, in the cart's currency (converted once from the site's). */
    unitPrice: moneyColumn('unit_price').notNull(),
    creationTime: time('creation_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sitekit_cart_lines_uq').on(t.cartId, t.variantId)],
);
export type CartLineRow = typeof cartLines.$inferSelect;

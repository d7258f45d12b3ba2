import type { ShopperStatus } from '@seller/contracts/sitekit';
import { index, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { concurrency, id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';

/** A site's shoppers (userList), tenant-owned; the password is kept as its scrypt hash only. */
export const shoppers = pgTable(
  'sitekit_shoppers',
  {
    id: id(),
    tenantId: tenantId(),
    siteId: uuid('site_id').notNull(),
    email: varchar('email', { length: 256 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    phone: varchar('phone', { length: 32 }),
    passwordHash: varchar('password_hash', { length: 256 }).notNull(),
    status: varchar('status', { length: 10 }).$type<ShopperStatus>().notNull().default('ACTIVE'),
    language: varchar('language', { length: 10 }),
    ordersCount: integer('orders_count').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    lastSignInAt: time('last_sign_in_at'),
    creationTime: time('creation_time').notNull().defaultNow(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('sitekit_shoppers_email_uq').on(tenantKey, t.siteId, t.email),
    index('sitekit_shoppers_site_ix').on(t.tenantId, t.siteId, t.creationTime),
    // the list's sort keys, each served with the tenant (test/list-plans.test.ts)
    index('sitekit_shoppers_email_ix').on(t.tenantId, t.email),
    index('sitekit_shoppers_name_ix').on(t.tenantId, t.name),
    index('sitekit_shoppers_sign_in_ix').on(t.tenantId, t.lastSignInAt),
    index('sitekit_shoppers_creation_ix').on(t.tenantId, t.creationTime),
  ],
);
export type ShopperRow = typeof shoppers.$inferSelect;

/**
 * Shopper sign-ins: a token (`st_…`) kept as its SHA-256, valid on the Storefront API of its site
 * only, until it expires or the shopper signs out (or is disabled).
 */
export const shopperTokens = pgTable(
  'sitekit_shopper_tokens',
  {
    id: id(),
    tenantId: tenantId(),
    siteId: uuid('site_id').notNull(),
    shopperId: uuid('shopper_id')
      .notNull()
      .references(() => shoppers.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: time('expires_at').notNull(),
    creationTime: time('creation_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sitekit_shopper_tokens_hash_uq').on(t.tokenHash),
    index('sitekit_shopper_tokens_shopper_ix').on(t.shopperId),
  ],
);

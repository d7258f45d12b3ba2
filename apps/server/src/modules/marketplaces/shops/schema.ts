import type { MarketPlatform } from '@seller/contracts/marketplaces';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';

export type ShopStatus = 'unauthorized' | 'active' | 'expiring' | 'expired' | 'revoked';

/**
 * A tenant's marketplace shop (domain §1.4 `shop_auth`, §2.3): where it sells and its tokens.
 * The tokens are encrypted (`core/secrets.ts`, `v1:…`) and never leave the server.
 */
export const shops = pgTable(
  'marketplace_shops',
  {
    id: id(),
    tenantId: tenantId(),
    platform: varchar('platform', { length: 8 }).$type<MarketPlatform>().notNull(),
    /** ISO codes of the sites the shop sells on (a Lazada cross-border shop: several). */
    regions: jsonb('regions').$type<string[]>().notNull().default([]),
    name: varchar('name', { length: 128 }).notNull(),
    /** Lazada `seller_id`, Shopee `shop_id`: set by the authorization. */
    sellerId: varchar('seller_id', { length: 64 }),
    shortCode: varchar('short_code', { length: 64 }),
    account: varchar('account', { length: 128 }),
    remark: varchar('remark', { length: 512 }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    accessExpiresAt: time('access_expires_at'),
    refreshExpiresAt: time('refresh_expires_at'),
    refreshedAt: time('refreshed_at'),
    authorizedAt: time('authorized_at'),
    status: varchar('status', { length: 16 }).$type<ShopStatus>().notNull().default('unauthorized'),
    lastError: varchar('last_error', { length: 1000 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('marketplace_shops_seller_ux')
      .on(tenantKey, t.platform, t.sellerId)
      .where(sql`${t.sellerId} is not null`),
    index('marketplace_shops_refresh_ix').on(t.status, t.accessExpiresAt),
    // the management list's sorts
    index('marketplace_shops_name_ix').on(t.tenantId, t.name),
    index('marketplace_shops_expiry_ix').on(t.tenantId, t.accessExpiresAt),
    index('marketplace_shops_created_ix').on(t.tenantId, t.creationTime),
  ],
);

/** Every marketplace call made for a shop (domain §1.5): no tokens, secrets or payloads. */
export const shopCalls = pgTable(
  'marketplace_shop_calls',
  {
    id: id(),
    tenantId: tenantId(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    at: time('at').notNull().defaultNow(),
    platform: varchar('platform', { length: 8 }).$type<MarketPlatform>().notNull(),
    api: varchar('api', { length: 200 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    httpStatus: integer('http_status'),
    code: varchar('code', { length: 100 }),
    type: varchar('type', { length: 32 }),
    message: varchar('message', { length: 1000 }),
    requestId: varchar('request_id', { length: 100 }),
    detail: jsonb('detail'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [
    index('marketplace_shop_calls_shop_ix').on(t.shopId, t.at),
    // the call log's order (its plan is read without a shop)
    index('marketplace_shop_calls_at_ix').on(t.tenantId, t.at),
  ],
);

/**
 * Consent states already redeemed (by the nonce sealed in each), until their expiry: a state is
 * single-use, on every node, because the database says so. Rows go once expired.
 */
export const consentStates = pgTable(
  'marketplace_consent_states',
  {
    nonce: uuid('nonce').primaryKey(),
    tenantId: tenantId(),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [index('marketplace_consent_states_expiry_ix').on(t.expiresAt)],
);

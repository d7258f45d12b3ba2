import { DEFAULT_SITE_SETTINGS, type SiteLanguage, type SiteSettings } from '@seller/contracts/sitekit';
import { boolean, jsonb, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';
import { newKeyId } from './keys.ts';

export interface SiteCompany {
  name: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  vat: string | null;
}
export interface SiteSeo {
  title: string | null;
  description: string | null;
  keywords: string | null;
}

/**
 * Sites (next-modules §1.3): the seller's storefronts, tenant-owned. `key_id` is the site's part of
 * its publishable key (`pk_<tenant>_<key_id>`); the secret is kept as its SHA-256 and last four
 * characters only, with the one it replaced until `previous_secret_expires_at`.
 */
export const sites = pgTable(
  'sitekit_sites',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 128 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    hosts: jsonb('hosts').$type<string[]>().notNull().default([]),
    defaultLanguage: varchar('default_language', { length: 16 }).$type<SiteLanguage>().notNull(),
    languages: jsonb('languages').$type<SiteLanguage[]>().notNull(),
    defaultCurrency: varchar('default_currency', { length: 3 }).notNull(),
    currencies: jsonb('currencies').$type<string[]>().notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    logoUrl: varchar('logo_url', { length: 1000 }),
    company: jsonb('company').$type<SiteCompany>().notNull(),
    seo: jsonb('seo').$type<SiteSeo>().notNull(),
    allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
    warehouseId: uuid('warehouse_id'),
    priceRuleId: uuid('price_rule_id'),
    isActive: boolean('is_active').notNull().default(true),
    /** The `Setting` page's checkout, cart and review rules. */
    settings: jsonb('settings').$type<SiteSettings>().notNull().default(DEFAULT_SITE_SETTINGS),
    keyId: varchar('key_id', { length: 32 }).notNull().$defaultFn(newKeyId),
    secretHash: varchar('secret_hash', { length: 64 }),
    secretLast4: varchar('secret_last4', { length: 4 }),
    secretIssuedAt: time('secret_issued_at'),
    previousSecretHash: varchar('previous_secret_hash', { length: 64 }),
    previousSecretExpiresAt: time('previous_secret_expires_at'),
    lastUsedAt: time('last_used_at'),
    ...audited(),
    ...concurrency(),
  },
  (t) => [uniqueIndex('sitekit_sites_code_uq').on(tenantKey, t.code), uniqueIndex('sitekit_sites_key_uq').on(t.keyId)],
);
export type SiteRow = typeof sites.$inferSelect;

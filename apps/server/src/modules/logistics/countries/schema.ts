import { boolean, index, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';

/** ISO 3166-1 countries: reference data of the whole product, seeded from `data.ts` on every start. */
export const countries = pgTable(
  'logistics_countries',
  {
    code: varchar('code', { length: 2 }).primaryKey(),
    alpha3: varchar('alpha3', { length: 3 }).notNull(),
    nameEn: varchar('name_en', { length: 128 }).notNull(),
    nameZh: varchar('name_zh', { length: 64 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    phoneCode: varchar('phone_code', { length: 8 }).notNull(),
  },
  // the list's sorts (a host table: no tenant column to lead them)
  (t) => [
    index('logistics_countries_name_en_ix').on(t.nameEn),
    index('logistics_countries_name_zh_ix').on(t.nameZh),
    index('logistics_countries_currency_ix').on(t.currency, t.code),
  ],
);

/** A tenant's choice for a country; a country without a row is enabled. */
export const tenantCountries = pgTable(
  'logistics_tenant_countries',
  {
    tenantId: uuid('tenant_id').notNull(),
    code: varchar('code', { length: 2 })
      .notNull()
      .references(() => countries.code),
    isEnabled: boolean('is_enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] })],
);

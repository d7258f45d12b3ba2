import type { PostalRuleInput } from '@seller/contracts/logistics';
import { jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey } from '../../../core/db/columns.ts';

/** Zones: named groups of countries with optional postal-code rules, shared by rate tables. */
export const zones = pgTable(
  'logistics_zones',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    /** ISO alpha-2 codes. */
    countries: jsonb('countries').$type<string[]>().notNull(),
    postalRules: jsonb('postal_rules').$type<PostalRuleInput[]>().notNull().default([]),
    description: varchar('description', { length: 512 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [uniqueIndex('logistics_zones_name_uq').on(tenantKey, t.name)],
);

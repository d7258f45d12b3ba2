import { pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id } from '../../core/db/columns.ts';

/**
 * Setting values per provider: `G` (global, key ''), `T` (tenant id), `U` (user id).
 * No tenant_id column: a tenant's request must also read the global values, so access
 * goes only through the settings service, which always names the provider key.
 */
export const settingValues = pgTable(
  'setting_values',
  {
    id: id(),
    name: varchar('name', { length: 128 }).notNull(),
    value: text('value').notNull(),
    providerName: varchar('provider_name', { length: 8 }).notNull(),
    providerKey: varchar('provider_key', { length: 64 }).notNull().default(''),
  },
  (t) => [uniqueIndex('setting_values_uq').on(t.name, t.providerName, t.providerKey)],
);

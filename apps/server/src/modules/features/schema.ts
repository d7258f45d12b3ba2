import { pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id } from '../../core/db/columns.ts';

/** Feature values per provider: `T` (tenant id) or `E` (edition; reserved). Host-managed. */
export const featureValues = pgTable(
  'feature_values',
  {
    id: id(),
    name: varchar('name', { length: 128 }).notNull(),
    value: text('value').notNull(),
    providerName: varchar('provider_name', { length: 8 }).notNull(),
    providerKey: varchar('provider_key', { length: 64 }).notNull().default(''),
  },
  (t) => [uniqueIndex('feature_values_uq').on(t.name, t.providerName, t.providerKey)],
);

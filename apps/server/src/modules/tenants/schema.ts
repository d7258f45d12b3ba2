import { boolean, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ConnectionString } from '../../core/context.ts';
import { audited, concurrency, extraProperties, id, softDelete } from '../../core/db/columns.ts';

export type { ConnectionString } from '../../core/context.ts';

/** Tenants are host data: no tenant_id, so row-level security does not apply. */
export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    name: varchar('name', { length: 64 }).notNull(),
    normalizedName: varchar('normalized_name', { length: 64 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    connectionStrings: jsonb('connection_strings').$type<ConnectionString[]>().notNull().default([]),
    ...audited(),
    ...softDelete(),
    ...concurrency(),
    ...extraProperties(),
  },
  (t) => [uniqueIndex('tenants_normalized_name_uq').on(t.normalizedName)],
);

import { index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, tenantKey } from '../../core/db/columns.ts';

/** A grant of one permission to a role (`R`, key = role name) or a user (`U`, key = user id). */
export const permissionGrants = pgTable(
  'permission_grants',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 128 }).notNull(),
    providerName: varchar('provider_name', { length: 64 }).notNull(),
    providerKey: varchar('provider_key', { length: 64 }).notNull(),
  },
  (t) => [
    uniqueIndex('permission_grants_uq').on(tenantKey, t.name, t.providerName, t.providerKey),
    index('permission_grants_provider_ix').on(t.providerName, t.providerKey),
  ],
);

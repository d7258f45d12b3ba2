import type { WarehouseType } from '@seller/contracts/logistics';
import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey } from '../../../core/db/columns.ts';

/** Warehouses (domain §4.4), tenant-owned. */
export const warehouses = pgTable(
  'logistics_warehouses',
  {
    id: id(),
    tenantId: tenantId(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    type: varchar('type', { length: 16 }).$type<WarehouseType>().notNull(),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    address: varchar('address', { length: 512 }),
    contact: jsonb('contact').$type<{ name: string | null; phone: string | null }>(),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('logistics_warehouses_code_uq').on(tenantKey, t.code),
    // at most one default per tenant, whatever races the service's check
    uniqueIndex('logistics_warehouses_default_uq').on(tenantKey).where(sql`${t.isDefault}`),
  ],
);

import type { StrategyRule } from '@seller/contracts/logistics';
import { boolean, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey } from '../../../core/db/columns.ts';

/** Freight strategies (domain §4.3): ordered rules, kept with the strategy. */
export const freightStrategies = pgTable(
  'logistics_freight_strategies',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    priority: integer('priority').notNull().default(100),
    description: varchar('description', { length: 512 }),
    isActive: boolean('is_active').notNull().default(true),
    rules: jsonb('rules').$type<StrategyRule[]>().notNull(),
    ...audited(),
    ...concurrency(),
  },
  (t) => [uniqueIndex('logistics_freight_strategies_name_uq').on(tenantKey, t.name)],
);

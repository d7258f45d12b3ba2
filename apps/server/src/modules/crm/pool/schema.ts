import { boolean, date, index, integer, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';

/**
 * The tenant's pool rules (domain §6.2, yudao `crm_customer_pool_config`), one row per tenant; no
 * row means the pool rule is off. `last_run_time` and `last_returned_count` are the last pass.
 */
export const crmPoolConfig = pgTable(
  'crm_pool_config',
  {
    id: id(),
    tenantId: tenantId(),
    enabled: boolean('enabled').notNull().default(false),
    contactExpireDays: integer('contact_expire_days').notNull(),
    dealExpireDays: integer('deal_expire_days').notNull(),
    notifyEnabled: boolean('notify_enabled').notNull().default(false),
    notifyDays: integer('notify_days').notNull().default(3),
    lastRunTime: time('last_run_time'),
    lastReturnedCount: integer('last_returned_count'),
    ...audited(),
    ...concurrency(),
  },
  () => [uniqueIndex('crm_pool_config_tenant_uq').on(tenantKey)],
);

/**
 * Claim and lock limits (yudao `crm_customer_limit_config`): OWNER caps the customers a user
 * owns, LOCK the customers they have locked; a limit applies to the users named and to the users
 * of the organization units named (and of the units below them).
 */
export const crmCustomerLimits = pgTable(
  'crm_customer_limits',
  {
    id: id(),
    tenantId: tenantId(),
    type: varchar('type', { length: 8 }).notNull(),
    userIds: uuid('user_ids').array().notNull().default([]),
    organizationUnitIds: uuid('organization_unit_ids').array().notNull().default([]),
    maxCount: integer('max_count').notNull(),
    dealCountEnabled: boolean('deal_count_enabled').notNull().default(false),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    index('crm_customer_limits_type_ix').on(t.tenantId, t.type),
    // the list's other sorts
    index('crm_customer_limits_max_ix').on(t.tenantId, t.maxCount),
    index('crm_customer_limits_creation_time_ix').on(t.tenantId, t.creationTime),
  ],
);

/** Reminders sent: one per owner and day, so a second pass the same day sends nothing again. */
export const crmPoolReminders = pgTable(
  'crm_pool_reminders',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    creationTime: time('creation_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('crm_pool_reminders_tenant_ix').on(t.tenantId, t.day)],
);

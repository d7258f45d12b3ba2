import type { CrmOrderSource, CrmOrderStatus } from '@seller/contracts/crm';
import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';
import { crmCustomers } from '../customers/schema.ts';

/**
 * Order tracking: a customer's orders as the CRM follows them (contracts `crmOrderTransitions`).
 * `trade_order_id` optionally points at the trade module's sales order (read only, no foreign key
 * across modules). Who sees an order is who sees its customer.
 */
export const crmOrders = pgTable(
  'crm_orders',
  {
    id: id(),
    tenantId: tenantId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => crmCustomers.id, { onDelete: 'cascade' }),
    orderNo: varchar('order_no', { length: 40 }).notNull(),
    source: varchar('source', { length: 12 }).$type<CrmOrderSource>().notNull(),
    status: varchar('status', { length: 16 }).$type<CrmOrderStatus>().notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    orderedAt: time('ordered_at').notNull(),
    remark: varchar('remark', { length: 512 }),
    tradeOrderId: uuid('trade_order_id'),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('crm_orders_no_uq').on(tenantKey, t.orderNo),
    index('crm_orders_customer_ix').on(t.tenantId, t.customerId, t.orderedAt),
    index('crm_orders_status_ix').on(t.tenantId, t.status, t.orderedAt),
    // the list's sort keys
    index('crm_orders_order_no_ix').on(t.tenantId, t.orderNo),
    index('crm_orders_amount_ix').on(t.tenantId, t.amount),
    index('crm_orders_ordered_at_ix').on(t.tenantId, t.orderedAt),
    index('crm_orders_creation_time_ix').on(t.tenantId, t.creationTime),
  ],
);

/** Every status change of an order, with who did it and why. */
export const crmOrderHistory = pgTable(
  'crm_order_history',
  {
    id: id(),
    tenantId: tenantId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => crmOrders.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 16 }).$type<CrmOrderStatus>(),
    toStatus: varchar('to_status', { length: 16 }).$type<CrmOrderStatus>().notNull(),
    remark: varchar('remark', { length: 512 }),
    byUserId: uuid('by_user_id'),
    time: time('time').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('crm_order_history_order_ix').on(t.orderId, t.time)],
);

import type { PurchasePaymentStatus, PurchaseStatus, PurchaseType } from '@seller/contracts/trade';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';
import { moneyColumn } from '../../../core/money.ts';

// money in the row's currency, as the server rounded it to its minor units (core/money.ts)
const amount = (name: string) => moneyColumn(name).notNull().default('0');

/**
 * Purchase orders (domain §5.2). `status` follows contracts `purchaseTransitions`; payment status
 * moves on its own track. Amounts are exact decimals in `currency`, computed by the server from
 * the lines; `fx_rate` says what 1 unit of `currency` is worth in the tenant's currency.
 */
export const purchaseOrders = pgTable(
  'trade_purchase_orders',
  {
    id: id(),
    tenantId: tenantId(),
    poNo: varchar('po_no', { length: 32 }).notNull(),
    supplierId: uuid('supplier_id').notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    status: varchar('status', { length: 20 }).$type<PurchaseStatus>().notNull().default('DRAFT'),
    /** Received without waiting for the rest (Tongtool 部分到货不等待剩余). */
    closedShort: boolean('closed_short').notNull().default(false),
    /** Flagged as an exception (Mabang 11 异常): a flag, not a state. */
    exception: boolean('exception').notNull().default(false),
    paymentStatus: varchar('payment_status', { length: 12 }).$type<PurchasePaymentStatus>().notNull().default('UNPAID'),
    type: varchar('type', { length: 8 }).$type<PurchaseType>().notNull().default('REGULAR'),
    currency: varchar('currency', { length: 3 }).notNull(),
    fxRate: numeric('fx_rate', { precision: 18, scale: 8 }).notNull().default('1'),
    goodsAmount: amount('goods_amount'),
    freight: amount('freight'),
    discount: amount('discount'),
    tax: amount('tax'),
    total: amount('total'),
    expectedArrival: date('expected_arrival', { mode: 'string' }),
    submittedAt: time('submitted_at'),
    approvedAt: time('approved_at'),
    approvedBy: varchar('approved_by', { length: 256 }),
    rejectReason: varchar('reject_reason', { length: 512 }),
    remark: varchar('remark', { length: 512 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('trade_purchase_orders_no_uq').on(tenantKey, t.poNo),
    index('trade_purchase_orders_status_ix').on(t.tenantId, t.status, t.creationTime),
    index('trade_purchase_orders_supplier_ix').on(t.tenantId, t.supplierId),
    // the list's sort keys
    index('trade_purchase_orders_created_ix').on(t.tenantId, t.creationTime),
    index('trade_purchase_orders_no_ix').on(t.tenantId, t.poNo),
    index('trade_purchase_orders_total_ix').on(t.tenantId, t.total),
    index('trade_purchase_orders_expected_ix').on(t.tenantId, t.expectedArrival),
    index('trade_purchase_orders_payment_ix').on(t.tenantId, t.paymentStatus),
  ],
);

/** A PO's lines by SKU; `qty_received` counts everything that arrived, `qty_damaged` the damaged part of it. */
export const purchaseOrderLines = pgTable(
  'trade_purchase_order_lines',
  {
    id: id(),
    tenantId: tenantId(),
    poId: uuid('po_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    variantId: uuid('variant_id').notNull(),
    sku: varchar('sku', { length: 50 }).notNull(),
    productName: varchar('product_name', { length: 512 }).notNull(),
    qtyOrdered: integer('qty_ordered').notNull(),
    unitPrice: numeric('unit_price', { precision: 18, scale: 4 }).notNull(),
    /** Percent (13 = 13 %). */
    taxRate: numeric('tax_rate', { precision: 7, scale: 4 }).notNull().default('0'),
    qtyReceived: integer('qty_received').notNull().default(0),
    qtyDamaged: integer('qty_damaged').notNull().default(0),
    expectedDate: date('expected_date', { mode: 'string' }),
    remark: varchar('remark', { length: 256 }),
  },
  (t) => [
    index('trade_purchase_order_lines_po_ix').on(t.poId, t.lineNo),
    index('trade_purchase_order_lines_variant_ix').on(t.tenantId, t.variantId),
  ],
);

/** A PO's history: every state change and notable event, with who did it. */
export const purchaseOrderEvents = pgTable(
  'trade_purchase_order_events',
  {
    id: id(),
    tenantId: tenantId(),
    poId: uuid('po_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    // the clock, not the transaction's start: events of one transaction keep their order
    time: time('time').notNull().default(sql`clock_timestamp()`),
    event: varchar('event', { length: 32 }).notNull(),
    fromStatus: varchar('from_status', { length: 20 }),
    toStatus: varchar('to_status', { length: 20 }),
    message: varchar('message', { length: 1000 }),
    actorId: uuid('actor_id'),
  },
  (t) => [index('trade_purchase_order_events_po_ix').on(t.poId, t.time)],
);

import type { ReceiptStatus } from '@seller/contracts/trade';
import { index, integer, numeric, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';
import { moneyColumn } from '../../../core/money.ts';
import { purchaseOrderLines, purchaseOrders } from '../purchase/schema.ts';

/**
 * Receipts against a PO (domain §5.3). A reversing receipt carries negative quantities and
 * `reverses_receipt_id`; the original then names it in `reversed_by_id` (once: unique).
 */
export const receipts = pgTable(
  'trade_receipts',
  {
    id: id(),
    tenantId: tenantId(),
    receiptNo: varchar('receipt_no', { length: 32 }).notNull(),
    poId: uuid('po_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    warehouseId: uuid('warehouse_id').notNull(),
    status: varchar('status', { length: 12 }).$type<ReceiptStatus>().notNull().default('DRAFT'),
    reversesReceiptId: uuid('reverses_receipt_id'),
    reversedById: uuid('reversed_by_id'),
    receivedAt: time('received_at').notNull().defaultNow(),
    postedAt: time('posted_at'),
    /** In the purchase order's currency. */
    freight: moneyColumn('freight').notNull().default('0'),
    trackingNo: varchar('tracking_no', { length: 64 }),
    remark: varchar('remark', { length: 512 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('trade_receipts_no_uq').on(tenantKey, t.receiptNo),
    uniqueIndex('trade_receipts_reverses_uq').on(t.reversesReceiptId),
    index('trade_receipts_po_ix').on(t.poId),
    index('trade_receipts_time_ix').on(t.tenantId, t.creationTime),
    // the list's other sort keys
    index('trade_receipts_no_ix').on(t.tenantId, t.receiptNo),
    index('trade_receipts_received_ix').on(t.tenantId, t.receivedAt),
    index('trade_receipts_status_ix').on(t.tenantId, t.status),
  ],
);

/**
 * A receipt's lines: arrived = accepted + damaged. `qty_from_transit` is what posting took out of
 * the in-transit bucket (at most what the PO line still expected), which a reversal puts back.
 */
export const receiptLines = pgTable(
  'trade_receipt_lines',
  {
    id: id(),
    tenantId: tenantId(),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    poLineId: uuid('po_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').notNull(),
    sku: varchar('sku', { length: 50 }).notNull(),
    qtyArrived: integer('qty_arrived').notNull(),
    qtyAccepted: integer('qty_accepted').notNull(),
    qtyDamaged: integer('qty_damaged').notNull(),
    qtyFromTransit: integer('qty_from_transit').notNull().default(0),
    /** Unit price × the PO's rate, in the tenant's currency; set when posted. */
    unitCost: numeric('unit_cost', { precision: 18, scale: 4 }).notNull().default('0'),
  },
  (t) => [index('trade_receipt_lines_receipt_ix').on(t.receiptId)],
);

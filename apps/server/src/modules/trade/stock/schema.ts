import type { StockTxnType } from '@seller/contracts/trade';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, numeric, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';

/**
 * Stock per SKU × warehouse (domain §5.4): the snapshot. It only ever changes through
 * `moveStock` (ledger.ts), in the same transaction as the ledger row that explains the change.
 * The checks make a negative balance impossible whatever the code does; the row lock taken by
 * the guarded UPDATE serializes concurrent writers on one SKU in the database.
 */
export const stock = pgTable(
  'trade_stock',
  {
    id: id(),
    tenantId: tenantId(),
    warehouseId: uuid('warehouse_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    sku: varchar('sku', { length: 50 }).notNull(),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    inTransit: integer('in_transit').notNull().default(0),
    defective: integer('defective').notNull().default(0),
    safety: integer('safety').notNull().default(0),
    /** Weighted average unit cost in the tenant's currency (`Logistics.Currency`). */
    avgCost: numeric('avg_cost', { precision: 18, scale: 4 }).notNull().default('0'),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_stock_uq').on(tenantKey, t.warehouseId, t.variantId),
    index('trade_stock_sku_ix').on(t.tenantId, t.sku),
    // the balances list's sort keys (the expressions as the list orders by them)
    index('trade_stock_on_hand_ix').on(t.tenantId, t.onHand),
    index('trade_stock_reserved_ix').on(t.tenantId, t.reserved),
    index('trade_stock_safety_ix').on(t.tenantId, t.safety),
    index('trade_stock_avg_cost_ix').on(t.tenantId, t.avgCost),
    index('trade_stock_available_ix').on(t.tenantId, sql`(on_hand - reserved)`),
    index('trade_stock_value_ix').on(t.tenantId, sql`(on_hand * avg_cost)`),
    check('trade_stock_on_hand_ck', sql`${t.onHand} >= 0`),
    check('trade_stock_reserved_ck', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.onHand}`),
    check('trade_stock_in_transit_ck', sql`${t.inTransit} >= 0`),
    check('trade_stock_defective_ck', sql`${t.defective} >= 0`),
    check('trade_stock_safety_ck', sql`${t.safety} >= 0`),
  ],
);

/**
 * The append-only stock ledger (domain §5.4, ERPNext's stock ledger columns): one row per change
 * of a snapshot, with the change of each bucket and the balances after it. Σ qty_change of a
 * SKU × warehouse is its on-hand quantity; Σ reserved_change its reservation.
 */
export const stockLedger = pgTable(
  'trade_stock_ledger',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    tenantId: tenantId(),
    warehouseId: uuid('warehouse_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    sku: varchar('sku', { length: 50 }).notNull(),
    type: varchar('type', { length: 16 }).$type<StockTxnType>().notNull(),
    qtyChange: integer('qty_change').notNull(),
    qtyAfter: integer('qty_after').notNull(),
    reservedChange: integer('reserved_change').notNull().default(0),
    reservedAfter: integer('reserved_after').notNull(),
    inTransitChange: integer('in_transit_change').notNull().default(0),
    defectiveChange: integer('defective_change').notNull().default(0),
    /** For incoming rows, the cost they came in at; for outgoing, the average they left at. */
    unitCost: numeric('unit_cost', { precision: 18, scale: 4 }),
    avgCostAfter: numeric('avg_cost_after', { precision: 18, scale: 4 }).notNull(),
    voucherType: varchar('voucher_type', { length: 24 }).notNull(),
    voucherNo: varchar('voucher_no', { length: 64 }).notNull(),
    voucherLineId: uuid('voucher_line_id'),
    reason: varchar('reason', { length: 256 }),
    operatorId: uuid('operator_id'),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('trade_stock_ledger_sku_ix').on(t.tenantId, t.variantId, t.warehouseId, t.seq),
    index('trade_stock_ledger_voucher_ix').on(t.tenantId, t.voucherType, t.voucherNo),
    index('trade_stock_ledger_time_ix').on(t.tenantId, t.createdAt),
    index('trade_stock_ledger_seq_ix').on(t.tenantId, t.seq),
  ],
);

import { z } from 'zod';
import { emptyToUndefined, trimmedOrUndefined } from '../fields.ts';
import { column, defineList, filter, listNames } from '../lists.ts';
import { NumberBounds } from '../numbers.ts';
import { codedRef, variantOption, warehouseOption } from './common.ts';

/** Stock: the snapshot per SKU × warehouse and the ledger (domain §5.4). */

/** Why a ledger row was written. RESERVE and RELEASE change only the reservation. */
export const stockTxnTypes = [
  'PO_RECEIPT',
  'PO_REVERSAL',
  'IN_TRANSIT',
  'SALE_OUT',
  'RESERVE',
  'RELEASE',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'ADJUST',
  'RETURN_IN',
  'COUNT',
] as const;
export type StockTxnType = (typeof stockTxnTypes)[number];

const optionalId = z.preprocess(emptyToUndefined, z.guid().optional());
/** Both stock lists filter by one warehouse, picked from the stock pages' warehouses. */
const warehouseFilter = filter.ref('Warehouse', { label: 'Warehouse', options: '/api/trade/stock/warehouses' });

/**
 * Balances (`/api/trade/stock`): the SKU or product text (`filter`), one warehouse, the low-stock
 * view; sorted by sku, onHand, reserved, available, safety, avgCost, value.
 */
export const stockBalanceList = defineList({
  texts: 'Stock',
  exportName: 'Balances',
  search: 'SearchSku',
  filters: {
    warehouseId: warehouseFilter,
    lowStock: filter.bool({ label: 'LowStock' }),
  },
  columns: {
    warehouseName: column.text({ header: 'Warehouse', width: 110 }),
    sku: column.text({ sort: true, width: 170 }),
    productName: column.text({ header: 'Product' }),
    label: column.text({ header: 'Variant', width: 120, hidden: true }),
    onHand: column.quantity({ sort: true, width: 90 }),
    reserved: column.quantity({ sort: true, width: 80 }),
    available: column.quantity({ sort: true, width: 100 }),
    inTransit: column.quantity({ width: 80 }),
    defective: column.quantity({ width: 80, hidden: true }),
    safety: column.quantity({ sort: true, width: 90 }),
    avgCost: column.money('currency', { sort: true, width: 110 }),
    value: column.money('currency', { sort: true, width: 130 }),
    currency: column.text({ width: 70, exportOnly: true }),
  },
  defaultSort: 'sku asc',
});
export type StockBalanceQuery = z.infer<typeof stockBalanceList.query>;

export const stockWarehouseRef = z.object(codedRef);
/** The warehouse of a balance or ledger row. */
const rowWarehouse = {
  warehouse: stockWarehouseRef,
  /** `code name` of the warehouse (the list's column). */
  warehouseName: z.string(),
};

/** One SKU × warehouse. `available` = onHand − reserved; `value` = onHand × avgCost, in `currency` (the tenant's). */
export const stockBalanceDto = z.object({
  /** The balance row's own id (the list's row key). */
  id: z.string(),
  ...rowWarehouse,
  ...variantOption,
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  inTransit: z.number().int(),
  defective: z.number().int(),
  safety: z.number().int(),
  avgCost: z.string(),
  value: z.string(),
  currency: z.string(),
  low: z.boolean(),
});
export type StockBalanceDto = z.infer<typeof stockBalanceDto>;

/**
 * The ledger (`/api/trade/stock/ledger`), newest first: one SKU and/or warehouse, a type, a date
 * range (days in the tenant's time zone, inclusive); the text looks in SKU, voucher and reason.
 */
export const stockLedgerList = defineList({
  ...listNames('Stock', 'Ledger'),
  filters: {
    warehouseId: warehouseFilter,
    variantId: filter.ref('Variant', { label: 'Sku' }),
    type: filter.enum(stockTxnTypes, { texts: 'Type:' }),
    created: filter.dateRange('from', 'to', { label: 'DateRange' }),
  },
  columns: {
    seq: column.quantity({ sort: true, hidden: true, width: 90 }),
    creationTime: column.dateTime({ header: 'Time', sort: true, width: 170 }),
    warehouseName: column.text({ header: 'Warehouse', width: 110 }),
    sku: column.text({ width: 160 }),
    type: column.enum(stockTxnTypes, { width: 110 }),
    qtyChange: column.quantity({ width: 90 }),
    qtyAfter: column.quantity({ width: 100 }),
    reservedChange: column.quantity({ width: 100 }),
    reservedAfter: column.quantity({ width: 100, exportOnly: true }),
    unitCost: column.money('currency', { width: 100 }),
    avgCostAfter: column.money('currency', { width: 110 }),
    currency: column.text({ width: 70, exportOnly: true }),
    voucherNo: column.text({ header: 'Voucher', width: 170 }),
    reason: column.text(),
  },
  defaultSort: 'seq desc',
});
export type StockLedgerQuery = z.infer<typeof stockLedgerList.query>;

/** The voucher a ledger row was written by (an adjustment, a transfer, a receipt…): its kind and number. */
const ofVoucher = { voucherType: z.string(), voucherNo: z.string() };

export const stockLedgerDto = z.object({
  seq: z.number().int(),
  ...rowWarehouse,
  variantId: z.string(),
  sku: z.string(),
  type: z.enum(stockTxnTypes),
  qtyChange: z.number().int(),
  qtyAfter: z.number().int(),
  reservedChange: z.number().int(),
  reservedAfter: z.number().int(),
  inTransitChange: z.number().int(),
  defectiveChange: z.number().int(),
  unitCost: z.string().nullable(),
  avgCostAfter: z.string(),
  currency: z.string(),
  ...ofVoucher,
  reason: z.string().nullable(),
  operatorId: z.string().nullable(),
  creationTime: z.date(),
});
export type StockLedgerDto = z.infer<typeof stockLedgerDto>;

const reason = z.string().trim().min(1).max(256);
const maxLines = 500;
const quantityLimit = NumberBounds.quantity;

/** A SKU may stand on one line of a voucher only: its later lines are refused. */
const refuseRepeatedSkus = (lines: readonly { variantId: string }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    if (seen.has(line.variantId))
      ctx.addIssue({ code: 'custom', path: ['lines', i, 'variantId'], message: 'Stock::DuplicateSku' });
    seen.add(line.variantId);
  });
};

/**
 * An adjustment (`mode` adjust, the default: each line's signed, non-zero `quantity`, an ADJUST
 * row) or a stock count (`mode` count: each line's `countedQty`, a COUNT row for the difference
 * from what is on hand). One transaction: all lines or none.
 */
export const stockAdjustmentInput = z
  .object({
    mode: z.enum(['adjust', 'count']).default('adjust'),
    warehouseId: z.guid(),
    reason,
    lines: z
      .array(
        z.object({
          variantId: z.guid(),
          quantity: z.number().int().min(-quantityLimit).max(quantityLimit).optional(),
          countedQty: z.number().int().min(0).max(quantityLimit).optional(),
        }),
      )
      .min(1)
      .max(maxLines),
  })
  .superRefine((v, ctx) => {
    v.lines.forEach((line, i) => {
      if (v.mode === 'adjust' && !line.quantity)
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: 'Stock::QuantityNotZero' });
      if (v.mode === 'count' && line.countedQty === undefined)
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'countedQty'], message: 'Stock::CountedRequired' });
    });
    refuseRepeatedSkus(v.lines, ctx);
  });
export type StockAdjustmentInput = z.infer<typeof stockAdjustmentInput>;

/** A transfer: TRANSFER_OUT from one warehouse, TRANSFER_IN to another at the source's average cost. */
export const stockTransferInput = z
  .object({
    fromWarehouseId: z.guid(),
    toWarehouseId: z.guid(),
    reason,
    lines: z
      .array(z.object({ variantId: z.guid(), quantity: z.number().int().min(1).max(quantityLimit) }))
      .min(1)
      .max(maxLines),
  })
  .superRefine((v, ctx) => {
    if (v.fromWarehouseId === v.toWarehouseId)
      ctx.addIssue({ code: 'custom', path: ['toWarehouseId'], message: 'Stock::SameWarehouse' });
    refuseRepeatedSkus(v.lines, ctx);
  });
export type StockTransferInput = z.infer<typeof stockTransferInput>;

/** The safety stock of one SKU × warehouse (not a quantity: no ledger row). */
export const stockSafetyInput = z.object({
  warehouseId: z.guid(),
  variantId: z.guid(),
  safety: z.number().int().min(0).max(quantityLimit),
});
export type StockSafetyInput = z.infer<typeof stockSafetyInput>;

/** What a posted adjustment, count or transfer wrote. */
export const stockVoucherDto = z.object({
  ...ofVoucher,
  items: z.array(stockLedgerDto),
});
export type StockVoucherDto = z.infer<typeof stockVoucherDto>;

/** Pickers of the stock pages: the tenant's active warehouses and SKUs found by text. */
export const stockWarehouseOption = warehouseOption;
export const stockVariantQuery = z.object({
  filter: z.preprocess(trimmedOrUndefined, z.string().max(100).optional()),
  warehouseId: optionalId,
});
export const stockVariantOption = z.object({
  ...variantOption,
  onHand: z.number().int().nullable(),
  available: z.number().int().nullable(),
});
export type StockVariantOption = z.infer<typeof stockVariantOption>;

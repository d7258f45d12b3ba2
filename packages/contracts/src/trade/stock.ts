import { z } from 'zod';
import { emptyToUndefined, trimmedOrUndefined } from '../fields.ts';
import { pagedQuery } from '../paging.ts';

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
const yesNo = z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional());
const day = z.preprocess(emptyToUndefined, z.iso.date({ error: 'Stock::DateFormat' }).optional());

/** Balances: the SKU text (`filter`), one warehouse, the low-stock view; sorted by sku, onHand, available, avgCost, value. */
export const stockBalanceQuery = pagedQuery.extend({ warehouseId: optionalId, lowStock: yesNo });
export type StockBalanceQuery = z.infer<typeof stockBalanceQuery>;

export const stockWarehouseRef = z.object({ id: z.string(), code: z.string(), name: z.string() });

/** One SKU × warehouse. `available` = onHand − reserved; `value` = onHand × avgCost, in `currency` (the tenant's). */
export const stockBalanceDto = z.object({
  warehouse: stockWarehouseRef,
  variantId: z.string(),
  sku: z.string(),
  productName: z.string(),
  label: z.string(),
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

/** The ledger, newest first: one SKU and/or warehouse, a type, a date range (days, inclusive). */
export const stockLedgerQuery = pagedQuery.extend({
  variantId: optionalId,
  warehouseId: optionalId,
  type: z.preprocess(emptyToUndefined, z.enum(stockTxnTypes).optional()),
  from: day,
  to: day,
});
export type StockLedgerQuery = z.infer<typeof stockLedgerQuery>;

export const stockLedgerDto = z.object({
  seq: z.number().int(),
  warehouse: stockWarehouseRef,
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
  voucherType: z.string(),
  voucherNo: z.string(),
  reason: z.string().nullable(),
  operatorId: z.string().nullable(),
  creationTime: z.date(),
});
export type StockLedgerDto = z.infer<typeof stockLedgerDto>;

const reason = z.string().trim().min(1).max(256);
const maxLines = 500;
const quantityLimit = 1_000_000;

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
    const seen = new Set<string>();
    v.lines.forEach((line, i) => {
      if (seen.has(line.variantId))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'variantId'], message: 'Stock::DuplicateSku' });
      seen.add(line.variantId);
    });
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
    const seen = new Set<string>();
    v.lines.forEach((line, i) => {
      if (seen.has(line.variantId))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'variantId'], message: 'Stock::DuplicateSku' });
      seen.add(line.variantId);
    });
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
  voucherType: z.string(),
  voucherNo: z.string(),
  items: z.array(stockLedgerDto),
});
export type StockVoucherDto = z.infer<typeof stockVoucherDto>;

/** Pickers of the stock pages: the tenant's active warehouses and SKUs found by text. */
export const stockWarehouseOption = stockWarehouseRef.extend({ isDefault: z.boolean() });
export const stockVariantQuery = z.object({
  filter: z.preprocess(trimmedOrUndefined, z.string().max(100).optional()),
  warehouseId: optionalId,
});
export const stockVariantOption = z.object({
  variantId: z.string(),
  sku: z.string(),
  productName: z.string(),
  label: z.string(),
  onHand: z.number().int().nullable(),
  available: z.number().int().nullable(),
});
export type StockVariantOption = z.infer<typeof stockVariantOption>;

import { z } from 'zod';
import { pagedQuery } from '../paging.ts';
import { money } from './common.ts';

/**
 * Receipts against purchase-order lines (domain §5.3): what arrived, of it what was accepted
 * and what was damaged (accepted + damaged = arrived). Posting is one transaction; a posted
 * receipt is undone only by a reversing receipt (negative quantities), once.
 */

export const receiptStatuses = ['DRAFT', 'POSTED', 'CANCELLED'] as const;
export type ReceiptStatus = (typeof receiptStatuses)[number];

export const receiptActions = ['edit', 'delete', 'post', 'reverse'] as const;
export type ReceiptAction = (typeof receiptActions)[number];

/** Per state, the allowed actions and where each leads (a reversal leaves the original POSTED). */
export const receiptTransitions: Record<ReceiptStatus, Partial<Record<ReceiptAction, ReceiptStatus>>> = {
  DRAFT: { edit: 'DRAFT', delete: 'CANCELLED', post: 'POSTED' },
  POSTED: { reverse: 'POSTED' },
  CANCELLED: {},
};

export const receiptNext = (status: ReceiptStatus, action: ReceiptAction): ReceiptStatus | null =>
  receiptTransitions[status]?.[action] ?? null;

const id = z.guid();
const qty = z.number().int().min(0).max(1_000_000);

export const receiptLineInput = z.object({
  poLineId: id,
  qtyArrived: qty,
  qtyAccepted: qty,
  qtyDamaged: qty,
});
export type ReceiptLineInput = z.input<typeof receiptLineInput>;

export const receiptInput = z.object({
  poId: id,
  receivedAt: z.coerce.date().optional().nullable(),
  freight: money.optional().default('0'),
  trackingNo: z.string().trim().max(64).optional().nullable(),
  remark: z.string().max(512).optional().nullable(),
  lines: z.array(receiptLineInput).min(1).max(500),
  concurrencyStamp: z.string().max(40).optional(),
});
export type ReceiptInput = z.input<typeof receiptInput>;

export const receiptListQuery = pagedQuery.extend({
  status: z.enum(receiptStatuses).optional(),
  poId: id.optional(),
  warehouseId: id.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type ReceiptListQuery = z.infer<typeof receiptListQuery>;

export const receiptLineDto = z.object({
  id: z.string(),
  poLineId: z.string(),
  variantId: z.string(),
  sku: z.string(),
  productName: z.string(),
  qtyArrived: z.number(),
  qtyAccepted: z.number(),
  qtyDamaged: z.number(),
  /** In the tenant's currency (unit price × the PO's rate). */
  unitCost: z.string(),
});
export type ReceiptLineDto = z.infer<typeof receiptLineDto>;

export const receiptDto = z.object({
  id: z.string(),
  receiptNo: z.string(),
  poId: z.string(),
  poNo: z.string(),
  supplierName: z.string(),
  warehouseId: z.string(),
  warehouseName: z.string(),
  status: z.enum(receiptStatuses),
  reversesReceiptId: z.string().nullable(),
  reversesReceiptNo: z.string().nullable(),
  reversedById: z.string().nullable(),
  receivedAt: z.date(),
  postedAt: z.date().nullable(),
  freight: z.string(),
  trackingNo: z.string().nullable(),
  remark: z.string().nullable(),
  qtyArrived: z.number(),
  qtyAccepted: z.number(),
  qtyDamaged: z.number(),
  allowedActions: z.array(z.enum(receiptActions)),
  creationTime: z.date(),
  concurrencyStamp: z.string(),
});
export type ReceiptDto = z.infer<typeof receiptDto>;

export const receiptDetailDto = receiptDto.extend({ lines: z.array(receiptLineDto) });
export type ReceiptDetailDto = z.infer<typeof receiptDetailDto>;

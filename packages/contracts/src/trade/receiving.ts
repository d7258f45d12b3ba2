import { z } from 'zod';
import { createdAndStamp, stamp } from '../fields.ts';
import { column, defineList, filter, pageListNames } from '../lists.ts';
import { NumberBounds, quantity } from '../numbers.ts';
import { money, nextState, ofWarehouse, type StateTable, variantRef } from './common.ts';
import { purchaseOrderDto } from './purchase.ts';

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
export const receiptTransitions: StateTable<ReceiptStatus, ReceiptAction> = {
  DRAFT: { edit: 'DRAFT', delete: 'CANCELLED', post: 'POSTED' },
  POSTED: { reverse: 'POSTED' },
  CANCELLED: {},
};

export const receiptNext = (status: ReceiptStatus, action: ReceiptAction): ReceiptStatus | null =>
  nextState(receiptTransitions, status, action);

const id = z.guid();
const qty = quantity({ min: 0 });

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
  lines: z.array(receiptLineInput).min(1).max(NumberBounds.lines.receipt),
  ...stamp,
});
export type ReceiptInput = z.input<typeof receiptInput>;

/**
 * Receipts (`/api/trade/receipts`): a status, a PO, a warehouse, the days received (inclusive);
 * the text looks in the receipt no., the tracking no., the PO no. and the supplier.
 */
export const receiptList = defineList({
  ...pageListNames('Receiving', 'SearchReceipts'),
  filters: {
    status: filter.enum(receiptStatuses, { label: 'Field:Status', texts: 'Status:' }),
    poId: filter.ref('PurchaseOrder', { label: 'Field:PoNo' }),
    warehouseId: filter.ref('Warehouse', { label: 'Field:Warehouse' }),
    received: filter.dateRange('from', 'to', { label: 'Field:ReceivedAt' }),
  },
  columns: {
    receiptNo: column.text({ header: 'Field:ReceiptNo', sort: true, width: 170 }),
    poNo: column.text({ header: 'Field:PoNo', width: 170 }),
    supplierName: column.text({ header: 'Field:Supplier', width: 200 }),
    warehouseName: column.text({ header: 'Field:Warehouse', width: 130 }),
    status: column.enum(receiptStatuses, { header: 'Field:Status', texts: 'Status:', sort: true, width: 110 }),
    reversesReceiptNo: column.text({ header: 'Field:Reverses', hidden: true, width: 170 }),
    qtyArrived: column.quantity({ header: 'Field:QtyArrived', width: 90 }),
    qtyAccepted: column.quantity({ header: 'Field:QtyAccepted', width: 90 }),
    qtyDamaged: column.quantity({ header: 'Field:QtyDamaged', width: 90 }),
    receivedAt: column.dateTime({ header: 'Field:ReceivedAt', sort: true, width: 150 }),
    trackingNo: column.text({ header: 'Field:TrackingNo', hidden: true, width: 150 }),
    remark: column.text({ header: 'Field:Remark', hidden: true, width: 200 }),
    creationTime: column.dateTime({ header: 'Field:CreationTime', sort: true, hidden: true, width: 150 }),
  },
  defaultSort: 'creationTime desc',
});
export type ReceiptListQuery = z.infer<typeof receiptList.query>;

/** Units that arrived, and of them accepted and damaged (a line's, or the receipt's over its lines). */
const arrivedQuantities = { qtyArrived: z.number(), qtyAccepted: z.number(), qtyDamaged: z.number() };

export const receiptLineDto = z.object({
  id: z.string(),
  poLineId: z.string(),
  ...variantRef,
  ...arrivedQuantities,
  /** In the tenant's currency (unit price × the PO's rate). */
  unitCost: z.string(),
});
export type ReceiptLineDto = z.infer<typeof receiptLineDto>;

/** The purchase order a receipt is against: its id, and its number and supplier as the order answers them. */
const ofPurchaseOrder = { poId: z.string(), ...purchaseOrderDto.pick({ poNo: true, supplierName: true }).shape };

export const receiptDto = z.object({
  id: z.string(),
  receiptNo: z.string(),
  ...ofPurchaseOrder,
  ...ofWarehouse,
  status: z.enum(receiptStatuses),
  reversesReceiptId: z.string().nullable(),
  reversesReceiptNo: z.string().nullable(),
  reversedById: z.string().nullable(),
  receivedAt: z.date(),
  postedAt: z.date().nullable(),
  freight: z.string(),
  trackingNo: z.string().nullable(),
  remark: z.string().nullable(),
  ...arrivedQuantities,
  allowedActions: z.array(z.enum(receiptActions)),
  ...createdAndStamp,
});
export type ReceiptDto = z.infer<typeof receiptDto>;

export const receiptDetailDto = receiptDto.extend({ lines: z.array(receiptLineDto) });
export type ReceiptDetailDto = z.infer<typeof receiptDetailDto>;

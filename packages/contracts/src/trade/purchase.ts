import { z } from 'zod';
import { changesAndStamp, stamp } from '../fields.ts';
import { column, defineList, filter, pageListNames } from '../lists.ts';
import { checkMoneyMembers } from '../money.ts';
import {
  checkLineAmounts,
  compareDecimal,
  fxRate as fxRateText,
  multiplyDecimal,
  NumberBounds,
  percent,
  quantity as quantityOf,
} from '../numbers.ts';
import {
  codedRef,
  currencyCode,
  money,
  nextState,
  ofWarehouse,
  type StateTable,
  statusEventDto,
  unitPrice,
  variantOption,
  variantRef,
  warehouseOption,
} from './common.ts';

/**
 * Purchase orders (domain §5.2): states, the transition table the server enforces and the web
 * reads to offer only allowed actions, payment status on its own track, request and response
 * schemas, and replenishment suggestions.
 */

export const purchaseStatuses = [
  'DRAFT',
  'SUBMITTED',
  'APPROVED',
  'PARTIALLY_RECEIVED',
  'RECEIVED',
  'CANCELLED',
] as const;
export type PurchaseStatus = (typeof purchaseStatuses)[number];

export const purchasePaymentStatuses = ['UNPAID', 'REQUESTED', 'PARTIAL', 'PAID'] as const;
export type PurchasePaymentStatus = (typeof purchasePaymentStatuses)[number];

export const purchaseTypes = ['REGULAR', 'SAMPLE'] as const;
export type PurchaseType = (typeof purchaseTypes)[number];

/**
 * What can happen to a purchase order. `receivePartial` / `receiveAll` are a posted receipt
 * (leaving something to receive, or every line arrived); `reversePartial` / `reverseAll` a
 * reversed one (something still received, or nothing any more).
 */
export const purchaseActions = [
  'edit',
  'delete',
  'submit',
  'approve',
  'reject',
  'cancel',
  'closeShort',
  'receivePartial',
  'receiveAll',
  'reversePartial',
  'reverseAll',
  'flag',
  'pay',
] as const;
export type PurchaseAction = (typeof purchaseActions)[number];

/** Domain §5.2: per state, the allowed actions and where each leads. */
export const purchaseTransitions: StateTable<PurchaseStatus, PurchaseAction> = {
  DRAFT: { edit: 'DRAFT', delete: 'DRAFT', submit: 'SUBMITTED', cancel: 'CANCELLED', flag: 'DRAFT' },
  SUBMITTED: {
    approve: 'APPROVED',
    reject: 'DRAFT',
    cancel: 'CANCELLED',
    flag: 'SUBMITTED',
    pay: 'SUBMITTED',
  },
  APPROVED: {
    receivePartial: 'PARTIALLY_RECEIVED',
    receiveAll: 'RECEIVED',
    cancel: 'CANCELLED',
    flag: 'APPROVED',
    pay: 'APPROVED',
  },
  PARTIALLY_RECEIVED: {
    receivePartial: 'PARTIALLY_RECEIVED',
    receiveAll: 'RECEIVED',
    reversePartial: 'PARTIALLY_RECEIVED',
    reverseAll: 'APPROVED',
    closeShort: 'RECEIVED',
    flag: 'PARTIALLY_RECEIVED',
    pay: 'PARTIALLY_RECEIVED',
  },
  RECEIVED: { reversePartial: 'PARTIALLY_RECEIVED', reverseAll: 'APPROVED', pay: 'RECEIVED' },
  CANCELLED: {},
};

/** The user's actions a row offers in the list (receipt actions come from receiving). */
export const purchaseUserActions = ['submit', 'approve', 'reject', 'cancel', 'closeShort'] as const;

/** Where `action` leads from `status`, or null when the table refuses it. */
export const purchaseNext = (status: PurchaseStatus, action: PurchaseAction): PurchaseStatus | null =>
  nextState(purchaseTransitions, status, action);

/** Whether receipts may be posted against a PO in this state. */
export const purchaseReceivable = (status: PurchaseStatus) => purchaseNext(status, 'receivePartial') !== null;

const id = z.guid();
const quantity = quantityOf();
/** Percent, e.g. 13 for 13 %. */
export const taxRate = percent({ scale: 4 });
const fxRate = fxRateText({ scale: 8 });
const date = z.iso.date();

export const purchaseLineInput = z.object({
  /** The line being edited (PUT); omitted for a new line. */
  id: id.optional(),
  variantId: id,
  qtyOrdered: quantity,
  /** Omitted: the supplier's tier price for the quantity (else its purchase price). */
  unitPrice: unitPrice.optional().nullable(),
  taxRate: taxRate.optional().default('0'),
  expectedDate: date.optional().nullable(),
  remark: z.string().max(256).optional().nullable(),
});
export type PurchaseLineInput = z.input<typeof purchaseLineInput>;

export const purchaseOrderInput = z
  .object({
    supplierId: id,
    warehouseId: id,
    type: z.enum(purchaseTypes).default('REGULAR'),
    /** Omitted: the tenant's currency. */
    currency: currencyCode.optional(),
    /** What 1 unit of `currency` is worth in the tenant's currency; omitted: the tenant's rate. */
    fxRate: fxRate.optional().nullable(),
    freight: money.optional().default('0'),
    discount: money.optional().default('0'),
    expectedArrival: date.optional().nullable(),
    remark: z.string().max(512).optional().nullable(),
    lines: z
      .array(purchaseLineInput)
      .max(NumberBounds.lines.purchaseOrder)
      .superRefine(checkLineAmounts('qtyOrdered', 'unitPrice')),
    ...stamp,
  })
  .superRefine((v, ctx) => {
    checkMoneyMembers(v, { currency: 'currency', amounts: ['freight', 'discount'] }, ctx);
    // a unit price × the rate is the receipt's unit cost in the tenant's currency: bounded like a unit price
    const rate = v.fxRate;
    if (!rate) return;
    if (
      v.lines.some((l) => l.unitPrice && compareDecimal(multiplyDecimal(l.unitPrice, rate), NumberBounds.unitPrice) > 0)
    )
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: Number(NumberBounds.unitPrice),
        inclusive: true,
        path: ['fxRate'],
        message: 'Platform::Number:ConvertedAtMost',
        input: v.fxRate,
      });
  });
export type PurchaseOrderInput = z.input<typeof purchaseOrderInput>;

/**
 * Purchase orders (`/api/trade/purchase-orders`): status tabs with their counts, supplier,
 * warehouse, payment and creation days (inclusive); the text looks in the PO no., the supplier,
 * the remark and the lines' SKUs and products.
 */
export const purchaseOrderList = defineList({
  ...pageListNames('Purchase', 'SearchPurchase'),
  filters: {
    supplierId: filter.ref('Supplier', { label: 'Field:Supplier' }),
    warehouseId: filter.ref('Warehouse', { label: 'Field:Warehouse' }),
    paymentStatus: filter.enum(purchasePaymentStatuses, { label: 'Field:PaymentStatus', texts: 'Payment:' }),
    created: filter.dateRange('from', 'to', { label: 'Page:DateRange' }),
  },
  tabs: { member: 'status', values: purchaseStatuses, texts: 'Status:' },
  columns: {
    poNo: column.text({ header: 'Field:PoNo', sort: true, width: 170 }),
    supplierName: column.text({ header: 'Field:Supplier', width: 200 }),
    warehouseName: column.text({ header: 'Field:Warehouse', width: 130 }),
    status: column.enum(purchaseStatuses, { header: 'Field:Status', texts: 'Status:', sort: true, width: 110 }),
    paymentStatus: column.enum(purchasePaymentStatuses, {
      header: 'Field:PaymentStatus',
      texts: 'Payment:',
      sort: true,
      width: 110,
    }),
    currency: column.text({ header: 'Field:Currency', exportOnly: true }),
    goodsAmount: column.money('currency', { header: 'Field:GoodsAmount', hidden: true, width: 120 }),
    freight: column.money('currency', { header: 'Field:Freight', hidden: true, width: 100 }),
    discount: column.money('currency', { header: 'Field:Discount', hidden: true, width: 100 }),
    tax: column.money('currency', { header: 'Field:Tax', hidden: true, width: 100 }),
    total: column.money('currency', { header: 'Field:Total', sort: true, width: 130 }),
    qtyOrdered: column.quantity({ header: 'Field:QtyOrdered', width: 90 }),
    qtyReceived: column.quantity({ header: 'Field:QtyReceived', width: 90 }),
    expectedArrival: column.date({ header: 'Field:ExpectedArrival', sort: true, width: 120 }),
    creationTime: column.dateTime({ header: 'Field:CreationTime', sort: true, width: 150 }),
    remark: column.text({ header: 'Field:Remark', hidden: true, width: 200 }),
  },
  defaultSort: 'creationTime desc',
});
export type PurchaseListQuery = z.infer<typeof purchaseOrderList.query>;

export const purchaseRejectInput = z.object({ reason: z.string().trim().min(1).max(512) });
export const purchasePaymentInput = z.object({ paymentStatus: z.enum(purchasePaymentStatuses) });
export const purchaseFlagInput = z.object({ exception: z.boolean(), remark: z.string().max(512).optional() });

export const purchaseLineDto = z.object({
  id: z.string(),
  lineNo: z.number(),
  ...variantRef,
  qtyOrdered: z.number(),
  unitPrice: z.string(),
  taxRate: z.string(),
  amount: z.string(),
  /** Arrived so far (accepted and damaged) over the posted receipts. */
  qtyReceived: z.number(),
  /** Of what arrived, damaged. */
  qtyDamaged: z.number(),
  expectedDate: z.string().nullable(),
  remark: z.string().nullable(),
});
export type PurchaseLineDto = z.infer<typeof purchaseLineDto>;

export const purchaseOrderDto = z.object({
  id: z.string(),
  poNo: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  ...ofWarehouse,
  status: z.enum(purchaseStatuses),
  closedShort: z.boolean(),
  exception: z.boolean(),
  paymentStatus: z.enum(purchasePaymentStatuses),
  type: z.enum(purchaseTypes),
  currency: z.string(),
  fxRate: z.string(),
  goodsAmount: z.string(),
  freight: z.string(),
  discount: z.string(),
  tax: z.string(),
  total: z.string(),
  qtyOrdered: z.number(),
  qtyReceived: z.number(),
  expectedArrival: z.string().nullable(),
  submittedAt: z.date().nullable(),
  approvedAt: z.date().nullable(),
  approvedBy: z.string().nullable(),
  rejectReason: z.string().nullable(),
  remark: z.string().nullable(),
  /** The actions the state allows (the table above), for the row's buttons. */
  allowedActions: z.array(z.enum(purchaseActions)),
  ...changesAndStamp,
});
export type PurchaseOrderDto = z.infer<typeof purchaseOrderDto>;

export const purchaseEventDto = statusEventDto;

export const purchaseOrderDetailDto = purchaseOrderDto.extend({
  lines: z.array(purchaseLineDto),
  events: z.array(purchaseEventDto),
});
export type PurchaseOrderDetailDto = z.infer<typeof purchaseOrderDetailDto>;

export const purchaseCountsDto = purchaseOrderList.counts;

/** Default unit prices for lines at a supplier (the form asks as the user types). */
export const purchasePriceInput = z.object({
  supplierId: id,
  currency: currencyCode.optional(),
  lines: z
    .array(z.object({ variantId: id, quantity }))
    .min(1)
    .max(500),
});
export const purchasePriceDto = z.object({
  variantId: z.string(),
  quantity: z.number(),
  unitPrice: z.string().nullable(),
  /** TIER (a quantity step), VENDOR (the link's purchase price) or null (no link at this supplier). */
  source: z.enum(['TIER', 'VENDOR']).nullable(),
});

/** What the form picks from: suppliers, warehouses, the tenant's currency and rates. */
export const purchaseLookupsDto = z.object({
  suppliers: z.array(z.object(codedRef)),
  warehouses: z.array(warehouseOption),
  currency: z.string(),
  rates: z.record(z.string(), z.string()),
});
export type PurchaseLookupsDto = z.infer<typeof purchaseLookupsDto>;

export const purchaseVariantQuery = z.object({
  filter: z.string().trim().max(100).optional(),
  maxResultCount: z.coerce.number().int().min(1).max(50).default(20),
});
export const purchaseVariantDto = z.object({
  ...variantOption,
});
export type PurchaseVariantDto = z.infer<typeof purchaseVariantDto>;

// ---------------------------------------------------------------------------------------------
// Replenishment
// ---------------------------------------------------------------------------------------------

export const suggestionQuery = z.object({
  warehouseId: id.optional(),
  /** Days of sales to average; omitted: setting `Trade.ReplenishmentSalesDays`. */
  days: z.coerce.number().int().min(1).max(365).optional(),
  filter: z.string().trim().max(100).optional(),
  /** Also rows whose suggestion is 0. */
  all: z.preprocess((v) => v === 'true' || v === true, z.boolean()).optional(),
});
export type SuggestionQuery = z.infer<typeof suggestionQuery>;

export const suggestionDto = z.object({
  ...variantRef,
  ...ofWarehouse,
  sold: z.number(),
  days: z.number(),
  /** Average daily sales, 4 places. */
  dailySales: z.string(),
  leadDays: z.number(),
  coverDays: z.number(),
  safety: z.number(),
  onHand: z.number(),
  reserved: z.number(),
  inTransit: z.number(),
  suggested: z.number(),
  supplierId: z.string().nullable(),
  supplierName: z.string().nullable(),
  unitPrice: z.string().nullable(),
  currency: z.string().nullable(),
});
export type SuggestionDto = z.infer<typeof suggestionDto>;

export const suggestionDraftInput = z.object({
  warehouseId: id,
  lines: z
    .array(z.object({ variantId: id, quantity, supplierId: id.optional() }))
    .min(1)
    .max(500),
});
export type SuggestionDraftInput = z.input<typeof suggestionDraftInput>;
export const suggestionDraftDto = z.object({ ids: z.array(z.string()), poNos: z.array(z.string()) });

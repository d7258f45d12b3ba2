import { z } from 'zod';
import { optional } from '../fields.ts';
import { column, defineList, filter } from '../lists.ts';
import { checkMoneyMembers } from '../money.ts';
import { checkLineAmounts, NumberBounds, quantity } from '../numbers.ts';
import {
  allowedActions,
  currencyCode,
  fromShop,
  money,
  type StateTable,
  salesUnitPrice,
  statusEventDto,
} from './common.ts';

/**
 * Sales orders: statuses and their transitions, the mapping of the marketplaces' own statuses,
 * and the request and response schemas shared by the server and the web. Refusals are
 * `SalesOrders::` text keys.
 */

/** Where an order came from: a marketplace pull, the back-office, or one of the seller's own storefronts (sitekit). */
export const orderSources = ['MARKETPLACE', 'MANUAL', 'SITE'] as const;
export type OrderSource = (typeof orderSources)[number];
export const orderPlatforms = ['LAZADA', 'SHOPEE'] as const;

/** The spec §3 words a sales order moves through (see `salesOrderTransitions`). */
export const salesOrderStatuses = [
  'Pending',
  'Paid',
  'Processing',
  'Outofstock',
  'Packaged',
  'PartiallyShipped',
  'Shipped',
  'Delivered',
  'Completed',
  'Cancel',
  'PartiallyRefunded',
  'Refunded',
] as const;
export type SalesOrderStatus = (typeof salesOrderStatuses)[number];

/** What a user may do to an order (shipping is the shipments' doing: `recordShipped`). */
export const salesOrderActions = [
  'markPaid',
  'confirm',
  'pack',
  'deliver',
  'complete',
  'partialRefund',
  'refund',
  'cancel',
] as const;
export type SalesOrderAction = (typeof salesOrderActions)[number];

/**
 * The sales order state table: per status, the user actions allowed and where each leads.
 *
 * - Pending (placed, not paid yet; a new manual order) → markPaid → Paid; → confirm → Processing
 *   (cash on delivery or a trusted buyer); → cancel → Cancel.
 * - Paid → confirm → Processing; → cancel → Cancel.
 * - confirm reserves every line in the order's warehouse, all or nothing: when any line is short,
 *   nothing is reserved and the order goes to Outofstock instead of Processing. An order with an
 *   unmatched line (seller SKU not mapped to a catalogue variant) cannot be confirmed.
 * - Outofstock → confirm (again, once stock came in) → Processing (or stays Outofstock); → cancel.
 * - Processing (stock reserved) → pack → Packaged; → cancel → Cancel (the reservation released).
 * - Packaged → cancel → Cancel (released). Shipping (a shipment) moves Processing or Packaged
 *   orders to PartiallyShipped or Shipped; it is not a user action on the order.
 * - PartiallyShipped: only further shipments move it on.
 * - Shipped → deliver → Delivered.
 * - Delivered → complete → Completed; → partialRefund → PartiallyRefunded; → refund → Refunded.
 * - Completed → partialRefund → PartiallyRefunded; → refund → Refunded.
 * - PartiallyRefunded → refund → Refunded.
 * - Outofstock, Processing, Packaged → markPaid → the same status, once: an order confirmed before
 *   it was paid (a storefront's, reserved at checkout; cash on delivery) records its payment in place.
 * - Cancel and Refunded are final.
 */
export const salesOrderTransitions: StateTable<SalesOrderStatus, SalesOrderAction> = {
  Pending: { markPaid: 'Paid', confirm: 'Processing', cancel: 'Cancel' },
  Paid: { confirm: 'Processing', cancel: 'Cancel' },
  Outofstock: { markPaid: 'Outofstock', confirm: 'Processing', cancel: 'Cancel' },
  Processing: { markPaid: 'Processing', pack: 'Packaged', cancel: 'Cancel' },
  Packaged: { markPaid: 'Packaged', cancel: 'Cancel' },
  PartiallyShipped: {},
  Shipped: { deliver: 'Delivered' },
  Delivered: { complete: 'Completed', partialRefund: 'PartiallyRefunded', refund: 'Refunded' },
  Completed: { partialRefund: 'PartiallyRefunded', refund: 'Refunded' },
  PartiallyRefunded: { refund: 'Refunded' },
  Cancel: {},
  Refunded: {},
};

/** The actions the table allows from `status`, in the table's order. */
export const allowedSalesOrderActions = (status: SalesOrderStatus): SalesOrderAction[] =>
  allowedActions(salesOrderTransitions, salesOrderActions, status);

/** Statuses in which the order holds a stock reservation for its unshipped quantities. */
export const reservingStatuses: readonly SalesOrderStatus[] = ['Processing', 'Packaged', 'PartiallyShipped'];

/**
 * A marketplace's own order status in the product's words. Lazada (order statuses of
 * `/orders/get`): unpaid; pending / topack / toship / packed / ready_to_ship / repacked (paid,
 * waiting for the seller); shipped; delivered; confirmed (the buyer confirmed receipt); canceled;
 * failed / lost_by_3pl / damaged_by_3pl (delivery failed: cancelled); returned / shipped_back.
 * Shopee (`order_status`): UNPAID, INVOICE_PENDING; READY_TO_SHIP / PROCESSED / RETRY_SHIP /
 * IN_CANCEL (paid, waiting for the seller; a cancellation asked for is not one yet); SHIPPED /
 * TO_CONFIRM_RECEIVE; COMPLETED; CANCELLED; TO_RETURN. An unknown word is Pending.
 */
export function marketplaceOrderStatus(platform: 'LAZADA' | 'SHOPEE', raw: string): SalesOrderStatus {
  const s = raw.trim();
  if (platform === 'LAZADA') {
    switch (s.toLowerCase()) {
      case 'unpaid':
        return 'Pending';
      case 'pending':
      case 'topack':
      case 'toship':
      case 'packed':
      case 'ready_to_ship':
      case 'repacked':
        return 'Paid';
      case 'shipped':
        return 'Shipped';
      case 'delivered':
        return 'Delivered';
      case 'confirmed':
        return 'Completed';
      case 'canceled':
      case 'cancelled':
      case 'failed':
      case 'lost_by_3pl':
      case 'damaged_by_3pl':
        return 'Cancel';
      case 'returned':
      case 'shipped_back':
        return 'Refunded';
      default:
        return 'Pending';
    }
  }
  switch (s.toUpperCase()) {
    case 'UNPAID':
    case 'INVOICE_PENDING':
      return 'Pending';
    case 'READY_TO_SHIP':
    case 'PROCESSED':
    case 'RETRY_SHIP':
    case 'IN_CANCEL':
      return 'Paid';
    case 'SHIPPED':
    case 'TO_CONFIRM_RECEIVE':
      return 'Shipped';
    case 'COMPLETED':
      return 'Completed';
    case 'CANCELLED':
      return 'Cancel';
    case 'TO_RETURN':
      return 'Refunded';
    default:
      return 'Pending';
  }
}

/**
 * The sales order list (`/api/trade/orders`): status tabs with their counts, the filters, the
 * search (order no., buyer, or the platform's order id exactly) and the columns of the page and
 * of the export.
 */
export const salesOrderList = defineList({
  texts: 'SalesOrders',
  search: 'SearchOrders',
  filters: {
    shopId: filter.ref('Shop', { label: 'Shop', options: '/api/trade/orders/shops' }),
    platform: filter.enum(orderPlatforms, { texts: 'Platform:' }),
    source: filter.enum(orderSources, { texts: 'Source:' }),
    /** The storefront of a SITE order (sitekit's online orders page). */
    siteId: filter.ref('Site', { label: 'Site', options: '/api/sitekit/sites/all' }),
    ordered: filter.dateRange('from', 'to', { label: 'OrderedAt' }),
    sku: filter.text(100),
    buyer: filter.text(128),
    countryCode: filter.text(2, { label: 'Country' }),
    hasUnmatched: filter.bool({ label: 'Unmatched' }),
  },
  tabs: { member: 'status', values: salesOrderStatuses, texts: 'Status:' },
  columns: {
    orderNo: column.text({ sort: true, width: 190 }),
    platformOrderId: column.text({ width: 170 }),
    shopName: column.text({ header: 'Shop', width: 180 }),
    buyerName: column.text({ header: 'Buyer', sort: true, width: 140 }),
    countryCode: column.text({ header: 'Country', width: 70 }),
    currency: column.text({ width: 70, exportOnly: true }),
    total: column.money('currency', { sort: true, width: 130 }),
    status: column.enum(salesOrderStatuses, { sort: true, width: 110 }),
    platformStatus: column.text({ hidden: true, width: 120 }),
    orderedAt: column.dateTime({ sort: true, width: 150 }),
  },
  defaultSort: 'orderedAt desc',
});
export type SalesOrderQuery = z.infer<typeof salesOrderList.query>;
export type SalesOrderFilters = z.infer<typeof salesOrderList.filters>;

export const salesOrderAddress = z.object({
  name: z.string().trim().max(128).nullable().default(null),
  phone: z.string().trim().max(40).nullable().default(null),
  line1: z.string().trim().max(256).nullable().default(null),
  line2: z.string().trim().max(256).nullable().default(null),
  city: z.string().trim().max(128).nullable().default(null),
  state: z.string().trim().max(128).nullable().default(null),
  postCode: z.string().trim().max(20).nullable().default(null),
  countryCode: z.string().trim().toUpperCase().length(2).nullable().default(null),
});
export type SalesOrderAddress = z.infer<typeof salesOrderAddress>;

export const salesOrderListItem = z.object({
  id: z.string(),
  orderNo: z.string(),
  source: z.enum(orderSources),
  platform: z.enum(orderPlatforms).nullable(),
  ...fromShop,
  platformOrderId: z.string().nullable(),
  platformStatus: z.string().nullable(),
  status: z.enum(salesOrderStatuses),
  currency: z.string(),
  total: z.string(),
  buyerName: z.string().nullable(),
  countryCode: z.string().nullable(),
  hasUnmatched: z.boolean(),
  orderedAt: z.date(),
});
export type SalesOrderListItem = z.infer<typeof salesOrderListItem>;

export const salesOrderLineDto = z.object({
  id: z.string(),
  lineNo: z.number().int(),
  platformItemId: z.string().nullable(),
  platformLineId: z.string().nullable(),
  sellerSku: z.string(),
  variantId: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.string(),
  amount: z.string(),
  reservedQty: z.number().int(),
  shippedQty: z.number().int(),
  /** Shipped units the buyer sent back with a refund. */
  returnedQty: z.number().int(),
});
export type SalesOrderLineDto = z.infer<typeof salesOrderLineDto>;

export const salesOrderEventDto = statusEventDto;
export type SalesOrderEventDto = z.infer<typeof salesOrderEventDto>;

export const salesOrderDto = salesOrderListItem.extend({
  goodsAmount: z.string(),
  shippingFee: z.string(),
  discount: z.string(),
  /** What was refunded so far (full and partial refunds), in the order's currency. */
  refundedAmount: z.string(),
  /** What is left to refund: the total less the refunds so far. */
  refundable: z.string(),
  buyerEmail: z.string().nullable(),
  address: salesOrderAddress.nullable(),
  paymentMethod: z.string().nullable(),
  paidAt: z.date().nullable(),
  platformUpdatedAt: z.date().nullable(),
  warehouseId: z.string().nullable(),
  remark: z.string().nullable(),
  /** The user actions the state table allows now. */
  actions: z.array(z.enum(salesOrderActions)),
  lines: z.array(salesOrderLineDto),
  events: z.array(salesOrderEventDto),
  concurrencyStamp: z.string(),
});
export type SalesOrderDto = z.infer<typeof salesOrderDto>;

export const salesOrderCounts = salesOrderList.counts;
export type SalesOrderCounts = z.infer<typeof salesOrderCounts>;

export const salesOrderLineInput = z.object({
  variantId: z.guid(),
  quantity: quantity(),
  unitPrice: salesUnitPrice,
});

/** A manual order (totals are the server's: Σ quantity × unit price + shipping − discount). */
export const salesOrderInput = z
  .object({
    buyerName: z.string().trim().min(1).max(128),
    buyerEmail: optional(z.email().max(256)),
    countryCode: z.string().trim().toUpperCase().length(2),
    currency: currencyCode,
    address: salesOrderAddress.optional(),
    warehouseId: optional(z.guid()),
    shippingFee: money.default('0'),
    discount: money.default('0'),
    paymentMethod: optional(z.string().trim().max(40)),
    remark: optional(z.string().trim().max(512)),
    orderedAt: optional(z.coerce.date()),
    lines: z
      .array(salesOrderLineInput)
      .min(1)
      .max(NumberBounds.lines.salesOrder)
      .superRefine(checkLineAmounts('quantity', 'unitPrice')),
  })
  .superRefine((order, ctx) =>
    // 1000.50 JPY is refused on its member: yen have no fraction
    checkMoneyMembers(order, { currency: 'currency', amounts: ['shippingFee', 'discount', 'lines.*.unitPrice'] }, ctx),
  );
export type SalesOrderInput = z.infer<typeof salesOrderInput>;

export const salesOrderCancelInput = z.object({ reason: z.string().trim().min(1).max(500) });
export const salesOrderActionInput = z.object({ reason: optional(z.string().trim().max(500)) });
/**
 * A refund (`/refund`, `/partial-refund`): the amount refunded now in the order's currency (a
 * partial refund must say it; a full refund refunds what is left unless it says less) and the
 * shipped units the buyer sent back, which come back on hand at the cost they left at.
 */
export const salesOrderRefundInput = salesOrderActionInput.extend({
  amount: optional(money.refine((v) => !v.trim().startsWith('-') && /[1-9]/.test(v), 'SalesOrders::RefundPositive')),
  returns: z
    .array(z.object({ lineId: z.guid(), quantity: quantity() }))
    .max(NumberBounds.lines.salesOrder)
    .default([]),
});
export type SalesOrderRefundInput = z.infer<typeof salesOrderRefundInput>;
export const salesOrderMatchInput = z.object({ variantId: z.guid() });
export const salesOrderPullInput = z.object({ shopId: optional(z.guid()) });
export const salesOrderPullDto = z.object({ jobId: z.string().nullable() });

/** What a pull did (the job's result, and the `trade.orders.pulled` push to the tenant). */
export const salesOrderPullResult = z.object({
  shops: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.array(z.object({ shopId: z.string(), message: z.string() })),
});
export type SalesOrderPullResult = z.infer<typeof salesOrderPullResult>;
export const salesOrderPullState = z.object({
  jobId: z.string(),
  state: z.string(),
  result: salesOrderPullResult.nullable(),
});
/** The push event name of a finished pull. */
export const SALES_ORDERS_PULLED_EVENT = 'trade.orders.pulled';

/** A shop the orders page filters and pulls by. */
export const salesOrderShopOption = z.object({
  id: z.string(),
  name: z.string(),
  platform: z.enum(orderPlatforms),
  authorized: z.boolean(),
});
export type SalesOrderShopOption = z.infer<typeof salesOrderShopOption>;
/** A catalogue variant for a manual order's line or a line's SKU mapping. */
export const salesOrderVariantOption = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  /** The catalogue price, in `currency` (the product's). */
  price: z.string(),
  currency: z.string(),
});
export type SalesOrderVariantOption = z.infer<typeof salesOrderVariantOption>;

import { z } from 'zod';
import { nullable, optional, upperLetterCode } from '../fields.ts';
import { column, defineList, filter } from '../lists.ts';
import { amount } from '../numbers.ts';
import { ofCustomer } from './customers.ts';

/**
 * Order tracking: the CRM's record of a customer's orders (entered by hand, or noted from the
 * storefront or a marketplace, optionally linked to the trade module's sales order), with their
 * status words and the transitions allowed between them. The table lives here so the server
 * enforces and the web offers the same next states.
 */

export const crmOrderSources = ['MANUAL', 'STOREFRONT', 'MARKETPLACE'] as const;
export type CrmOrderSource = (typeof crmOrderSources)[number];

export const crmOrderStatuses = [
  'Pending',
  'Processing',
  'Shipped',
  'Delivered',
  'Completed',
  'Cancel',
  'Refunded',
] as const;
export type CrmOrderStatus = (typeof crmOrderStatuses)[number];

/**
 * Where an order may go from each status:
 * - Pending → Processing (accepted), Cancel.
 * - Processing → Shipped, Cancel.
 * - Shipped → Delivered, Refunded (lost or returned on the way).
 * - Delivered → Completed, Refunded.
 * - Completed → Refunded (after-sales).
 * - Cancel and Refunded are final.
 */
export const crmOrderTransitions: Record<CrmOrderStatus, readonly CrmOrderStatus[]> = {
  Pending: ['Processing', 'Cancel'],
  Processing: ['Shipped', 'Cancel'],
  Shipped: ['Delivered', 'Refunded'],
  Delivered: ['Completed', 'Refunded'],
  Completed: ['Refunded'],
  Cancel: [],
  Refunded: [],
};

/** The statuses an order may move to from `status`. */
export const nextCrmOrderStatuses = (status: CrmOrderStatus): readonly CrmOrderStatus[] =>
  crmOrderTransitions[status] ?? [];

/** A note on an order or on its status change. */
const remark = nullable(z.string().trim().max(512));

export const crmOrderInput = z.object({
  customerId: z.guid(),
  /** Unique in the tenant; generated (CO + date + random) when absent. */
  orderNo: optional(
    z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, 'CrmOrders::OrderNoChars'),
  ),
  source: z.enum(crmOrderSources).default('MANUAL'),
  amount: amount({ formatMessage: 'CrmOrders::Money', placesMessage: 'CrmOrders::Money' }),
  currency: upperLetterCode(3),
  orderedAt: z.coerce.date(),
  remark,
  /** The trade module's sales order this record follows (read-only link). */
  tradeOrderId: nullable(z.guid()),
});
export type CrmOrderInput = z.infer<typeof crmOrderInput>;

export const crmOrderStatusInput = z.object({
  status: z.enum(crmOrderStatuses),
  remark,
});
export type CrmOrderStatusInput = z.infer<typeof crmOrderStatusInput>;

/**
 * The order-tracking list (`/api/crm/orders`, its `/export`): the search takes the order no. or
 * the customer's name; `from`…`to` are days of ordering. Who sees which orders is their
 * customers' visibility (the server's scope).
 */
export const crmOrderList = defineList({
  texts: 'CrmOrders',
  search: 'Filter',
  filters: {
    customerId: filter.ref('Customer', { options: '/api/crm/orders/customer-options' }),
    status: filter.enum(crmOrderStatuses, { texts: 'Status:' }),
    source: filter.enum(crmOrderSources, { texts: 'Source:' }),
    ordered: filter.dateRange('from', 'to', { label: 'OrderedAt' }),
  },
  columns: {
    orderNo: column.text({ sort: true, width: 180 }),
    customerName: column.text({ header: 'Customer', width: 200 }),
    source: column.enum(crmOrderSources, { texts: 'Source:', width: 110 }),
    status: column.enum(crmOrderStatuses, { texts: 'Status:', sort: true, width: 110 }),
    currency: column.text({ exportOnly: true, width: 70 }),
    amount: column.money('currency', { sort: true, width: 140 }),
    orderedAt: column.dateTime({ sort: true, width: 150 }),
    remark: column.text({ hidden: true, width: 200 }),
    creationTime: column.dateTime({ sort: true, hidden: true, noExport: true, width: 150 }),
  },
  defaultSort: 'orderedAt desc',
});
export type CrmOrderQuery = z.infer<typeof crmOrderList.query>;

export const crmOrderListItem = z.object({
  id: z.string(),
  orderNo: z.string(),
  ...ofCustomer,
  source: z.enum(crmOrderSources),
  status: z.enum(crmOrderStatuses),
  amount: z.string(),
  currency: z.string(),
  orderedAt: z.date(),
  remark: z.string().nullable(),
  tradeOrderId: z.string().nullable(),
  creationTime: z.date(),
});
export type CrmOrderListItem = z.infer<typeof crmOrderListItem>;

export const crmOrderHistoryDto = z.object({
  id: z.string(),
  fromStatus: z.enum(crmOrderStatuses).nullable(),
  toStatus: z.enum(crmOrderStatuses),
  remark: z.string().nullable(),
  byUserId: z.string().nullable(),
  byUserName: z.string().nullable(),
  time: z.date(),
});
export type CrmOrderHistoryDto = z.infer<typeof crmOrderHistoryDto>;

export const crmOrderDto = crmOrderListItem.extend({
  /** The linked sales order's number and status, when it is linked and still there. */
  tradeOrder: z.object({ id: z.string(), orderNo: z.string(), status: z.string() }).nullable(),
  /** Statuses the order may move to now. */
  nextStatuses: z.array(z.enum(crmOrderStatuses)),
  canEdit: z.boolean(),
  history: z.array(crmOrderHistoryDto),
});
export type CrmOrderDto = z.infer<typeof crmOrderDto>;

/** Trade sales orders to link, found by order number. */
export const crmTradeOrderOption = z.object({
  id: z.string(),
  orderNo: z.string(),
  status: z.string(),
  total: z.string(),
  currency: z.string(),
});
export type CrmTradeOrderOption = z.infer<typeof crmTradeOrderOption>;

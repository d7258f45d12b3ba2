import { z } from 'zod';
import { salesOrderStatuses } from './orders.ts';

/**
 * Bulk work on selected sales orders (`/api/trade/orders/bulk/…`): confirm them, or make each its
 * own shipment with the channel the freight strategy picks. The work runs as a durable job; each
 * order has its own outcome (done, or refused with a reason in the user's language).
 */

/** Most orders one bulk action takes (the orders page's selection stops there too). */
export const ORDER_BULK_MAX = 500;

export const orderBulkKinds = ['confirm', 'shipments'] as const;
export type OrderBulkKind = (typeof orderBulkKinds)[number];

export const orderBulkInput = z.object({
  ids: z.array(z.guid()).min(1).max(ORDER_BULK_MAX),
});
export type OrderBulkInput = z.infer<typeof orderBulkInput>;

export const orderBulkStarted = z.object({ jobId: z.string() });

/** What happened to one order: done (with its status, and the shipment made), or refused with the reason. */
export const orderBulkOutcome = z.object({
  id: z.string(),
  /** Null when the order is not one the user may see. */
  orderNo: z.string().nullable(),
  ok: z.boolean(),
  status: z.enum(salesOrderStatuses).nullable(),
  shipmentNo: z.string().nullable(),
  channelName: z.string().nullable(),
  reason: z.string().nullable(),
});
export type OrderBulkOutcome = z.infer<typeof orderBulkOutcome>;

export const orderBulkResult = z.object({
  kind: z.enum(orderBulkKinds),
  done: z.number().int(),
  refused: z.number().int(),
  items: z.array(orderBulkOutcome),
});
export type OrderBulkResult = z.infer<typeof orderBulkResult>;

/** A bulk job's state: how far it got while it runs, its result once completed. */
export const orderBulkState = z.object({
  jobId: z.string(),
  state: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  result: orderBulkResult.nullable(),
});
export type OrderBulkState = z.infer<typeof orderBulkState>;

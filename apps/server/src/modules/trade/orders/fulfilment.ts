import { type SalesOrderStatus, salesOrderTransitions } from '@seller/contracts/trade';
import { and, eq, sql } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { notFound } from '../../../core/errors.ts';
import { nextState } from '../state-machine.ts';
import { salesOrderEvents, salesOrderLines, salesOrders } from './schema.ts';

/**
 * What shipments tell sales orders, in the shipment's transaction. The shipment writes the stock
 * moves (SALE_OUT taking the quantity off hand and off the reservation); this records the shipped
 * quantities on the lines and moves the order to PartiallyShipped or Shipped, with an event.
 */
export async function recordShipped(
  tx: Tx,
  ctx: CrudContext,
  input: { orderId: string; shipmentNo: string; lines: Array<{ orderLineId: string; quantity: number }> },
): Promise<void> {
  const [order] = await tx.select().from(salesOrders).where(eq(salesOrders.id, input.orderId)).for('update');
  if (!order) throw notFound('SalesOrder', input.orderId);
  for (const l of input.lines) {
    await tx
      .update(salesOrderLines)
      .set({
        shippedQty: sql`${salesOrderLines.shippedQty} + ${l.quantity}`,
        reservedQty: sql`greatest(${salesOrderLines.reservedQty} - ${l.quantity}, 0)`,
      })
      .where(and(eq(salesOrderLines.id, l.orderLineId), eq(salesOrderLines.orderId, order.id)));
  }
  const lines = await tx.select().from(salesOrderLines).where(eq(salesOrderLines.orderId, order.id));
  const all = lines.every((l) => l.shippedQty >= l.quantity);
  await moveOrder(tx, ctx, order, all ? 'Shipped' : 'PartiallyShipped', 'Shipped', input.shipmentNo);
}

/**
 * What shipments tell sales orders when the last of an order's parcels is delivered, in the
 * shipment's transaction: a Shipped order moves on by the state table's `deliver` (to
 * Delivered), with an event naming the shipment. An order in any other status (partly shipped,
 * already delivered or refunded) is left as it is.
 */
export async function recordDelivered(tx: Tx, ctx: CrudContext, input: { orderId: string; shipmentNo: string }) {
  const [order] = await tx.select().from(salesOrders).where(eq(salesOrders.id, input.orderId)).for('update');
  if (!order) throw notFound('SalesOrder', input.orderId);
  const to = nextState(salesOrderTransitions, order.status, 'deliver');
  if (to) await moveOrder(tx, ctx, order, to, 'Delivered', input.shipmentNo);
}

/** Moves a locked order to `to` by its shipment `shipmentNo`, with the history's event. */
async function moveOrder(
  tx: Tx,
  ctx: CrudContext,
  order: typeof salesOrders.$inferSelect,
  to: SalesOrderStatus,
  event: 'Shipped' | 'Delivered',
  shipmentNo: string,
) {
  await tx
    .update(salesOrders)
    .set({ status: to, lastModificationTime: new Date(), concurrencyStamp: sql`md5(random()::text)` })
    .where(eq(salesOrders.id, order.id));
  await tx.insert(salesOrderEvents).values({
    tenantId: order.tenantId,
    orderId: order.id,
    event,
    fromStatus: order.status,
    toStatus: to,
    message: shipmentNo,
    actorId: ctx.user?.id ?? null,
  });
}

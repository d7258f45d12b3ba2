import { and, eq, sql } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { notFound } from '../../../core/errors.ts';
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
  const to = all ? 'Shipped' : 'PartiallyShipped';
  await tx
    .update(salesOrders)
    .set({ status: to, lastModificationTime: new Date() })
    .where(eq(salesOrders.id, order.id));
  await tx.insert(salesOrderEvents).values({
    tenantId: order.tenantId,
    orderId: order.id,
    event: 'Shipped',
    fromStatus: order.status,
    toStatus: to,
    message: input.shipmentNo,
    actorId: ctx.user?.id ?? null,
  });
}

import type { CreateShipmentInput, OrderBulkOutcome } from '@seller/contracts/trade';
import type { Tx } from '../../../core/db/client.ts';
import { t } from '../../../core/localization/index.ts';
import type { Services } from '../../../core/services.ts';
import { orderCommands } from '../orders/commands.ts';
import { orderQueries } from '../orders/queries.ts';
import { shipmentCommands } from '../shipments/commands.ts';
import type { Ctx, ShipmentPlan } from '../shipments/queries.ts';
import type { BulkOrder } from './queries.ts';

/**
 * Bulk work's writes on one order each (the area's service shape, `docs/architecture.md`): each
 * takes the open transaction and the context, does what the single action does through the
 * orders' and shipments' commands, and answers the order's outcome. The job (`jobs.ts`) opens one
 * unit per order, so an order is done whole or not at all and the others go on.
 */
export const bulkCommands = (services: Pick<Services, 'events'>) => {
  const orders = orderCommands(services);
  const shipments = shipmentCommands(services);
  return {
    /** Confirms (reserving its stock): an order short of stock goes to Outofstock, as the single confirm does, and is reported refused. */
    async confirm(tx: Tx, ctx: Ctx, order: BulkOrder): Promise<OrderBulkOutcome> {
      await orders.act(tx, ctx, order.id, 'confirm');
      const after = await orderQueries.get(tx, ctx, order.id);
      const short = after.status === 'Outofstock' ? after.events.findLast((e) => e.event === 'OutOfStock') : undefined;
      return {
        ...outcome(order, after.status === 'Processing', after.status),
        reason: short ? t(ctx.culture, 'SalesOrders::Bulk:ShortOfStock', [short.message ?? '']) : null,
      };
    },
    /** Makes the order's shipment with the planned channel (`bulkQueries.plan`, read before the unit). */
    async ship(tx: Tx, ctx: Ctx, order: BulkOrder, input: CreateShipmentInput, plan: ShipmentPlan) {
      const row = await shipments.create(tx, ctx, input, plan);
      return { ...outcome(order, true, null), shipmentNo: row.shipmentNo, channelName: row.channelName };
    },
  };
};
export type BulkCommands = ReturnType<typeof bulkCommands>;

/** An order's outcome, nothing said yet of a shipment or a reason. */
export const outcome = (
  order: Pick<BulkOrder, 'id'> & { orderNo: string | null },
  ok: boolean,
  status: OrderBulkOutcome['status'],
): OrderBulkOutcome => ({
  id: order.id,
  orderNo: order.orderNo,
  ok,
  status,
  shipmentNo: null,
  channelName: null,
  reason: null,
});

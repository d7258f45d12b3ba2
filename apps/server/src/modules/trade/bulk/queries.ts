import type { CreateShipmentInput } from '@seller/contracts/trade';
import { inArray } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { salesOrders } from '../orders/schema.ts';
import { type Ctx, shipmentQueries } from '../shipments/queries.ts';

export interface BulkOrder {
  id: string;
  orderNo: string;
  warehouseId: string | null;
}

/**
 * Reads of bulk work on orders (the area's service shape, `docs/architecture.md`): `orders` takes
 * the open unit's `tx` and the context; `plan` asks for the freight estimate, which opens its own
 * unit, so it takes `(services, ctx)` and runs before the unit that makes the shipment.
 */
export const bulkQueries = {
  /** The asked orders that are the tenant's, by id (another tenant's are simply not there). */
  async orders(tx: Tx, ctx: CrudContext, ids: string[]): Promise<Map<string, BulkOrder>> {
    if (!ids.length) return new Map();
    const rows = await tx
      .select({ id: salesOrders.id, orderNo: salesOrders.orderNo, warehouseId: salesOrders.warehouseId })
      .from(salesOrders)
      .where(owned(ctx, salesOrders, inArray(salesOrders.id, ids)));
    return new Map(rows.map((r) => [r.id, r]));
  },

  /**
   * One order's shipment as the single path makes it: from the order's warehouse (the tenant's
   * default when it has none yet), the channel left to the freight estimate, so the strategy picks.
   */
  async plan(services: Services, ctx: Ctx, order: BulkOrder) {
    const warehouseId =
      order.warehouseId ??
      (await services.data.inTenant(ctx, (tx) => shipmentQueries.warehouses(tx, ctx))).items[0]?.id;
    if (!warehouseId) throw fieldError('warehouseId', 'SalesOrders::NoWarehouse');
    const input: CreateShipmentInput = { orderIds: [order.id], warehouseId };
    return { input, plan: await shipmentQueries.plan(services, ctx, input) };
  },
};

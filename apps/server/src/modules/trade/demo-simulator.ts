import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { CurrentTenant } from '../../core/context.ts';
import { owned } from '../../core/crud.ts';
import { RetryLater } from '../../core/jobs.ts';
import type { Services } from '../../core/services.ts';
import { MarketplaceError, marketplaceShops, simulatorControl } from '../marketplaces/index.ts';
import { salesOrderLines, salesOrders } from './orders/schema.ts';
import { shipmentItems, shipments } from './shipments/schema.ts';

/**
 * The demo's marketplace orders on the marketplace's side too: the demo seed writes three months
 * of orders "pulled" from demo's Lazada and Shopee shops, and this one-off durable job gives the
 * bundled simulator the same orders (numbers, times, buyers, lines, amounts, the marketplace's
 * status, and the tracking number of each one's shipment), so that pulling reads them back
 * unchanged and telling a tracking number to the marketplace finds its order. It waits until the
 * server listens and the demo shops are authorized (a job of their own), then sends each shop's
 * orders in batches to `POST /marketplace-sim/control/orders/import`, which keeps what it has.
 */
export const DEMO_SIMULATOR_JOB = 'trade.demo-simulator';

const BATCH = 200;

/** Queues the job (after the demo seed wrote its orders, with the simulator on). */
export async function queueDemoSimulator(services: Services, tenant: CurrentTenant) {
  if (!services.config.marketplaceSimulator) return;
  await services.jobs.send(DEMO_SIMULATOR_JOB, { tenantId: tenant.id }, { startAfter: 5 });
}

export async function defineDemoSimulatorJob(services: Services) {
  await services.jobs.define<{ tenantId: string }>(DEMO_SIMULATOR_JOB, (run) => sendDemoOrders(services, run.data), {
    retryLimit: 30,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 120,
  });
}

type Shop = { id: string; platform: 'LAZADA' | 'SHOPEE'; sellerId: string };

/** One batch of a shop's demo orders after `after` (by order number), as the import takes them. */
async function batchOf(services: Services, tenant: CurrentTenant, shop: Shop, after: string) {
  const ctx = { tenant, user: null };
  return services.data.inTenant(ctx, async (tx) => {
    const orders = await tx
      .select()
      .from(salesOrders)
      .where(
        owned(
          ctx,
          salesOrders,
          eq(salesOrders.shopId, shop.id),
          isNotNull(salesOrders.platformOrderId),
          gt(salesOrders.orderNo, after),
        ),
      )
      .orderBy(asc(salesOrders.orderNo))
      .limit(BATCH);
    if (!orders.length) return null;
    const ids = orders.map((o) => o.id);
    const lines = await tx
      .select()
      .from(salesOrderLines)
      .where(and(owned(ctx, salesOrderLines), inArray(salesOrderLines.orderId, ids)))
      .orderBy(asc(salesOrderLines.lineNo));
    const sent = await tx
      .selectDistinct({
        orderId: shipmentItems.orderId,
        trackingNo: shipments.trackingNo,
        carrierName: shipments.carrierName,
        channelName: shipments.channelName,
      })
      .from(shipmentItems)
      .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
      .where(and(owned(ctx, shipments), inArray(shipmentItems.orderId, ids), isNotNull(shipments.shippedAt)));
    const shipmentOf = new Map(sent.map((s) => [s.orderId, s]));
    return {
      last: orders.at(-1)!.orderNo,
      orders: orders.map((o) => {
        const s = shipmentOf.get(o.id);
        const a = o.address;
        return {
          orderSn: o.platformOrderId,
          status: o.platformStatus,
          currency: o.currency,
          createdAt: o.orderedAt.toISOString(),
          updatedAt: (o.platformUpdatedAt ?? o.orderedAt).toISOString(),
          shippingFee: o.shippingFee,
          voucher: o.discount,
          buyerName: o.buyerName ?? a?.name ?? 'Buyer',
          phone: a?.phone ?? '',
          address1: a?.line1 ?? '',
          city: a?.city ?? '',
          postCode: a?.postCode ?? '',
          paymentMethod: o.paymentMethod ?? 'Online',
          trackingNumber: s?.trackingNo ?? undefined,
          shipmentProvider: s ? (s.carrierName ?? s.channelName ?? undefined) : undefined,
          lines: lines
            .filter((l) => l.orderId === o.id)
            .map((l) => ({ sellerSku: l.sellerSku, name: l.name, quantity: l.quantity, price: l.unitPrice })),
        };
      }),
    };
  });
}

/** The job: every demo marketplace order sent to the simulator (what it has already it keeps). */
export async function sendDemoOrders(services: Services, data: { tenantId: string }) {
  const tenant = await services.tenants.find(data.tenantId);
  if (!tenant) return { sent: 0 };
  const ctx = { tenant, user: null };
  const shops = await services.data.inTenant(ctx, async (tx) => {
    const withOrders = tx
      .selectDistinct({ id: salesOrders.shopId })
      .from(salesOrders)
      .where(owned(ctx, salesOrders, isNotNull(salesOrders.platformOrderId)));
    return tx
      .select({
        id: marketplaceShops.id,
        platform: marketplaceShops.platform,
        sellerId: marketplaceShops.sellerId,
        accessToken: marketplaceShops.accessToken,
      })
      .from(marketplaceShops)
      .where(owned(ctx, marketplaceShops, inArray(marketplaceShops.id, withOrders)));
  });
  // the shop's seller on the marketplace is known once the shop is authorized (the demo shops' own job)
  if (shops.some((s) => !s.sellerId || !s.accessToken)) throw new RetryLater('the demo shops are not authorized yet');
  let sent = 0;
  for (const shop of shops as Shop[]) {
    for (let after = ''; ; ) {
      const batch = await batchOf(services, tenant, shop, after);
      if (!batch) break;
      await simulatorControl(services.config, shop.platform, '/orders/import', {
        platform: shop.platform.toLowerCase(),
        shopId: shop.sellerId,
        orders: batch.orders,
      }).catch((e) => {
        // the simulator is this server: until it listens there is nothing to call (a wait, not a fault)
        if (e instanceof MarketplaceError && e.code === 'SIMULATOR_NOT_LISTENING') {
          throw new RetryLater('the server does not listen yet');
        }
        throw e;
      });
      sent += batch.orders.length;
      after = batch.last;
    }
  }
  return { sent };
}

import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { owned } from '../../../core/crud.ts';
import { t } from '../../../core/localization/index.ts';
import type { Services } from '../../../core/services.ts';
import { MarketplaceError, shopClient } from '../../marketplaces/index.ts';
import { salesOrders } from '../orders/schema.ts';
import { queueShipmentSync, SHIPMENT_SYNC_JOB, type SyncData } from './queue.ts';
import { shipmentItems, shipments } from './schema.ts';
import { addShipmentEvent, type Ctx, orderLinesOf } from './service.ts';

/**
 * The sync is queued after the ship transaction commits; a process killed in between would leave
 * the shipment PENDING with nothing queued. Every few minutes this queues again each shipment
 * PENDING for more than two minutes (the singleton key keeps one run per shipment).
 */
export const SHIPMENT_SYNC_SWEEP_JOB = 'trade.shipments.sync-sweep';
const SWEEP_CRON = '*/5 * * * *';

export async function sweepPendingSyncs(services: Services) {
  const rows = await services.data.unscoped((tx) =>
    tx
      .select({ tenantId: shipments.tenantId, id: shipments.id })
      .from(shipments)
      .where(
        and(eq(shipments.platformSyncStatus, 'PENDING'), lt(shipments.shippedAt, sql`now() - interval '2 minutes'`)),
      )
      .limit(500),
  );
  for (const r of rows) await queueShipmentSync(services, r.tenantId, r.id);
  return { queued: rows.length };
}

/** Durable jobs of the shipments area (defined at start). */
export async function defineJobs(services: Services) {
  await services.jobs.define<SyncData>(SHIPMENT_SYNC_JOB, (run) => syncShipment(services, run.data), {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
    pollingIntervalSeconds: 0.5,
  });
  await services.jobs.defineScheduled(SHIPMENT_SYNC_SWEEP_JOB, SWEEP_CRON, () => sweepPendingSyncs(services), {
    expireInSeconds: 120,
  });
}

const describe = (e: unknown) =>
  e instanceof MarketplaceError ? `${e.code}: ${e.message}` : e instanceof Error ? e.message : String(e);

/**
 * Tells each marketplace order of the shipment its tracking number through the shop's client:
 * Lazada `POST /order/rts` (ready to ship, with the order item ids of the shipped SKUs, the
 * provider and the tracking number), Shopee `POST /api/v2/logistics/ship_order` (drop-off with
 * the tracking number). The shipment ends SENT, or FAILED with the marketplace's error (the
 * user retries). Safe to run again: the simulator takes the same tracking number twice.
 */
export async function syncShipment(services: Services, data: SyncData): Promise<unknown> {
  const tenant = data.tenantId ? await services.tenants.find(data.tenantId) : null;
  if (data.tenantId && !tenant) return { skipped: 'tenant gone' };
  const ctx: Ctx = { tenant, user: null, culture: 'zh-Hans' };
  const read = await services.data.inTenant(ctx, async (tx) => {
    const [row] = await tx
      .select()
      .from(shipments)
      .where(owned(ctx, shipments, eq(shipments.id, data.shipmentId)));
    if (!row) return null;
    const items = await tx.select().from(shipmentItems).where(eq(shipmentItems.shipmentId, row.id));
    const orderIds = [...new Set(items.map((i) => i.orderId))];
    const orders = orderIds.length ? await tx.select().from(salesOrders).where(inArray(salesOrders.id, orderIds)) : [];
    const lines = await orderLinesOf(tx, items);
    return { row, items, orders, lines };
  });
  if (read?.row.platformSyncStatus !== 'PENDING' || !read.row.trackingNo) return { skipped: true };
  const { row, items, orders, lines } = read;
  const lineOf = new Map(lines.map((l) => [l.id, l]));
  const provider = row.carrierName ?? row.channelName ?? 'Seller Own Fleet';
  const errors: string[] = [];
  for (const o of orders) {
    if (o.source !== 'MARKETPLACE' || !o.shopId || !o.platformOrderId) continue;
    try {
      const { shop, client } = await shopClient(services, tenant, o.shopId);
      if (shop.platform === 'LAZADA') {
        const lz = client as { call<T>(api: string, m: 'GET' | 'POST', p?: Record<string, string>): Promise<T> };
        const platformItems = await lz.call<Array<{ order_item_id: number | string; sku: string | null }>>(
          '/order/items/get',
          'GET',
          { order_id: o.platformOrderId },
        );
        // one order item per unit sold: take as many of each seller SKU as the shipment carries
        const pool = [...(platformItems ?? [])];
        const ids: string[] = [];
        for (const i of items.filter((x) => x.orderId === o.id)) {
          const sellerSku = lineOf.get(i.orderLineId)?.sellerSku ?? i.sku;
          for (let k = 0; k < i.quantity; k++) {
            const at = pool.findIndex((p) => p.sku === sellerSku);
            if (at < 0) break;
            ids.push(String(pool[at]!.order_item_id));
            pool.splice(at, 1);
          }
        }
        if (!ids.length) ids.push(...(platformItems ?? []).map((p) => String(p.order_item_id)));
        await lz.call('/order/rts', 'POST', {
          delivery_type: 'dropship',
          order_item_ids: JSON.stringify(ids.map(Number)),
          shipment_provider: provider,
          tracking_number: row.trackingNo!,
        });
      } else {
        const sp = client as { call<T>(path: string, m: 'GET' | 'POST', p?: Record<string, unknown>): Promise<T> };
        await sp.call('/api/v2/logistics/ship_order', 'POST', {
          order_sn: o.platformOrderId,
          dropoff: { tracking_number: row.trackingNo, slug: provider },
        });
      }
    } catch (e) {
      errors.push(`${o.orderNo}: ${describe(e)}`);
    }
  }
  const error = errors.join('; ').slice(0, 1000);
  await services.data.inTenant(ctx, async (tx) => {
    await tx
      .update(shipments)
      .set({ platformSyncStatus: errors.length ? 'FAILED' : 'SENT', platformSyncError: errors.length ? error : null })
      .where(eq(shipments.id, row.id));
    await addShipmentEvent(tx, ctx, row, {
      code: errors.length ? 'SYNC_FAILED' : 'SYNCED',
      description: t(ctx.culture, `Shipments::Event:${errors.length ? 'SYNC_FAILED' : 'SYNCED'}`, [error]),
      source: 'MARKETPLACE',
    });
  });
  return { sent: !errors.length, error: error || null };
}

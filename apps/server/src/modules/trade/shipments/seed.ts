import type { SalesOrderStatus, ShipmentStatus } from '@seller/contracts/trade';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CurrentTenant } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Services } from '../../../core/services.ts';
import { logisticsChannels } from '../../logistics/index.ts';
import { salesOrderLines, salesOrders } from '../orders/schema.ts';
import { shipmentEvents, shipmentItems, shipments } from './schema.ts';

/** A small deterministic generator (the same demo on every seed). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const CHUNK = 500;
const DONE: SalesOrderStatus[] = ['Shipped', 'Delivered', 'Completed', 'PartiallyRefunded', 'Refunded'];
const places = ['Shenzhen', 'Shenzhen Airport', 'Kuala Lumpur', 'Singapore Changi', 'Local depot'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** When a demo parcel was shipped, left the origin hub, arrived in the destination country and was delivered. */
export interface Timeline {
  shipped: Date;
  inTransit: Date;
  arrived: Date;
  delivered: Date | null;
}

/**
 * A parcel's timeline from its order's time: shipped 1–2 days after the order, in transit 20 h
 * later, arrived 60 h after shipping and (when delivered) delivered 4–10 days after shipping, all
 * squeezed proportionally into the time up to `latest` when the plan would reach past it (so no
 * tracking event of the demo lies in the future, however recent the order).
 */
export function timeline(orderedAt: Date, delivered: boolean, latest: number, r1: number, r2: number): Timeline {
  const ship = (1 + r1) * DAY;
  const plan = {
    shipped: ship,
    inTransit: ship + 20 * HOUR,
    arrived: ship + 60 * HOUR,
    delivered: ship + (4 + r2 * 6) * DAY,
  };
  const end = delivered ? plan.delivered : plan.inTransit;
  const room = latest - orderedAt.getTime();
  const scale = end > room ? Math.max(room, 0) / end : 1;
  const at = (offset: number) => new Date(orderedAt.getTime() + Math.floor(offset * scale));
  return {
    shipped: at(plan.shipped),
    inTransit: at(plan.inTransit),
    arrived: at(plan.arrived),
    delivered: delivered ? at(plan.delivered) : null,
  };
}

/**
 * Demo data of the shipments area for tenant demo (idempotent: nothing when the tenant has
 * shipments). Writes one shipment per order the orders seed left shipped, delivered or completed
 * (all of them with DEMO_VOLUME full, at most 15 small): from the order's warehouse with one of
 * demo's logistics channels, a tracking number, an estimated fee, status SHIPPED or DELIVERED as
 * the order is, the items (every line, its whole quantity) and 3–5 tracking events each, none
 * later than a few minutes before the seed ran (`timeline`); the marketplace sync marked SENT for
 * marketplace orders (the simulator is given each one's tracking number with its order). Direct batched inserts: it writes no stock
 * moves (the orders seed already counted those orders as shipped and reserved nothing for them)
 * and tells no marketplace.
 */
export async function seedDemo(services: Services, demo: CurrentTenant) {
  const ctx = { tenant: demo, user: null };
  const limit = services.config.demoVolume === 'small' ? 15 : 5000;
  await services.data.inTenant(ctx, async (tx) => {
    const [any] = await tx.select({ id: shipments.id }).from(shipments).where(owned(ctx, shipments)).limit(1);
    if (any) return;
    const channels = await tx
      .select()
      .from(logisticsChannels)
      .where(owned(ctx, logisticsChannels, eq(logisticsChannels.isActive, true)))
      .orderBy(asc(logisticsChannels.code));
    if (!channels.length) return;
    const orders = await tx
      .select()
      .from(salesOrders)
      .where(owned(ctx, salesOrders, inArray(salesOrders.status, DONE)))
      .orderBy(asc(salesOrders.orderedAt))
      .limit(limit);
    const rnd = random(16);
    // a few minutes before now: the latest any demo tracking event may be
    const latest = Date.now() - 5 * 60_000;
    for (let k = 0; k < orders.length; k += CHUNK) {
      const batch = orders.slice(k, k + CHUNK).filter((o) => o.warehouseId);
      if (!batch.length) continue;
      const lines = await tx
        .select()
        .from(salesOrderLines)
        .where(
          and(
            owned(ctx, salesOrderLines),
            inArray(
              salesOrderLines.orderId,
              batch.map((o) => o.id),
            ),
          ),
        );
      const timelines = new Map<string, Timeline>();
      const times = (orderNo: string, t: Timeline) => {
        timelines.set(orderNo, t);
        return { shippedAt: t.shipped, deliveredAt: t.delivered };
      };
      const rows = batch.map((o, i) => {
        const c = channels[(k + i) % channels.length]!;
        const r1 = rnd();
        const delivered = o.status !== 'Shipped';
        const status: ShipmentStatus = delivered ? 'DELIVERED' : 'SHIPPED';
        const mine = lines.filter((l) => l.orderId === o.id);
        const ymd = o.orderedAt.toISOString().slice(2, 10).replace(/-/g, '');
        const prefix =
          c.code
            .toUpperCase()
            .replace(/[^A-Z0-9]/g, '')
            .slice(0, 4) || 'SP';
        return {
          tenantId: demo.id,
          shipmentNo: `SHP-${ymd}-D${String(k + i + 1).padStart(5, '0')}`,
          status,
          warehouseId: o.warehouseId!,
          channelId: c.id,
          channelCode: c.code,
          channelName: c.name,
          carrierName: null,
          trackingNo: `${prefix}${String(7_000_000_000_00 + (k + i) * 7919).padStart(12, '0')}`,
          labelFile: null,
          countryCode: o.countryCode,
          address: o.address,
          estWeightG: 300 + Math.floor(rnd() * 900),
          estFee: (15 + rnd() * 40).toFixed(2),
          currency: c.currency,
          ...times(o.orderNo, timeline(o.orderedAt, delivered, latest, r1, rnd())),
          platformSyncStatus: o.source === 'MARKETPLACE' ? ('SENT' as const) : null,
          orderNos: o.orderNo,
          quantity: mine.reduce((s, l) => s + l.quantity, 0),
          creationTime: o.orderedAt,
        };
      });
      const made = await tx.insert(shipments).values(rows).returning({
        id: shipments.id,
        orderNo: shipments.orderNos,
        creationTime: shipments.creationTime,
        channelName: shipments.channelName,
        tenantId: shipments.tenantId,
      });
      const byNo = new Map(batch.map((o) => [o.orderNo, o]));
      const items = made.flatMap((s) => {
        const o = byNo.get(s.orderNo)!;
        return lines
          .filter((l) => l.orderId === o.id)
          .map((l) => ({
            tenantId: demo.id,
            shipmentId: s.id,
            orderId: o.id,
            orderNo: o.orderNo,
            orderLineId: l.id,
            variantId: l.variantId,
            sku: l.sku ?? l.sellerSku,
            name: l.name,
            quantity: l.quantity,
          }));
      });
      for (let j = 0; j < items.length; j += 1000) await tx.insert(shipmentItems).values(items.slice(j, j + 1000));
      const events = made.flatMap((s) => {
        const t = timelines.get(s.orderNo)!;
        const e = (
          time: Date,
          code: string,
          description: string,
          location: string | null,
          source: 'USER' | 'CARRIER',
        ) => ({
          tenantId: demo.id,
          shipmentId: s.id,
          time,
          code,
          description,
          location,
          source,
          creationTime: time,
        });
        const out = [
          e(s.creationTime, 'CREATED', '创建发货单', null, 'USER'),
          e(t.shipped, 'SHIPPED', `已交 ${s.channelName ?? ''} 揽收`, places[0]!, 'USER'),
          e(t.inTransit, 'IN_TRANSIT', '离开始发地转运中心', places[1]!, 'CARRIER'),
        ];
        if (t.delivered) {
          out.push(e(t.arrived, 'ARRIVED', '到达目的国处理中心', places[2 + Math.floor(rnd() * 2)]!, 'CARRIER'));
          out.push(e(t.delivered, 'DELIVERED', '已签收', places[4]!, 'CARRIER'));
        }
        return out;
      });
      for (let j = 0; j < events.length; j += 1000) await tx.insert(shipmentEvents).values(events.slice(j, j + 1000));
    }
  });
}

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

/**
 * Demo data of the shipments area for tenant demo (idempotent: nothing when the tenant has
 * shipments). Writes one shipment per order the orders seed left shipped, delivered or completed
 * (all of them with DEMO_VOLUME full, at most 15 small): from the order's warehouse with one of
 * demo's logistics channels, a tracking number, an estimated fee, status SHIPPED or DELIVERED as
 * the order is, the items (every line, its whole quantity) and 3–5 tracking events each; the
 * marketplace sync marked SENT for marketplace orders. Direct batched inserts: it writes no stock
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
      const rows = batch.map((o, i) => {
        const c = channels[(k + i) % channels.length]!;
        const shippedAt = new Date(o.orderedAt.getTime() + (1 + rnd()) * 86_400_000);
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
          shippedAt,
          deliveredAt: delivered ? new Date(shippedAt.getTime() + (4 + rnd() * 6) * 86_400_000) : null,
          platformSyncStatus: o.source === 'MARKETPLACE' ? ('SENT' as const) : null,
          orderNos: o.orderNo,
          quantity: mine.reduce((s, l) => s + l.quantity, 0),
          creationTime: o.orderedAt,
        };
      });
      const made = await tx.insert(shipments).values(rows).returning({
        id: shipments.id,
        orderNo: shipments.orderNos,
        shippedAt: shipments.shippedAt,
        deliveredAt: shipments.deliveredAt,
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
        const shippedAt = s.shippedAt!;
        const at = (h: number) => new Date(shippedAt.getTime() + h * 3_600_000);
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
          e(shippedAt, 'SHIPPED', `已交 ${s.channelName ?? ''} 揽收`, places[0]!, 'USER'),
          e(at(20), 'IN_TRANSIT', '离开始发地转运中心', places[1]!, 'CARRIER'),
        ];
        if (s.deliveredAt) {
          out.push(e(at(60), 'ARRIVED', '到达目的国处理中心', places[2 + Math.floor(rnd() * 2)]!, 'CARRIER'));
          out.push(e(s.deliveredAt, 'DELIVERED', '已签收', places[4]!, 'CARRIER'));
        }
        return out;
      });
      for (let j = 0; j < events.length; j += 1000) await tx.insert(shipmentEvents).values(events.slice(j, j + 1000));
    }
  });
}

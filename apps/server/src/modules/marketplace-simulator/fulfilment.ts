import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.ts';
import type { LzHandler } from './lazada.ts';
import { simOrderLines, simOrders } from './schema.ts';
import type { SpHandler } from './shopee.ts';

/**
 * Fulfilment: the seller tells the marketplace that an order is packed and handed to a carrier,
 * with the tracking number (domain §1.7, §2.6). The simulator records each package on the order's
 * `data.packages` (`{order_item_ids, delivery_type, shipment_provider, tracking_number, at}`, the
 * last also as `data.tracking_number`) and moves the order:
 *
 * - Lazada `POST /order/pack` (`order_item_ids` JSON array, `delivery_type`, `shipment_provider`):
 *   pending → packed; `POST /order/rts` (the same plus `tracking_number`): pending | packed →
 *   ready_to_ship. Order item ids are those `/order/items/get` answers (line id × 100 + unit).
 *   `/order/get` then shows the new status; `GET /order/package/get` (`order_id`) answers the
 *   packages with their tracking numbers (`{order_id, status, packages}`).
 * - Shopee `POST /api/v2/logistics/ship_order` `{order_sn, pickup | dropoff | non_integrated}`,
 *   each with `tracking_number`: READY_TO_SHIP | RETRY_SHIP → PROCESSED;
 *   `GET /api/v2/logistics/get_tracking_number?order_sn=` → `{tracking_number}`.
 *
 * The same tracking number again on an order already moved, or moved on since (shipped, delivered,
 * completed), is accepted (a retried call); another one, or an order in another state, is a
 * parameter error. Signatures and tokens were checked by
 * the platform's dispatcher.
 */

interface Package {
  order_item_ids: number[];
  delivery_type: string;
  shipment_provider: string;
  tracking_number: string;
  at: string;
}

/** Statuses after the seller sent the package: the same tracking number again is a retried call. */
const LAZADA_SENT = ['ready_to_ship', 'shipped', 'delivered', 'confirmed'];
const SHOPEE_SENT = ['PROCESSED', 'SHIPPED', 'TO_CONFIRM_RECEIVE', 'COMPLETED'];

/** A parameter error: both dispatchers answer it as their platform's parameter error (HTTP 400). */
const refuse = (message: string) => Object.assign(new Error(message), { statusCode: 400 });

async function orderOf(tx: Tx, platform: 'lazada' | 'shopee', shop: string, sn: string | undefined) {
  if (!sn) throw refuse(platform === 'lazada' ? 'order_id is mandatory' : 'order_sn is mandatory');
  const [o] = await tx
    .select()
    .from(simOrders)
    .where(and(eq(simOrders.platform, platform), eq(simOrders.shopId, shop), eq(simOrders.orderSn, sn)));
  if (!o) throw refuse(`Order ${sn} does not exist`);
  return o;
}

const packagesOf = (data: Record<string, unknown>) =>
  Array.isArray(data.packages) ? (data.packages as Package[]) : [];

async function record(tx: Tx, o: typeof simOrders.$inferSelect, status: string, pkg: Package | null) {
  const data = { ...o.data };
  if (pkg) {
    data.packages = [...packagesOf(o.data), pkg];
    if (pkg.tracking_number) data.tracking_number = pkg.tracking_number;
    data.shipment_provider = pkg.shipment_provider;
  }
  await tx.update(simOrders).set({ status, data, updatedAt: new Date() }).where(eq(simOrders.id, o.id));
}

/** Lazada's `order_item_ids` (a JSON array of numbers), each an item of this order. */
async function lazadaItemIds(tx: Tx, o: typeof simOrders.$inferSelect, raw: string | undefined): Promise<number[]> {
  if (!raw) throw refuse('order_item_ids is mandatory');
  let ids: unknown;
  try {
    ids = JSON.parse(raw);
  } catch {
    throw refuse('order_item_ids must be a JSON array of numbers');
  }
  if (!Array.isArray(ids) || !ids.length || !ids.every((i) => Number.isInteger(Number(i)))) {
    throw refuse('order_item_ids must be a JSON array of numbers');
  }
  const lines = await tx.select().from(simOrderLines).where(eq(simOrderLines.orderId, o.id));
  const valid = new Set(lines.flatMap((l) => Array.from({ length: l.quantity }, (_, k) => l.id * 100 + k)));
  for (const id of ids)
    if (!valid.has(Number(id))) throw refuse(`Order item ${id} is not an item of order ${o.orderSn}`);
  return ids.map(Number);
}

export const lazadaFulfilmentApis: Record<string, LzHandler> = {
  '/order/pack': async (tx, c) => {
    const o = await orderOf(tx, 'lazada', c.shop, c.params.order_id ?? undefined);
    const ids = await lazadaItemIds(tx, o, c.params.order_item_ids);
    if (!c.params.shipment_provider) throw refuse('shipment_provider is mandatory');
    if (o.status === 'packed') return { order_items: ids.map((id) => ({ order_item_id: id })) };
    if (o.status !== 'pending') throw refuse(`Order ${o.orderSn} is ${o.status}: only pending items can be packed`);
    await record(tx, o, 'packed', {
      order_item_ids: ids,
      delivery_type: c.params.delivery_type ?? 'dropship',
      shipment_provider: c.params.shipment_provider,
      tracking_number: c.params.tracking_number ?? '',
      at: new Date().toISOString(),
    });
    return { order_items: ids.map((id) => ({ order_item_id: id, package_id: `PK${o.orderSn}` })) };
  },
  '/order/rts': async (tx, c) => {
    // Lazada's SetStatusToReadyToShip names the order by its items; `order_id` is optional here
    const ids0 = c.params.order_item_ids;
    let o: typeof simOrders.$inferSelect | undefined;
    if (c.params.order_id) o = await orderOf(tx, 'lazada', c.shop, c.params.order_id);
    else {
      let first: number | undefined;
      try {
        first = Number((JSON.parse(ids0 ?? '[]') as unknown[])[0]);
      } catch {
        throw refuse('order_item_ids must be a JSON array of numbers');
      }
      if (!first) throw refuse('order_item_ids is mandatory');
      const [line] = await tx
        .select({ orderId: simOrderLines.orderId })
        .from(simOrderLines)
        .where(eq(simOrderLines.id, Math.floor(first / 100)));
      [o] = line
        ? await tx
            .select()
            .from(simOrders)
            .where(and(eq(simOrders.id, line.orderId), eq(simOrders.shopId, c.shop), eq(simOrders.platform, 'lazada')))
        : [];
      if (!o) throw refuse(`Order item ${first} does not exist`);
    }
    const ids = await lazadaItemIds(tx, o, ids0);
    const tracking = c.params.tracking_number;
    if (!tracking) throw refuse('tracking_number is mandatory');
    if (!c.params.shipment_provider) throw refuse('shipment_provider is mandatory');
    const again = packagesOf(o.data).some((p) => p.tracking_number === tracking);
    if (LAZADA_SENT.includes(o.status) && again) return { order_items: ids.map((id) => ({ order_item_id: id })) };
    if (o.status !== 'pending' && o.status !== 'packed') {
      throw refuse(`Order ${o.orderSn} is ${o.status}: only pending or packed items can be set ready to ship`);
    }
    await record(tx, o, 'ready_to_ship', {
      order_item_ids: ids,
      delivery_type: c.params.delivery_type ?? 'dropship',
      shipment_provider: c.params.shipment_provider,
      tracking_number: tracking,
      at: new Date().toISOString(),
    });
    return { order_items: ids.map((id) => ({ order_item_id: id, tracking_number: tracking })) };
  },
  '/order/package/get': async (tx, c) => {
    const o = await orderOf(tx, 'lazada', c.shop, c.params.order_id);
    return { order_id: o.orderSn, status: o.status, packages: packagesOf(o.data) };
  },
};

export const shopeeFulfilmentApis: Record<string, SpHandler> = {
  '/api/v2/logistics/ship_order': async (tx, c) => {
    const b = c.body;
    const o = await orderOf(tx, 'shopee', c.shop, typeof b.order_sn === 'string' ? b.order_sn : undefined);
    const mode = (['pickup', 'dropoff', 'non_integrated'] as const).find((m) => b[m] && typeof b[m] === 'object');
    if (!mode) throw refuse('One of pickup, dropoff or non_integrated is mandatory');
    const how = b[mode] as Record<string, unknown>;
    const tracking = typeof how.tracking_number === 'string' ? how.tracking_number : '';
    if (!tracking) throw refuse(`${mode}.tracking_number is mandatory`);
    const again = packagesOf(o.data).some((p) => p.tracking_number === tracking);
    if (SHOPEE_SENT.includes(o.status) && again) return {};
    if (o.status !== 'READY_TO_SHIP' && o.status !== 'RETRY_SHIP') {
      throw refuse(`Order ${o.orderSn} is ${o.status}: only READY_TO_SHIP orders can be shipped`);
    }
    await record(tx, o, 'PROCESSED', {
      order_item_ids: [],
      delivery_type: mode,
      shipment_provider: typeof how.slug === 'string' ? how.slug : mode,
      tracking_number: tracking,
      at: new Date().toISOString(),
    });
    return {};
  },
  '/api/v2/logistics/get_tracking_number': async (tx, c) => {
    const sn = typeof c.query.order_sn === 'string' ? c.query.order_sn : undefined;
    const o = await orderOf(tx, 'shopee', c.shop, sn);
    return { tracking_number: typeof o.data.tracking_number === 'string' ? o.data.tracking_number : '' };
  },
};

import type { ShipmentDetailDto } from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { simulatorKey } from '../../core/secrets.ts';
import { PLACE_ORDERS_JOB } from '../marketplace-simulator/placing.ts';
import { shopClient } from '../marketplaces/index.ts';
import { connectShop, listening } from '../marketplaces/shops/testing.ts';
import { itemDraft } from '../marketplaces/test-support.ts';
import { timeline } from './shipments/seed.ts';
import { pullOrders, useTradeApp } from './test-support.ts';

/**
 * The demo and the bundled simulator agree: the demo seed's marketplace orders are given to the
 * simulator once the server listens and the demo shops are authorized (same numbers, lines and
 * amounts), so a seeded shipment's tracking number reaches its marketplace order and a pull reads
 * them back unchanged; the simulator's order placer puts fresh orders in a shop that a pull then
 * finds; no demo tracking event lies in the future.
 */

const app = useTradeApp();
const shipmentsUrl = '/api/trade/shipments';
const ordersUrl = '/api/trade/orders';

const control = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: object, key?: string) =>
  app.t.app.inject({
    method,
    url: `/marketplace-sim/control${path}`,
    headers: { 'x-sim-key': key ?? (await simulatorKey(app.t.services.config)) },
    ...(body ? { payload: body } : {}),
  });

interface SimOrder {
  orderSn: string;
  status: string;
  total: string;
  shippingFee: string;
  voucher: string;
  trackingNumber: string | null;
  placedBy: string | null;
  lines: Array<{ sellerSku: string; quantity: number; price: string }>;
}
interface Order {
  id: string;
  orderNo: string;
  platform: string | null;
  shopId: string | null;
  platformOrderId: string | null;
  status: string;
  goodsAmount: string;
  shippingFee: string;
  total: string;
}

async function until<T>(what: string, read: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await read();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The demo's marketplace orders of a platform, as the orders API lists them. */
async function demoOrders(platform: 'LAZADA' | 'SHOPEE'): Promise<Order[]> {
  const res = await app.get(app.demoAdmin, `${ordersUrl}?platform=${platform}&maxResultCount=1000`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

/** The demo shop's seller at the simulator (known once the demo shops' job authorized it). */
async function sellerOf(shopId: string) {
  return until(`shop ${shopId} authorized`, async () => {
    const { shop } = await shopClient(app.t.services, app.t.demo, shopId).catch(() => ({ shop: null }));
    return shop?.sellerId ?? null;
  });
}

async function simOrders(platform: 'lazada' | 'shopee', shopId: string, query = ''): Promise<SimOrder[]> {
  const res = await control('GET', `/orders?platform=${platform}&shopId=${shopId}&limit=500${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().orders;
}

async function untilSynced(id: string) {
  return until(`shipment ${id} synced`, async () => {
    const body = (await app.get(app.demoAdmin, `${shipmentsUrl}/${id}`)).json() as ShipmentDetailDto;
    return body.platformSyncStatus !== 'PENDING' ? body : null;
  });
}

describe('the demo’s marketplace orders at the simulator', () => {
  const sellers: Partial<Record<'LAZADA' | 'SHOPEE', string>> = {};

  it('are there once the server listens, with the same numbers, lines and amounts', async () => {
    await listening(app.t);
    for (const platform of ['LAZADA', 'SHOPEE'] as const) {
      const ours = await demoOrders(platform);
      expect(ours.length).toBeGreaterThan(0);
      const seller = await sellerOf(ours[0]!.shopId!);
      sellers[platform] = seller;
      const sim = platform === 'LAZADA' ? 'lazada' : 'shopee';
      const theirs = await until(`${platform} demo orders at the simulator`, async () => {
        const list = await simOrders(sim, seller);
        return list.length >= ours.length ? list : null;
      });
      const bySn = new Map(theirs.map((o) => [o.orderSn, o]));
      for (const o of ours) {
        const s = bySn.get(o.platformOrderId!);
        expect(s, o.orderNo).toBeDefined();
        // the simulator keeps the goods, the shipping and the seller's voucher apart, as the marketplaces answer them
        expect(new Decimal(s!.total).plus(s!.shippingFee).minus(s!.voucher).toFixed(2)).toBe(o.total);
      }
      const one = ours[0]!;
      const detail = (await app.get(app.demoAdmin, `${ordersUrl}/${one.id}`)).json();
      expect(bySn.get(one.platformOrderId!)!.lines).toEqual(
        detail.lines.map((l: { sellerSku: string; quantity: number; unitPrice: string }) => ({
          sellerSku: l.sellerSku,
          name: expect.any(String),
          quantity: l.quantity,
          price: l.unitPrice,
        })),
      );
    }
  }, 120_000);

  it('a seeded shipment’s marketplace sync succeeds (Lazada and Shopee)', async () => {
    const list = (await app.get(app.demoAdmin, `${shipmentsUrl}?maxResultCount=100`)).json().items as Array<{
      id: string;
      orderNos: string;
      trackingNo: string;
      platformSyncStatus: string | null;
    }>;
    for (const prefix of ['LZ', 'SP']) {
      const seeded = list.find((s) => s.orderNos.startsWith(prefix) && s.platformSyncStatus === 'SENT');
      expect(seeded, `a seeded ${prefix} shipment`).toBeDefined();
      const retried = await app.post(app.demoAdmin, `${shipmentsUrl}/${seeded!.id}/sync`);
      expect(retried.statusCode, retried.body).toBe(200);
      const done = await untilSynced(seeded!.id);
      expect(done.platformSyncStatus, done.platformSyncError ?? '').toBe('SENT');
      const platform = prefix === 'LZ' ? 'LAZADA' : 'SHOPEE';
      const [order] = await simOrders(
        prefix === 'LZ' ? 'lazada' : 'shopee',
        sellers[platform]!,
        `&orderSn=${seeded!.orderNos.slice(2)}`,
      );
      expect(order!.trackingNumber).toBe(seeded!.trackingNo);
    }
  }, 120_000);

  it('a pull reads them back and changes none', async () => {
    const before = await demoOrders('LAZADA');
    const result = await pullOrders(app, before[0]!.shopId!);
    expect(result.created).toBe(0);
    expect(result.failed).toEqual([]);
    const after = await demoOrders('LAZADA');
    expect(after.map((o) => [o.orderNo, o.status, o.total])).toEqual(before.map((o) => [o.orderNo, o.status, o.total]));
  }, 120_000);
});

describe('the simulator’s order placer', () => {
  it('places fresh orders from a shop’s live listings up to its cap; a pull finds them', async () => {
    // a shop of its own (Lazada TH), whose one listing is the item below
    const { shopId } = await connectShop(app.t, 'demo', 'LAZADA', 'TH');
    const seller = await sellerOf(shopId);
    // off in tests unless asked for
    expect((await control('GET', '/order-placing')).json()).toEqual({ everyMinutes: 0, perShop: 1, cap: 20 });
    expect(await app.t.services.jobs.scheduleOf(PLACE_ORDERS_JOB)).toBeNull();

    await control('PUT', '/faults', { platform: 'lazada', reviewDelayMs: 0 });
    const { client } = await shopClient(app.t.services, app.t.demo, shopId);
    const leaf = (await client.categoryTree()).find((c) => c.leaf)!;
    const sku = 'PLACER-SKU-1';
    await client.createItem(itemDraft(sku, leaf.id, { price: '12.50', quantity: 3 }));

    const set = await control('PUT', '/order-placing', { everyMinutes: 5, perShop: 2, cap: 3 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ everyMinutes: 5, perShop: 2, cap: 3 });
    expect(await app.t.services.jobs.scheduleOf(PLACE_ORDERS_JOB)).toBe('*/5 * * * *');

    const mine = async () => (await simOrders('lazada', seller)).filter((o) => o.placedBy === 'simulator');
    const placedIn = (body: { placed: Array<{ shopId: string; orders: string[] }> }) =>
      body.placed.find((p) => p.shopId === seller)?.orders ?? [];
    const first = placedIn((await control('POST', '/order-placing/run')).json());
    expect(first).toHaveLength(2);
    const second = placedIn((await control('POST', '/order-placing/run')).json());
    // the cap: 3 of its orders waiting for the seller, or the SKU's 3 units sold out
    expect(second.length).toBeLessThanOrEqual(1);
    expect(placedIn((await control('POST', '/order-placing/run')).json())).toEqual([]);
    const placed = await mine();
    expect(placed.map((o) => o.orderSn).sort()).toEqual([...first, ...second].sort());
    for (const o of placed) {
      expect(o.status).toBe('pending');
      for (const l of o.lines) expect(l).toMatchObject({ sellerSku: sku, price: '12.50' });
    }
    // never more than the SKU had
    expect(placed.flatMap((o) => o.lines).reduce((n, l) => n + l.quantity, 0)).toBeLessThanOrEqual(3);

    const pulled = await pullOrders(app, shopId);
    expect(pulled.created).toBe(placed.length);
    const ours = (await demoOrders('LAZADA')).filter((o) => placed.some((p) => p.orderSn === o.platformOrderId));
    expect(ours).toHaveLength(placed.length);
    const detail = (await app.get(app.demoAdmin, `${ordersUrl}/${ours[0]!.id}`)).json();
    expect(detail.countryCode).toBe('TH');
    expect(detail.address.city).toMatch(/Bangkok|Chiang Mai/);

    // stopped: unscheduled
    expect((await control('PUT', '/order-placing', { everyMinutes: 0 })).json().everyMinutes).toBe(0);
    expect(await app.t.services.jobs.scheduleOf(PLACE_ORDERS_JOB)).toBeNull();
  }, 120_000);

  it('an import keeps what the simulator has: the same order twice is written once', async () => {
    const order = {
      orderSn: '900000000000123',
      status: 'pending',
      currency: 'MYR',
      createdAt: new Date(Date.now() - 86_400_000).toISOString(),
      shippingFee: '5.00',
      voucher: '1.50',
      buyerName: 'Aisyah Rahman',
      lines: [{ sellerSku: 'IMPORTED-1', name: 'Imported', quantity: 2, price: '10.25' }],
    };
    const body = { platform: 'lazada', shopId: '1000103', orders: [order] };
    expect((await control('POST', '/orders/import', body)).json()).toEqual({ created: 1, existing: 0 });
    expect((await control('POST', '/orders/import', body)).json()).toEqual({ created: 0, existing: 1 });
    const [kept, ...more] = await simOrders('lazada', '1000103', `&orderSn=${order.orderSn}`);
    expect(more).toEqual([]);
    expect(kept).toMatchObject({ status: 'pending', total: '20.50', shippingFee: '5.00', voucher: '1.50' });
  });

  it('400 naming the setting; 401 without the control key', async () => {
    const bad = await control('PUT', '/order-placing', { perShop: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('perShop');
    expect((await control('PUT', '/order-placing', { often: 1 })).json().message).toContain('often');
    expect((await control('GET', '/order-placing', undefined, 'wrong')).statusCode).toBe(401);
    const badImport = await control('POST', '/orders/import', {
      platform: 'lazada',
      shopId: '1000101',
      orders: [{ orderSn: 'X1', status: 'pending', currency: 'MYR', createdAt: 'yesterday' }],
    });
    expect(badImport.statusCode).toBe(400);
    expect(badImport.json().message).toContain('orders[0].lines');
  });
});

describe('demo tracking events', () => {
  it('none lies in the future', async () => {
    const now = Date.now();
    const latest = (await app.get(app.demoAdmin, `${shipmentsUrl}/events?maxResultCount=1`)).json();
    expect(latest.totalCount).toBeGreaterThan(0);
    expect(Date.parse(latest.items[0].time)).toBeLessThanOrEqual(now);
    const future = (
      await app.get(app.demoAdmin, `${shipmentsUrl}/events?from=${encodeURIComponent(new Date(now).toISOString())}`)
    ).json();
    expect(future.items.filter((e: { time: string }) => Date.parse(e.time) > now)).toEqual([]);
  });

  it('a parcel of an order placed an hour ago is squeezed into that hour, in order', () => {
    const latest = Date.now();
    const orderedAt = new Date(latest - 3_600_000);
    const t = timeline(orderedAt, true, latest, 0.5, 0.5);
    const times = [orderedAt, t.shipped, t.inTransit, t.arrived, t.delivered!].map((d) => d.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)).toBeLessThanOrEqual(latest);
    // an old order keeps its plan: shipped 1.5 days after, delivered 7 days after that
    const old = new Date(latest - 60 * 86_400_000);
    const kept = timeline(old, true, latest, 0.5, 0.5);
    expect(kept.shipped.getTime() - old.getTime()).toBe(1.5 * 86_400_000);
    expect(kept.delivered!.getTime() - kept.shipped.getTime()).toBe(7 * 86_400_000);
  });
});

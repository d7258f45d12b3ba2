import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { simOrders } from './schema.ts';
import { insertSimOrder, lazada, lazadaTokens, shopee, shopeeTokens, simApp } from './test-support.ts';

let t: TestApp;
let lz: { token: string; seller: string };
let sp: { token: string; shopId: string };

beforeAll(async () => {
  t = await simApp();
  const l = await lazadaTokens(t.app, 'demo-my');
  lz = { token: l.access_token, seller: l.country_user_info[0]!.seller_id };
  const s = await shopeeTokens(t.app, 'demo-sg');
  sp = { token: s.access_token, shopId: s.shopId };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

let seq = 0;
async function order(platform: 'lazada' | 'shopee', shop: string, status: string, quantity = 2) {
  seq++;
  const orderSn = platform === 'lazada' ? `90000000000000${seq}` : `250101FULFIL${seq}`;
  const { order: o, line } = await insertSimOrder(t, { platform, shop, orderSn, status, sellerSku: 'S-1', quantity });
  return { sn: o.orderSn, items: Array.from({ length: quantity }, (_, k) => line.id * 100 + k) };
}
const row = (sn: string) =>
  t.services.data.unscoped(async (tx) => (await tx.select().from(simOrders).where(eq(simOrders.orderSn, sn)))[0]!);

describe('Lazada fulfilment', () => {
  const call = (api: string, params: Record<string, string>, method: 'GET' | 'POST' = 'POST') =>
    lazada(t.app, api, params, { method, token: lz.token, base: '/my/rest' });

  it('pack then ready to ship records the provider and the tracking number', async () => {
    const o = await order('lazada', lz.seller, 'pending');
    const packed = await call('/order/pack', {
      order_id: o.sn,
      order_item_ids: JSON.stringify(o.items),
      delivery_type: 'dropship',
      shipment_provider: 'YunExpress',
    });
    expect(packed.json().code, packed.body).toBe('0');
    expect((await row(o.sn)).status).toBe('packed');
    const rts = await call('/order/rts', {
      order_item_ids: JSON.stringify(o.items),
      delivery_type: 'dropship',
      shipment_provider: 'YunExpress',
      tracking_number: 'YT000000000001',
    });
    expect(rts.json().code, rts.body).toBe('0');
    const after = await row(o.sn);
    expect(after.status).toBe('ready_to_ship');
    expect(after.data.tracking_number).toBe('YT000000000001');
    // the same call again is taken (a retry); the order reads back with its package
    expect(
      (
        await call('/order/rts', {
          order_id: o.sn,
          order_item_ids: JSON.stringify(o.items),
          shipment_provider: 'YunExpress',
          tracking_number: 'YT000000000001',
        })
      ).json().code,
    ).toBe('0');
    const pkg = (await call('/order/package/get', { order_id: o.sn }, 'GET')).json().data;
    expect(pkg.status).toBe('ready_to_ship');
    expect(pkg.packages.at(-1)).toMatchObject({ tracking_number: 'YT000000000001', order_item_ids: o.items });
    expect((await call('/order/get', { order_id: o.sn }, 'GET')).json().data.statuses).toEqual(['ready_to_ship']);
  });

  it('refuses a canceled order, a foreign item, a missing tracking number', async () => {
    const canceled = await order('lazada', lz.seller, 'canceled');
    const params = { shipment_provider: 'X', tracking_number: 'T1', delivery_type: 'dropship' };
    const r1 = await call('/order/rts', {
      ...params,
      order_id: canceled.sn,
      order_item_ids: JSON.stringify(canceled.items),
    });
    expect(r1.json().code).toBe('InvalidParameter');
    expect(r1.json().message).toContain('canceled');
    const o = await order('lazada', lz.seller, 'pending');
    const r2 = await call('/order/rts', {
      ...params,
      order_id: o.sn,
      order_item_ids: JSON.stringify([canceled.items[0]]),
    });
    expect(r2.json().code).toBe('InvalidParameter');
    const r3 = await call('/order/rts', {
      order_id: o.sn,
      order_item_ids: JSON.stringify(o.items),
      shipment_provider: 'X',
    });
    expect(r3.json().message).toContain('tracking_number');
    expect((await row(o.sn)).status).toBe('pending');
  });
});

describe('Shopee fulfilment', () => {
  /** Shopee's `ship_order` as the connected shop, with `body`. */
  const shipOrder = (body: object) =>
    shopee(t.app, 'POST', '/logistics/ship_order', { token: sp.token, shopId: sp.shopId, body });

  it('ship_order moves READY_TO_SHIP to PROCESSED with the tracking number; get_tracking_number reads it', async () => {
    const o = await order('shopee', sp.shopId, 'READY_TO_SHIP');
    const res = await shipOrder({ order_sn: o.sn, dropoff: { tracking_number: 'SG123' } });
    expect(res.json().error, res.body).toBe('');
    expect((await row(o.sn)).status).toBe('PROCESSED');
    const got = await shopee(t.app, 'GET', '/logistics/get_tracking_number', {
      token: sp.token,
      shopId: sp.shopId,
      query: { order_sn: o.sn },
    });
    expect(got.json().response.tracking_number).toBe('SG123');
  });

  it('refuses an order not ready to ship and a call without a tracking number', async () => {
    const o = await order('shopee', sp.shopId, 'CANCELLED');
    const res = await shipOrder({ order_sn: o.sn, dropoff: { tracking_number: 'SG9' } });
    expect(res.json().error).toBe('error_param');
    const ready = await order('shopee', sp.shopId, 'READY_TO_SHIP');
    const none = await shipOrder({ order_sn: ready.sn, pickup: {} });
    expect(none.json().message).toContain('tracking_number');
  });
});

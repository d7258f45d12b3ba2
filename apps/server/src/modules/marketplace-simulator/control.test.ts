import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import {
  control,
  controlKey,
  LAZADA_SECRET,
  lazada,
  lazadaProduct,
  lazadaTokens,
  SHOPEE_KEY,
  shopee,
  shopeeTokens,
  simApp,
} from './test-support.ts';

let t: TestApp;
let lz: string;
let sp: { access_token: string; shopId: string };

beforeAll(async () => {
  t = await simApp();
  lz = (await lazadaTokens(t.app)).access_token;
  sp = await shopeeTokens(t.app);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await control(t.app, 'DELETE', '/faults');
});

const sellerGet = () => lazada(t.app, '/seller/get', {}, { token: lz });
const shopInfo = () => shopee(t.app, 'GET', '/shop/get_shop_info', { token: sp.access_token, shopId: sp.shopId });

async function liveLazadaItem(sku: string) {
  await control(t.app, 'PUT', '/faults', { platform: 'lazada', reviewDelayMs: 0 });
  const res = await lazada(t.app, '/product/create', { payload: lazadaProduct([sku]) }, { method: 'POST', token: lz });
  expect(res.json().code).toBe('0');
  return res.json().data.item_id as number;
}

describe('the control API', () => {
  const faults = (app: TestApp['app'], key?: string) =>
    app.inject({
      method: 'GET',
      url: '/marketplace-sim/control/faults',
      headers: key === undefined ? {} : { 'x-sim-key': key },
    });

  it('refuses the public default secrets: each data folder has a random key of its own, printed at start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sim-key-'));
    const logLines: string[] = [];
    const mine = await simApp({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, { write: (l: string) => logLines.push(l) });
    try {
      const key = await controlKey(mine.app);
      expect(key).toMatch(/^[\w-]{32}$/);
      expect(key).not.toBe(await controlKey(t.app));
      for (const refused of [undefined, 'nope', LAZADA_SECRET, SHOPEE_KEY, await controlKey(t.app)]) {
        expect((await faults(mine.app, refused)).statusCode, String(refused)).toBe(401);
      }
      expect((await faults(mine.app, key)).statusCode).toBe(200);
      expect(logLines.filter((l) => l.includes(key))).toHaveLength(1);
    } finally {
      await mine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('takes MARKETPLACE_SIMULATOR_KEY when set, and does not print it', async () => {
    const logLines: string[] = [];
    const set = await simApp(
      { MARKETPLACE_SIMULATOR_KEY: 'a-key-of-my-own', LOG_LEVEL: 'info' },
      { write: (l: string) => logLines.push(l) },
    );
    try {
      expect((await faults(set.app, 'a-key-of-my-own')).statusCode).toBe(200);
      expect((await faults(set.app, await controlKey(t.app))).statusCode).toBe(401);
      expect(logLines.join('\n')).not.toContain('a-key-of-my-own');
    } finally {
      await set.close();
    }
  });

  it('needs the control key', async () => {
    expect((await faults(t.app)).statusCode).toBe(401);
    expect((await faults(t.app, 'nope')).statusCode).toBe(401);
    const ok = await faults(t.app, await controlKey(t.app));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().lazada).toMatchObject({
      errorRate: 0,
      rateLimitPerSecond: 50,
      reviewDelayMs: 2000,
      rejectRate: 0,
    });
  });

  it('sets faults per platform or for both, refuses bad values, and resets', async () => {
    const one = await control(t.app, 'PUT', '/faults', { platform: 'shopee', latencyMs: 10 });
    expect(one.json().shopee.latencyMs).toBe(10);
    expect(one.json().lazada.latencyMs).toBe(0);
    const both = await control(t.app, 'PUT', '/faults', { rejectRate: 0.5 });
    expect([both.json().lazada.rejectRate, both.json().shopee.rejectRate]).toEqual([0.5, 0.5]);
    const bad = await control(t.app, 'PUT', '/faults', { errorRate: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('errorRate');
    expect((await control(t.app, 'PUT', '/faults', { nothing: 1 })).statusCode).toBe(400);
    expect((await control(t.app, 'PUT', '/faults', { platform: 'amazon' })).statusCode).toBe(400);
    const reset = await control(t.app, 'DELETE', '/faults');
    expect(reset.json().shopee).toMatchObject({ latencyMs: 0, rejectRate: 0 });
  });

  it('authorizes without the consent page, with a redirect address built', async () => {
    const res = await control(t.app, 'POST', '/authorize', {
      platform: 'shopee',
      account: 'demo-vn',
      redirectUri: 'http://localhost/cb?a=1',
      state: 's1',
    });
    expect(res.json()).toMatchObject({ shopId: '600104' });
    const to = new URL(res.json().redirect);
    expect(to.searchParams.get('code')).toBe(res.json().code);
    expect(to.searchParams.get('shop_id')).toBe('600104');
    expect(to.searchParams.get('state')).toBe('s1');
    expect((await control(t.app, 'POST', '/authorize', { platform: 'lazada', account: 'nobody' })).statusCode).toBe(
      400,
    );
  });

  it('counts and lists items by platform, shop and seller SKU', async () => {
    const id = await liveLazadaItem('CTL-1');
    const res = (await control(t.app, 'GET', '/items?platform=lazada&shopId=1000101&sellerSku=CTL-1')).json();
    expect(res.count).toBe(1);
    expect(res.items[0]).toMatchObject({
      itemId: String(id),
      status: 'live',
      skus: [{ sellerSku: 'CTL-1', price: '35.00' }],
    });
    expect((await control(t.app, 'GET', '/items?platform=lazada&shopId=1000102&sellerSku=CTL-1')).json().count).toBe(0);
    expect((await control(t.app, 'GET', '/items')).statusCode).toBe(400);
  });
});

describe('rate limits, faults and review outcomes', () => {
  it('answers Lazada’s QPS limit (code 901) and Shopee’s 429 past the calls per second', async () => {
    await control(t.app, 'PUT', '/faults', { rateLimitPerSecond: 2 });
    const lzCodes = [];
    for (let i = 0; i < 6; i++) lzCodes.push((await sellerGet()).json().code);
    expect(lzCodes).toContain('901');
    const limited = (await Promise.all(Array.from({ length: 6 }, () => sellerGet()))).find(
      (r) => r.json().code === '901',
    )!;
    expect(limited.json()).toMatchObject({ code: '901', message: 'QPS limit' });
    const spRes = [];
    for (let i = 0; i < 6; i++) spRes.push(await shopInfo());
    const refused = spRes.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ error: 'error_too_many_request' });
  });

  it('injects service errors and latency', async () => {
    await control(t.app, 'PUT', '/faults', { errorRate: 1 });
    const lzRes = await sellerGet();
    expect(lzRes.statusCode).toBe(503);
    expect(lzRes.json()).toMatchObject({ code: 'ISP.ServiceUnavailable', type: 'ISP' });
    const spRes = await shopInfo();
    expect(spRes.statusCode).toBe(500);
    expect(spRes.json()).toMatchObject({ error: 'error_server' });
    // a bad signature is still a signature error, not a fault
    expect((await lazada(t.app, '/seller/get', {}, { token: lz, sign: 'X' })).json().code).toBe('IncompleteSignature');

    await control(t.app, 'PUT', '/faults', { errorRate: 0, latencyMs: 150 });
    const started = Date.now();
    expect((await sellerGet()).json().code).toBe('0');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('rejects at the configured rate', async () => {
    await control(t.app, 'PUT', '/faults', { platform: 'lazada', rejectRate: 1, reviewDelayMs: 0 });
    const res = await lazada(
      t.app,
      '/product/create',
      { payload: lazadaProduct(['RATE-REJ']) },
      { method: 'POST', token: lz },
    );
    const item = (
      await lazada(t.app, '/product/item/get', { item_id: String(res.json().data.item_id) }, { token: lz })
    ).json().data;
    expect(item.status).toBe('Suspended');
    expect(item.rejectReason[0].violationDetail).toBeTruthy();
  });
});

describe('orders', () => {
  it('generates Lazada orders for live items, read with /orders/get and /order/items/get', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    await liveLazadaItem('ORD-1');
    const made = await control(t.app, 'POST', '/orders', { platform: 'lazada', shopId: '1000101', count: 3 });
    expect(made.json().orders).toHaveLength(3);
    const list = (await lazada(t.app, '/orders/get', { created_after: before, limit: '100' }, { token: lz })).json();
    expect(list.code).toBe('0');
    expect(list.data.countTotal).toBe(3);
    const order = list.data.orders[0];
    expect(order).toMatchObject({
      order_id: expect.any(String),
      statuses: [expect.any(String)],
      price: expect.any(String),
    });
    const statuses = list.data.orders.map((o: { statuses: string[] }) => o.statuses[0]);
    for (const s of statuses)
      expect(['pending', 'ready_to_ship', 'shipped', 'delivered', 'canceled', 'unpaid']).toContain(s);
    const items = (await lazada(t.app, '/order/items/get', { order_id: order.order_id }, { token: lz })).json();
    expect(items.data[0]).toMatchObject({ order_id: order.order_id, sku: expect.any(String), item_price: '33.00' });
    expect((await lazada(t.app, '/orders/get', {}, { token: lz })).json().code).toBe('InvalidParameter');
    expect(
      (await lazada(t.app, '/orders/get', { created_after: before, limit: '101' }, { token: lz })).json().code,
    ).toBe('InvalidParameter');
    const none = await control(t.app, 'POST', '/orders', { platform: 'lazada', shopId: '1000102', count: 1 });
    expect(none.json().orders).toEqual([]);
    expect((await control(t.app, 'POST', '/orders', { platform: 'lazada', shopId: '42', count: 1 })).statusCode).toBe(
      400,
    );
  });

  it('generates Shopee orders, read with get_order_list and get_order_detail', async () => {
    await control(t.app, 'PUT', '/faults', { platform: 'shopee', reviewDelayMs: 0 });
    const img = (
      await shopee(t.app, 'POST', '/media_space/upload_image', {
        token: sp.access_token,
        shopId: sp.shopId,
        body: { image_url: 'https://example.com/x.jpg' },
      })
    ).json().response.image_info.image_id;
    const add = await shopee(t.app, 'POST', '/product/add_item', {
      token: sp.access_token,
      shopId: sp.shopId,
      body: {
        item_name: 'Lamp',
        description: 'A lamp',
        original_price: 20,
        weight: 1,
        category_id: 101330,
        image: { image_id_list: [img] },
        logistic_info: [{ logistic_id: 20011, enabled: true }],
        attribute_list: [
          { attribute_id: 100010, attribute_value_list: [{ value_id: 5000 }] },
          { attribute_id: 100134, attribute_value_list: [{ value_id: 5105 }] },
        ],
        brand: { brand_id: 0 },
        item_sku: 'SP-ORD',
        seller_stock: [{ stock: 50 }],
      },
    });
    expect(add.json().error).toBe('');
    const made = (await control(t.app, 'POST', '/orders', { platform: 'shopee', shopId: sp.shopId, count: 2 })).json()
      .orders;
    expect(made).toHaveLength(2);
    const now = Math.floor(Date.now() / 1000);
    const list = await shopee(t.app, 'GET', '/order/get_order_list', {
      token: sp.access_token,
      shopId: sp.shopId,
      query: {
        time_range_field: 'create_time',
        time_from: String(now - 3600),
        time_to: String(now + 60),
        page_size: '1',
      },
    });
    expect(list.json().response).toMatchObject({ more: true, next_cursor: '1' });
    const detail = await shopee(t.app, 'GET', '/order/get_order_detail', {
      token: sp.access_token,
      shopId: sp.shopId,
      query: { order_sn_list: made.join(',') },
    });
    const orders = detail.json().response.order_list;
    expect(orders).toHaveLength(2);
    expect(orders[0]).toMatchObject({ currency: 'MYR', region: 'MY' });
    expect(['READY_TO_SHIP', 'UNPAID', 'PROCESSED', 'SHIPPED', 'COMPLETED', 'CANCELLED']).toContain(
      orders[0].order_status,
    );
    expect(orders[0].item_list[0]).toMatchObject({ item_name: 'Lamp', model_id: 0, model_original_price: 20 });
    const tooLong = await shopee(t.app, 'GET', '/order/get_order_list', {
      token: sp.access_token,
      shopId: sp.shopId,
      query: {
        time_range_field: 'create_time',
        time_from: String(now - 16 * 86400),
        time_to: String(now),
        page_size: '10',
      },
    });
    expect(tooLong.json().error).toBe('error_param');
  });
});

describe('switched off', () => {
  it('answers 404 everywhere under /marketplace-sim when MARKETPLACE_SIMULATOR=false', async () => {
    const off = await simApp({ MARKETPLACE_SIMULATOR: 'false' });
    try {
      for (const url of [
        '/marketplace-sim/lazada/rest/seller/get',
        '/marketplace-sim/lazada/oauth/authorize?response_type=code',
        '/marketplace-sim/shopee/api/v2/shop/get_shop_info',
        '/marketplace-sim/control/faults',
      ]) {
        const res = await off.app.inject({ method: 'GET', url, headers: { 'x-sim-key': LAZADA_SECRET } });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});

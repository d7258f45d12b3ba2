import { type ListingDetailDto, ListingStatus, MarketplacePermissions } from '@seller/contracts/marketplaces';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../../test/harness.ts';
import { secretsFor, simulatorKey } from '../../../core/secrets.ts';
import { productBody } from '../../catalog/test-support.ts';
import { type LogisticsUsers, logisticsUsers } from '../../logistics/test-support.ts';
import { shops } from '../shops/schema.ts';
import { connectShop } from '../shops/testing.ts';
import { listings } from './schema.ts';
import { seedDemo } from './seed.ts';
import { runListing, workerTuning } from './worker.ts';

let u: LogisticsUsers;
let shopId: string;
let categoryId: string;
const url = '/api/catalog/listing';
const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', path: string, payload?: object) =>
  as(u.t.app, u.demoAdmin)({ method, url: path, payload });

beforeAll(async () => {
  workerTuning.backoffMs = 200;
  workerTuning.pollMs = 500;
  u = await logisticsUsers(MarketplacePermissions.Listings);
  shopId = (await connectShop(u.t, 'demo', 'LAZADA', 'MY')).shopId;
  categoryId = (await call('POST', '/api/catalog/categories', { code: 'LISTINGS', name: '刊登测试' })).json().id;
}, 60_000);
afterAll(async () => {
  await u?.t.close();
});

async function product(sku: string, name = 'Stainless steel bottle', extra: object = {}) {
  const res = await call('POST', '/api/catalog/products', productBody(categoryId, sku, { name, ...extra }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

const publishItem = (productId: string) => ({
  productId,
  shopId,
  price: '25.90',
  categoryId: '10000000',
  attributes: { warranty_type: 'No Warranty', brand: 'No Brand', material: 'Steel' },
});

async function untilBody(id: string, done: (body: ListingDetailDto) => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const res = await call('GET', `${url}/${id}`);
    const body = res.json() as ListingDetailDto;
    if (done(body)) return body;
    if (Date.now() > end) throw new Error(`listing not there yet: ${res.body}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sim = async (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
  u.t.app.inject({
    method,
    url: `/marketplace-sim/control${path}`,
    headers: { 'x-sim-key': await simulatorKey(u.t.services.config) },
    payload,
  });

async function until(id: string, done: (status: number) => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const res = await call('GET', `${url}/${id}`);
    const body = res.json();
    if (done(body.status)) return body;
    if (Date.now() > end) throw new Error(`listing still ${body.status}: ${res.body}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const simItems = async (sellerSku: string) => {
  const res = await u.t.app.inject({
    method: 'GET',
    url: `/marketplace-sim/control/items?platform=lazada&sellerSku=${sellerSku}`,
    headers: { 'x-sim-key': await simulatorKey(u.t.services.config) },
  });
  return res;
};

describe('the worker against the simulator', () => {
  it('publishes: queued → pending review → live, with the item and its SKUs recorded', async () => {
    const productId = await product('LST-OK-1');
    const res = await call('POST', url, { items: [publishItem(productId)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items[0].ok, res.body).toBe(true);
    const id = res.json().items[0].id;
    const live = await until(id, (s) => s === ListingStatus.Success || s === ListingStatus.Failure);
    expect(live.status, JSON.stringify(live)).toBe(ListingStatus.Success);
    expect(live.platformItemId).toBeTruthy();
    expect(live.skus[0].platformSkuId).toBeTruthy();
    const events = (await call('GET', `${url}/${id}/events`)).json().items.map((e: { event: string }) => e.event);
    expect(events).toContain('created');
    expect(events[0]).toBe('live');
    const channel = (await call('GET', `${url}/channel-listing?productId=${productId}`)).json();
    expect(channel.items).toHaveLength(1);
    expect(channel.items[0]).toMatchObject({ shopId, status: ListingStatus.Success });
  });

  it('a rejected item ends in Failure with the marketplace reason', async () => {
    const productId = await product('LST-REJ-1', 'Bottle [reject]');
    const id = (await call('POST', url, { items: [publishItem(productId)] })).json().items[0].id;
    const done = await until(id, (s) => s === ListingStatus.Success || s === ListingStatus.Failure);
    expect(done.status).toBe(ListingStatus.Failure);
    expect(done.lastError.message.length).toBeGreaterThan(0);
  });

  it('retries transient marketplace errors with backoff, then goes live', async () => {
    await sim('PUT', '/faults', { platform: 'lazada', errorRate: 1 });
    const productId = await product('LST-FLAKY-1');
    const id = (await call('POST', url, { items: [publishItem(productId)] })).json().items[0].id;
    try {
      const retried = await untilBody(id, (b) => b.attempts >= 2);
      expect(retried.status).toBe(ListingStatus.Queue);
      expect(retried.lastError?.code).toBe('ISP.ServiceUnavailable');
    } finally {
      await sim('PUT', '/faults', { platform: 'lazada', errorRate: 0 });
    }
    const live = await until(id, (s) => s === ListingStatus.Success || s === ListingStatus.Failure);
    expect(live.status, JSON.stringify(live)).toBe(ListingStatus.Success);
    expect(live.lastError).toBeNull();
    const events = (await call('GET', `${url}/${id}/events`)).json().items.map((e: { event: string }) => e.event);
    expect(events.filter((e: string) => e === 'retry').length).toBeGreaterThanOrEqual(2);
    expect((await simItems('LST-FLAKY-1')).json().count).toBe(1);
  });

  it('a permanent refusal ends in Failure at once, with the marketplace reason per SKU', async () => {
    const productId = await product('LST-HEAVY-1', 'Anvil', { weight: 50_000, packageWeight: 50_000 });
    const id = (await call('POST', url, { items: [publishItem(productId)] })).json().items[0].id;
    const done = await until(id, (s) => s === ListingStatus.Failure || s === ListingStatus.Success);
    expect(done.status).toBe(ListingStatus.Failure);
    expect(done.attempts).toBe(1);
    expect(done.lastError.code).toBe('500');
    expect(done.lastError.rows).toContainEqual(
      expect.objectContaining({ sellerSku: 'LST-HEAVY-1', field: 'package_weight' }),
    );
    expect((await simItems('LST-HEAVY-1')).json().count).toBe(0);
  });

  it('a re-run after the marketplace accepted finds the item: still one item on the marketplace', async () => {
    const productId = await product('LST-DUP-2');
    const id = (await call('POST', url, { items: [publishItem(productId)] })).json().items[0].id;
    await until(id, (s) => s === ListingStatus.Success);
    await u.t.services.data.unscoped((tx) =>
      tx
        .update(listings)
        .set({ status: ListingStatus.Queue, platformItemId: null, op: 'CREATE', version: 200 })
        .where(eq(listings.id, id)),
    );
    await runListing(u.t.services, { tenantId: u.t.demo.id, listingId: id });
    const again = await until(id, (s) => s === ListingStatus.Success);
    const items = (await simItems('LST-DUP-2')).json();
    expect(items.count).toBe(1);
    expect(again.platformItemId).toBe(items.items[0].itemId);
  });

  it('offline, online, refresh and drop run through the worker', async () => {
    const productId = await product('LST-CYCLE-1');
    const id = (await call('POST', url, { items: [publishItem(productId)] })).json().items[0].id;
    await until(id, (s) => s === ListingStatus.Success);
    const remote = async () => (await simItems('LST-CYCLE-1')).json().items[0];

    expect((await call('PUT', `${url}/${id}/offline`)).json().status).toBe(ListingStatus.Process);
    const off = await until(id, (s) => s === ListingStatus.Offline || s === ListingStatus.Failure);
    expect(off.status, JSON.stringify(off)).toBe(ListingStatus.Offline);
    expect((await remote()).listed).toBe(false);

    expect((await call('PUT', `${url}/${id}/online`)).statusCode).toBe(200);
    const on = await until(id, (s) => s === ListingStatus.Success || s === ListingStatus.Failure);
    expect(on.status).toBe(ListingStatus.Success);
    expect((await remote()).listed).toBe(true);

    expect((await call('PUT', `${url}/${id}/refresh`)).json().status).toBe(ListingStatus.Refreshing);
    const refreshed = await until(id, (s) => s !== ListingStatus.Refreshing);
    expect(refreshed.status).toBe(ListingStatus.Success);
    expect(refreshed.platformStatus).toBe('Active');

    // a live item is taken offline before it is dropped
    expect((await call('DELETE', `${url}/${id}/drop`)).statusCode).toBe(409);
    await call('PUT', `${url}/${id}/offline`);
    await until(id, (s) => s === ListingStatus.Offline);
    expect((await call('DELETE', `${url}/${id}/drop`)).json().status).toBe(ListingStatus.Process);
    const end = Date.now() + 30_000;
    while ((await call('GET', `${url}/${id}`)).statusCode !== 404) {
      if (Date.now() > end) throw new Error('the listing was not dropped');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await remote()).status).toBe('deleted');
    const events = (await call('GET', `${url}?productId=${productId}`)).json();
    expect(events.totalCount).toBe(0);
  });

  it('sync pushes price and stock to a live item', async () => {
    const productId = await product('LST-SYNC-1');
    const id = (await call('POST', url, { items: [publishItem(productId)] })).json().items[0].id;
    await until(id, (s) => s === ListingStatus.Success);
    const res = await call('POST', `${url}/sync`, { productIds: [productId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ succeeded: 1, failed: 0, items: [{ id, ok: true }] });
    const done = await until(id, (s) => s !== ListingStatus.Process);
    expect(done.status).toBe(ListingStatus.Success);
    const sku = (await simItems('LST-SYNC-1')).json().items[0].skus[0];
    expect(sku.price).toBe('25.90');
    // the stock follows order management's available stock: this SKU has none
    expect(sku.quantity).toBe(0);
    // not live: refused per row, naming the state
    await call('PUT', `${url}/${id}/offline`);
    await until(id, (s) => s === ListingStatus.Offline);
    const again = (await call('POST', `${url}/sync`, { ids: [id] })).json();
    expect(again.items[0]).toMatchObject({ id, ok: false, status: ListingStatus.Offline });
    expect(again.items[0].error).toContain('Offline');
  });

  it('an invalid token ends in Failure that names re-authorization', async () => {
    const { shopId: sg } = await connectShop(u.t, 'demo', 'LAZADA', 'SG');
    const secrets = await secretsFor(u.t.services.config);
    await u.t.services.data.unscoped((tx) =>
      tx
        .update(shops)
        .set({ accessToken: secrets.encrypt('not-a-token') })
        .where(eq(shops.id, sg)),
    );
    const productId = await product('LST-AUTH-1');
    const res = await call('POST', url, { items: [{ ...publishItem(productId), shopId: sg }] });
    expect(res.json().items[0].ok, res.body).toBe(true);
    const done = await until(res.json().items[0].id, (s) => s === ListingStatus.Failure || s === ListingStatus.Success);
    expect(done.status).toBe(ListingStatus.Failure);
    expect(done.lastError.code).toBe('IllegalAccessToken');
    expect(done.lastError.message).toMatch(/授权/);
  });

  it('refuses a second listing of the same product on the same shop, per row', async () => {
    const productId = await product('LST-TWICE');
    expect((await call('POST', url, { items: [publishItem(productId)] })).json().items[0].ok).toBe(true);
    const again = (await call('POST', url, { items: [publishItem(productId)] })).json();
    expect(again.items[0].ok).toBe(false);
    expect(again.items[0].error).toContain('already has a listing');
    const dup = await call('POST', url, { items: [publishItem(productId), publishItem(productId)] });
    expect(dup.statusCode).toBe(400);
    expect(JSON.stringify(dup.json())).toContain('items.1');
  });

  it('two publishes of the same product on the same shop at once: one listing, the other refused in its row', async () => {
    const productId = await product('LST-RACE');
    const other = await product('LST-RACE-2');
    const [a, b] = await Promise.all([
      call('POST', url, { items: [publishItem(productId)] }),
      call('POST', url, { items: [publishItem(productId), publishItem(other)] }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const rows = [a.json().items[0], b.json().items[0]];
    expect(rows.filter((r) => r.ok)).toHaveLength(1);
    expect(rows.find((r) => !r.ok).error).toContain('already has a listing');
    // the refused row does not undo the rest of its request
    expect(b.json().items[1].ok, b.body).toBe(true);
    const stored = await u.t.services.data.unscoped((tx) =>
      tx.select().from(listings).where(eq(listings.productId, productId)),
    );
    expect(stored).toHaveLength(1);
  });
});

describe('preview, publish, sync, channel listing and events over HTTP', () => {
  const other = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', path: string, payload?: object) =>
    as(u.t.app, u.otherAdmin)({ method, url: path, payload });

  it('previews each product × shop with what stands in the way', async () => {
    const productId = await product('LST-PREVIEW-1');
    const res = await as(
      u.t.app,
      u.demoAdmin,
      'en',
    )({
      method: 'POST',
      url: `${url}/preview`,
      payload: { productIds: [productId], shopIds: [shopId] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json().items;
    expect(row).toMatchObject({ productId, shopId, platform: 'LAZADA', region: 'MY', currency: 'MYR', category: null });
    expect(row.skus).toEqual([expect.objectContaining({ sku: 'LST-PREVIEW-1', stock: 0 })]);
    const codes = row.problems.map((p: { code: string }) => p.code);
    expect(codes).toContain('NO_MAPPING');
    expect(row.problems.find((p: { code: string }) => p.code === 'NO_MAPPING').blocking).toBe(true);
  });

  it('publish refuses per row what cannot be sent, and queues the rest', async () => {
    const a = await product('LST-ROWS-A');
    const b = await product('LST-ROWS-B');
    const res = await as(
      u.t.app,
      u.demoAdmin,
      'en',
    )({
      method: 'POST',
      url,
      payload: { items: [publishItem(a), { productId: b, shopId }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ succeeded: 1, failed: 1 });
    expect(body.items[0]).toMatchObject({ productId: a, ok: true });
    expect(body.items[1]).toMatchObject({ productId: b, ok: false, id: null });
    expect(body.items[1].error).toMatch(/categor/i);
  });

  it('another tenant’s products, shops and listings are not found, and nothing leaks', async () => {
    const productId = await product('LST-TENANT-1');
    const id = (await call('POST', url, { items: [publishItem(productId)] })).json().items[0].id;
    const { shopId: otherShop } = await connectShop(u.t, 'other', 'LAZADA', 'MY');
    const otherProduct = (
      await other(
        'POST',
        '/api/catalog/products',
        productBody(
          (await other('POST', '/api/catalog/categories', { code: 'OTHER', name: '其他' })).json().id,
          'LST-OTHER-1',
        ),
      )
    ).json().id as string;

    // the other tenant cannot see or touch demo's listing, product or shop
    expect((await other('GET', `${url}/${id}`)).statusCode).toBe(404);
    expect((await other('GET', `${url}/${id}/events`)).statusCode).toBe(404);
    expect((await other('GET', `${url}/channel-listing?productId=${productId}`)).json().items).toEqual([]);
    expect((await other('POST', `${url}/preview`, { productIds: [productId], shopIds: [otherShop] })).statusCode).toBe(
      404,
    );
    expect((await other('POST', `${url}/preview`, { productIds: [otherProduct], shopIds: [shopId] })).statusCode).toBe(
      404,
    );
    const publish = await other('POST', url, { items: [{ ...publishItem(productId), shopId: otherShop }] });
    expect(publish.statusCode).toBe(404);
    expect(publish.body).not.toContain('LST-TENANT-1');
    expect((await other('POST', url, { items: [publishItem(otherProduct)] })).statusCode).toBe(404);
    const sync = (await other('POST', `${url}/sync`, { ids: [id], productIds: [productId] })).json();
    expect(sync.items).toEqual([expect.objectContaining({ id, ok: false })]);
    expect(JSON.stringify(sync)).not.toContain('LST-TENANT-1');
    const list = (await other('GET', url)).json();
    expect(list.items.some((l: { id: string }) => l.id === id)).toBe(false);
  });

  it('bad input is a 400 naming the field', async () => {
    const bad = async (method: 'GET' | 'POST', path: string, payload: object | undefined, field: string) => {
      const res = await call(method, path, payload);
      expect(res.statusCode, `${path} ${res.body}`).toBe(400);
      expect(res.body, path).toContain(field);
    };
    await bad('POST', `${url}/preview`, { productIds: [], shopIds: [shopId] }, 'productIds');
    await bad('POST', `${url}/preview`, { productIds: ['nope'], shopIds: [shopId] }, 'productIds');
    await bad('POST', url, { items: [] }, 'items');
    await bad('POST', url, { items: [{ ...publishItem(shopId), price: '-1' }] }, 'price');
    await bad('POST', `${url}/sync`, {}, 'ids');
    await bad('GET', `${url}/channel-listing?productId=x`, undefined, 'productId');
    await bad('GET', `${url}/not-a-guid/events`, undefined, 'id');
  });

  it('each route asks for its permission', async () => {
    const productId = await product('LST-PERM-1');
    const id = (await call('POST', url, { items: [publishItem(productId)] })).json().items[0].id;
    const routes = [
      ['POST', `${url}/preview`, { productIds: [productId], shopIds: [shopId] }],
      ['POST', url, { items: [publishItem(productId)] }],
      ['POST', `${url}/sync`, { ids: [id] }],
      ['GET', `${url}/channel-listing?productId=${productId}`, undefined],
      ['GET', `${url}/${id}/events`, undefined],
    ] as const;
    for (const [method, path, payload] of routes) {
      const by = async (who: string | null) => (await as(u.t.app, who)({ method, url: path, payload })).statusCode;
      expect(await by(u.nobody), path).toBe(403);
      expect(await by(null), path).toBe(401);
      expect(await by(u.reader), path).toBe(method === 'GET' ? 200 : 403);
    }
  });

  it('events list the listing’s history, newest first, paged', async () => {
    const productId = await product('LST-EVENTS-1');
    const id = (await call('POST', url, { items: [publishItem(productId)] })).json().items[0].id;
    await until(id, (s) => s === ListingStatus.Success);
    const all = (await as(u.t.app, u.demoAdmin, 'en')({ method: 'GET', url: `${url}/${id}/events` })).json();
    expect(all.items.at(-1)).toMatchObject({ event: 'publish', fromStatus: null, toStatus: ListingStatus.Queue });
    expect(all.items[0]).toMatchObject({ event: 'live', toStatus: ListingStatus.Success });
    expect(all.items[0].eventName.length).toBeGreaterThan(0);
    const page = (await call('GET', `${url}/${id}/events?maxResultCount=1&skipCount=1`)).json();
    expect(page.totalCount).toBe(all.totalCount);
    expect(page.items).toHaveLength(1);
    expect(page.items[0].id).toBe(all.items[1].id);
  });
});

describe('a shop with listings', () => {
  it('cannot be deleted until its listings are dropped (400 naming how many)', async () => {
    const { shopId: thShop } = await connectShop(u.t, 'demo', 'LAZADA', 'TH');
    const productId = await product('LST-SHOP-DEL');
    const later = new Date(Date.now() + 3600_000).toISOString();
    const res = await call('POST', url, { items: [{ ...publishItem(productId), shopId: thShop }], scheduledAt: later });
    expect(res.json().items[0].ok, res.body).toBe(true);
    const id = res.json().items[0].id;
    const refused = await call('DELETE', `/api/sitekit/shopes/${thShop}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('1 listings');
    expect((await call('GET', `/api/sitekit/shopes/${thShop}`)).statusCode).toBe(200);
    expect((await call('DELETE', `${url}/${id}/drop`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/sitekit/shopes/${thShop}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/sitekit/shopes/${thShop}`)).statusCode).toBe(404);
  });
});

describe('the demo seed', () => {
  it('writes 20 listings on the demo shops in various states, once', async () => {
    const demoShops = (await call('GET', '/api/sitekit/shopes?maxResultCount=100'))
      .json()
      .items.filter((s: { name: string }) => s.name.includes('演示店铺'));
    expect(demoShops).toHaveLength(2);
    const rows = async () => {
      const all = [];
      for (const s of demoShops)
        all.push(...(await call('GET', `${url}?shopId=${s.id}&maxResultCount=100`)).json().items);
      return all as Array<{ id: string; status: number; lastError: { code: string; rows: unknown[] } | null }>;
    };
    const before = await rows();
    expect(before).toHaveLength(20);
    const by = (s: number) => before.filter((r) => r.status === s);
    expect(by(ListingStatus.Hold).length).toBe(3);
    expect(by(ListingStatus.Cancel).length).toBe(2);
    expect(by(ListingStatus.Failure).length).toBeGreaterThanOrEqual(4);
    expect(by(ListingStatus.Failure).filter((r) => r.lastError?.rows.length).length).toBeGreaterThanOrEqual(3);
    const events = (await call('GET', `${url}/${by(ListingStatus.Failure)[0]!.id}/events`)).json().items;
    expect(events.map((e: { event: string }) => e.event)).toEqual(['failed', 'claimed', 'publish']);
    await seedDemo(u.t.services, u.t.demo);
    expect(await rows()).toHaveLength(20);
  });
});

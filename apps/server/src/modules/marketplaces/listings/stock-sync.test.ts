import { ListingStatus, MarketplacePermissions, ruleQuantity } from '@seller/contracts/marketplaces';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../../test/harness.ts';
import { simulatorKey } from '../../../core/secrets.ts';
import { type LogisticsUsers, logisticsUsers } from '../../logistics/test-support.ts';
import { stock } from '../../trade/stock/schema.ts';
import { variantsOf, warehousesOf } from '../../trade/test-support.ts';
import { shopClient } from '../shops/queries.ts';
import { connectShop } from '../shops/testing.ts';
import { stockSyncTuning } from './stock-sync.ts';

let u: LogisticsUsers;
let shopA: string;
let shopB: string;
let warehouseId: string;
const listingUrl = '/api/catalog/listing';
const shopUrl = (id: string) => `/api/sitekit/shopes/${id}/stock`;
const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', path: string, payload?: object, who?: string) =>
  as(u.t.app, who ?? u.demoAdmin)({ method, url: path, payload });

beforeAll(async () => {
  stockSyncTuning.delaySeconds = 1;
  u = await logisticsUsers(MarketplacePermissions.Shops);
  shopA = (await connectShop(u.t, 'demo', 'LAZADA', 'MY')).shopId;
  shopB = (await connectShop(u.t, 'demo', 'LAZADA', 'SG')).shopId;
  warehouseId = (await warehousesOf(u.t, u.t.demo))[0]!.id;
}, 120_000);
afterAll(async () => {
  await u?.t.close();
});

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string, ms = 40_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The stock of `sku` at the simulator, per simulator shop (seller id). */
async function simStock(sku: string): Promise<Record<string, number>> {
  const res = await u.t.app.inject({
    method: 'GET',
    url: `/marketplace-sim/control/items?platform=lazada&sellerSku=${sku}`,
    headers: { 'x-sim-key': await simulatorKey(u.t.services.config) },
  });
  const out: Record<string, number> = {};
  for (const item of res.json().items as { shopId: string; skus: { sellerSku: string; quantity: number }[] }[])
    for (const s of item.skus) if (s.sellerSku === sku) out[item.shopId] = s.quantity;
  return out;
}

let demoVariants: { variantId: string; sku: string; productId: string }[] = [];

/**
 * A demo product's SKU (one product per call), its product listed live in both shops; the
 * variant and its SKU.
 */
async function listed(): Promise<{ variantId: string; sku: string }> {
  if (!demoVariants.length) demoVariants = await variantsOf(u.t, u.t.demo, 500);
  const v = demoVariants[0]!;
  demoVariants = demoVariants.filter((x) => x.productId !== v.productId);
  const items = [shopA, shopB].map((shopId) => ({
    productId: v.productId,
    shopId,
    price: '25.90',
    categoryId: '10000000',
    attributes: { warranty_type: 'No Warranty', brand: 'No Brand', material: 'Steel' },
  }));
  const res = await call('POST', listingUrl, { items });
  expect(res.statusCode, res.body).toBe(200);
  for (const row of res.json().items as { id: string; ok: boolean; error: string | null }[]) {
    expect(row.ok, row.error ?? '').toBe(true);
    const live = await until(
      async () => (await call('GET', `${listingUrl}/${row.id}`)).json().status,
      (s) => s === ListingStatus.Success || s === ListingStatus.Failure,
      'listing live',
    );
    expect(live).toBe(ListingStatus.Success);
  }
  return { variantId: v.variantId, sku: v.sku };
}

/** The SKU's available stock over every warehouse (on hand − reserved − safety, each at least 0). */
async function available(variantId: string): Promise<number> {
  const rows = await u.t.services.data.inTenant({ tenant: u.t.demo }, (tx) =>
    tx.select().from(stock).where(eq(stock.variantId, variantId)),
  );
  return rows.reduce((n, r) => n + Math.max(0, r.onHand - r.reserved - r.safety), 0);
}

const adjust = (variantId: string, quantity: number) =>
  call('POST', '/api/trade/stock/adjustments', {
    warehouseId,
    reason: 'stock sync test',
    lines: [{ variantId, quantity }],
  });

const pushes = async (shopId: string, sku: string) =>
  (await call('GET', `${shopUrl(shopId)}/pushes?filter=${sku}&maxResultCount=100`)).json() as {
    totalCount: number;
    items: { sku: string; quantity: number; available: number; ok: boolean; message: string | null; attempt: number }[];
  };

const sellers = async () => {
  const rows = await Promise.all(
    [shopA, shopB].map(async (id) => (await call('GET', `/api/sitekit/shopes/${id}`)).json().sellerId as string),
  );
  return { a: rows[0]!, b: rows[1]! };
};

/** Waits until the simulator shows `now` under each shop's rule: half in A (rounded down), at most 7 in B. */
async function followsRules(sku: string, now: number, ms?: number) {
  const { a, b } = await sellers();
  await until(
    () => simStock(sku),
    (s) => s[a] === Math.floor(now / 2) && s[b] === Math.min(now, 7),
    'simulator stock',
    ms,
  );
}

describe('stock sync', () => {
  it('a stock move reaches every listing of the SKU, each shop under its own rule', async () => {
    expect((await call('PUT', `${shopUrl(shopA)}/rule`, { mode: 'SHARE', share: 50 })).statusCode).toBe(200);
    const capped = await call('PUT', `${shopUrl(shopB)}/rule`, { mode: 'CAP', cap: 7 });
    expect(capped.statusCode, capped.body).toBe(200);
    expect(capped.json()).toMatchObject({ shopId: shopB, mode: 'CAP', cap: 7, share: null });
    const { variantId, sku } = await listed();
    const { a, b } = await sellers();
    const rules = { a: { mode: 'SHARE', share: 50, cap: null }, b: { mode: 'CAP', share: null, cap: 7 } } as const;
    // published with the stock under each rule
    const before = await available(variantId);
    expect(await simStock(sku)).toEqual({ [a]: ruleQuantity(rules.a, before), [b]: ruleQuantity(rules.b, before) });
    expect((await adjust(variantId, 25)).statusCode).toBe(200);
    const now = await available(variantId);
    expect(now).toBeGreaterThan(before);
    // half of it rounded down in A, at most 7 in B
    await followsRules(sku, now);
    const logA = await until(
      () => pushes(shopA, sku),
      (l) => l.items.some((i) => i.available === now),
      'push log',
    );
    expect(logA.items[0]).toMatchObject({ sku, available: now, quantity: Math.floor(now / 2), ok: true, attempt: 1 });
    // safety stock is not offered
    const [row] = await u.t.services.data.inTenant({ tenant: u.t.demo }, (tx) =>
      tx
        .select()
        .from(stock)
        .where(and(eq(stock.variantId, variantId), eq(stock.warehouseId, warehouseId))),
    );
    const safety = await call('PUT', '/api/trade/stock/safety', { warehouseId, variantId, safety: row!.safety + 5 });
    expect(safety.statusCode, safety.body).toBe(200);
    const safe = await available(variantId);
    expect(safe).toBeLessThan(now);
    await until(
      () => simStock(sku),
      (s) => s[a] === Math.floor(safe / 2),
      'after safety stock',
    );
  }, 120_000);

  it('many moves of one SKU become one push per shop, with the last state', async () => {
    const { variantId, sku } = await listed();
    const pushedBefore = { a: (await pushes(shopA, sku)).totalCount, b: (await pushes(shopB, sku)).totalCount };
    stockSyncTuning.delaySeconds = 3;
    try {
      for (let i = 0; i < 6; i++) expect((await adjust(variantId, 3)).statusCode).toBe(200);
    } finally {
      stockSyncTuning.delaySeconds = 1;
    }
    const now = await available(variantId);
    await followsRules(sku, now);
    const logA = await until(
      () => pushes(shopA, sku),
      (l) => l.totalCount > pushedBefore.a,
      'push log',
    );
    // six moves, one push per shop, of the last state
    expect(logA.totalCount).toBe(pushedBefore.a + 1);
    expect(logA.items[0]).toMatchObject({ available: now, ok: true });
    expect((await pushes(shopB, sku)).totalCount).toBe(pushedBefore.b + 1);
  }, 120_000);

  it('a failing shop is retried, and its failures are shown in its log', async () => {
    const { variantId, sku } = await listed();
    const sim = async (payload: object) =>
      u.t.app.inject({
        method: 'PUT',
        url: '/marketplace-sim/control/faults',
        headers: { 'x-sim-key': await simulatorKey(u.t.services.config) },
        payload,
      });
    await sim({ platform: 'lazada', errorRate: 1 });
    try {
      expect((await adjust(variantId, 4)).statusCode).toBe(200);
      const failed = await until(
        () => call('GET', `${shopUrl(shopA)}/pushes?filter=${sku}&failed=true`).then((r) => r.json()),
        (l) => l.totalCount >= 1,
        'failed push',
      );
      expect(failed.items[0]).toMatchObject({ sku, ok: false });
      // the simulator answers Lazada's ServiceUnavailable: the log says so, and that a retry follows
      expect(failed.items[0].message).toBe('无法连接平台（ISP.ServiceUnavailable），稍后自动重试。');
      expect((await call('GET', `${shopUrl(shopA)}/rule`)).json().pending).toBeGreaterThan(0);
    } finally {
      await sim({ platform: 'lazada', errorRate: 0 });
    }
    // the retry succeeds
    await followsRules(sku, await available(variantId), 60_000);
    const log = await until(
      () => pushes(shopA, sku),
      (l) => l.items.some((i) => i.ok),
      'retried push',
    );
    expect(log.items.find((i) => i.ok)!.attempt).toBeGreaterThan(1);
  }, 120_000);

  it('a move made while a listing is on its way to the marketplace reaches it once it is there', async () => {
    await call('PUT', `${shopUrl(shopA)}/rule`, { mode: 'ALL' });
    if (!demoVariants.length) demoVariants = await variantsOf(u.t, u.t.demo, 500);
    const v = demoVariants[0]!;
    demoVariants = demoVariants.filter((x) => x.productId !== v.productId);
    const sim = async (latencyMs: number) =>
      u.t.app.inject({
        method: 'PUT',
        url: '/marketplace-sim/control/faults',
        headers: { 'x-sim-key': await simulatorKey(u.t.services.config) },
        payload: { platform: 'lazada', latencyMs },
      });
    // every marketplace call takes 4 s: the lookup by SKU, then the creation carrying the quantity
    await sim(4000);
    try {
      const res = await call('POST', listingUrl, {
        items: [
          {
            productId: v.productId,
            shopId: shopA,
            price: '25.90',
            categoryId: '10000000',
            attributes: { warranty_type: 'No Warranty', brand: 'No Brand', material: 'Steel' },
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().items[0].id as string;
      const status = async () => (await call('GET', `${listingUrl}/${id}`)).json().status as number;
      await until(status, (s) => s === ListingStatus.Process, 'listing sent', 20_000);
      // the lookup is over and the creation on its way with the stock as it was: the stock moves now
      await new Promise((r) => setTimeout(r, 6000));
      expect((await adjust(v.variantId, 9)).statusCode).toBe(200);
      await until(status, (s) => s === ListingStatus.Success, 'listing live', 30_000);
    } finally {
      await sim(0);
    }
    const now = await available(v.variantId);
    const { a } = await sellers();
    await until(
      () => simStock(v.sku),
      (s) => s[a] === now,
      'the move at the marketplace',
      30_000,
    );
  }, 120_000);

  it('an item pulled from the shop (published elsewhere) follows the stock too; a SKU not ours is left alone', async () => {
    if (!demoVariants.length) demoVariants = await variantsOf(u.t, u.t.demo, 500);
    const v = demoVariants[0]!;
    demoVariants = demoVariants.filter((x) => x.productId !== v.productId);
    // the seller made this item on the marketplace before using the product: our SKU, and one of someone else's
    const { client } = await shopClient(u.t.services, u.t.demo, shopA);
    const sku = (sellerSku: string, quantity: number) => ({
      sellerSku,
      saleProps: { color_family: sellerSku },
      price: '19.90',
      specialPrice: null,
      quantity,
      weightKg: '0.5',
      lengthCm: '10',
      widthCm: '10',
      heightCm: '10',
      images: [],
    });
    const created = await client.createItem({
      sellerSku: `OLD-${v.sku}`,
      categoryId: '10000000',
      name: 'An item listed by hand',
      description: '<p>listed by hand</p>',
      brand: null,
      images: ['https://img.example.com/a.jpg'],
      attributes: { warranty_type: 'No Warranty', brand: 'No Brand', material: 'Steel' },
      currency: 'MYR',
      skus: [sku(v.sku, 99), sku(`FOREIGN-${v.sku}`, 42)],
    });
    const pull = await call('POST', `/api/catalog/listing-items/pull?shopId=${shopA}`);
    expect(pull.statusCode, pull.body).toBe(200);
    const pulled = await until(
      async () => (await call('GET', `/api/catalog/listing-items/pulls/${pull.json().id}`)).json(),
      (p) => p.status === 'completed' || p.status === 'failed',
      'item pull',
    );
    expect(pulled.status, JSON.stringify(pulled)).toBe('completed');
    const mine = async () =>
      (
        (await call('GET', `/api/catalog/listing-items?shopId=${shopA}&maxResultCount=1000`)).json().items as {
          itemId: string;
          stock: number;
        }[]
      ).find((i) => i.itemId === created.itemId);
    expect(await mine(), JSON.stringify(created)).toBeTruthy();

    // a stock move of our SKU reaches the item under shop A's rule
    expect((await adjust(v.variantId, 6)).statusCode).toBe(200);
    const rule = (await call('GET', `${shopUrl(shopA)}/rule`)).json();
    const expected = ruleQuantity(rule, await available(v.variantId));
    const { a } = await sellers();
    await until(
      () => simStock(v.sku),
      (s) => s[a] === expected,
      'pulled item stock',
    );
    // the push is logged under the item's name; the other seller SKU keeps its 42
    const log = await until(
      () => pushes(shopA, v.sku),
      (p) => p.items.some((i) => i.ok),
      'push log',
    );
    expect(log.items[0]).toMatchObject({ sku: v.sku, quantity: expected, ok: true });
    expect((await simStock(`FOREIGN-${v.sku}`))[a]).toBe(42);
    // the pulled copy shows what the marketplace now holds
    expect((await mine())?.stock).toBe(expected + 42);
  });

  it('push now sends the current stock of every listing of the shop', async () => {
    const res = await call('POST', `${shopUrl(shopB)}/push`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().queued).toBeGreaterThan(0);
  });

  it('refuses without the permission, another tenant’s shop and bad input', async () => {
    expect((await call('PUT', `${shopUrl(shopA)}/rule`, { mode: 'ALL' }, u.nobody)).statusCode).toBe(403);
    expect((await call('POST', `${shopUrl(shopA)}/push`, undefined, u.nobody)).statusCode).toBe(403);
    expect((await call('GET', `${shopUrl(shopA)}/pushes`, undefined, u.nobody)).statusCode).toBe(403);
    // the reader may read the log and the rule, not change them
    expect((await call('GET', `${shopUrl(shopA)}/pushes`, undefined, u.reader)).statusCode).toBe(200);
    expect((await call('PUT', `${shopUrl(shopA)}/rule`, { mode: 'ALL' }, u.reader)).statusCode).toBe(403);
    for (const [method, path, body] of [
      ['PUT', 'rule', { mode: 'ALL' }],
      ['POST', 'push', undefined],
      ['GET', 'pushes', undefined],
      ['GET', 'rule', undefined],
    ] as const)
      expect((await call(method, `${shopUrl(shopA)}/${path}`, body, u.otherAdmin)).statusCode).toBe(404);
    const share = await call('PUT', `${shopUrl(shopA)}/rule`, { mode: 'SHARE' });
    expect(share.statusCode).toBe(400);
    expect(share.json().error.validationErrors.map((e: { members: string[] }) => e.members[0])).toEqual(['share']);
    const cap = await call('PUT', `${shopUrl(shopA)}/rule`, { mode: 'CAP', cap: -1 });
    expect(cap.statusCode).toBe(400);
    expect(cap.json().error.validationErrors.map((e: { members: string[] }) => e.members[0])).toContain('cap');
    expect((await call('PUT', `${shopUrl(shopA)}/rule`, { mode: 'SOME' })).statusCode).toBe(400);
  });
});

import { MarketplacePermissions as P } from '@seller/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, members } from '../../../../test/harness.ts';
import { expectGuarded, type LogisticsUsers, logisticsUsers } from '../../logistics/test-support.ts';
import { refreshDueShops } from './jobs.ts';
import { shopCalls, shops } from './schema.ts';
import { DEMO_SHOPS, seedDemo } from './seed.ts';
import { REFRESH_AHEAD_MS } from './service.ts';
import { connectShop, listening } from './test-support.ts';

const url = '/api/sitekit/shopes';
let u: LogisticsUsers;
type Json = Record<string, unknown> & { id: string; concurrencyStamp: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: string | null, method: Method, path: string, payload?: object, headers?: Record<string, string>) =>
  as(u.t.app, who)({ method, url: path, payload, headers });
const ok = async (who: string, method: Method, path: string, payload?: object) => {
  const res = await call(who, method, path, payload);
  expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
  return res.json() as Json;
};

/** What no reply may ever hold: a token, encrypted or plain. */
const expectNoTokens = async (body: string) => {
  const rows = await u.t.services.data.unscoped((tx) => tx.select().from(shops));
  for (const r of rows) {
    if (r.accessToken) expect(body).not.toContain(r.accessToken);
    if (r.refreshToken) expect(body).not.toContain(r.refreshToken);
  }
  expect(body).not.toMatch(/access_?token|refresh_?token/i);
};

let origin: string;
let lazadaShop: string;
let shopeeShop: string;
let otherShop: string;

beforeAll(async () => {
  u = await logisticsUsers(P.Shops);
  origin = await listening(u.t);
  // not the demo seed's MY sellers: those are the demo shops'
  lazadaShop = (await connectShop(u.t, 'demo', 'LAZADA', 'TH')).shopId;
  otherShop = (await connectShop(u.t, 'other', 'LAZADA', 'SG')).shopId;
}, 60_000);
afterAll(() => u.t.close());

describe('shops: CRUD', () => {
  it('creates, reads, lists by platform, updates and deletes a shop', async () => {
    const created = await ok(u.demoAdmin, 'POST', url, {
      platform: 'SHOPEE',
      name: 'My Shopee SG',
      regions: ['sg'],
      shortCode: 'SG1',
      remark: 'test',
    });
    expect(created).toMatchObject({ platform: 'SHOPEE', regions: ['SG'], status: 'unauthorized', authorized: false });
    expect((await ok(u.demoAdmin, 'GET', `${url}/${created.id}`)).name).toBe('My Shopee SG');
    const list = await ok(u.demoAdmin, 'GET', `${url}?platform=SHOPEE&maxResultCount=50`);
    expect((list.items as Json[]).every((s) => s.platform === 'SHOPEE')).toBe(true);
    expect((list.items as Json[]).some((s) => s.id === created.id)).toBe(true);
    const updated = await ok(u.demoAdmin, 'PUT', `${url}/${created.id}`, {
      name: 'Renamed',
      regions: ['SG', 'MY'],
      concurrencyStamp: created.concurrencyStamp,
    });
    expect(updated).toMatchObject({ name: 'Renamed', regions: ['SG', 'MY'], platform: 'SHOPEE' });
    const management = await ok(u.demoAdmin, 'GET', `${url}/${created.id}/management`);
    expect(management).toMatchObject({ callsLast24h: 0, lastCallAt: null });
    expect((await call(u.demoAdmin, 'DELETE', `${url}/${created.id}`)).statusCode).toBe(204);
    expect((await call(u.demoAdmin, 'GET', `${url}/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input naming the field', async () => {
    const bad = async (body: object) => {
      const res = await call(u.demoAdmin, 'POST', url, body);
      expect(res.statusCode, res.body).toBe(400);
      return members(res);
    };
    expect(await bad({ platform: 'LAZADA', name: '', regions: ['MY'] })).toContain('name');
    expect(await bad({ platform: 'LAZADA', name: 'x', regions: [] })).toContain('regions');
    expect(await bad({ platform: 'EBAY', name: 'x', regions: ['MY'] })).toContain('platform');
    expect(await bad({ platform: 'LAZADA', name: 'x', regions: ['TW'] })).toContain('regions.0');
  });

  it('guards every route: 401, 403 without the permission, reader reads only', async () => {
    await expectGuarded(
      u,
      [
        ['GET', url],
        ['GET', `${url}/management`],
        ['GET', `${url}/${lazadaShop}`],
        ['GET', `${url}/${lazadaShop}/management`],
        ['GET', `${url}/${lazadaShop}/logs`],
        ['POST', url],
        ['PUT', `${url}/${lazadaShop}`],
        ['DELETE', `${url}/${lazadaShop}`],
        ['PUT', `${url}/${lazadaShop}/refresh-token`],
        ['POST', `${url}/authorize`],
        ['POST', '/api/sitekit/shop-gateway'],
        ['POST', '/api/sitekit/shop-gateway/origin'],
      ],
      { name: 'x', regions: ['MY'], platform: 'LAZADA', code: 'c', state: 's', shopId: lazadaShop, api: '/seller/get' },
    );
    const res = await call(u.reader, 'GET', `${url}/authorize-url?platform=LAZADA&redirectUri=${origin}/cb`);
    expect(res.statusCode).toBe(403);
  });

  it("answers 404 for another tenant's shop on every route", async () => {
    for (const [method, path] of [
      ['GET', `${url}/${otherShop}`],
      ['GET', `${url}/${otherShop}/management`],
      ['GET', `${url}/${otherShop}/logs`],
      ['PUT', `${url}/${otherShop}/refresh-token`],
      ['DELETE', `${url}/${otherShop}`],
    ] as const) {
      expect((await call(u.demoAdmin, method, path)).statusCode, `${method} ${path}`).toBe(404);
    }
    const put = await call(u.demoAdmin, 'PUT', `${url}/${otherShop}`, { name: 'x', regions: ['SG'] });
    expect(put.statusCode).toBe(404);
    const gw = await call(u.demoAdmin, 'POST', '/api/sitekit/shop-gateway', { shopId: otherShop, api: '/seller/get' });
    expect(gw.statusCode).toBe(404);
  });
});

describe('shops: authorization', () => {
  it('authorized a Lazada shop through the simulator: active, tokens encrypted and never shown', async () => {
    const res = await call(u.demoAdmin, 'GET', `${url}/${lazadaShop}`);
    const shop = res.json();
    expect(shop).toMatchObject({ platform: 'LAZADA', status: 'active', authorized: true, regions: ['TH'] });
    expect(shop.sellerId).toBeTruthy();
    expect(new Date(shop.accessExpiresAt).getTime()).toBeGreaterThan(Date.now());
    const [row] = await u.t.services.data.unscoped((tx) => tx.select().from(shops).where(eq(shops.id, lazadaShop)));
    expect(row.accessToken).toMatch(/^v1:/);
    expect(row.refreshToken).toMatch(/^v1:/);
    for (const path of [
      `${url}/${lazadaShop}`,
      `${url}?maxResultCount=100`,
      `${url}/management`,
      `${url}/${lazadaShop}/logs`,
    ]) {
      await expectNoTokens((await call(u.demoAdmin, 'GET', path)).body);
    }
  });

  it('authorizing the same seller again updates its shop', async () => {
    const again = await connectShop(u.t, 'demo', 'LAZADA', 'TH');
    expect(again.shopId).toBe(lazadaShop);
  });

  it('authorizes a Shopee shop (shop_id from the callback, name and region from the shop)', async () => {
    shopeeShop = (await connectShop(u.t, 'demo', 'SHOPEE', 'TH')).shopId;
    const shop = await ok(u.demoAdmin, 'GET', `${url}/${shopeeShop}`);
    expect(shop).toMatchObject({ platform: 'SHOPEE', status: 'active', regions: ['TH'] });
    expect(shop.sellerId).toMatch(/^\d+$/);
  });

  it('builds the consent link with a sealed state; refuses foreign callbacks and forged states', async () => {
    const redirectUri = `${origin}/publishingPlatform/shop-callback`;
    const link = await fetch(
      `${origin}${url}/authorize-url?${new URLSearchParams({ platform: 'LAZADA', redirectUri })}`,
      { headers: { authorization: `Bearer ${u.demoAdmin}` } },
    );
    expect(link.status).toBe(200);
    const { url: consent, state } = (await link.json()) as { url: string; state: string };
    const q = new URL(consent).searchParams;
    expect(q.get('client_id')).toBe(u.t.services.config.lazada.appKey);
    expect(q.get('redirect_uri')).toBe(redirectUri);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('state')).toBe(state);
    expect(new URL(consent).pathname).toBe('/marketplace-sim/lazada/oauth/authorize');

    const shopee = await fetch(
      `${origin}${url}/authorize-url?${new URLSearchParams({ platform: 'SHOPEE', redirectUri })}`,
      { headers: { authorization: `Bearer ${u.demoAdmin}` } },
    );
    const sp = new URL(((await shopee.json()) as { url: string }).url);
    expect(sp.pathname).toBe('/marketplace-sim/shopee/api/v2/shop/auth_partner');
    expect(sp.searchParams.get('sign')).toMatch(/^[0-9a-f]{64}$/);
    expect(new URL(sp.searchParams.get('redirect')!).searchParams.get('state')).toBeTruthy();

    const foreign = await fetch(
      `${origin}${url}/authorize-url?${new URLSearchParams({ platform: 'LAZADA', redirectUri: 'https://evil.example/cb' })}`,
      { headers: { authorization: `Bearer ${u.demoAdmin}` } },
    );
    expect(foreign.status).toBe(400);
    expect(
      ((await foreign.json()) as { error: { validationErrors: { members: string[] }[] } }).error.validationErrors[0]
        .members,
    ).toEqual(['redirectUri']);

    const forged = await call(u.demoAdmin, 'POST', `${url}/authorize`, { code: 'x', state: 'v1:AAAA' });
    expect(forged.statusCode).toBe(400);
    expect(members(forged)).toEqual(['state']);
    // another user (the other tenant's admin) cannot use this state
    const stolen = await call(u.otherAdmin, 'POST', `${url}/authorize`, { code: 'x', state });
    expect(members(stolen)).toEqual(['state']);
    expect(members(await call(u.demoAdmin, 'POST', `${url}/authorize`, { code: '', state }))).toContain('code');
  });

  it('refuses a Shopee callback without shop_id, and a used code with the marketplace reason', async () => {
    const redirectUri = `${origin}/publishingPlatform/shop-callback`;
    const get = async (platform: string) =>
      (
        (await (
          await fetch(`${origin}${url}/authorize-url?${new URLSearchParams({ platform, redirectUri })}`, {
            headers: { authorization: `Bearer ${u.demoAdmin}` },
          })
        ).json()) as { state: string }
      ).state;
    const noShop = await call(u.demoAdmin, 'POST', `${url}/authorize`, { code: 'abc', state: await get('SHOPEE') });
    expect(members(noShop)).toEqual(['shopId']);
    const used = await call(u.demoAdmin, 'POST', `${url}/authorize`, {
      code: 'no-such-code',
      state: await get('LAZADA'),
    });
    expect(used.statusCode).toBe(400);
    expect(used.json().error.message).toMatch(/InvalidCode|code/i);
  });
});

describe('shops: tokens, log, gateway, refresh job', () => {
  it('refreshes the token now and logs the call', async () => {
    const before = await ok(u.demoAdmin, 'GET', `${url}/${lazadaShop}`);
    const after = await ok(u.demoAdmin, 'PUT', `${url}/${lazadaShop}/refresh-token`);
    expect(after.status).toBe('active');
    expect(new Date(after.refreshedAt as string).getTime()).toBeGreaterThanOrEqual(
      new Date(before.refreshedAt as string).getTime(),
    );
    await expectNoTokens(JSON.stringify(after));
    const logs = await ok(u.demoAdmin, 'GET', `${url}/${lazadaShop}/logs?maxResultCount=50`);
    const apis = (logs.items as Json[]).map((l) => l.api);
    expect(apis).toContain('/auth/token/refresh');
    expect(apis).toContain('/auth/token/create');
    const refresh = (logs.items as Json[]).find((l) => l.api === '/auth/token/refresh')!;
    expect(refresh).toMatchObject({ platform: 'LAZADA', httpStatus: 200, code: '0' });
    expect(typeof refresh.durationMs).toBe('number');
    expect(refresh.requestId).toBeTruthy();
    await expectNoTokens(JSON.stringify(logs));
  });

  it('refresh of a shop never authorized is a 400 naming it', async () => {
    const bare = await ok(u.demoAdmin, 'POST', url, { platform: 'LAZADA', name: 'Bare', regions: ['MY'] });
    const res = await call(u.demoAdmin, 'PUT', `${url}/${bare.id}/refresh-token`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validationErrors[0].message).toContain('Bare');
    const gw = await call(u.demoAdmin, 'POST', '/api/sitekit/shop-gateway', { shopId: bare.id, api: '/seller/get' });
    expect(gw.statusCode).toBe(400);
    expect(members(gw)).toEqual(['shopId']);
  });

  it('gateway: normalized and raw replies, logged; bad input named', async () => {
    const gw = await ok(u.demoAdmin, 'POST', '/api/sitekit/shop-gateway', {
      shopId: lazadaShop,
      api: '/category/tree/get',
      method: 'GET',
      params: { language_code: 'en_US' },
    });
    expect(gw).toMatchObject({ ok: true, code: '0' });
    expect(Array.isArray(gw.data)).toBe(true);
    const raw = await ok(u.demoAdmin, 'POST', '/api/sitekit/shop-gateway/origin', {
      shopId: lazadaShop,
      api: '/category/tree/get',
      params: {},
    });
    expect(raw).toMatchObject({ code: '0' });
    expect(raw.request_id).toBeTruthy();
    const refused = await ok(u.demoAdmin, 'POST', '/api/sitekit/shop-gateway', {
      shopId: lazadaShop,
      api: '/category/attributes/get',
      params: {},
    });
    expect(refused.ok).toBe(false);
    expect(refused.code).not.toBe('0');
    const bad = await call(u.demoAdmin, 'POST', '/api/sitekit/shop-gateway', {
      shopId: lazadaShop,
      api: '../x',
      method: 'PATCH',
    });
    expect(members(bad)).toEqual(expect.arrayContaining(['api', 'method']));
    const logs = await ok(u.demoAdmin, 'GET', `${url}/${lazadaShop}/logs?failed=true`);
    expect((logs.items as Json[]).some((l) => l.api === '/category/attributes/get')).toBe(true);
  });

  it('shopClient refreshes an expired access token on the fly (the gateway works, the shop is refreshed)', async () => {
    const past = new Date(Date.now() - 60_000);
    await u.t.services.data.unscoped((tx) =>
      tx.update(shops).set({ accessExpiresAt: past }).where(eq(shops.id, shopeeShop)),
    );
    expect((await ok(u.demoAdmin, 'GET', `${url}/${shopeeShop}`)).status).toBe('expiring');
    const gw = await ok(u.demoAdmin, 'POST', '/api/sitekit/shop-gateway', {
      shopId: shopeeShop,
      api: '/api/v2/shop/get_shop_info',
      method: 'GET',
    });
    expect(gw).toMatchObject({ ok: true, code: null });
    expect((gw.data as { region?: string }).region).toBe('TH');
    const shop = await ok(u.demoAdmin, 'GET', `${url}/${shopeeShop}`);
    expect(shop.status).toBe('active');
    expect(new Date(shop.accessExpiresAt as string).getTime()).toBeGreaterThan(Date.now());
    // a region the shop does not sell on is refused, naming it
    const wrong = await call(u.demoAdmin, 'POST', '/api/sitekit/shop-gateway', {
      shopId: shopeeShop,
      api: '/api/v2/shop/get_shop_info',
      region: 'SG',
    });
    expect(members(wrong)).toEqual(['region']);
  });

  it('the refresh job refreshes tokens inside the window and marks refused shops', async () => {
    const soon = new Date(Date.now() + REFRESH_AHEAD_MS.LAZADA / 2);
    await u.t.services.data.unscoped((tx) =>
      tx.update(shops).set({ accessExpiresAt: soon }).where(eq(shops.id, lazadaShop)),
    );
    const result = await refreshDueShops(u.t.services);
    expect(result.refreshed).toBeGreaterThanOrEqual(1);
    const [row] = await u.t.services.data.unscoped((tx) => tx.select().from(shops).where(eq(shops.id, lazadaShop)));
    expect(row.accessExpiresAt!.getTime()).toBeGreaterThan(soon.getTime());
    // a refresh token the marketplace refuses: the shop is marked, with the error
    const secrets = await (await import('../../../core/secrets.ts')).secretsFor(u.t.services.config);
    await u.t.services.data.unscoped((tx) =>
      tx
        .update(shops)
        .set({ accessExpiresAt: soon, refreshToken: secrets.encrypt('not-a-token') })
        .where(eq(shops.id, lazadaShop)),
    );
    const second = await refreshDueShops(u.t.services);
    expect(second.failed).toBeGreaterThanOrEqual(1);
    const shop = await ok(u.demoAdmin, 'GET', `${url}/${lazadaShop}`);
    expect(['revoked', 'expired']).toContain(shop.status);
    expect(shop.lastError).toMatch(/IllegalRefreshToken|refresh/i);
    const gw = await call(u.demoAdmin, 'POST', '/api/sitekit/shop-gateway', { shopId: lazadaShop, api: '/seller/get' });
    expect(gw.statusCode).toBe(400);
    const calls = await u.t.services.data.unscoped((tx) =>
      tx.select().from(shopCalls).where(eq(shopCalls.shopId, lazadaShop)),
    );
    expect(calls.length).toBeGreaterThan(3);
  });
});

describe('shops: demo seed', () => {
  it('seeds one shop per platform for tenant demo, authorized through the simulator by a durable job once the server listens', async () => {
    const demo = async () => (await ok(u.demoAdmin, 'GET', `${url}?filter=演示&maxResultCount=10`)).items as Json[];
    const names = (await demo()).map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(DEMO_SHOPS.map((d) => d.name)));
    // the job retries until the server listens (it does since the tests began), then authorizes both
    await expect
      .poll(async () => (await demo()).filter((s) => s.status === 'active').length, { timeout: 60_000, interval: 500 })
      .toBe(2);
    expect((await demo()).map((s) => s.platform).sort()).toEqual(['LAZADA', 'SHOPEE']);
    // seeding again adds nothing
    await seedDemo(u.t.services, u.t.demo);
    expect(await demo()).toHaveLength(2);
    // the other tenant has no demo shops
    expect(((await ok(u.otherAdmin, 'GET', `${url}?filter=演示`)).items as Json[]).length).toBe(0);
  }, 70_000);
});

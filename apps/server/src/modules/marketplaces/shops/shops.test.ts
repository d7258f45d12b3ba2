import { MarketplacePermissions as P } from '@seller/contracts';
import { ListingStatus } from '@seller/contracts/marketplaces';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, members } from '../../../../test/harness.ts';
import { expectGuarded, type LogisticsUsers, logisticsUsers } from '../../logistics/test-support.ts';
import { marketplaceItems } from '../items/schema.ts';
import { listings } from '../listings/schema.ts';
import { callbackOrigins } from './authorize.ts';
import { refreshDueShops } from './jobs.ts';
import { shopCalls, shops } from './schema.ts';
import { DEMO_SHOPS, seedDemo, simulatorCode } from './seed.ts';
import { REFRESH_AHEAD_MS } from './service.ts';
import { connectShop, listening, simulatorAccount } from './test-support.ts';

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
/** The site as configured (no ISSUER in tests: localhost on PORT), where consents come back to. */
const site = () => `http://localhost:${u.t.services.config.port}`;
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

  it('refuses to delete a shop with listings; once they are dropped, its pulled items go with it', async () => {
    const shop = await ok(u.demoAdmin, 'POST', url, { platform: 'LAZADA', name: 'Kept', regions: ['MY'] });
    const tenantId = u.t.demo.id;
    const [listing] = await u.t.services.data.unscoped((tx) =>
      tx
        .insert(listings)
        .values({
          tenantId,
          shopId: shop.id,
          shopName: 'Kept',
          platform: 'LAZADA',
          region: 'MY',
          currency: 'MYR',
          productId: shop.id,
          productSku: 'KEPT-1',
          productName: 'Kept product',
          draft: { categoryId: '1', categoryName: null, attributes: {}, price: '10.00', priceRuleId: null },
          // held: no job runs for it
          status: ListingStatus.Hold,
          price: '10.00',
          scheduledAt: new Date(Date.now() + 3600_000),
        })
        .returning(),
    );
    await u.t.services.data.unscoped((tx) =>
      tx.insert(marketplaceItems).values({
        tenantId,
        shopId: shop.id,
        itemId: '1',
        sellerSku: 'KEPT-1',
        name: 'Kept item',
        rawStatus: 'active',
        status: 'LIVE',
        currency: 'MYR',
      }),
    );
    const itemsOf = () =>
      u.t.services.data.unscoped((tx) =>
        tx.select().from(marketplaceItems).where(eq(marketplaceItems.shopId, shop.id)),
      );
    const refused = await call(u.demoAdmin, 'DELETE', `${url}/${shop.id}`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.code).toBe('Shops::InUse');
    expect(await itemsOf()).toHaveLength(1);
    await u.t.services.data.unscoped((tx) =>
      tx.update(listings).set({ isDeleted: true }).where(eq(listings.id, listing!.id)),
    );
    expect((await call(u.demoAdmin, 'DELETE', `${url}/${shop.id}`)).statusCode).toBe(204);
    expect(await itemsOf()).toHaveLength(0);
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
    const redirectUri = `${site()}/publishingPlatform/shop-callback`;
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

  it('takes the allowed callback from configuration, never from the Host header', async () => {
    const linkFor = (redirectUri: string, host?: string) =>
      call(
        u.demoAdmin,
        'GET',
        `${url}/authorize-url?${new URLSearchParams({ platform: 'LAZADA', redirectUri })}`,
        undefined,
        host ? { host } : undefined,
      );
    // the request names evil.example as its host: its callback is still refused
    const evil = await linkFor('http://evil.example/publishingPlatform/shop-callback', 'evil.example');
    expect(evil.statusCode).toBe(400);
    expect(members(evil)).toEqual(['redirectUri']);
    // the listening address the request came to is not the configured site either
    expect((await linkFor(`${origin}/cb`)).statusCode).toBe(400);
    expect((await linkFor(`${site()}/publishingPlatform/shop-callback`, 'evil.example')).statusCode).toBe(200);
    // the tenant's own sub-domain of the site, not another tenant's
    const port = u.t.services.config.port;
    expect((await linkFor(`http://demo.localhost:${port}/cb`)).statusCode).toBe(200);
    expect((await linkFor(`http://other.localhost:${port}/cb`)).statusCode).toBe(400);

    // with ISSUER, its origin (and the tenant's sub-domain of it, when tenants are served so)
    const config = { issuer: 'https://admin.example.com', port: 9527, publicHost: 'admin.example.com' };
    expect([...callbackOrigins(config, u.t.demo)]).toEqual([
      'https://admin.example.com',
      'https://demo.admin.example.com',
    ]);
    expect([...callbackOrigins({ ...config, publicHost: 'localhost' }, u.t.demo)]).toEqual([
      'https://admin.example.com',
    ]);
  });

  it('redeems a state once: a second callback with it is refused, even two at once', async () => {
    const redirectUri = `${site()}/publishingPlatform/shop-callback`;
    const newState = async () =>
      (
        await ok(
          u.demoAdmin,
          'GET',
          `${url}/authorize-url?${new URLSearchParams({ platform: 'LAZADA', region: 'TH', redirectUri })}`,
        )
      ).state as string;
    const code = async () => (await simulatorCode(u.t.services, 'LAZADA', simulatorAccount('LAZADA', 'TH'))).code;

    const state = await newState();
    expect((await call(u.demoAdmin, 'POST', `${url}/authorize`, { code: await code(), state })).statusCode).toBe(200);
    const replay = await call(u.demoAdmin, 'POST', `${url}/authorize`, { code: await code(), state });
    expect(replay.statusCode).toBe(400);
    expect(members(replay)).toEqual(['state']);
    expect(replay.json().error.validationErrors[0].message).toBe(
      'This authorization has already been used; start it again',
    );

    const raced = await newState();
    const [c1, c2] = [await code(), await code()];
    const both = await Promise.all([
      call(u.demoAdmin, 'POST', `${url}/authorize`, { code: c1, state: raced }),
      call(u.demoAdmin, 'POST', `${url}/authorize`, { code: c2, state: raced }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(members(both.find((r) => r.statusCode === 400)!)).toEqual(['state']);
  });

  it('refuses a Shopee callback without shop_id, and a used code with the marketplace reason', async () => {
    const redirectUri = `${site()}/publishingPlatform/shop-callback`;
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

describe('shops: the management list and the call log on the list kit', () => {
  const sheet = async (path: string) => {
    const res = await call(u.demoAdmin, 'GET', path);
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return book.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
  };

  it('lists the shops of a platform with their calls, searched, sorted and exported', async () => {
    const lazada = await ok(u.demoAdmin, 'GET', `${url}/management?platform=LAZADA&maxResultCount=100`);
    const items = lazada.items as (Json & { platform: string; name: string; callsLast24h: number })[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.platform === 'LAZADA')).toBe(true);
    const mine = items.find((i) => i.id === lazadaShop)!;
    expect(mine.callsLast24h).toBeGreaterThan(0);
    const byName = await ok(u.demoAdmin, 'GET', `${url}/management?sorting=name asc&maxResultCount=100`);
    const names = (byName.items as Json[]).map((i) => String(i.name));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const found = await ok(u.demoAdmin, 'GET', `${url}/management?filter=${encodeURIComponent(mine.name)}`);
    expect((found.items as Json[]).map((i) => i.id)).toContain(lazadaShop);
    expect((found.items as Json[]).map((i) => i.id)).not.toContain(otherShop);
    // the token state is worked out when read: not a sort
    expect(members(await call(u.demoAdmin, 'GET', `${url}/management?sorting=status asc`))).toEqual(['sorting']);
    expect(members(await call(u.demoAdmin, 'GET', `${url}/management?platform=EBAY`))).toEqual(['platform']);
    const rows = await sheet(`${url}/management/export?platform=LAZADA`);
    expect(rows[0]).toContain('Name');
    expect(rows.some((r) => r.includes(mine.name))).toBe(true);
  });

  it("lists a shop's calls newest first, the failed ones on request, exported; a bad id named", async () => {
    const all = await ok(u.demoAdmin, 'GET', `${url}/${lazadaShop}/logs?maxResultCount=100`);
    const times = (all.items as Json[]).map((l) => new Date(String(l.at)).getTime());
    expect(times.length).toBeGreaterThan(1);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // a shop in the query string does not replace the path's
    const other = await ok(u.demoAdmin, 'GET', `${url}/${lazadaShop}/logs?shopId=${otherShop}`);
    expect(other.totalCount).toBe(all.totalCount);
    const failed = await ok(u.demoAdmin, 'GET', `${url}/${lazadaShop}/logs?failed=true&maxResultCount=100`);
    const failedItems = failed.items as (Json & { code: string | null; httpStatus: number | null })[];
    expect(failedItems.length).toBeGreaterThan(0);
    expect(failedItems.length).toBeLessThan(times.length);
    expect(failedItems.every((l) => l.code !== '0' || l.httpStatus === null || l.httpStatus >= 400)).toBe(true);
    expect((await ok(u.demoAdmin, 'GET', `${url}/${lazadaShop}/logs?failed=false`)).totalCount).toBe(all.totalCount);
    expect(members(await call(u.demoAdmin, 'GET', `${url}/not-an-id/logs`))).toEqual(['id']);
    expect(members(await call(u.demoAdmin, 'GET', `${url}/${lazadaShop}/logs?failed=maybe`))).toEqual(['failed']);
    expect((await call(u.demoAdmin, 'GET', `${url}/${otherShop}/logs/export`)).statusCode).toBe(404);
    const rows = await sheet(`${url}/${lazadaShop}/logs/export?failed=true`);
    expect(rows.length).toBe(failedItems.length + 1);
    expect(rows[0]).toContain('API');
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

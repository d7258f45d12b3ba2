import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.ts';
import { control, simApp } from '../../marketplace-simulator/test-support.ts';
import { lazadaSign, lazadaSignBase } from '../signing.ts';
import { MarketplaceError } from './errors.ts';
import { type CallRecord, endpoints, originOf, useLocalAddress } from './http.ts';
import { LazadaClient, lazadaAuth, lazadaError, lazadaRequest } from './lazada.ts';
import { ShopeeClient, shopeeAuth, shopeeError } from './shopee.ts';
import type { ItemDraft, MarketplaceClient, PlatformAttribute } from './types.ts';

/**
 * The clients' contract: the envelope mapping (against a tiny local server that answers what each
 * case needs), then both clients against the bundled simulator, through HTTP as they would talk to
 * the marketplaces: authorization, refresh, categories, attributes, brands, a product created and
 * reviewed, price and stock, off and on the shelf, removal, and errors and rate limits sorted.
 */

const caught = async (p: Promise<unknown>): Promise<MarketplaceError> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof MarketplaceError) return e;
    throw e;
  }
  throw new Error('expected a MarketplaceError');
};

describe('envelopes → typed errors', () => {
  let server: Server;
  let base: string;
  let answer: (req: IncomingMessage, res: ServerResponse) => void = (_q, res) => res.end();
  const calls: CallRecord[] = [];
  const log = (r: CallRecord) => calls.push(r);

  beforeAll(async () => {
    server = createServer((req, res) => answer(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    answer = (_q, res) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
  };
  const lazada = (timeoutMs = 2000) =>
    new LazadaClient({
      app: { appKey: '1', appSecret: 's', log, timeoutMs },
      region: 'MY',
      base: () => base,
      accessToken: 'tok-secret-123',
    });
  const shopee = () =>
    new ShopeeClient({
      partner: { partnerId: '1', partnerKey: 'k', log, timeoutMs: 2000 },
      region: 'MY',
      host: () => base,
      accessToken: 'tok-secret-456',
      shopId: '42',
    });

  it('sends and signs every parameter, an empty one as its name alone (as the Lazada SDK does)', async () => {
    let url = '';
    answer = (req, res) => {
      url = req.url ?? '';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: '0', data: {}, request_id: 'r1' }));
    };
    await lazadaRequest({ appKey: '1', appSecret: 's', timeoutMs: 2000 }, base, '/orders/get', 'GET', {
      status: '',
      limit: 10,
      offset: undefined,
    });
    const sent = new URL(url, base).searchParams;
    expect(sent.get('status')).toBe('');
    expect(sent.has('offset')).toBe(false);
    const signed = Object.fromEntries([...sent].filter(([k]) => k !== 'sign'));
    // /orders/get access_token… app_key1 limit10 sign_methodsha256 status timestamp…: `status` with nothing after it
    expect(lazadaSignBase('/orders/get', signed)).toContain('sign_methodsha256statustimestamp');
    expect(sent.get('sign')).toBe(lazadaSign('/orders/get', signed, 's'));
  });
  it('Lazada: IllegalAccessToken → auth; 901, OPEN_API_CALL_EXCEED_LIMIT, TRAFFIC_CONTROL, 429 → rate limit', async () => {
    json(200, { code: 'IllegalAccessToken', type: 'ISV', message: 'bad token', request_id: 'r1' });
    const auth = await caught(lazada().categoryTree());
    expect(auth).toMatchObject({ kind: 'auth', code: 'IllegalAccessToken', type: 'ISV', requestId: 'r1' });
    json(200, { code: '901', type: 'ISV', message: 'QPS', request_id: 'r2' });
    expect(await caught(lazada().categoryTree())).toMatchObject({ kind: 'rateLimit', retryAfterMs: 1000 });
    json(200, { code: 'OPEN_API_CALL_EXCEED_LIMIT', message: 'quota' });
    expect((await caught(lazada().categoryTree())).kind).toBe('rateLimit');
    json(200, { code: 'TRAFFIC_CONTROL', message: 'tc' });
    expect((await caught(lazada().categoryTree())).kind).toBe('rateLimit');
    json(429, { code: 'X', message: 'slow down' }, { 'retry-after': '3' });
    expect(await caught(lazada().categoryTree())).toMatchObject({
      kind: 'rateLimit',
      retryAfterMs: 3000,
      httpStatus: 429,
    });
  });

  it('Lazada: ISP/SYSTEM/5xx → transient; others permanent with detail rows', async () => {
    json(200, { code: '15', type: 'ISP', message: 'Remote service error' });
    expect((await caught(lazada().categoryTree())).kind).toBe('transient');
    json(200, { code: 'X', type: 'SYSTEM', message: 'sys' });
    expect((await caught(lazada().categoryTree())).kind).toBe('transient');
    answer = (_q, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>bad gateway</html>');
    };
    expect(await caught(lazada().categoryTree())).toMatchObject({ kind: 'transient', code: 'HTTP_502' });
    json(200, {
      code: '500',
      type: 'ISV',
      message: 'Create product failed',
      request_id: 'r3',
      detail: [{ field: 'SellerSku', message: 'duplicate', seller_sku: 'A-1' }],
    });
    const e = await caught(lazada().createItem({ skus: [], images: [], attributes: {} } as unknown as ItemDraft));
    expect(e).toMatchObject({ kind: 'permanent', code: '500', retryable: false });
    expect(e.rows).toEqual([{ sellerSku: 'A-1', field: 'SellerSku', message: 'duplicate' }]);
  });

  it('Shopee: error_auth and *_expired → auth; 429 → rate limit; error_server/5xx → transient; failure_list rows', async () => {
    json(403, { request_id: 's1', error: 'error_auth', message: 'Invalid access_token.' });
    expect(await caught(shopee().categoryTree())).toMatchObject({ kind: 'auth', code: 'error_auth', requestId: 's1' });
    json(400, { request_id: 's2', error: 'refresh_token_expired', message: 'expired' });
    expect((await caught(shopee().categoryTree())).kind).toBe('auth');
    json(429, { request_id: 's3', error: 'error_too_many_request', message: 'slow' });
    expect(await caught(shopee().categoryTree())).toMatchObject({ kind: 'rateLimit', retryAfterMs: 1000 });
    json(500, { request_id: 's4', error: 'error_server', message: 'down' });
    expect((await caught(shopee().categoryTree())).kind).toBe('transient');
    json(400, {
      request_id: 's5',
      error: 'error_param',
      message: 'bad',
      response: { failure_list: [{ model_id: 7, failed_reason: 'price too low' }] },
    });
    const e = await caught(shopee().categoryTree());
    expect(e).toMatchObject({ kind: 'permanent', code: 'error_param' });
    expect(e.rows).toEqual([{ sellerSku: null, field: 'model_id:7', message: 'price too low' }]);
    // a batch write that partly failed answers per row
    json(200, {
      request_id: 's6',
      error: '',
      message: '',
      response: { failure_list: [{ model_id: 0, failed_reason: 'no' }] },
    });
    const rows = await shopee().updatePriceStock('9', [{ sellerSku: 'S-1', skuId: '0', price: '1.50' }]);
    expect(rows).toEqual([{ sellerSku: 'S-1', ok: false, message: 'no' }]);
  });

  it('timeouts and refused connections are transient; every call is logged without tokens', async () => {
    answer = (_q, res) => setTimeout(() => res.end('{}'), 1000);
    expect(await caught(lazada(100).categoryTree())).toMatchObject({ kind: 'transient', code: 'TIMEOUT' });
    const closed = new LazadaClient({
      app: { appKey: '1', appSecret: 's', log },
      region: 'MY',
      base: () => 'http://127.0.0.1:1',
      accessToken: 't',
    });
    expect(await caught(closed.categoryTree())).toMatchObject({ kind: 'transient', code: 'NETWORK' });
    expect(calls.length).toBeGreaterThan(10);
    const first = calls[0];
    expect(Object.keys(first).sort()).toEqual(
      [
        'api',
        'code',
        'detail',
        'durationMs',
        'httpStatus',
        'message',
        'method',
        'platform',
        'requestId',
        'type',
      ].sort(),
    );
    expect(calls.find((c) => c.code === 'TIMEOUT')).toMatchObject({ httpStatus: null, api: '/category/tree/get' });
    expect(JSON.stringify(calls)).not.toMatch(/tok-secret/);
  });

  it('maps success envelopes to no error', () => {
    expect(lazadaError({ httpStatus: 200, body: { code: '0', data: {} }, retryAfterMs: null })).toBeNull();
    expect(shopeeError({ httpStatus: 200, body: { error: '', response: {} }, retryAfterMs: null })).toBeNull();
  });
});

describe('clients against the simulator', () => {
  let t: TestApp;
  const calls: CallRecord[] = [];
  const log = (r: CallRecord) => calls.push(r);
  const tokens: string[] = [];
  let urls: ReturnType<typeof endpoints>;
  const cfg = () => t.services.config;

  beforeAll(async () => {
    t = await simApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    useLocalAddress(t.services.config, () => originOf(t.app.server.address()));
    urls = endpoints(t.services.config);
    await control(t.app, 'DELETE', '/faults');
    await control(t.app, 'PUT', '/faults', { reviewDelayMs: 0 });
  }, 60_000);
  afterAll(() => t.close());

  const code = async (platform: 'lazada' | 'shopee', account: string) =>
    (await control(t.app, 'POST', '/authorize', { platform, account, redirectUri: 'http://localhost/cb' })).json() as {
      code: string;
      shopId: string;
    };

  /** A draft filling every mandatory attribute with its first option (or text). */
  const draftFor = (
    sku: string,
    categoryId: string,
    attributes: PlatformAttribute[],
    over: Partial<ItemDraft> = {},
  ): ItemDraft => {
    const values: Record<string, string> = {};
    for (const a of attributes) {
      if (!a.mandatory || a.saleProp) continue;
      if (['name', 'description', 'brand'].includes(a.name)) continue;
      values[a.name] = a.options[0]?.[attributes === undefined ? 'name' : 'id'] ?? 'Test value';
    }
    return {
      sellerSku: sku,
      categoryId,
      name: `Contract item ${sku}`,
      description: '<p>A contract test item</p>',
      brand: null,
      images: ['https://example.com/a.jpg'],
      attributes: values,
      currency: 'MYR',
      skus: [
        {
          sellerSku: sku,
          saleProps: {},
          price: '25.90',
          specialPrice: null,
          quantity: 7,
          weightKg: '0.50',
          lengthCm: '10',
          widthCm: '10',
          heightCm: '5',
          images: [],
        },
      ],
      ...over,
    };
  };

  async function lifecycle(
    client: MarketplaceClient,
    sku: string,
    fixAttributes: (a: PlatformAttribute[]) => Record<string, string>,
  ) {
    const tree = await client.categoryTree();
    expect(tree.length).toBeGreaterThan(50);
    const ids = new Set(tree.map((c) => c.id));
    expect(tree.filter((c) => c.parentId).every((c) => ids.has(c.parentId!))).toBe(true);
    const leaf = tree.find((c) => c.leaf)!;
    const attributes = await client.categoryAttributes(leaf.id);
    expect(attributes.some((a) => a.mandatory)).toBe(true);
    const brands = await client.brands(leaf.id);
    expect(brands.length).toBeGreaterThan(0);

    expect(await client.findItemBySellerSku(sku)).toBeNull();
    const draft = draftFor(sku, leaf.id, attributes, { attributes: fixAttributes(attributes), brand: brands[0] });
    const created = await client.createItem(draft);
    expect(created.itemId).toBeTruthy();
    expect(created.skus.map((s) => s.sellerSku)).toContain(sku);
    // the retry guard finds it by seller SKU
    expect((await client.findItemBySellerSku(sku))?.itemId).toBe(created.itemId);
    // review: pending → live (no delay set)
    const live = await client.getItem(created.itemId);
    expect(live?.status).toBe('LIVE');
    expect(live?.skus[0]).toMatchObject({ sellerSku: sku, quantity: 7 });

    const skuId = created.skus[0].skuId;
    const rows = await client.updatePriceStock(created.itemId, [
      { sellerSku: sku, skuId, price: '19.90', quantity: 3 },
    ]);
    expect(rows).toEqual([{ sellerSku: sku, ok: true, message: null }]);
    const updated = await client.getItem(created.itemId);
    expect(Number(updated!.skus[0].price)).toBe(19.9);
    expect(updated!.skus[0].quantity).toBe(3);

    await client.setListed({ itemId: created.itemId, sellerSkus: [sku] }, false);
    expect((await client.getItem(created.itemId))?.status).toBe('INACTIVE');
    await client.setListed({ itemId: created.itemId, sellerSkus: [sku] }, true);
    expect((await client.getItem(created.itemId))?.status).toBe('LIVE');

    const page = await client.listItems({ offset: 0, limit: 20 });
    expect(page.items.some((i) => i.itemId === created.itemId)).toBe(true);

    // rejected by review
    const bad = await client.createItem({
      ...draft,
      sellerSku: `${sku}-R`,
      name: 'Bad item [reject]',
      skus: [{ ...draft.skus[0], sellerSku: `${sku}-R` }],
    });
    const rejected = await client.getItem(bad.itemId);
    expect(rejected?.status).toBe('REJECTED');
    expect(rejected?.rejectReason).toMatch(/reject/i);

    await client.removeItem({ itemId: created.itemId, sellerSkus: [sku] });
    const gone = await client.getItem(created.itemId);
    expect(gone === null || gone.status === 'DELETED').toBe(true);

    // a permanent refusal: an unknown category
    const refused = await caught(
      client.createItem({
        ...draft,
        sellerSku: `${sku}-X`,
        categoryId: '999999999',
        skus: [{ ...draft.skus[0], sellerSku: `${sku}-X` }],
      }),
    );
    expect(refused.kind).toBe('permanent');
    return created;
  }

  describe('Lazada', () => {
    let client: LazadaClient;
    const app = () => ({ appKey: cfg().lazada.appKey, appSecret: cfg().lazada.appSecret, log });
    const auth = () => lazadaAuth(app(), { authorize: urls.lazadaAuthorize, auth: urls.lazadaAuth });

    it('authorizes: consent link, code → tokens (one use), refresh', async () => {
      const link = new URL(auth().authorizeUrl('http://localhost/cb', 'st-1'));
      expect(link.pathname).toBe('/marketplace-sim/lazada/oauth/authorize');
      expect(Object.fromEntries(link.searchParams)).toMatchObject({
        response_type: 'code',
        force_auth: 'true',
        redirect_uri: 'http://localhost/cb',
        client_id: cfg().lazada.appKey,
        state: 'st-1',
      });
      const { code: c } = await code('lazada', 'cb');
      const grant = await auth().createToken(c);
      expect(grant).toMatchObject({ country: 'cb' });
      expect(grant.shops.map((s) => s.region).sort()).toEqual(['ID', 'MY', 'PH', 'SG', 'TH', 'VN']);
      expect(grant.accessExpiresAt.getTime()).toBeGreaterThan(Date.now());
      expect((await caught(auth().createToken(c))).code).toBe('InvalidCode');
      const again = await auth().refreshToken(grant.refreshToken);
      expect(again.accessToken).not.toBe(grant.accessToken);
      expect((await caught(auth().refreshToken('nope'))).kind).toBe('auth');
      // a cross-border token reaches every venture (the venture's seller answers)
      const sg = new LazadaClient({
        app: app(),
        region: 'SG',
        base: () => urls.lazadaApi('SG'),
        accessToken: again.accessToken,
      });
      expect((await sg.call<{ seller_id?: unknown }>('/seller/get', 'GET')).seller_id).toBeDefined();
      const { code: my } = await code('lazada', 'demo-my');
      const myGrant = await auth().createToken(my);
      client = new LazadaClient({
        app: app(),
        region: 'MY',
        base: () => urls.lazadaApi('MY'),
        accessToken: myGrant.accessToken,
      });
    });

    it('runs a product through its life', async () => {
      await lifecycle(client, `LZ-CT-${Date.now()}`, (attributes) => {
        const values: Record<string, string> = {};
        for (const a of attributes) {
          if (!a.mandatory || a.saleProp || ['name', 'description', 'brand'].includes(a.name)) continue;
          values[a.name] = a.options[0]?.name ?? 'Test value';
        }
        return values;
      });
    });

    it('a created product waits for review (Pending QC), then is live', async () => {
      await control(t.app, 'PUT', '/faults', { platform: 'lazada', reviewDelayMs: 400 });
      const tree = await client.categoryTree();
      const leaf = tree.find((c) => c.leaf)!;
      const attributes = await client.categoryAttributes(leaf.id);
      const values: Record<string, string> = {};
      for (const a of attributes) {
        if (!a.mandatory || a.saleProp || ['name', 'description', 'brand'].includes(a.name)) continue;
        values[a.name] = a.options[0]?.name ?? 'Test value';
      }
      const sku = `LZ-REV-${Date.now()}`;
      const brand = (await client.brands(leaf.id))[0];
      const created = await client.createItem(draftFor(sku, leaf.id, attributes, { attributes: values, brand }));
      expect(created.status).toBe('PENDING');
      expect((await client.getItem(created.itemId))?.rawStatus).toBe('Pending QC');
      await new Promise((r) => setTimeout(r, 500));
      expect((await client.getItem(created.itemId))?.status).toBe('LIVE');
      await control(t.app, 'PUT', '/faults', { platform: 'lazada', reviewDelayMs: 0 });
    });

    it('sorts faults: bad token → auth, QPS → rate limit, injected failure → transient; logs each call', async () => {
      const bad = new LazadaClient({ app: app(), region: 'MY', base: () => urls.lazadaApi('MY'), accessToken: 'bad' });
      expect((await caught(bad.categoryTree())).kind).toBe('auth');
      await control(t.app, 'PUT', '/faults', { platform: 'lazada', rateLimitPerSecond: 1 });
      const burst = await Promise.allSettled(Array.from({ length: 4 }, () => client.brands('1')));
      const limited = burst.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined;
      expect(limited?.reason).toMatchObject({ kind: 'rateLimit', code: '901' });
      expect((limited!.reason as MarketplaceError).retryAfterMs).toBeGreaterThan(0);
      await control(t.app, 'PUT', '/faults', { platform: 'lazada', rateLimitPerSecond: 1000, errorRate: 1 });
      expect((await caught(client.categoryTree())).kind).toBe('transient');
      await control(t.app, 'PUT', '/faults', { platform: 'lazada', errorRate: 0 });
      const logged = calls.filter((c) => c.platform === 'LAZADA');
      expect(logged.some((c) => c.api === '/product/create' && c.code === '0' && c.requestId)).toBe(true);
      expect(logged.some((c) => c.code === 'IllegalAccessToken')).toBe(true);
    });
  });

  describe('Shopee', () => {
    let client: ShopeeClient;
    const partner = () => ({ partnerId: cfg().shopee.partnerId, partnerKey: cfg().shopee.partnerKey, log });
    const auth = () => shopeeAuth(partner(), urls.shopeeHost);

    it('authorizes: consent link, code → tokens, refresh rotates the refresh token', async () => {
      const link = new URL(auth().authorizeUrl('http://localhost/cb', 'st-2'));
      expect(link.pathname).toBe('/marketplace-sim/shopee/api/v2/shop/auth_partner');
      expect(new URL(link.searchParams.get('redirect')!).searchParams.get('state')).toBe('st-2');
      const consent = await fetch(link);
      expect(consent.status).toBe(200);
      const { code: c, shopId } = await code('shopee', 'demo-my');
      const grant = await auth().createToken(c, shopId);
      expect(grant.accessExpiresAt.getTime() - Date.now()).toBeLessThanOrEqual(4 * 3600_000 + 5000);
      const again = await auth().refreshToken(grant.refreshToken, shopId);
      tokens.push(grant.accessToken, grant.refreshToken, again.accessToken, again.refreshToken);
      expect(again.refreshToken).not.toBe(grant.refreshToken);
      expect((await caught(auth().refreshToken(grant.refreshToken, shopId))).kind).toBe('auth');
      client = new ShopeeClient({
        partner: partner(),
        region: 'MY',
        host: urls.shopeeHost,
        accessToken: again.accessToken,
        shopId,
        imageUpload: 'url',
      });
      expect(await client.shopInfo()).toMatchObject({ region: 'MY' });
    });

    it('runs a product through its life', async () => {
      await lifecycle(client, `SP-CT-${Date.now()}`, (attributes) => {
        const values: Record<string, string> = {};
        for (const a of attributes) if (a.mandatory) values[a.id] = a.options[0]?.id ?? 'Test value';
        return values;
      });
    });

    it('sorts faults: bad token → auth, too many → rate limit, injected failure → transient', async () => {
      const bad = new ShopeeClient({
        partner: partner(),
        region: 'MY',
        host: urls.shopeeHost,
        accessToken: 'bad',
        shopId: '600101',
      });
      expect((await caught(bad.categoryTree())).kind).toBe('auth');
      await control(t.app, 'PUT', '/faults', { platform: 'shopee', rateLimitPerSecond: 1 });
      const burst = await Promise.allSettled(Array.from({ length: 4 }, () => client.logisticsChannels()));
      const limited = burst.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined;
      expect(limited?.reason).toMatchObject({ kind: 'rateLimit' });
      await control(t.app, 'PUT', '/faults', { platform: 'shopee', rateLimitPerSecond: 1000, errorRate: 1 });
      expect((await caught(client.categoryTree())).kind).toBe('transient');
      await control(t.app, 'PUT', '/faults', { platform: 'shopee', errorRate: 0 });
      const logged = JSON.stringify(calls);
      for (const secret of [cfg().shopee.partnerKey, cfg().lazada.appSecret, ...tokens])
        expect(logged).not.toContain(secret);
    });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { control, LAZADA_KEY, lazada, lazadaProduct, lazadaTokens, simApp } from './test-support.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await simApp();
  token = (await lazadaTokens(t.app)).access_token;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await control(t.app, 'DELETE', '/faults');
});

const create = (skus: string[], opts: Parameters<typeof lazadaProduct>[1] = {}, tk = token) =>
  lazada(t.app, '/product/create', { payload: lazadaProduct(skus, opts) }, { method: 'POST', token: tk });

describe('Lazada signature and system parameters', () => {
  it('answers a well-signed call in its own envelope', async () => {
    const res = await lazada(t.app, '/seller/get', {}, { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('0');
    expect(body.request_id).toMatch(/^[0-9a-f]+$/);
    expect(body.data).toMatchObject({ seller_id: 1000101, short_code: 'MY0001SIM', location: 'MY', cb: false });
  });

  it('refuses a wrong signature, an old timestamp, a missing parameter and another app key', async () => {
    const wrong = await lazada(t.app, '/seller/get', {}, { token, sign: 'ABC' });
    expect(wrong.json()).toMatchObject({ code: 'IncompleteSignature', type: 'ISV' });
    const old = await lazada(t.app, '/seller/get', {}, { token, timestamp: Date.now() - 7201 * 1000 });
    expect(old.json().code).toBe('InvalidTimestamp');
    const noToken = await lazada(t.app, '/seller/get', {});
    expect(noToken.json()).toMatchObject({ code: 'MissingParameter' });
    expect(noToken.json().message).toContain('access_token');
    const noSign = await t.app.inject({
      method: 'GET',
      url: `/marketplace-sim/lazada/rest/seller/get?app_key=${LAZADA_KEY}&timestamp=${Date.now()}&sign_method=sha256`,
    });
    expect(noSign.json()).toMatchObject({ code: 'MissingParameter' });
    expect(noSign.json()).not.toHaveProperty('error'); // never the product's envelope
  });

  it('signs the payload of a POST too (a changed payload breaks the signature)', async () => {
    const params = { payload: lazadaProduct(['SIG-1']) };
    const good = await lazada(t.app, '/product/create', params, { method: 'POST', token });
    expect(good.json().code).toBe('0');
    const { lazadaSign } = await import('../marketplaces/signing.ts');
    const all = {
      app_key: LAZADA_KEY,
      timestamp: String(Date.now()),
      sign_method: 'sha256',
      access_token: token,
      ...params,
    };
    const sign = lazadaSign('/product/create', all, 'sim-lazada-app-secret');
    const tampered = new URLSearchParams({ ...all, sign, payload: lazadaProduct(['SIG-2']) }).toString();
    const res = await t.app.inject({
      method: 'POST',
      url: '/marketplace-sim/lazada/rest/product/create',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: tampered,
    });
    expect(res.json().code).toBe('IncompleteSignature');
  });

  it('signs an empty parameter as its name alone, as the SDK does; a signature leaving it out is refused', async () => {
    const { lazadaSign } = await import('../marketplaces/signing.ts');
    // `lazada` signs every parameter it sends with the client's signer: status= is sent and signed
    const accepted = await lazada(
      t.app,
      '/orders/get',
      { created_after: '2020-01-01T00:00:00+08:00', status: '' },
      { token },
    );
    expect(accepted.json().code).toBe('0');
    // the same request signed the old way, without the empty parameter (…sign_methodsha256timestamp…)
    const all: Record<string, string> = {
      app_key: LAZADA_KEY,
      timestamp: String(Date.now()),
      sign_method: 'sha256',
      access_token: token,
      created_after: '2020-01-01T00:00:00+08:00',
    };
    const withoutEmpty = lazadaSign('/orders/get', all, 'sim-lazada-app-secret');
    const refused = await t.app.inject({
      method: 'GET',
      url: `/marketplace-sim/lazada/rest/orders/get?${new URLSearchParams({ ...all, status: '', sign: withoutEmpty })}`,
    });
    expect(refused.json()).toMatchObject({ code: 'IncompleteSignature', type: 'ISV' });
  });

  it('refuses an unknown token and an unknown API', async () => {
    expect((await lazada(t.app, '/seller/get', {}, { token: 'nope' })).json().code).toBe('IllegalAccessToken');
    const unknown = await lazada(t.app, '/nothing/here', {}, { token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('InvalidApiPath');
  });
});

describe('Lazada authorization', () => {
  it('exchanges a code once, with the fields of §1.4, and refreshes', async () => {
    const auth = await control(t.app, 'POST', '/authorize', { platform: 'lazada', account: 'cb' });
    const code = auth.json().code;
    const res = await lazada(t.app, '/auth/token/create', { code }, { base: '/auth/rest' });
    const body = res.json();
    expect(body).toMatchObject({
      code: '0',
      country: 'cb',
      account_platform: 'seller_center',
      expires_in: 30 * 86400,
      refresh_expires_in: 180 * 86400,
    });
    expect(body.country_user_info.map((c: { country: string }) => c.country)).toEqual([
      'my',
      'sg',
      'th',
      'vn',
      'ph',
      'id',
    ]);
    expect(body.country_user_info[1]).toMatchObject({
      seller_id: '1000112',
      user_id: expect.any(String),
      short_code: expect.any(String),
    });
    const again = await lazada(t.app, '/auth/token/create', { code }, { base: '/auth/rest' });
    expect(again.json().code).toBe('InvalidCode');

    const refreshed = await lazada(
      t.app,
      '/auth/token/refresh',
      { refresh_token: body.refresh_token },
      { base: '/auth/rest' },
    );
    expect(refreshed.json()).toMatchObject({ code: '0', country: 'cb' });
    expect(refreshed.json().country_user_info_list).toHaveLength(6);
    expect(refreshed.json().access_token).not.toBe(body.access_token);
    const bad = await lazada(t.app, '/auth/token/refresh', { refresh_token: 'nope' }, { base: '/auth/rest' });
    expect(bad.json().code).toBe('IllegalRefreshToken');

    // a venture of the cross-border account through its own gateway
    const sg = await lazada(t.app, '/seller/get', {}, { token: body.access_token, base: '/sg/rest' });
    expect(sg.json().data).toMatchObject({ seller_id: 1000112, location: 'SG', cb: true });
    const notCovered = await lazada(t.app, '/seller/get', {}, { token, base: '/sg/rest' });
    expect(notCovered.json().code).toBe('IllegalAccessToken');
  });

  it('expires codes and tokens after the configured lifetimes', async () => {
    await control(t.app, 'PUT', '/faults', { platform: 'lazada', codeSeconds: 1, accessTokenSeconds: 1 });
    const code = (await control(t.app, 'POST', '/authorize', { platform: 'lazada', account: 'demo-sg' })).json().code;
    const early = (await control(t.app, 'POST', '/authorize', { platform: 'lazada', account: 'demo-sg' })).json().code;
    const tokens = (await lazada(t.app, '/auth/token/create', { code: early }, { base: '/auth/rest' })).json();
    expect(tokens.expires_in).toBe(1);
    expect((await lazada(t.app, '/seller/get', {}, { token: tokens.access_token })).json().code).toBe('0');
    await new Promise((r) => setTimeout(r, 1100));
    expect((await lazada(t.app, '/auth/token/create', { code }, { base: '/auth/rest' })).json().code).toBe(
      'InvalidCode',
    );
    expect((await lazada(t.app, '/seller/get', {}, { token: tokens.access_token })).json().code).toBe(
      'IllegalAccessToken',
    );
  });

  it('serves the consent page, whose form redirects with a code and the state', async () => {
    const redirect = 'http://localhost:9527/publishingPlatform/lazada/shopLazada?x=1';
    const page = await t.app.inject({
      method: 'GET',
      url: `/marketplace-sim/lazada/oauth/authorize?response_type=code&force_auth=true&client_id=${LAZADA_KEY}&redirect_uri=${encodeURIComponent(redirect)}&state=abc`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('id="sim-authorize"');
    expect(page.body).toContain('授权 Authorize');
    expect(page.body).toContain('Demo Lazada MY seller');
    expect(page.headers['content-security-policy']).toContain('form-action');
    expect(page.headers['content-security-policy']).toContain('http://localhost:9527');
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    expect(action).toBe('/marketplace-sim/lazada/consent');
    const form = new URLSearchParams({ client_id: LAZADA_KEY, redirect_uri: redirect, state: 'abc', account: 'cb' });
    const done = await t.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(done.statusCode).toBe(302);
    const to = new URL(done.headers.location as string);
    expect(to.origin + to.pathname).toBe('http://localhost:9527/publishingPlatform/lazada/shopLazada');
    expect(to.searchParams.get('state')).toBe('abc');
    expect(to.searchParams.get('x')).toBe('1');
    const res = await lazada(
      t.app,
      '/auth/token/create',
      { code: to.searchParams.get('code')! },
      { base: '/auth/rest' },
    );
    expect(res.json()).toMatchObject({ code: '0', country: 'cb' });

    const wrongClient = await t.app.inject({
      method: 'GET',
      url: `/marketplace-sim/lazada/oauth/authorize?response_type=code&client_id=999&redirect_uri=${encodeURIComponent(redirect)}`,
    });
    expect(wrongClient.statusCode).toBe(400);
  });
});

describe('Lazada categories and brands', () => {
  it('serves a three-level tree of a few hundred categories, in Chinese on request', async () => {
    const res = await lazada(t.app, '/category/tree/get', {}, { token });
    const tree = res.json().data as Array<{ category_id: number; name: string; leaf: boolean; children?: unknown[] }>;
    const flat: Array<{ leaf: boolean; children?: unknown[] }> = [];
    const walk = (nodes: Array<{ leaf: boolean; children?: unknown[] }>, depth: number) => {
      expect(depth).toBeLessThanOrEqual(3);
      for (const n of nodes) {
        flat.push(n);
        if (n.children) walk(n.children as never, depth + 1);
      }
    };
    walk(tree, 1);
    expect(flat.length).toBeGreaterThanOrEqual(300);
    expect(flat.filter((n) => n.leaf).length).toBe(288);
    expect(tree[0]).toMatchObject({ category_id: 1000, name: "Women's Clothing", leaf: false });
    const zh = await lazada(t.app, '/category/tree/get', { language_code: 'zh_CN' }, { token });
    expect(zh.json().data[0].name).toBe('女装');
  });

  it('lists a leaf’s attributes with mandatory ones and sale properties, and refuses a non-leaf', async () => {
    const res = await lazada(t.app, '/category/attributes/get', { primary_category_id: '10000000' }, { token });
    const attrs = res.json().data as Array<{
      name: string;
      is_mandatory: number;
      is_sale_prop: number;
      options: unknown[];
    }>;
    const byName = Object.fromEntries(attrs.map((a) => [a.name, a]));
    expect(byName.brand!.is_mandatory).toBe(1);
    expect(byName.material!.is_mandatory).toBe(1);
    expect(byName.warranty_type!.is_mandatory).toBe(1);
    expect(byName.color_family!.is_sale_prop).toBe(1);
    expect(byName.size!.is_sale_prop).toBe(1);
    expect(byName.warranty_type!.options.length).toBeGreaterThan(1);
    // electronics: no size, material optional
    const el = (await lazada(t.app, '/category/attributes/get', { primary_category_id: '10004000' }, { token })).json()
      .data;
    expect(el.map((a: { name: string }) => a.name)).not.toContain('size');
    expect(el.find((a: { name: string }) => a.name === 'material').is_mandatory).toBe(0);
    const parent = await lazada(t.app, '/category/attributes/get', { primary_category_id: '10000' }, { token });
    expect(parent.json().code).toBe('E057');
  });

  it('pages brands, No Brand included', async () => {
    const res = await lazada(t.app, '/category/brands/query', { startRow: '0', pageSize: '3' }, { token });
    expect(res.json().data.module).toHaveLength(3);
    expect(res.json().data.module[0]).toMatchObject({ brand_id: 30768, name: 'No Brand' });
    expect(res.json().data.total_record).toBe(7);
  });
});

describe('Lazada products', () => {
  it('creates an item pending QC that goes Active after the review delay', async () => {
    await control(t.app, 'PUT', '/faults', { platform: 'lazada', reviewDelayMs: 300 });
    const res = await create(['LIVE-1', 'LIVE-2']);
    const body = res.json();
    expect(body.code).toBe('0');
    expect(body.data.item_status).toBe('Pending QC');
    expect(body.data.sku_list.map((s: { seller_sku: string }) => s.seller_sku)).toEqual(['LIVE-1', 'LIVE-2']);
    const itemId = String(body.data.item_id);
    const pending = (await lazada(t.app, '/product/item/get', { item_id: itemId }, { token })).json().data;
    expect(pending.status).toBe('Pending QC');
    await new Promise((r) => setTimeout(r, 350));
    const live = (await lazada(t.app, '/product/item/get', { item_id: itemId }, { token })).json().data;
    expect(live.status).toBe('Active');
    expect(live.skus[0]).toMatchObject({
      SellerSku: 'LIVE-1',
      price: '35.00',
      special_price: '33.00',
      quantity: 5,
      Status: 'active',
    });
    const found = await lazada(t.app, '/products/get', { filter: 'live', sku_seller_list: '["LIVE-2"]' }, { token });
    expect(found.json().data.total_products).toBe(1);
    expect(found.json().data.products[0].item_id).toBe(Number(itemId));
  });

  it('rejects an item whose name asks for it, with a reason', async () => {
    await control(t.app, 'PUT', '/faults', { platform: 'lazada', reviewDelayMs: 0 });
    const res = await create(['REJ-1'], { name: 'Bad dress [reject]' });
    const item = (
      await lazada(t.app, '/product/item/get', { item_id: String(res.json().data.item_id) }, { token })
    ).json().data;
    expect(item.status).toBe('Suspended');
    expect(item.subStatus).toBe('Rejected');
    expect(item.rejectReason[0].violationDetail).toContain('[reject]');
    const rejected = (await lazada(t.app, '/products/get', { filter: 'rejected' }, { token })).json().data;
    expect(rejected.products.map((p: { item_id: number }) => p.item_id)).toContain(res.json().data.item_id);
  });

  it('refuses a duplicate seller SKU (in the shop and in the item) with detail rows', async () => {
    expect((await create(['DUP-1'])).json().code).toBe('0');
    const dup = (await create(['DUP-1', 'DUP-NEW'])).json();
    expect(dup.code).toBe('500');
    expect(dup.message).toBe('Create product failed');
    expect(dup.detail).toEqual([expect.objectContaining({ field: 'SellerSku', seller_sku: 'DUP-1' })]);
    const inItem = (await create(['TWICE', 'TWICE'])).json();
    expect(inItem.detail[0]).toMatchObject({ field: 'SellerSku', seller_sku: 'TWICE' });
    // nothing of the refused product was kept
    const items = (await control(t.app, 'GET', '/items?platform=lazada&sellerSku=DUP-NEW')).json();
    expect(items.count).toBe(0);
    expect((await control(t.app, 'GET', '/items?platform=lazada&sellerSku=DUP-1')).json().count).toBe(1);
  });

  it('checks category, mandatory attributes, prices, packages and sale properties', async () => {
    const notLeaf = (await create(['V-1'], { category: '10000' })).json();
    expect(notLeaf.detail[0]).toMatchObject({ field: 'PrimaryCategory' });
    const noMaterial = (await create(['V-2'], { attributes: { material: '' } })).json();
    expect(noMaterial.detail).toEqual([expect.objectContaining({ field: 'material' })]);
    const longName = (await create(['V-3'], { name: 'x'.repeat(256) })).json();
    expect(longName.detail[0]).toMatchObject({ field: 'name' });
    const payload = JSON.parse(lazadaProduct(['V-4', 'V-5']));
    const skus = payload.Request.Product.Skus.Sku;
    skus[0].special_price = '40.00';
    delete skus[0].package_weight;
    skus[1].saleProp = skus[0].saleProp;
    const res = await lazada(t.app, '/product/create', { payload: JSON.stringify(payload) }, { method: 'POST', token });
    const fields = res.json().detail.map((d: { field: string; seller_sku: string }) => `${d.seller_sku}:${d.field}`);
    expect(fields).toEqual(['V-4:special_price', 'V-4:package_weight', 'V-5:saleProp']);
  });

  it('updates price and stock, with per-SKU detail for the rows it refuses', async () => {
    const created = (await create(['PQ-1', 'PQ-2'])).json().data;
    const payload = JSON.stringify({
      Request: {
        Product: {
          Skus: {
            Sku: [
              {
                ItemId: String(created.item_id),
                SkuId: String(created.sku_list[0].sku_id),
                Price: '50.00',
                Quantity: '9',
              },
              { SellerSku: 'PQ-2', Price: '20.00', SalePrice: '25.00' },
              { SellerSku: 'NOPE', Quantity: '1' },
            ],
          },
        },
      },
    });
    const res = (await lazada(t.app, '/product/price_quantity/update', { payload }, { method: 'POST', token })).json();
    expect(res.code).toBe('501');
    expect(res.detail.map((d: { seller_sku: string; field: string }) => `${d.seller_sku}:${d.field}`)).toEqual([
      'PQ-2:SalePrice',
      'NOPE:SellerSku',
    ]);
    const item = (await lazada(t.app, '/product/item/get', { item_id: String(created.item_id) }, { token })).json()
      .data;
    // the rows that passed were applied
    expect(item.skus[0]).toMatchObject({ price: '50.00', quantity: 9 });
    expect(item.skus[1]).toMatchObject({ price: '35.00' });
    const ok = JSON.stringify({ Request: { Product: { Skus: { Sku: [{ SellerSku: 'PQ-2', Quantity: '0' }] } } } });
    expect(
      (await lazada(t.app, '/product/price_quantity/update', { payload: ok }, { method: 'POST', token })).json(),
    ).toMatchObject({
      code: '0',
      data: {},
    });
    const tooMany = JSON.stringify({
      Request: {
        Product: { Skus: { Sku: Array.from({ length: 51 }, (_, i) => ({ SellerSku: `X${i}`, Quantity: '1' })) } },
      },
    });
    expect(
      (await lazada(t.app, '/product/price_quantity/update', { payload: tooMany }, { method: 'POST', token })).json()
        .code,
    ).toBe('513');
  });

  it('deactivates, reactivates through product/update, and removes SKUs', async () => {
    await control(t.app, 'PUT', '/faults', { platform: 'lazada', reviewDelayMs: 0 });
    const created = (await create(['ACT-1', 'ACT-2'])).json().data;
    const itemId = String(created.item_id);
    const get = async () => (await lazada(t.app, '/product/item/get', { item_id: itemId }, { token })).json().data;
    expect((await get()).status).toBe('Active');
    const deactivate = JSON.stringify({ Request: { Product: { ItemId: itemId } } });
    expect(
      (await lazada(t.app, '/product/deactivate', { apiRequestBody: deactivate }, { method: 'POST', token })).json()
        .code,
    ).toBe('0');
    const inactive = await get();
    expect(inactive.status).toBe('InActive');
    expect(inactive.skus.map((s: { Status: string }) => s.Status)).toEqual(['inactive', 'inactive']);
    const update = JSON.stringify({
      Request: { Product: { ItemId: itemId, Skus: { Sku: [{ SellerSku: 'ACT-1', Status: 'active' }] } } },
    });
    expect((await lazada(t.app, '/product/update', { payload: update }, { method: 'POST', token })).json().code).toBe(
      '0',
    );
    expect((await get()).status).toBe('Active');

    const remove1 = await lazada(t.app, '/product/remove', { seller_sku_list: '["ACT-1"]' }, { method: 'POST', token });
    expect(remove1.json().code).toBe('0');
    const after = await get();
    expect(after.skus.map((s: { SellerSku: string }) => s.SellerSku)).toEqual(['ACT-2']);
    expect(after.status).toBe('InActive');
    await lazada(t.app, '/product/remove', { seller_sku_list: '["ACT-2"]' }, { method: 'POST', token });
    expect((await get()).status).toBe('Deleted');
    const again = (
      await lazada(t.app, '/product/remove', { seller_sku_list: '["ACT-2"]' }, { method: 'POST', token })
    ).json();
    expect(again).toMatchObject({ code: 'E0208', detail: [{ seller_sku: 'ACT-2' }] });
    // a removed seller SKU may be used again
    expect((await create(['ACT-1'])).json().code).toBe('0');
    expect((await lazada(t.app, '/product/item/get', { item_id: '999999' }, { token })).json().code).toBe('E0208');
  });

  it('keeps each seller’s items apart', async () => {
    const sg = (await lazadaTokens(t.app, 'demo-sg')).access_token;
    await create(['MINE-1']);
    const other = (await lazada(t.app, '/products/get', { sku_seller_list: '["MINE-1"]' }, { token: sg })).json().data;
    expect(other.total_products).toBe(0);
    expect((await create(['MINE-1'], {}, sg)).json().code).toBe('0');
  });

  it('limits pages', async () => {
    expect((await lazada(t.app, '/products/get', { limit: '51' }, { token })).json().code).toBe('InvalidParameter');
  });

  it('lists shipment providers', async () => {
    const res = (await lazada(t.app, '/shipment/providers/get', {}, { token })).json();
    expect(res.data.shipment_providers[0]).toMatchObject({ name: 'LEX MY', default: 1 });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { shopeeSign } from '../marketplaces/signing.ts';
import { control, SHOPEE_KEY, SHOPEE_PARTNER, shopee, shopeeTokens, simApp } from './test-support.ts';

let t: TestApp;
let tk: { access_token: string; refresh_token: string; shopId: string };

beforeAll(async () => {
  t = await simApp();
  tk = await shopeeTokens(t.app);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await control(t.app, 'DELETE', '/faults');
});

const call = (method: 'GET' | 'POST', path: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
  shopee(t.app, method, path, { ...opts, token: tk.access_token, shopId: tk.shopId });

async function addItem(overrides: Record<string, unknown> = {}) {
  const image = (
    await call('POST', '/media_space/upload_image', { body: { image_url: 'https://example.com/a.jpg' } })
  ).json();
  return call('POST', '/product/add_item', {
    body: {
      item_name: 'Cotton dress',
      description: 'A cotton dress for every day',
      original_price: 35.5,
      weight: 0.5,
      category_id: 101000,
      image: { image_id_list: [image.response.image_info.image_id] },
      logistic_info: [{ logistic_id: 20011, enabled: true }],
      attribute_list: [
        { attribute_id: 100010, attribute_value_list: [{ value_id: 5000 }] },
        { attribute_id: 100134, attribute_value_list: [{ value_id: 0, original_value_name: 'Cotton' }] },
      ],
      brand: { brand_id: 0, original_brand_name: 'No Brand' },
      item_sku: 'SP-PARENT',
      seller_stock: [{ stock: 7 }],
      ...overrides,
    },
  });
}

describe('Shopee signature and authorization', () => {
  it('answers a signed shop call in its envelope, with shop info at the top level too', async () => {
    const res = await call('GET', '/shop/get_shop_info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ error: '', message: '', shop_name: 'Demo Shopee MY shop', region: 'MY' });
    expect(res.json().response).toMatchObject({ region: 'MY', status: 'NORMAL' });
    expect(res.json().request_id).toBeTruthy();
  });

  it('refuses a wrong sign, an old timestamp, a missing parameter, another shop’s token', async () => {
    const wrong = await shopee(t.app, 'GET', '/shop/get_shop_info', {
      token: tk.access_token,
      shopId: tk.shopId,
      sign: 'ab',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'error_sign' });
    const old = await shopee(t.app, 'GET', '/shop/get_shop_info', {
      token: tk.access_token,
      shopId: tk.shopId,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(old.json().error).toBe('error_param');
    const noShop = await shopee(t.app, 'GET', '/shop/get_shop_info', { token: tk.access_token, sign: 'x' });
    expect(noShop.json()).toMatchObject({ error: 'error_param', message: 'Missing shop_id' });
    const otherShop = await shopee(t.app, 'GET', '/shop/get_shop_info', { token: tk.access_token, shopId: '600102' });
    expect(otherShop.statusCode).toBe(403);
    expect(otherShop.json().error).toBe('error_auth');
    // signed without the token and shop: a public sign is not a shop sign
    const ts = Math.floor(Date.now() / 1000);
    const publicSign = shopeeSign(
      { partnerId: SHOPEE_PARTNER, path: '/api/v2/shop/get_shop_info', timestamp: ts },
      SHOPEE_KEY,
    );
    const res = await shopee(t.app, 'GET', '/shop/get_shop_info', {
      token: tk.access_token,
      shopId: tk.shopId,
      timestamp: ts,
      sign: publicSign,
    });
    expect(res.json().error).toBe('error_sign');
  });

  it('uses a code once, and rotates the single-use refresh token', async () => {
    const auth = (await control(t.app, 'POST', '/authorize', { platform: 'shopee', account: 'demo-sg' })).json();
    expect(auth.shopId).toBe('600102');
    const body = { code: auth.code, partner_id: Number(SHOPEE_PARTNER), shop_id: Number(auth.shopId) };
    const first = (await shopee(t.app, 'POST', '/auth/token/get', { body })).json();
    expect(first).toMatchObject({ error: '', expire_in: 4 * 3600, shop_id_list: [600102] });
    const again = await shopee(t.app, 'POST', '/auth/token/get', { body });
    expect(again.json().error).toBe('error_auth');

    const refresh = (rt: string) =>
      shopee(t.app, 'POST', '/auth/access_token/get', {
        body: { refresh_token: rt, partner_id: Number(SHOPEE_PARTNER), shop_id: 600102 },
      });
    const second = (await refresh(first.refresh_token)).json();
    expect(second).toMatchObject({ error: '', shop_id: 600102, partner_id: Number(SHOPEE_PARTNER) });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await refresh(first.refresh_token)).json().error).toBe('error_auth');
    const third = (await refresh(second.refresh_token)).json();
    expect(third.error).toBe('');
    // the old access token stays usable until it expires
    const info = await shopee(t.app, 'GET', '/shop/get_shop_info', { token: first.access_token, shopId: '600102' });
    expect(info.json().error).toBe('');
  });

  it('expires access tokens after the configured lifetime', async () => {
    await control(t.app, 'PUT', '/faults', { platform: 'shopee', accessTokenSeconds: 1 });
    const short = await shopeeTokens(t.app, 'demo-th');
    expect(
      (await shopee(t.app, 'GET', '/shop/get_shop_info', { token: short.access_token, shopId: short.shopId })).json()
        .error,
    ).toBe('');
    await new Promise((r) => setTimeout(r, 1100));
    const res = await shopee(t.app, 'GET', '/shop/get_shop_info', { token: short.access_token, shopId: short.shopId });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('error_auth');
  });

  it('serves the consent page from a signed link; its form redirects with a code and the shop', async () => {
    const ts = Math.floor(Date.now() / 1000);
    const sign = shopeeSign(
      { partnerId: SHOPEE_PARTNER, path: '/api/v2/shop/auth_partner', timestamp: ts },
      SHOPEE_KEY,
    );
    const redirect = 'http://localhost:9527/publishingPlatform/shopee/shopShopee';
    const page = await t.app.inject({
      method: 'GET',
      url: `/marketplace-sim/shopee/api/v2/shop/auth_partner?partner_id=${SHOPEE_PARTNER}&timestamp=${ts}&sign=${sign}&redirect=${encodeURIComponent(redirect)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="sim-authorize"');
    expect(page.body).toContain('Demo Shopee MY shop');
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    const done = await t.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ partner_id: SHOPEE_PARTNER, redirect, account: 'demo-ph' }).toString(),
    });
    expect(done.statusCode).toBe(302);
    const to = new URL(done.headers.location as string);
    expect(to.searchParams.get('shop_id')).toBe('600105');
    const tokens = await shopee(t.app, 'POST', '/auth/token/get', {
      body: { code: to.searchParams.get('code'), partner_id: Number(SHOPEE_PARTNER), shop_id: 600105 },
    });
    expect(tokens.json().error).toBe('');

    const expired = await t.app.inject({
      method: 'GET',
      url: `/marketplace-sim/shopee/api/v2/shop/auth_partner?partner_id=${SHOPEE_PARTNER}&timestamp=${ts - 301}&sign=${sign}&redirect=x`,
    });
    expect(expired.statusCode).toBe(400);
  });
});

describe('Shopee categories', () => {
  it('lists a three-level tree, leaves flagged, in Chinese on request', async () => {
    const list = (await call('GET', '/product/get_category')).json().response.category_list;
    expect(list.length).toBe(344);
    expect(list.filter((c: { has_children: boolean }) => !c.has_children).length).toBe(288);
    expect(list[0]).toMatchObject({
      category_id: 100000,
      parent_category_id: 0,
      display_category_name: "Women's Clothing",
    });
    const zh = (await call('GET', '/product/get_category', { query: { language: 'zh-hans' } })).json().response
      .category_list;
    expect(zh[0].display_category_name).toBe('女装');
  });

  it('gives attribute trees with mandatory attributes, and brands', async () => {
    const res = (
      await call('GET', '/product/get_attribute_tree', { query: { category_id_list: '101000,101400' } })
    ).json();
    const [fashion, electronics] = res.response.list;
    const mandatory = (l: { attribute_tree: Array<{ attribute_id: number; mandatory: boolean }> }) =>
      l.attribute_tree.filter((a) => a.mandatory).map((a) => a.attribute_id);
    expect(mandatory(fashion)).toEqual([100010, 100134]);
    expect(mandatory(electronics)).toEqual([100010]);
    expect(fashion.attribute_tree[0].attribute_value_list.length).toBeGreaterThan(1);
    const brands = (
      await call('GET', '/product/get_brand_list', { query: { category_id: '101000', offset: '0', page_size: '100' } })
    ).json();
    expect(brands.response.brand_list[0]).toMatchObject({ brand_id: 0, original_brand_name: 'No Brand' });
    const notLeaf = await call('GET', '/product/get_attribute_tree', { query: { category_id_list: '100000' } });
    expect(notLeaf.json().error).toBe('error_param');
  });
});

describe('Shopee items', () => {
  it('adds an item under review that goes NORMAL after the delay, found by its SKU', async () => {
    await control(t.app, 'PUT', '/faults', { platform: 'shopee', reviewDelayMs: 300 });
    const res = (await addItem()).json();
    expect(res.error).toBe('');
    expect(res.response).toMatchObject({ item_status: 'REVIEWING', item_sku: 'SP-PARENT', has_model: false });
    const id = String(res.response.item_id);
    const info = async () =>
      (await call('GET', '/product/get_item_base_info', { query: { item_id_list: id } })).json().response.item_list[0];
    expect((await info()).item_status).toBe('REVIEWING');
    await new Promise((r) => setTimeout(r, 350));
    const live = await info();
    expect(live.item_status).toBe('NORMAL');
    expect(live.price_info[0]).toMatchObject({ currency: 'MYR', original_price: 35.5 });
    expect(live.stock_info_v2.summary_info.total_available_stock).toBe(7);
    const found = (await call('GET', '/product/search_item', { query: { item_sku: 'SP-PARENT' } })).json();
    expect(found.response.item_id_list).toContain(Number(id));
    const list = (
      await call('GET', '/product/get_item_list', { query: { offset: '0', page_size: '100', item_status: 'NORMAL' } })
    ).json();
    expect(list.response.item.map((i: { item_id: number }) => i.item_id)).toContain(Number(id));
  });

  it('bans an item whose name asks for it, with a reason', async () => {
    await control(t.app, 'PUT', '/faults', { platform: 'shopee', reviewDelayMs: 0 });
    const id = (await addItem({ item_name: 'Dress [reject]', item_sku: 'SP-REJ' })).json().response.item_id;
    const item = (await call('GET', '/product/get_item_base_info', { query: { item_id_list: String(id) } })).json()
      .response.item_list[0];
    expect(item.item_status).toBe('BANNED');
    expect(item.reject_reason).toContain('[reject]');
  });

  it('refuses missing mandatory attributes, a non-leaf category and a disabled channel', async () => {
    const noMaterial = (
      await addItem({ attribute_list: [{ attribute_id: 100010, attribute_value_list: [{ value_id: 5000 }] }] })
    ).json();
    expect(noMaterial).toMatchObject({ error: 'error_param' });
    expect(noMaterial.message).toContain('100134');
    expect((await addItem({ category_id: 100000 })).json().error).toBe('error_param');
    const disabled = (await addItem({ logistic_info: [{ logistic_id: 20013, enabled: true }] })).json();
    expect(disabled.error).toBe('product.error_busi');
  });

  it('adds variations, then updates price and stock per model with success and failure lists', async () => {
    await control(t.app, 'PUT', '/faults', { platform: 'shopee', reviewDelayMs: 0 });
    const id = (await addItem({ item_sku: 'SP-VAR' })).json().response.item_id;
    const init = await call('POST', '/product/init_tier_variation', {
      body: {
        item_id: id,
        tier_variation: [
          { name: 'Color', option_list: [{ option: 'Red' }, { option: 'Blue' }] },
          { name: 'Size', option_list: [{ option: 'S' }, { option: 'M' }] },
        ],
        model: [
          { tier_index: [0, 0], original_price: 30, model_sku: 'SP-VAR-RS', seller_stock: [{ stock: 3 }] },
          { tier_index: [1, 1], original_price: 32, model_sku: 'SP-VAR-BM', seller_stock: [{ stock: 4 }] },
        ],
      },
    });
    expect(init.json().error).toBe('');
    const models = init.json().response.model as Array<{ model_id: number; model_sku: string }>;
    expect(models.map((m) => m.model_sku)).toEqual(['SP-VAR-RS', 'SP-VAR-BM']);
    const again = await call('POST', '/product/init_tier_variation', { body: init.json().response });
    expect(again.json().error).toBe('product.error_busi');

    const price = (
      await call('POST', '/product/update_price', {
        body: {
          item_id: id,
          price_list: [
            { model_id: models[0]!.model_id, original_price: 28.9 },
            { model_id: 0, original_price: 1 },
          ],
        },
      })
    ).json().response;
    expect(price.success_list).toEqual([{ model_id: models[0]!.model_id, original_price: 28.9 }]);
    expect(price.failure_list[0]).toMatchObject({ model_id: 0 });
    const stock = (
      await call('POST', '/product/update_stock', {
        body: {
          item_id: id,
          stock_list: [
            { model_id: models[1]!.model_id, seller_stock: [{ stock: 0 }] },
            { model_id: 1, seller_stock: [{ stock: -1 }] },
          ],
        },
      })
    ).json().response;
    expect(stock.success_list).toHaveLength(1);
    expect(stock.failure_list).toHaveLength(1);
    const list = (await call('GET', '/product/get_model_list', { query: { item_id: String(id) } })).json().response;
    expect(list.tier_variation).toHaveLength(2);
    expect(list.model[0].price_info[0].original_price).toBe(28.9);
    expect(list.model[1].stock_info_v2.summary_info.total_available_stock).toBe(0);
    expect(
      (await call('GET', '/product/search_item', { query: { item_sku: 'SP-VAR-BM' } })).json().response.item_id_list,
    ).toEqual([id]);
    // an item without variations takes model_id 0
    const plain = (await addItem({ item_sku: 'SP-PLAIN' })).json().response.item_id;
    const p0 = (
      await call('POST', '/product/update_price', {
        body: { item_id: plain, price_list: [{ model_id: 0, original_price: 9.9 }] },
      })
    ).json();
    expect(p0.response.success_list).toHaveLength(1);
  });

  it('unlists, lists again and deletes an item', async () => {
    await control(t.app, 'PUT', '/faults', { platform: 'shopee', reviewDelayMs: 0 });
    const id = (await addItem({ item_sku: 'SP-UNLIST' })).json().response.item_id;
    const status = async () =>
      (await call('GET', '/product/get_item_base_info', { query: { item_id_list: String(id) } })).json().response
        .item_list[0].item_status;
    const unlist = (
      await call('POST', '/product/unlist_item', {
        body: {
          item_list: [
            { item_id: id, unlist: true },
            { item_id: 999999, unlist: true },
          ],
        },
      })
    ).json();
    expect(unlist.response.success_list).toEqual([{ item_id: id, unlist: true }]);
    expect(unlist.response.failure_list[0]).toMatchObject({ item_id: 999999 });
    expect(await status()).toBe('UNLIST');
    await call('POST', '/product/unlist_item', { body: { item_list: [{ item_id: id, unlist: false }] } });
    expect(await status()).toBe('NORMAL');
    expect((await call('POST', '/product/delete_item', { body: { item_id: id } })).json().error).toBe('');
    expect(await status()).toBe('SELLER_DELETE');
    expect((await call('POST', '/product/delete_item', { body: { item_id: id } })).json().error).toBe(
      'product.error_item_not_found',
    );
    expect(
      (await call('GET', '/product/search_item', { query: { item_sku: 'SP-UNLIST' } })).json().response.item_id_list,
    ).toEqual([]);
  });

  it('lists logistics channels', async () => {
    const list = (await call('GET', '/logistics/get_channel_list')).json().response.logistics_channel_list;
    expect(list.length).toBeGreaterThan(2);
    expect(list[0]).toMatchObject({ logistics_channel_id: 20011, enabled: true, mask_channel_id: 0 });
  });
});

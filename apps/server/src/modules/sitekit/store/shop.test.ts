import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.ts';
import { logisticsUsers, resourceCalls } from '../../logistics/test-support.ts';

/** The Storefront API's shop end to end: browse, cart, checkout into a SITE order, shoppers, reviews. */

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let key: string;
let siteId: string;
const { call } = resourceCalls<{ id: string }>(() => t, '/api/sitekit/sites');

type Headers = Record<string, string>;
const store = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  extra: Headers = {},
) => t.app.inject({ method, url, payload, headers: { 'x-site-key': key, 'accept-language': 'en', ...extra } });

beforeAll(async () => {
  ({ t, demoAdmin, otherAdmin } = await logisticsUsers('Sitekit.Catalog'));
  const site = (await call(demoAdmin, 'GET', '/api/sitekit/sites?filter=demo')).json().items[0];
  key = site.publishableKey;
  siteId = site.id;
});
afterAll(async () => {
  await t?.close();
});

describe('the demo store', () => {
  it('has categories mapped from the catalogue, its products published, shoppers, reviews and carts', async () => {
    const cats = (await store('GET', '/api/store/categories')).json().items;
    expect(cats.map((c: { slug: string }) => c.slug)).toEqual(['home', 'kitchen', 'bags', 'phone-accessories']);
    const list = (await store('GET', '/api/store/products?maxResultCount=100')).json();
    // twenty on a real start; the tests' catalogue holds fewer products
    expect(list.totalCount).toBeGreaterThanOrEqual(5);
    expect(list.items[0].currency).toBe('USD');
    const admin = (await call(demoAdmin, 'GET', `/api/sitekit/products/counts?siteId=${siteId}`)).json();
    expect(admin.counts).toEqual({ PUBLISHED: list.totalCount, HIDDEN: 0 });
    const reviews = (await call(demoAdmin, 'GET', `/api/sitekit/reviews/counts?siteId=${siteId}`)).json();
    expect(reviews.counts).toEqual({ PENDING: 1, APPROVED: 2, REJECTED: 1 });
    const carts = (await call(demoAdmin, 'GET', `/api/sitekit/carts/counts?siteId=${siteId}`)).json();
    expect(carts.counts.ABANDONED).toBe(1);
    expect(carts.counts.ACTIVE).toBeGreaterThanOrEqual(1);
    expect(carts.counts.CONVERTED).toBeGreaterThanOrEqual(1);
    const orders = (await call(demoAdmin, 'GET', '/api/trade/orders?source=SITE')).json();
    expect(orders.totalCount).toBeGreaterThanOrEqual(1);
    expect((await call(otherAdmin, 'GET', '/api/sitekit/products')).json().totalCount).toBe(0);
  });

  it('sells: a cart of two products checked out is a SITE order with its stock reserved, listed for its shopper', async () => {
    const reg = await store('POST', '/api/store/customers', {
      email: 'New.Shopper@example.com',
      password: 'secret123',
      name: 'New Shopper',
      phone: null,
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const token = reg.json().token as string;
    const me = { 'x-shopper-token': token };
    const items = (await store('GET', '/api/store/products?maxResultCount=100')).json().items as {
      slug: string;
      inStock: boolean;
    }[];
    const inStock = items.filter((p) => p.inStock).slice(0, 2);
    expect(inStock).toHaveLength(2);
    let cart = (await store('POST', '/api/store/carts', { currency: 'USD' }, me)).json();
    for (const p of inStock) {
      const detail = (await store('GET', `/api/store/products/${p.slug}`)).json();
      const v = detail.variants.find((x: { available: number }) => x.available > 0);
      const res = await store('POST', `/api/store/carts/${cart.token}/lines`, { variantId: v.variantId, quantity: 1 });
      expect(res.statusCode, res.body).toBe(200);
      cart = res.json();
    }
    expect(cart.itemCount).toBe(2);
    const address = {
      name: 'New Shopper',
      phone: '+60 12 000 0000',
      line1: '1 Jalan Test',
      city: 'Kuala Lumpur',
      postCode: '50450',
      countryCode: 'MY',
    };
    expect(
      (await store('PUT', `/api/store/carts/${cart.token}/address`, { email: 'x@example.com', address })).statusCode,
    ).toBe(200);
    const options = (await store('GET', `/api/store/carts/${cart.token}/shipping-options`)).json().items;
    expect(options.length).toBeGreaterThan(0);
    cart = (await store('PUT', `/api/store/carts/${cart.token}/shipping`, { channelId: options[0].channelId })).json();
    expect(cart.shipping.fee).toBe(options[0].fee);
    const done = await store('POST', `/api/store/carts/${cart.token}/complete`, { paymentType: 'Alipay' }, me);
    expect(done.statusCode, done.body).toBe(200);
    const order = done.json();
    expect(order.status).toBe('Processing');
    expect(order.total).toBe(cart.total);
    const found = (await call(demoAdmin, 'GET', `/api/trade/orders?source=SITE&filter=${order.orderNo}`)).json().items;
    expect(found).toHaveLength(1);
    const detail = (await call(demoAdmin, 'GET', `/api/trade/orders/${found[0].id}`)).json();
    expect(detail.lines.map((l: { reservedQty: number }) => l.reservedQty)).toEqual([1, 1]);
    const mine = (await store('GET', '/api/store/customers/me/orders', undefined, me)).json().items;
    expect(mine.map((o: { orderNo: string }) => o.orderNo)).toEqual([order.orderNo]);
    // the cart is closed
    expect(
      (
        await store('POST', `/api/store/carts/${cart.token}/lines`, {
          variantId: detail.lines[0].variantId,
          quantity: 1,
        })
      ).statusCode,
    ).toBe(409);
    // a review of a bought product is a verified purchase and waits for approval
    const review = await store(
      'POST',
      `/api/store/products/${inStock[0]!.slug}/reviews`,
      { rating: 5, text: 'Lovely' },
      me,
    );
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json()).toMatchObject({ status: 'PENDING', verifiedPurchase: true });
    const shown = () =>
      store('GET', `/api/store/products/${inStock[0]!.slug}/reviews`).then((r) => r.json().items as { text: string }[]);
    expect((await shown()).map((r) => r.text)).not.toContain('Lovely');
    expect((await call(demoAdmin, 'POST', `/api/sitekit/reviews/${review.json().id}/approve`)).statusCode).toBe(200);
    expect((await shown()).map((r) => r.text)).toContain('Lovely');
    const again = await store(
      'POST',
      `/api/store/products/${inStock[0]!.slug}/reviews`,
      { rating: 4, text: 'Again' },
      me,
    );
    expect(again.statusCode).toBe(409);
  });

  it('refuses a wrong key, another site’s cart, and a shopper token on the admin API', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/store/products' })).statusCode).toBe(401);
    expect((await store('GET', '/api/store/products', undefined, { 'x-site-key': 'pk_bad_key' })).statusCode).toBe(401);
    const cart = (await store('POST', '/api/store/carts', {})).json();
    const otherSite = (
      await call(demoAdmin, 'POST', '/api/sitekit/sites', {
        name: 'Second',
        code: 'second',
        defaultLanguage: 'en',
        languages: ['en'],
        defaultCurrency: 'USD',
        currencies: ['USD'],
        timeZone: 'UTC',
      })
    ).json();
    const res = await store('GET', `/api/store/carts/${cart.token}`, undefined, {
      'x-site-key': otherSite.publishableKey,
    });
    expect(res.statusCode).toBe(404);
    const signIn = await store('POST', '/api/store/auth/token', { email: 'emma.tan@example.com', password: '1q2w3E*' });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const token = signIn.json().token;
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/sitekit/products',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(admin.statusCode).toBe(401);
    const wrong = await store('POST', '/api/store/auth/token', {
      email: 'emma.tan@example.com',
      password: 'nope12345',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.validationErrors[0].members).toEqual(['password']);
  });

  it('keeps house: idle carts with a contact are abandoned, empty ones expire, unpaid orders are let go', async () => {
    const inStock = (
      (await store('GET', '/api/store/products?maxResultCount=100')).json().items as {
        slug: string;
        inStock: boolean;
      }[]
    ).find((p) => p.inStock)!;
    const detail = (await store('GET', `/api/store/products/${inStock.slug}`)).json();
    const variantId = detail.variants.find((v: { available: number }) => v.available > 0).variantId;
    const address = {
      name: 'Keeper',
      phone: '+65 1234 5678',
      line1: '1 Test Road',
      city: 'Singapore',
      countryCode: 'SG',
    };
    /** A cart of one unit, addressed, with delivery chosen: its token. */
    const filled = async () => {
      const cart = (await store('POST', '/api/store/carts', {})).json();
      await store('POST', `/api/store/carts/${cart.token}/lines`, { variantId, quantity: 1 });
      await store('PUT', `/api/store/carts/${cart.token}/address`, { email: 'keeper@example.com', address });
      const [option] = (await store('GET', `/api/store/carts/${cart.token}/shipping-options`)).json().items;
      await store('PUT', `/api/store/carts/${cart.token}/shipping`, { channelId: option.channelId });
      return cart.token as string;
    };
    const idle = await filled();
    const empty = (await store('POST', '/api/store/carts', {})).json().token;
    const orderOf = async (paymentType: string) => {
      const res = await store('POST', `/api/store/carts/${await filled()}/complete`, { paymentType });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = (await call(demoAdmin, 'GET', `/api/trade/orders?filter=${res.json().orderNo}`)).json().items;
      return row.id as string;
    };
    const transfer = await orderOf('BACS');
    const cash = await orderOf('Cash');
    const paid = await orderOf('WeChat');
    expect((await call(demoAdmin, 'POST', `/api/trade/orders/${paid}/mark-paid`)).statusCode).toBe(200);

    const { tidyStorefronts } = await import('../housekeeping.ts');
    const done = await tidyStorefronts(t.services, new Date(Date.now() + 7 * 3_600_000));
    expect(done.abandoned).toBeGreaterThanOrEqual(1);
    expect(done.expired).toBeGreaterThanOrEqual(1);
    expect((await store('GET', `/api/store/carts/${idle}`)).json().status).toBe('ABANDONED');
    expect((await store('GET', `/api/store/carts/${empty}`)).statusCode).toBe(404);
    const order = async (id: string) => (await call(demoAdmin, 'GET', `/api/trade/orders/${id}`)).json();
    const cancelled = await order(transfer);
    expect(cancelled.status).toBe('Cancel');
    expect(cancelled.lines.map((l: { reservedQty: number }) => l.reservedQty)).toEqual([0]);
    expect((await order(cash)).status).toBe('Processing');
    expect((await order(paid)).status).toBe('Processing');
    // an abandoned cart changed again is active again
    await store('POST', `/api/store/carts/${idle}/lines`, { variantId, quantity: 1 });
    expect((await store('GET', `/api/store/carts/${idle}`)).json().status).toBe('ACTIVE');
  });
});

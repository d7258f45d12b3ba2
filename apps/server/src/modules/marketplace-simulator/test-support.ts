import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { lazadaSign, shopeeSign } from '../marketplaces/signing.ts';
import { tenants } from '../tenants/index.ts';
import { marketplaceSimulator } from './index.ts';
import { simOrderLines, simOrders } from './schema.ts';

/** Test helpers: an app of the simulator alone, and signed calls as the product's clients make them. */

export const LAZADA_KEY = '100001';
export const LAZADA_SECRET = 'sim-lazada-app-secret';
export const SHOPEE_PARTNER = '2001887';
export const SHOPEE_KEY = 'sim-shopee-partner-key';

export function simApp(env: Record<string, string> = {}, logStream?: DestinationStream): Promise<TestApp> {
  return createTestApp(env, { modules: [tenants, marketplaceSimulator], logStream });
}

/** The control key as a developer finds it: in the data folder's key file (the app has made it by now). */
export async function controlKey(app: FastifyInstance): Promise<string> {
  const { config } = app.services;
  if (config.marketplaceSimulatorKey) return config.marketplaceSimulatorKey;
  return (await readFile(join(config.dataDir, 'marketplace-simulator.key'), 'utf8')).trim();
}

export async function control(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) {
  return app.inject({
    method,
    url: `/marketplace-sim/control${path}`,
    headers: { 'x-sim-key': await controlKey(app) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** A signed Lazada call: GET with the parameters in the query, or POST with them in a urlencoded body. */
export function lazada(
  app: FastifyInstance,
  api: string,
  params: Record<string, string> = {},
  opts: { method?: 'GET' | 'POST'; token?: string; base?: string; timestamp?: number; sign?: string } = {},
) {
  const all: Record<string, string> = {
    app_key: LAZADA_KEY,
    timestamp: String(opts.timestamp ?? Date.now()),
    sign_method: 'sha256',
    ...(opts.token ? { access_token: opts.token } : {}),
    ...params,
  };
  all.sign = opts.sign ?? lazadaSign(api, all, LAZADA_SECRET);
  const url = `/marketplace-sim/lazada${opts.base ?? '/rest'}${api}`;
  const qs = new URLSearchParams(all).toString();
  if ((opts.method ?? 'GET') === 'GET') return app.inject({ method: 'GET', url: `${url}?${qs}` });
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: qs,
  });
}

/** Authorizes a Lazada account through the control API and exchanges the code: its access and refresh tokens. */
export async function lazadaTokens(app: FastifyInstance, account = 'demo-my') {
  const auth = await control(app, 'POST', '/authorize', {
    platform: 'lazada',
    account,
    redirectUri: 'http://localhost/cb',
  });
  const res = await lazada(app, '/auth/token/create', { code: auth.json().code }, { base: '/auth/rest' });
  return res.json() as { access_token: string; refresh_token: string; country_user_info: Array<{ seller_id: string }> };
}

/** A signed Shopee call (shop call with token and shop, or public without). */
export function shopee(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  opts: {
    query?: Record<string, string>;
    body?: unknown;
    token?: string;
    shopId?: string;
    timestamp?: number;
    sign?: string;
  } = {},
) {
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const apiPath = `/api/v2${path}`;
  const sign =
    opts.sign ??
    shopeeSign(
      { partnerId: SHOPEE_PARTNER, path: apiPath, timestamp, accessToken: opts.token, shopId: opts.shopId },
      SHOPEE_KEY,
    );
  const qs = new URLSearchParams({
    partner_id: SHOPEE_PARTNER,
    timestamp: String(timestamp),
    sign,
    ...(opts.token ? { access_token: opts.token } : {}),
    ...(opts.shopId ? { shop_id: opts.shopId } : {}),
    ...(opts.query ?? {}),
  });
  return app.inject({
    method,
    url: `/marketplace-sim/shopee${apiPath}?${qs}`,
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
}

export async function shopeeTokens(app: FastifyInstance, account = 'demo-my') {
  const auth = (
    await control(app, 'POST', '/authorize', { platform: 'shopee', account, redirectUri: 'http://localhost/cb' })
  ).json();
  const res = await shopee(app, 'POST', '/auth/token/get', {
    body: { code: auth.code, partner_id: Number(SHOPEE_PARTNER), shop_id: Number(auth.shopId) },
  });
  const body = res.json() as { access_token: string; refresh_token: string };
  return { ...body, shopId: String(auth.shopId) };
}

/** A Lazada create payload of one or more SKUs in a leaf of the fashion branch (material mandatory). */
export function lazadaProduct(
  skus: string[],
  opts: { name?: string; category?: string; attributes?: Record<string, unknown> } = {},
) {
  return JSON.stringify({
    Request: {
      Product: {
        PrimaryCategory: opts.category ?? '10000000',
        Images: { Image: ['https://example.com/a.jpg'] },
        Attributes: {
          name: opts.name ?? 'Cotton dress',
          description: '<p>A dress</p>',
          brand_id: '30768',
          warranty_type: 'No Warranty',
          material: 'Cotton',
          ...opts.attributes,
        },
        Skus: {
          Sku: skus.map((sku, i) => ({
            SellerSku: sku,
            saleProp: {
              color_family: ['Red', 'Blue', 'Green', 'Black'][i % 4],
              size: ['S', 'M', 'L'][Math.floor(i / 4) % 3],
            },
            quantity: '5',
            price: '35.00',
            special_price: '33.00',
            package_length: '10',
            package_width: '10',
            package_height: '5',
            package_weight: '0.5',
          })),
        },
      },
    },
  });
}

/**
 * An order written straight into the simulator's tables for `shop`: one line of `quantity` ×
 * 10.00 MYR of `sellerSku`, 5.00 shipping, a buyer with no address. The order and its line.
 */
export function insertSimOrder(
  t: TestApp,
  o: {
    platform: 'lazada' | 'shopee';
    shop: string;
    orderSn: string;
    status: string;
    sellerSku: string;
    quantity: number;
  },
) {
  return t.services.data.unscoped(async (tx) => {
    const [order] = await tx
      .insert(simOrders)
      .values({
        platform: o.platform,
        shopId: o.shop,
        orderSn: o.orderSn,
        status: o.status,
        currency: 'MYR',
        total: '20.00',
        shippingFee: '5.00',
        data: { buyer: { first_name: 'A', last_name: 'B', phone: '1' }, address: {}, payment_method: 'Online' },
      })
      .returning();
    const [line] = await tx
      .insert(simOrderLines)
      .values({
        orderId: order!.id,
        itemId: 1,
        skuId: 1,
        sellerSku: o.sellerSku,
        name: 'x',
        quantity: o.quantity,
        price: '10.00',
      })
      .returning();
    return { order: order!, line: line! };
  });
}

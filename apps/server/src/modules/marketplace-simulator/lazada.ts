import { createHmac } from 'node:crypto';
import { and, eq, gt, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../../core/db/client.ts';
import { isUniqueViolation } from '../../core/resource.ts';
import {
  currencies,
  type LazadaAccount,
  type LazadaSeller,
  lazadaAccount,
  lazadaAccounts,
  lazadaSellerFor,
} from './accounts.ts';
import {
  categoryTrees,
  findCategory,
  lazadaAttributes,
  lazadaBrands,
  lazadaShipmentProviders,
  type SimCategory,
  wantsChinese,
} from './catalogue.ts';
import { consentConfirmRoute, redirectTarget, sendConsentError, sendConsentPage } from './consent.ts';
import { lazadaFinanceApis } from './finance.ts';
import { lazadaFulfilmentApis } from './fulfilment.ts';
import { isOrderParamError, lazadaOrderApis } from './orders.ts';
import { simItems, simSkus } from './schema.ts';
import {
  cents,
  count,
  itemPage,
  money,
  requestId,
  type SimState,
  sameSign,
  settleReviews,
  skusOfItems,
} from './state.ts';
import { findToken, issueCode, issueTokens, takeCode } from './tokens.ts';

/**
 * Lazada Open Platform, as the simulator serves it under `/marketplace-sim/lazada` (domain §1).
 *
 * Endpoints:
 * - `GET  /oauth/authorize?response_type=code&client_id=&redirect_uri=&state=&force_auth=true`: the
 *   consent page; its button `#sim-authorize` posts to `POST /consent`, which answers 302 to
 *   `redirect_uri?code=…&state=…` (code valid 30 min, single use).
 * - Gateways: `/rest/<api>` for every venture (the seller is the token's account's first one: MY
 *   for the cross-border account `cb`), `/<venture>/rest/<api>` (e.g. `/sg/rest/…`) for a venture
 *   of a cross-border account, and `/auth/rest/<api>` for the auth APIs. The API name signed is the
 *   path after `/rest`, as on Lazada.
 *   Auth: `/auth/token/create` (`code`), `/auth/token/refresh` (`refresh_token`).
 *   Products: `GET /category/tree/get`, `GET /category/attributes/get` (`primary_category_id`),
 *   `GET /category/brands/query` (`startRow`, `pageSize` ≤ 200), `POST /product/create`,
 *   `GET /products/get`, `GET /product/item/get` (`item_id`), `POST /product/price_quantity/update`,
 *   `POST /product/update`, `POST /product/deactivate`, `POST /product/remove`, `GET /seller/get`,
 *   `GET /shipment/providers/get` (also `/order/shipment/providers/get`).
 *   Orders (orders.ts): `GET /orders/get`, `GET /order/get`, `GET /order/items/get`.
 *
 * Every call carries app_key, timestamp (ms, within 7200 s), sign_method=sha256 and sign (all
 * parameters of the query string and of a urlencoded body, `payload` included, sorted; upper hex),
 * and access_token except on the auth APIs. Answers are Lazada's envelope: `{code:"0", data,
 * request_id}`, or `{code, type, message, request_id[, detail]}` with HTTP 200, except:
 * injected faults (HTTP 503, code `ISP.ServiceUnavailable`, type ISP); unknown API (HTTP 404,
 * `InvalidApiPath`). Rate limit: code `901` "QPS limit" (HTTP 200). The token APIs answer their
 * fields at the top level, as Lazada does.
 *
 * Simplifications: `payload` is JSON only (no XML); `/product/deactivate` reads `payload` or
 * `apiRequestBody`. Prices are returned as decimal strings ("35.00"). Item status: `Pending QC`
 * under review, then `Active` (some SKU active) or `InActive` (every SKU inactive), `Suspended`
 * with `subStatus: "Rejected"` and `rejectReason: [{violationDetail, suggestion}]` when refused,
 * `Deleted` once every SKU is removed. Write errors: create → code `500` "Create product failed";
 * updates → `501` "Update product failed"; both with `detail: [{field, message, seller_sku}]`.
 * price_quantity/update applies the rows that pass and names the others in `detail`; removing a
 * SKU that does not exist (or was removed) answers `E0208` with the SKU in `detail`. A missing
 * item is `E0208` "Product not exist".
 */

interface Detail {
  field: string;
  message: string;
  seller_sku?: string;
}

export class LzError extends Error {
  readonly code: string;
  readonly opts: { type?: string; status?: number; detail?: Detail[] };
  constructor(code: string, message: string, opts: { type?: string; status?: number; detail?: Detail[] } = {}) {
    super(message);
    this.code = code;
    this.opts = opts;
  }
}

export interface LzCall {
  params: Record<string, string>;
  account: LazadaAccount;
  seller: LazadaSeller;
  /** The seller id: the shop items belong to. */
  shop: string;
  currency: string;
  state: SimState;
}

export type LzHandler = (tx: Tx, call: LzCall) => Promise<unknown>;

const missing = (name: string) =>
  new LzError(
    'MissingParameter',
    `The input parameter "${name}" that is mandatory for processing this request is not supplied.`,
    { type: 'ISV' },
  );
const invalid = (message: string) => new LzError('InvalidParameter', message, { type: 'ISV' });
const notExist = () => new LzError('E0208', 'Product not exist', { type: 'ISV' });

/**
 * Lazada's signature, from domain §1.3: API name + sorted k1v1k2v2… over every parameter sent but
 * `sign` (an empty value as its name alone, as the official SDK signs it), HMAC-SHA256, upper hex.
 */
export function lazadaSignature(api: string, params: Record<string, string>, secret: string): string {
  const base =
    api +
    Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => `${k}${params[k]}`)
      .join('');
  return createHmac('sha256', secret).update(base, 'utf8').digest('hex').toUpperCase();
}

/** Query string and urlencoded (or JSON) body fields, as text. */
function collectParams(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of [req.query, req.body]) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      if (typeof v === 'string') out[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    }
  }
  return out;
}

function parseTimestamp(value: string): number | null {
  if (/^\d{10,16}$/.test(value)) return Number(value);
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

function parseJson(value: string | undefined, name: string): unknown {
  if (value === undefined || value === '') throw missing(name);
  try {
    return JSON.parse(value);
  } catch {
    throw invalid(`${name} is not valid JSON (the simulator reads JSON only)`);
  }
}

/** A `{Request:{Product:{…}}}` payload's product object. */
function productOf(params: Record<string, string>, name = 'payload'): Record<string, unknown> {
  const body = parseJson(params[name], name) as { Request?: { Product?: unknown } } | null;
  const product = body?.Request?.Product;
  if (!product || typeof product !== 'object' || Array.isArray(product)) {
    throw invalid(`${name} must be {"Request":{"Product":{…}}}`);
  }
  return product as Record<string, unknown>;
}

/** `Skus.Sku` as a list (Lazada accepts one object or an array). */
function skuList(product: Record<string, unknown>): Record<string, unknown>[] {
  const sku = (product.Skus as { Sku?: unknown } | undefined)?.Sku;
  if (sku === undefined || sku === null) return [];
  return (Array.isArray(sku) ? sku : [sku]).filter((s) => s && typeof s === 'object') as Record<string, unknown>[];
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
const imageList = (v: unknown): string[] => {
  const img = (v as { Image?: unknown } | undefined)?.Image;
  return (Array.isArray(img) ? img : img ? [img] : []).filter((x): x is string => typeof x === 'string');
};

// ---------------------------------------------------------------- the plugin

export function lazadaPlugin(state: SimState) {
  return async function lazada(app: FastifyInstance) {
    const config = app.services.config.lazada;
    const data = app.services.data;

    app.setErrorHandler((error, req, reply) => {
      if (error instanceof LzError) return sendLzError(reply, error);
      if (isOrderParamError(error)) return sendLzError(reply, invalid(error.message));
      if (isUniqueViolation(error)) {
        // a concurrent create took the seller SKU after this one's check
        const detail = [{ field: 'SellerSku', message: 'SellerSku already exists in this shop' }];
        return sendLzError(reply, new LzError('500', 'Create product failed', { type: 'ISV', detail }));
      }
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status < 500) {
        return sendLzError(reply, new LzError('InvalidParameter', (error as Error).message, { type: 'ISV', status }));
      }
      req.log.error({ err: error }, 'marketplace simulator (Lazada) failed');
      return sendLzError(
        reply,
        new LzError('InternalError', 'The request processing has failed due to some unknown error.', {
          type: 'SYSTEM',
          status: 500,
        }),
      );
    });

    app.get('/oauth/authorize', { config: { anonymous: true } }, async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      if (q.response_type !== 'code')
        return sendConsentError(reply, 400, 'response_type must be code', 'response_type 必须为 code');
      if (q.client_id !== config.appKey)
        return sendConsentError(reply, 400, 'Unknown client_id', '未知的 client_id（应用不存在）');
      const redirect = redirectTarget(q.redirect_uri);
      if (!redirect)
        return sendConsentError(reply, 400, 'redirect_uri must be an absolute http(s) URL', 'redirect_uri 无效');
      return sendConsentPage(reply, {
        platform: 'Lazada',
        action: `${req.url.split('/oauth/authorize')[0]}/consent`,
        hidden: { client_id: q.client_id, redirect_uri: redirect.href, state: q.state ?? '' },
        accounts: lazadaAccounts,
        redirect: redirect.href,
      });
    });

    consentConfirmRoute(app, {
      appField: 'client_id',
      appId: config.appKey,
      redirectField: 'redirect_uri',
      account: lazadaAccount,
      params: async (account, form) => ({
        code: await data.unscoped((tx) => issueCode(tx, state, 'lazada', account.key, null)),
        state: form.state,
      }),
    });

    const gateway = async (req: FastifyRequest, reply: FastifyReply) => {
      const venture = (req.params as { venture?: string }).venture;
      const api = `/${(req.params as { '*': string })['*']}`;
      const params = collectParams(req);
      for (const name of ['app_key', 'timestamp', 'sign_method', 'sign']) if (!params[name]) throw missing(name);
      if (params.app_key !== config.appKey) {
        throw new LzError('APP_KEY_INVALID', 'The app key is invalid or does not exist', { type: 'ISV' });
      }
      if (params.sign_method !== 'sha256') throw invalid('sign_method must be sha256');
      const ts = parseTimestamp(params.timestamp!);
      if (ts === null || Math.abs(Date.now() - ts) > 7200 * 1000) {
        throw new LzError('InvalidTimestamp', 'The timestamp is not within 7200 seconds of the server time', {
          type: 'ISV',
        });
      }
      if (!sameSign(params.sign!, lazadaSignature(api, params, config.appSecret))) {
        throw new LzError('IncompleteSignature', 'The request signature does not conform to platform standards', {
          type: 'ISV',
        });
      }
      const auth = authApis[api];
      if (auth) {
        if (await state.injected('lazada')) throw serviceUnavailable();
        const body = await data.unscoped((tx) => auth(tx, params, state));
        return reply.send({ ...body, code: '0', request_id: requestId() });
      }
      const handler = apis[api];
      if (!handler) throw new LzError('InvalidApiPath', `The API ${api} does not exist`, { type: 'ISV', status: 404 });
      if (!params.access_token) throw missing('access_token');
      const token = await data.unscoped((tx) => findToken(tx, 'lazada', 'access', params.access_token!));
      const account = token.row && lazadaAccount(token.row.account);
      if (!account)
        throw new LzError('IllegalAccessToken', 'The specified access token is invalid or expired', { type: 'ISV' });
      const seller = lazadaSellerFor(account, venture);
      if (!seller) {
        throw new LzError('IllegalAccessToken', `The access token does not cover venture ${venture}`, { type: 'ISV' });
      }
      if (!state.allowCall('lazada', seller.sellerId)) throw new LzError('901', 'QPS limit', { type: 'ISV' });
      if (await state.injected('lazada')) throw serviceUnavailable();
      const call: LzCall = {
        params,
        account,
        seller,
        shop: seller.sellerId,
        currency: currencies[seller.country] ?? 'USD',
        state,
      };
      const result = await data.unscoped((tx) => handler(tx, call));
      // a write that kept some rows and refused others answers its error after committing
      if (result instanceof LzError) throw result;
      return reply.send({ code: '0', data: result, request_id: requestId() });
    };

    const route = { config: { anonymous: true } };
    app.all('/rest/*', route, gateway);
    app.all('/auth/rest/*', route, gateway);
    app.all('/:venture/rest/*', route, async (req, reply) => {
      const venture = (req.params as { venture: string }).venture.toUpperCase();
      if (!currencies[venture])
        throw new LzError('InvalidApiPath', `Unknown venture ${venture}`, { type: 'ISV', status: 404 });
      return gateway(req, reply);
    });
  };
}

const serviceUnavailable = () =>
  new LzError('ISP.ServiceUnavailable', 'The service is temporarily unavailable (simulated fault)', {
    type: 'ISP',
    status: 503,
  });

function sendLzError(reply: FastifyReply, e: LzError) {
  return reply.status(e.opts.status ?? 200).send({
    code: e.code,
    type: e.opts.type ?? 'ISV',
    message: e.message,
    request_id: requestId(),
    ...(e.opts.detail ? { detail: e.opts.detail } : {}),
  });
}

// ---------------------------------------------------------------- auth

const authApis: Record<
  string,
  (tx: Tx, p: Record<string, string>, state: SimState) => Promise<Record<string, unknown>>
> = {
  '/auth/token/create': async (tx, p, state) => {
    if (!p.code) throw missing('code');
    const code = await takeCode(tx, 'lazada', p.code);
    const account = code && lazadaAccount(code.account);
    if (!account) throw new LzError('InvalidCode', 'Invalid authorization code', { type: 'ISV' });
    return tokenAnswer(account, await issueTokens(tx, state, 'lazada', account.key, null), 'country_user_info');
  },
  '/auth/token/refresh': async (tx, p, state) => {
    if (!p.refresh_token) throw missing('refresh_token');
    const found = await findToken(tx, 'lazada', 'refresh', p.refresh_token);
    const account = found.row && lazadaAccount(found.row.account);
    if (!account)
      throw new LzError('IllegalRefreshToken', 'The specified refresh token is invalid or expired', { type: 'ISV' });
    return tokenAnswer(account, await issueTokens(tx, state, 'lazada', account.key, null), 'country_user_info_list');
  },
};

function tokenAnswer(
  account: LazadaAccount,
  t: { accessToken: string; refreshToken: string; accessSeconds: number; refreshSeconds: number },
  listName: string,
) {
  return {
    access_token: t.accessToken,
    refresh_token: t.refreshToken,
    expires_in: t.accessSeconds,
    refresh_expires_in: t.refreshSeconds,
    account: account.email,
    account_id: account.sellers[0]!.userId,
    account_platform: 'seller_center',
    country: account.country,
    [listName]: account.sellers.map((s) => ({
      country: s.country.toLowerCase(),
      seller_id: s.sellerId,
      user_id: s.userId,
      short_code: s.shortCode,
    })),
  };
}

// ---------------------------------------------------------------- catalogue

function treeOf(zh: boolean) {
  const node = (c: SimCategory): Record<string, unknown> => ({
    category_id: Number(c.id),
    name: zh ? c.nameZh : c.name,
    leaf: c.leaf,
    var: c.leaf,
    ...(c.leaf ? {} : { children: categoryTrees.lazada.filter((x) => x.parentId === c.id).map(node) }),
  });
  return categoryTrees.lazada.filter((c) => c.parentId === null).map(node);
}

const apis: Record<string, LzHandler> = {
  '/category/tree/get': async (_tx, c) => treeOf(wantsChinese(c.params.language_code)),

  '/category/attributes/get': async (_tx, c) => {
    const id = c.params.primary_category_id;
    if (!id) throw missing('primary_category_id');
    const category = findCategory('lazada', id);
    if (!category?.leaf)
      throw new LzError('E057', 'No attribute set for this category (not a leaf category)', { type: 'ISV' });
    const zh = wantsChinese(c.params.language_code);
    return lazadaAttributes(category).map((a) => ({
      id: a.id,
      name: a.name,
      label: zh ? a.labelZh : a.label,
      is_mandatory: a.mandatory ? 1 : 0,
      attribute_type: a.saleProp ? 'sku' : 'normal',
      input_type: a.inputType,
      is_sale_prop: a.saleProp ? 1 : 0,
      options: a.options.map((o) => ({ id: o.id, name: zh ? o.nameZh : o.name, en_name: o.name })),
      advanced: { is_key_prop: a.mandatory && !a.saleProp ? 1 : 0 },
    }));
  },

  '/category/brands/query': async (_tx, c) => {
    const startRow = count(c.params.startRow ?? '0');
    const pageSize = count(c.params.pageSize ?? '20');
    if (startRow === null) throw invalid('startRow must be a number ≥ 0');
    if (pageSize === null || pageSize < 1 || pageSize > 200) throw invalid('pageSize must be 1..200');
    return {
      enable_total: true,
      start_row: startRow,
      page_index: Math.floor(startRow / pageSize) + 1,
      page_size: pageSize,
      total_record: lazadaBrands.length,
      total_page: Math.ceil(lazadaBrands.length / pageSize),
      module: lazadaBrands.slice(startRow, startRow + pageSize).map((b) => ({
        brand_id: b.id,
        name: b.name,
        name_en: b.name,
        global_identifier: b.name.toLowerCase().replace(/\s+/g, '_'),
      })),
    };
  },

  '/product/create': createProduct,

  '/products/get': async (tx, c) => {
    const p = c.params;
    const limit = count(p.limit ?? '10');
    const offset = count(p.offset ?? '0');
    if (limit === null || limit < 1 || limit > 50) throw invalid('limit must be 1..50');
    if (offset === null) throw invalid('offset must be a number ≥ 0');
    await settleReviews(tx, 'lazada', c.shop);
    const where: SQL[] = [eq(simItems.platform, 'lazada'), eq(simItems.shopId, c.shop)];
    const filter = p.filter ?? 'all';
    const liveFilter = {
      all: ne(simItems.status, 'deleted'),
      live: and(eq(simItems.status, 'live'), eq(simItems.listed, true)),
      inactive: and(eq(simItems.status, 'live'), eq(simItems.listed, false)),
      deleted: eq(simItems.status, 'deleted'),
      pending: eq(simItems.status, 'pending'),
      rejected: eq(simItems.status, 'rejected'),
      'sold-out': and(
        eq(simItems.status, 'live'),
        sql`not exists (select 1 from marketsim_skus s where s.item_id = ${simItems.id} and not s.deleted and s.quantity > 0)`,
      ),
    }[filter];
    if (!liveFilter) throw invalid('filter must be one of all, live, inactive, deleted, pending, rejected, sold-out');
    where.push(liveFilter);
    for (const [name, column, op] of [
      ['update_after', simItems.updatedAt, gt],
      ['update_before', simItems.updatedAt, lt],
      ['create_after', simItems.createdAt, gt],
      ['create_before', simItems.createdAt, lt],
    ] as const) {
      if (!p[name]) continue;
      const t = Date.parse(p[name]!);
      if (Number.isNaN(t)) throw invalid(`${name} must be an ISO 8601 date`);
      where.push(op(column, new Date(t)));
    }
    if (p.sku_seller_list) {
      const list = parseJson(p.sku_seller_list, 'sku_seller_list');
      if (!Array.isArray(list) || list.length > 100 || list.some((s) => typeof s !== 'string')) {
        throw invalid('sku_seller_list must be a JSON array of at most 100 seller SKUs');
      }
      if (!list.length) return { total_products: 0, products: [] };
      where.push(
        inArray(
          simItems.id,
          tx
            .select({ id: simSkus.itemId })
            .from(simSkus)
            .where(
              and(
                eq(simSkus.platform, 'lazada'),
                eq(simSkus.shopId, c.shop),
                inArray(simSkus.sellerSku, list as string[]),
              ),
            ),
        ),
      );
    }
    const { total, rows } = await itemPage(tx, where, { limit, offset });
    return { total_products: total, products: await products(tx, rows) };
  },

  '/product/item/get': async (tx, c) => {
    const item = await itemOf(tx, c, c.params.item_id);
    return (await products(tx, [item]))[0];
  },

  '/product/price_quantity/update': async (tx, c) => {
    const product = productOf(c.params);
    const rows = skuList(product);
    if (!rows.length) throw invalid('payload has no Skus.Sku');
    if (rows.length > 50)
      throw new LzError('513', 'Too many SKUs in one call: send at most 50 (20 recommended)', { type: 'ISV' });
    const detail: Detail[] = [];
    for (const row of rows) {
      const sku = await findSku(tx, c, row);
      const seller_sku = str(row.SellerSku) ?? sku?.sellerSku ?? '';
      if (!sku) {
        detail.push({ field: 'SellerSku', message: 'SKU not found', seller_sku });
        continue;
      }
      const set: Partial<typeof simSkus.$inferInsert> = {};
      if (row.Price !== undefined) {
        const price = money(row.Price);
        if (!price) {
          detail.push({
            field: 'Price',
            message: 'Price must be a positive amount with at most 2 decimals',
            seller_sku,
          });
          continue;
        }
        set.price = price;
      }
      if (row.SalePrice !== undefined && row.SalePrice !== '') {
        const sale = money(row.SalePrice);
        if (!sale || cents(sale) >= cents(set.price ?? sku.price)) {
          detail.push({
            field: 'SalePrice',
            message: 'The special price must be lower than the price (4157)',
            seller_sku,
          });
          continue;
        }
        set.specialPrice = sale;
      }
      if (row.Quantity !== undefined) {
        const q = count(row.Quantity);
        if (q === null) {
          detail.push({ field: 'Quantity', message: 'Quantity must be a whole number ≥ 0', seller_sku });
          continue;
        }
        set.quantity = q;
      }
      if (set.price && !set.specialPrice && sku.specialPrice && cents(sku.specialPrice) >= cents(set.price)) {
        set.specialPrice = null;
      }
      await tx.update(simSkus).set(set).where(eq(simSkus.id, sku.id));
      await touch(tx, sku.itemId);
    }
    // returned, not thrown: the rows that passed are kept (the transaction commits)
    if (detail.length) return new LzError('501', 'Update product failed', { type: 'ISV', detail });
    return {};
  },

  '/product/update': async (tx, c) => {
    const product = productOf(c.params);
    const item = await itemOf(tx, c, str(product.ItemId));
    const attributes = product.Attributes as Record<string, unknown> | undefined;
    const detail: Detail[] = [];
    if (attributes && typeof attributes === 'object') {
      const name = attributes.name;
      if (name !== undefined && (typeof name !== 'string' || !name.trim() || name.length > 255)) {
        detail.push({ field: 'name', message: 'name is mandatory and at most 255 characters' });
      } else {
        const data = { ...item.data, attributes: { ...(item.data.attributes as object), ...attributes } };
        await tx
          .update(simItems)
          .set({ data, ...(typeof name === 'string' ? { name } : {}) })
          .where(eq(simItems.id, item.id));
      }
    }
    for (const row of skuList(product)) {
      const sku = await findSku(tx, c, row);
      const seller_sku = str(row.SellerSku) ?? '';
      if (!sku || sku.itemId !== item.id) {
        detail.push({ field: 'SellerSku', message: 'SKU not found in this item', seller_sku });
        continue;
      }
      const set: Partial<typeof simSkus.$inferInsert> = {};
      const status = str(row.Status)?.toLowerCase();
      if (status !== undefined) {
        if (status !== 'active' && status !== 'inactive') {
          detail.push({ field: 'Status', message: 'Status must be active or inactive', seller_sku });
          continue;
        }
        set.active = status === 'active';
      }
      for (const [field, key] of [
        ['price', 'price'],
        ['special_price', 'specialPrice'],
      ] as const) {
        if (row[field] === undefined) continue;
        const v = money(row[field]);
        if (!v) detail.push({ field, message: `${field} must be a positive amount`, seller_sku });
        else set[key] = v;
      }
      if (row.quantity !== undefined) {
        const q = count(row.quantity);
        if (q === null) detail.push({ field: 'quantity', message: 'quantity must be a whole number ≥ 0', seller_sku });
        else set.quantity = q;
      }
      if (Object.keys(set).length) await tx.update(simSkus).set(set).where(eq(simSkus.id, sku.id));
    }
    await relist(tx, item.id);
    // returned, not thrown: the rows that passed are kept (the transaction commits)
    if (detail.length) return new LzError('501', 'Update product failed', { type: 'ISV', detail });
    return {};
  },

  '/product/deactivate': async (tx, c) => {
    const product = productOf(c.params, c.params.apiRequestBody ? 'apiRequestBody' : 'payload');
    const item = await itemOf(tx, c, str(product.ItemId));
    const rows = skuList(product);
    const names = rows.map((r) => str(r.SellerSku)).filter((s): s is string => !!s);
    await tx
      .update(simSkus)
      .set({ active: false })
      .where(and(eq(simSkus.itemId, item.id), ...(names.length ? [inArray(simSkus.sellerSku, names)] : [])));
    await relist(tx, item.id);
    return {};
  },

  '/product/remove': async (tx, c) => {
    const bySeller = c.params.seller_sku_list;
    const list = parseJson(bySeller ?? c.params.sku_id_list, bySeller ? 'seller_sku_list' : 'sku_id_list');
    if (!Array.isArray(list) || !list.length || list.length > 50) {
      throw invalid('seller_sku_list (or sku_id_list) must be a JSON array of 1..50 SKUs');
    }
    const detail: Detail[] = [];
    const items = new Set<number>();
    for (const value of list) {
      const key = String(value);
      const sku = await findSku(tx, c, bySeller ? { SellerSku: key } : { SkuId: key.split('_').pop() });
      if (!sku) {
        detail.push({ field: bySeller ? 'SellerSku' : 'SkuId', message: 'SKU not found', seller_sku: key });
        continue;
      }
      await tx.update(simSkus).set({ deleted: true, active: false }).where(eq(simSkus.id, sku.id));
      items.add(sku.itemId);
    }
    for (const id of items) {
      const [left] = await tx
        .select({ id: simSkus.id })
        .from(simSkus)
        .where(and(eq(simSkus.itemId, id), eq(simSkus.deleted, false)))
        .limit(1);
      if (!left)
        await tx
          .update(simItems)
          .set({ status: 'deleted', listed: false, updatedAt: new Date() })
          .where(eq(simItems.id, id));
      else await relist(tx, id);
    }
    if (detail.length) return new LzError('E0208', 'Product not exist', { type: 'ISV', detail });
    return {};
  },

  '/seller/get': async (_tx, c) => ({
    name: `${c.account.label} (${c.seller.country})`,
    name_company: `${c.account.label} Sdn Bhd`,
    seller_id: Number(c.seller.sellerId),
    short_code: c.seller.shortCode,
    email: c.account.email,
    location: c.seller.country,
    cb: c.account.country === 'cb',
    status: 'ACTIVE',
    verified: true,
  }),

  '/shipment/providers/get': async (_tx, c) => ({ shipment_providers: lazadaShipmentProviders(c.seller.country) }),
  '/order/shipment/providers/get': async (_tx, c) => ({
    shipment_providers: lazadaShipmentProviders(c.seller.country),
  }),
  ...lazadaOrderApis,
  ...lazadaFulfilmentApis,
  ...lazadaFinanceApis,
};

// ---------------------------------------------------------------- products

type ItemRow = typeof simItems.$inferSelect;
type SkuRow = typeof simSkus.$inferSelect;

async function itemOf(tx: Tx, c: LzCall, id: string | undefined): Promise<ItemRow> {
  if (!id) throw missing('item_id');
  if (!/^\d{1,15}$/.test(id)) throw notExist();
  await settleReviews(tx, 'lazada', c.shop);
  const [item] = await tx
    .select()
    .from(simItems)
    .where(and(eq(simItems.id, Number(id)), eq(simItems.platform, 'lazada'), eq(simItems.shopId, c.shop)));
  if (!item) throw notExist();
  return item;
}

/** A SKU of the shop by `SkuId` or `SellerSku` (not removed). */
async function findSku(tx: Tx, c: LzCall, row: Record<string, unknown>): Promise<SkuRow | null> {
  const skuId = str(row.SkuId);
  const sellerSku = str(row.SellerSku);
  const where = [eq(simSkus.platform, 'lazada'), eq(simSkus.shopId, c.shop), eq(simSkus.deleted, false)];
  if (skuId && /^\d{1,15}$/.test(skuId)) where.push(eq(simSkus.id, Number(skuId)));
  else if (sellerSku) where.push(eq(simSkus.sellerSku, sellerSku));
  else return null;
  const [sku] = await tx
    .select()
    .from(simSkus)
    .where(and(...where))
    .limit(1);
  return sku ?? null;
}

const touch = (tx: Tx, itemId: number) =>
  tx.update(simItems).set({ updatedAt: new Date() }).where(eq(simItems.id, itemId));

/** Lazada's item is on the shelf while one of its SKUs is active. */
async function relist(tx: Tx, itemId: number) {
  await tx
    .update(simItems)
    .set({
      updatedAt: new Date(),
      listed: sql`exists (select 1 from marketsim_skus s where s.item_id = ${itemId} and not s.deleted and s.active)`,
    })
    .where(eq(simItems.id, itemId));
}

export function lazadaStatus(item: ItemRow): string {
  switch (item.status) {
    case 'pending':
      return 'Pending QC';
    case 'rejected':
      return 'Suspended';
    case 'deleted':
      return 'Deleted';
    default:
      return item.listed ? 'Active' : 'InActive';
  }
}

async function products(tx: Tx, items: ItemRow[]) {
  if (!items.length) return [];
  const skus = await skusOfItems(tx, items);
  return items.map((item) => {
    const own = skus.filter((s) => s.itemId === item.id && (item.status === 'deleted' || !s.deleted));
    const country = (item.data.country as string) ?? 'MY';
    return {
      item_id: item.id,
      primary_category: Number(item.categoryId),
      attributes: { ...(item.data.attributes as object), name: item.name },
      images: (item.data.images as string[]) ?? [],
      status: lazadaStatus(item),
      ...(item.status === 'rejected'
        ? {
            subStatus: 'Rejected',
            rejectReason: [
              { violationDetail: item.rejectReason, suggestion: 'Correct the product and submit it again.' },
            ],
          }
        : { rejectReason: [] }),
      created_time: String(item.createdAt.getTime()),
      updated_time: String(item.updatedAt.getTime()),
      skus: own.map((s) => ({
        SellerSku: s.sellerSku,
        ShopSku: `${item.id}_${country}-${s.id}`,
        SkuId: s.id,
        price: s.price,
        special_price: s.specialPrice,
        quantity: s.quantity,
        Available: s.quantity,
        Status: s.deleted ? 'deleted' : s.active ? 'active' : 'inactive',
        saleProp: s.saleProps,
        ...(s.data as object),
      })),
    };
  });
}

async function createProduct(tx: Tx, c: LzCall) {
  const product = productOf(c.params);
  const detail: Detail[] = [];
  const categoryId = str(product.PrimaryCategory);
  const category = categoryId ? findCategory('lazada', categoryId) : undefined;
  if (!categoryId) detail.push({ field: 'PrimaryCategory', message: 'PrimaryCategory is mandatory' });
  else if (!category) detail.push({ field: 'PrimaryCategory', message: `Category ${categoryId} does not exist` });
  else if (!category.leaf)
    detail.push({ field: 'PrimaryCategory', message: `Category ${categoryId} is not a leaf category` });
  const attributes = (product.Attributes && typeof product.Attributes === 'object' ? product.Attributes : {}) as Record<
    string,
    unknown
  >;
  const name = typeof attributes.name === 'string' ? attributes.name.trim() : '';
  if (!name) detail.push({ field: 'name', message: 'name is mandatory' });
  else if (name.length > 255) detail.push({ field: 'name', message: 'name must be at most 255 characters' });
  else if (/[\^~<>|]/.test(name))
    detail.push({ field: 'name', message: 'name contains a forbidden character ^~<>| (4129)' });
  if (typeof attributes.description === 'string' && attributes.description.length > 25_000) {
    detail.push({ field: 'description', message: 'description must be at most 25000 characters' });
  }
  const attrs = category?.leaf ? lazadaAttributes(category) : [];
  for (const a of attrs) {
    if (!a.mandatory || a.saleProp || a.name === 'name') continue;
    const value = a.name === 'brand' ? (attributes.brand_id ?? attributes.brand) : attributes[a.name];
    if (value === undefined || value === null || String(value).trim() === '') {
      detail.push({ field: a.name, message: `${a.label} is mandatory in this category` });
    }
  }
  if (attributes.brand_id !== undefined && !lazadaBrands.some((b) => String(b.id) === String(attributes.brand_id))) {
    detail.push({ field: 'brand_id', message: `Brand ${String(attributes.brand_id)} does not exist` });
  }
  const images = imageList(product.Images);
  if (images.length > 8) detail.push({ field: 'Images', message: 'At most 8 images' });
  const saleNames = new Set(attrs.filter((a) => a.saleProp).map((a) => a.name));
  const rows = skuList(product);
  if (!rows.length) detail.push({ field: 'Skus', message: 'At least one Sku is mandatory' });
  if (rows.length > 100) detail.push({ field: 'Skus', message: 'At most 100 SKUs per product' });
  const seen = new Set<string>();
  const combos = new Set<string>();
  const skus: Array<typeof simSkus.$inferInsert> = [];
  for (const row of rows.slice(0, 100)) {
    const sellerSku = str(row.SellerSku)?.trim() ?? '';
    const problems = detail.length;
    const at = (field: string, message: string) => detail.push({ field, message, seller_sku: sellerSku });
    if (!sellerSku) at('SellerSku', 'SellerSku is mandatory');
    else if (sellerSku.length > 200) at('SellerSku', 'SellerSku must be at most 200 characters');
    else if (seen.has(sellerSku)) at('SellerSku', 'SellerSku must be unique within the product');
    seen.add(sellerSku);
    const price = money(row.price);
    if (!price) at('price', 'price must be a positive amount with at most 2 decimals');
    let special: string | null = null;
    if (row.special_price !== undefined && row.special_price !== '' && row.special_price !== null) {
      special = money(row.special_price);
      if (!special || (price && cents(special) >= cents(price))) {
        at('special_price', 'The special price must be lower than the price (4157)');
      }
    } else if (row.special_from_date || row.special_to_date) {
      at('special_price', 'Special price dates need a special price');
    }
    const quantity = count(row.quantity ?? '0');
    if (quantity === null) at('quantity', 'quantity must be a whole number ≥ 0');
    const pack: Record<string, string> = {};
    for (const field of ['package_length', 'package_width', 'package_height', 'package_weight']) {
      const v = money(row[field]);
      if (!v) at(field, `${field} is mandatory (a positive number, 2 decimals)`);
      else pack[field] = v;
    }
    if (pack.package_weight && Number(pack.package_weight) > 40)
      at('package_weight', 'Over 40 kg needs DBS permission (4164)');
    if (
      pack.package_length &&
      pack.package_width &&
      pack.package_height &&
      Number(pack.package_length) + Number(pack.package_width) + Number(pack.package_height) > 300
    ) {
      at('package_length', 'Length + width + height over 300 cm needs DBS permission (4165)');
    }
    const saleProp = (row.saleProp && typeof row.saleProp === 'object' ? row.saleProp : {}) as Record<string, unknown>;
    const props: Record<string, string> = {};
    for (const [k, v] of Object.entries(saleProp)) {
      if (!saleNames.has(k)) at(`saleProp.${k}`, `${k} is not a sale property of this category`);
      else props[k] = String(v);
    }
    if (rows.length > 1) {
      if (!Object.keys(props).length) at('saleProp', 'saleProp is mandatory for a product with several SKUs');
      const combo = JSON.stringify(Object.entries(props).sort());
      if (Object.keys(props).length && combos.has(combo))
        at('saleProp', 'Sale property values repeat another SKU (4112)');
      combos.add(combo);
    }
    if (detail.length > problems) continue;
    skus.push({
      itemId: 0,
      platform: 'lazada',
      shopId: c.shop,
      sellerSku,
      saleProps: props,
      price: price!,
      specialPrice: special,
      quantity: quantity!,
      active: true,
      data: {
        ...pack,
        ...(row.package_content ? { package_content: String(row.package_content) } : {}),
        ...(row.special_from_date ? { special_from_date: String(row.special_from_date) } : {}),
        ...(row.special_to_date ? { special_to_date: String(row.special_to_date) } : {}),
        Images: { Image: imageList(row.Images) },
      },
    });
  }
  if (!detail.length && skus.length) {
    const taken = await tx
      .select({ sellerSku: simSkus.sellerSku, itemId: simSkus.itemId })
      .from(simSkus)
      .where(
        and(
          eq(simSkus.platform, 'lazada'),
          eq(simSkus.shopId, c.shop),
          eq(simSkus.deleted, false),
          inArray(
            simSkus.sellerSku,
            skus.map((s) => s.sellerSku!),
          ),
        ),
      );
    for (const t of taken) {
      detail.push({
        field: 'SellerSku',
        message: `SellerSku ${t.sellerSku} already exists in this shop (item ${t.itemId})`,
        seller_sku: t.sellerSku ?? '',
      });
    }
  }
  if (detail.length) throw new LzError('500', 'Create product failed', { type: 'ISV', detail });

  const review = c.state.review('lazada', name);
  const [item] = await tx
    .insert(simItems)
    .values({
      platform: 'lazada',
      shopId: c.shop,
      name,
      categoryId: categoryId!,
      status: 'pending',
      reviewAt: review.reviewAt,
      reviewResult: review.result,
      rejectReason: review.reason,
      listed: true,
      currency: c.currency,
      data: { attributes, images, country: c.seller.country },
    })
    .returning();
  const created = await tx
    .insert(simSkus)
    .values(skus.map((s) => ({ ...s, itemId: item!.id })))
    .returning();
  return {
    item_id: item!.id,
    sku_list: created.map((s) => ({
      seller_sku: s.sellerSku,
      shop_sku: `${item!.id}_${c.seller.country}-${s.id}`,
      sku_id: s.id,
    })),
    item_status: 'Pending QC',
  };
}

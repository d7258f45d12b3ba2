import { createHash, createHmac } from 'node:crypto';
import { and, count as countRows, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../../core/db/client.ts';
import { currencies, type ShopeeAccount, shopeeAccount, shopeeAccountByShop, shopeeAccounts } from './accounts.ts';
import {
  categoryTrees,
  findCategory,
  type SimAttribute,
  shopeeAttributes,
  shopeeBrands,
  shopeeChannels,
  wantsChinese,
} from './catalogue.ts';
import { consentConfirmRoute, redirectTarget, sendConsentError, sendConsentPage } from './consent.ts';
import { shopeeFinanceApis } from './finance.ts';
import { shopeeFulfilmentApis } from './fulfilment.ts';
import { isOrderParamError, shopeeOrderDetail, shopeeOrderList } from './orders.ts';
import { simItems, simSkus } from './schema.ts';
import { itemPage, requestId, type SimState, sameSign, settleReviews, skusOfItems } from './state.ts';
import { findToken, issueCode, issueTokens, takeCode, useRefreshToken } from './tokens.ts';

/**
 * Shopee Open Platform v2, as the simulator serves it under `/marketplace-sim/shopee` (domain §2):
 * the host to configure is `<origin>/marketplace-sim/shopee`, paths are Shopee's (`/api/v2/…`) and
 * the path signed is the one with `/api/v2`.
 *
 * Endpoints:
 * - `GET /api/v2/shop/auth_partner?partner_id&timestamp&sign&redirect` (public sign, 5 min): the
 *   consent page; its button `#sim-authorize` posts to `POST /consent`, which answers 302 to
 *   `redirect?code=…&shop_id=…` (code valid 10 min, single use).
 * - Public calls (sign = partner_id + path + timestamp): `POST /api/v2/auth/token/get`
 *   `{code, partner_id, shop_id}`, `POST /api/v2/auth/access_token/get` `{refresh_token, partner_id,
 *   shop_id}` (the refresh token is single-use and a new one is returned). Their fields are at the
 *   top level, as on Shopee.
 * - Shop calls (sign = partner_id + path + timestamp + access_token + shop_id; lower hex; 5 min):
 *   `GET product/get_category`, `GET product/get_attribute_tree?category_id_list=` (≤ 20),
 *   `GET product/get_brand_list?category_id&offset&page_size` (≤ 100), `POST media_space/upload_image`,
 *   `POST product/add_item`, `POST product/init_tier_variation`, `GET product/get_item_list`,
 *   `GET product/get_item_base_info?item_id_list=` (≤ 50), `GET product/get_model_list?item_id=`,
 *   `GET product/search_item?item_sku=` (exact match on item_sku or a model_sku → `item_id_list`),
 *   `POST product/update_price`, `POST product/update_stock`, `POST product/unlist_item`,
 *   `POST product/delete_item`, `GET logistics/get_channel_list`, `GET order/get_order_list`,
 *   `GET order/get_order_detail`, `GET shop/get_shop_info` (fields both at the top level, as on
 *   Shopee, and in `response`).
 *
 * Envelope: `{request_id, error: "", message: "", response}`; a refusal `{request_id, error, message}`
 * with HTTP 400 (`error_param`, `product.error_busi`, `product.error_item_not_found`), 403
 * (`error_sign`, `error_auth`: unknown, expired or another shop's token), 429
 * (`error_too_many_request`, the shop's calls per second) or 500 (`error_server`: injected fault).
 * Batch writes answer `success_list` / `failure_list`.
 *
 * Simplifications: `upload_image` takes a JSON body `{image_url}` (no multipart file) and returns
 * `image_info.image_id` (the same id for the same address). Item statuses: REVIEWING under review,
 * then NORMAL (or UNLIST if added with item_status UNLIST or unlisted), BANNED when the review
 * refuses it (with the simulator's extra field `reject_reason` in get_item_base_info), SELLER_DELETE
 * once deleted. An item without variations has one model, `model_id` 0, for update_price and
 * update_stock. Attribute `input_type` uses Shopee's attribute-tree names (SINGLE_DROP_DOWN,
 * SINGLE_COMBO_BOX, MULTI_DROP_DOWN, FREE_TEXT_FILED…). Prices are JSON numbers, as on Shopee.
 */

export class SpError extends Error {
  readonly error: string;
  readonly status: number;
  constructor(error: string, message: string, status = 400) {
    super(message);
    this.error = error;
    this.status = status;
  }
}

const param = (message: string) => new SpError('error_param', message);
const notFound = (id: unknown) => new SpError('product.error_item_not_found', `Item ${String(id)} not found`);

export interface SpCall {
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  account: ShopeeAccount;
  shop: string;
  region: string;
  currency: string;
  state: SimState;
}

export type SpHandler = (tx: Tx, c: SpCall) => Promise<unknown>;

/** Shopee's signature, from domain §2.2: HMAC-SHA256 of the concatenation, lower hex. */
export function shopeeSignature(key: string, ...parts: Array<string | number>): string {
  return createHmac('sha256', key).update(parts.join(''), 'utf8').digest('hex');
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
const positive = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
const wholeCount = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1e9 ? v : null);

export function shopeePlugin(state: SimState) {
  return async function shopee(app: FastifyInstance) {
    const { partnerId, partnerKey } = app.services.config.shopee;
    const data = app.services.data;

    app.setErrorHandler((error, req, reply) => {
      if (error instanceof SpError) return sendSpError(reply, error);
      if (isOrderParamError(error)) return sendSpError(reply, param(error.message));
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status < 500)
        return sendSpError(reply, new SpError('error_param', (error as Error).message, status));
      req.log.error({ err: error }, 'marketplace simulator (Shopee) failed');
      return sendSpError(reply, new SpError('error_server', 'Internal error', 500));
    });

    /** The public-call checks: partner, timestamp within 5 min, sign of partner_id + path + timestamp. */
    const checkPublic = (q: Record<string, unknown>, path: string, extra: Array<string> = []) => {
      for (const name of ['partner_id', 'timestamp', 'sign']) {
        if (!text(q[name])) throw param(`Missing ${name}`);
      }
      if (text(q.partner_id) !== partnerId) throw param('Invalid partner_id');
      const ts = Number(q.timestamp);
      if (!Number.isInteger(ts) || Math.abs(Date.now() / 1000 - ts) > 300) {
        throw param('Invalid timestamp: it must be within 5 minutes of the server time');
      }
      if (!sameSign(text(q.sign)!, shopeeSignature(partnerKey, partnerId, path, ts, ...extra))) {
        throw new SpError('error_sign', 'Wrong sign.', 403);
      }
    };

    app.get('/api/v2/shop/auth_partner', { config: { anonymous: true } }, async (req, reply) => {
      const q = req.query as Record<string, unknown>;
      try {
        checkPublic(q, '/api/v2/shop/auth_partner');
      } catch (e) {
        if (e instanceof SpError) return sendConsentError(reply, 400, e.message, '授权链接无效或已过期');
        throw e;
      }
      const redirect = redirectTarget(q.redirect);
      if (!redirect) return sendConsentError(reply, 400, 'redirect must be an absolute http(s) URL', 'redirect 无效');
      return sendConsentPage(reply, {
        platform: 'Shopee',
        action: `${req.url.split('/api/v2/')[0]}/consent`,
        hidden: { partner_id: partnerId, redirect: redirect.href },
        accounts: shopeeAccounts,
        redirect: redirect.href,
      });
    });

    consentConfirmRoute(app, {
      appField: 'partner_id',
      appId: partnerId,
      redirectField: 'redirect',
      account: shopeeAccount,
      params: async (account) => ({
        code: await data.unscoped((tx) => issueCode(tx, state, 'shopee', account.key, account.shopId)),
        shop_id: account.shopId,
      }),
    });

    const authCall = (path: string, run: (tx: Tx, body: Record<string, unknown>) => Promise<Record<string, unknown>>) =>
      app.post(path, { config: { anonymous: true } }, async (req, reply) => {
        checkPublic(req.query as Record<string, unknown>, path);
        if (await state.injected('shopee'))
          throw new SpError('error_server', 'Service unavailable (simulated fault)', 500);
        const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
        if (text(body.partner_id) !== partnerId) throw param('partner_id in the body is missing or wrong');
        const answer = await data.unscoped((tx) => run(tx, body));
        return reply.send({ ...answer, request_id: requestId(), error: '', message: '' });
      });

    authCall('/api/v2/auth/token/get', async (tx, body) => {
      const code = text(body.code);
      const shopId = text(body.shop_id);
      if (!code) throw param('Missing code');
      if (!shopId) throw param('Missing shop_id (main accounts are not simulated)');
      const row = await takeCode(tx, 'shopee', code);
      if (!row || row.shopId !== shopId) throw new SpError('error_auth', 'Invalid code', 403);
      const t = await issueTokens(tx, state, 'shopee', row.account, shopId);
      return {
        access_token: t.accessToken,
        refresh_token: t.refreshToken,
        expire_in: t.accessSeconds,
        merchant_id_list: [],
        shop_id_list: [Number(shopId)],
      };
    });

    authCall('/api/v2/auth/access_token/get', async (tx, body) => {
      const refresh = text(body.refresh_token);
      const shopId = text(body.shop_id);
      if (!refresh) throw param('Missing refresh_token');
      if (!shopId) throw param('Missing shop_id');
      const found = await findToken(tx, 'shopee', 'refresh', refresh);
      if (found.expired) throw new SpError('error_auth', 'refresh_token_expired: the refresh token has expired', 403);
      if (!found.row || found.row.shopId !== shopId || !(await useRefreshToken(tx, refresh))) {
        throw new SpError('error_auth', 'Invalid refresh_token', 403);
      }
      const t = await issueTokens(tx, state, 'shopee', found.row.account, shopId);
      return {
        access_token: t.accessToken,
        refresh_token: t.refreshToken,
        expire_in: t.accessSeconds,
        partner_id: Number(partnerId),
        shop_id: Number(shopId),
      };
    });

    const shopCall = async (req: FastifyRequest, reply: FastifyReply) => {
      const path = `/api/v2/${(req.params as { '*': string })['*']}`;
      const handler = apis[path];
      if (!handler) throw new SpError('error_not_found', `No API ${path}`, 404);
      const q = req.query as Record<string, unknown>;
      for (const name of ['access_token', 'shop_id']) if (!text(q[name])) throw param(`Missing ${name}`);
      const token = text(q.access_token)!;
      const shopId = text(q.shop_id)!;
      checkPublic(q, path, [token, shopId]);
      const found = await data.unscoped((tx) => findToken(tx, 'shopee', 'access', token));
      const account = found.row && found.row.shopId === shopId ? shopeeAccountByShop(shopId) : undefined;
      if (!account) throw new SpError('error_auth', 'Invalid access_token.', 403);
      if (!state.allowCall('shopee', shopId)) {
        throw new SpError('error_too_many_request', 'Too many requests: the shop is over its calls per second', 429);
      }
      if (await state.injected('shopee'))
        throw new SpError('error_server', 'Service unavailable (simulated fault)', 500);
      const call: SpCall = {
        query: q,
        body: (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Record<
          string,
          unknown
        >,
        account,
        shop: shopId,
        region: account.region,
        currency: currencies[account.region] ?? 'USD',
        state,
      };
      const response = await data.unscoped((tx) => handler(tx, call));
      const extra = path === '/api/v2/shop/get_shop_info' ? (response as object) : {};
      return reply.send({ ...extra, request_id: requestId(), error: '', message: '', response });
    };
    app.all('/api/v2/*', { config: { anonymous: true } }, shopCall);
  };
}

function sendSpError(reply: FastifyReply, e: SpError) {
  return reply.status(e.status).send({ request_id: requestId(), error: e.error, message: e.message });
}

// ---------------------------------------------------------------- catalogue

const inputTypes: Record<SimAttribute['inputType'], string> = {
  text: 'FREE_TEXT_FILED',
  richText: 'FREE_TEXT_FILED',
  numeric: 'FREE_TEXT_FILED',
  singleSelect: 'SINGLE_DROP_DOWN',
  enumInput: 'SINGLE_COMBO_BOX',
  multiSelect: 'MULTI_DROP_DOWN',
  multiEnumInput: 'MULTI_COMBO_BOX',
};

function leaf(id: unknown) {
  const category = findCategory('shopee', text(id) ?? '');
  if (!category) throw param(`Invalid category id ${String(id)}`);
  if (!category.leaf) throw param(`Invalid category id ${String(id)}: not a leaf category`);
  return category;
}

// ---------------------------------------------------------------- items

type ItemRow = typeof simItems.$inferSelect;
type SkuRow = typeof simSkus.$inferSelect;

function itemStatus(item: ItemRow): string {
  switch (item.status) {
    case 'pending':
      return 'REVIEWING';
    case 'rejected':
      return 'BANNED';
    case 'deleted':
      return 'SELLER_DELETE';
    default:
      return item.listed ? 'NORMAL' : 'UNLIST';
  }
}

const statusFilter: Record<string, SQL | undefined> = {
  NORMAL: and(eq(simItems.status, 'live'), eq(simItems.listed, true)),
  UNLIST: and(eq(simItems.status, 'live'), eq(simItems.listed, false)),
  REVIEWING: eq(simItems.status, 'pending'),
  BANNED: eq(simItems.status, 'rejected'),
  SELLER_DELETE: eq(simItems.status, 'deleted'),
  SHOPEE_DELETE: sql`false`,
};

const imageUrl = (id: string) => `https://cf.shopee.sim/file/${id}`;

async function itemOf(tx: Tx, c: SpCall, id: unknown): Promise<ItemRow> {
  const s = text(id);
  if (!s) throw param('Missing item_id');
  if (!/^\d{1,15}$/.test(s)) throw notFound(s);
  await settleReviews(tx, 'shopee', c.shop);
  const [item] = await tx
    .select()
    .from(simItems)
    .where(and(eq(simItems.id, Number(s)), eq(simItems.platform, 'shopee'), eq(simItems.shopId, c.shop)));
  if (!item || item.status === 'deleted') throw notFound(s);
  return item;
}

const liveModels = (tx: Tx, itemId: number) =>
  tx
    .select()
    .from(simSkus)
    .where(and(eq(simSkus.itemId, itemId), eq(simSkus.deleted, false)))
    .orderBy(simSkus.id);

const modelId = (s: SkuRow) => (s.isDefault ? 0 : s.id);

/**
 * The per-model updates of an item (`update_price`, `update_stock`): each row of the body's `list`
 * (1..50) names a model of the item and a value `read` takes from it (null: failed with
 * `invalid`); `apply` writes a taken one and answers its success entry. The item's update time
 * moves when any row was taken.
 */
async function updateModels<V>(
  tx: Tx,
  c: SpCall,
  list: 'price_list' | 'stock_list',
  read: (row: Record<string, unknown>) => V | null,
  invalid: string,
  apply: (model: SkuRow, value: V, id: number) => Promise<unknown>,
) {
  const item = await itemOf(tx, c, c.body.item_id);
  const rows = c.body[list];
  if (!Array.isArray(rows) || !rows.length || rows.length > 50) throw param(`${list} must hold 1..50 rows`);
  const models = await liveModels(tx, item.id);
  const success_list: unknown[] = [];
  const failure_list: unknown[] = [];
  for (const row of rows as Array<Record<string, unknown>>) {
    const id = Number(row?.model_id ?? 0);
    const model = models.find((m) => modelId(m) === id);
    const value = read(row);
    if (!model) failure_list.push({ model_id: id, failed_reason: `model_id ${id} does not belong to the item` });
    else if (value === null) failure_list.push({ model_id: id, failed_reason: invalid });
    else success_list.push(await apply(model, value, id));
  }
  if (success_list.length) await tx.update(simItems).set({ updatedAt: new Date() }).where(eq(simItems.id, item.id));
  return { success_list, failure_list };
}

function priceInfo(s: SkuRow, currency: string) {
  return {
    currency,
    original_price: Number(s.price),
    current_price: Number(s.specialPrice ?? s.price),
  };
}

function stockInfo(s: SkuRow) {
  return {
    summary_info: { total_reserved_stock: 0, total_available_stock: s.quantity },
    seller_stock: [{ location_id: '', stock: s.quantity }],
  };
}

function baseInfo(item: ItemRow, skus: SkuRow[]) {
  const d = item.data as Record<string, unknown>;
  const own = skus.filter((s) => s.itemId === item.id && !s.deleted);
  const single = own.find((s) => s.isDefault);
  const images = (d.image_id_list as string[]) ?? [];
  return {
    item_id: item.id,
    category_id: Number(item.categoryId),
    item_name: item.name,
    description: d.description ?? '',
    description_type: 'normal',
    item_sku: item.itemSku ?? '',
    create_time: Math.floor(item.createdAt.getTime() / 1000),
    update_time: Math.floor(item.updatedAt.getTime() / 1000),
    attribute_list: d.attribute_list ?? [],
    ...(single ? { price_info: [priceInfo(single, item.currency)], stock_info_v2: stockInfo(single) } : {}),
    image: { image_id_list: images, image_url_list: images.map(imageUrl) },
    weight: String(d.weight ?? ''),
    dimension: d.dimension ?? null,
    logistic_info: d.logistic_info ?? [],
    pre_order: d.pre_order ?? { is_pre_order: false, days_to_ship: 3 },
    condition: d.condition ?? 'NEW',
    item_status: itemStatus(item),
    has_model: !single,
    brand: d.brand ?? { brand_id: 0, original_brand_name: 'NoBrand' },
    ...(item.status === 'rejected' ? { reject_reason: item.rejectReason } : {}),
  };
}

function numberList(v: unknown, name: string, max: number): number[] {
  const raw = Array.isArray(v) ? v.join(',') : text(v);
  if (!raw) throw param(`Missing ${name}`);
  const list = raw.split(',').map((s) => s.trim());
  if (list.length > max || list.some((s) => !/^\d{1,15}$/.test(s))) throw param(`${name} must list 1..${max} ids`);
  return list.map(Number);
}

function pageOf(q: Record<string, unknown>, max: number) {
  const offset = q.offset === undefined ? 0 : Number(q.offset);
  const size = q.page_size === undefined ? 10 : Number(q.page_size);
  if (!Number.isInteger(offset) || offset < 0) throw param('offset must be a number ≥ 0');
  if (!Number.isInteger(size) || size < 1 || size > max) throw param(`page_size must be 1..${max}`);
  return { offset, size };
}

const apis: Record<string, SpHandler> = {
  '/api/v2/product/get_category': async (_tx, c) => {
    const zh = wantsChinese(c.query.language);
    return {
      category_list: categoryTrees.shopee.map((x) => ({
        category_id: Number(x.id),
        parent_category_id: x.parentId ? Number(x.parentId) : 0,
        original_category_name: x.name,
        display_category_name: zh ? x.nameZh : x.name,
        has_children: !x.leaf,
      })),
    };
  },

  '/api/v2/product/get_attribute_tree': async (_tx, c) => {
    const ids = numberList(c.query.category_id_list, 'category_id_list', 20);
    const zh = wantsChinese(c.query.language);
    return {
      list: ids.map((id) => ({
        category_id: id,
        attribute_tree: shopeeAttributes(leaf(id)).map((a) => ({
          attribute_id: a.id,
          mandatory: a.mandatory,
          name: zh ? a.labelZh : a.label,
          multi_lang: [{ language: 'zh-Hans', value: a.labelZh }],
          attribute_info: {
            input_type: inputTypes[a.inputType],
            input_validation_type: 'STRING_TYPE',
            format_type: 'NORMAL',
            max_value_count: a.inputType.startsWith('multi') ? 5 : 1,
          },
          attribute_value_list: a.options.map((o) => ({
            value_id: o.id,
            name: zh ? o.nameZh : o.name,
            multi_lang: [{ language: 'zh-Hans', value: o.nameZh }],
          })),
        })),
      })),
    };
  },

  '/api/v2/product/get_brand_list': async (_tx, c) => {
    leaf(c.query.category_id);
    const { offset, size } = pageOf(c.query, 100);
    const page = shopeeBrands.slice(offset, offset + size);
    const more = offset + size < shopeeBrands.length;
    return {
      brand_list: page.map((b) => ({ brand_id: b.id, original_brand_name: b.name, display_brand_name: b.name })),
      has_next_page: more,
      next_offset: more ? offset + size : 0,
      is_mandatory: true,
      input_type: 'DROP_DOWN',
    };
  },

  '/api/v2/media_space/upload_image': async (_tx, c) => {
    const url = text(c.body.image_url) ?? text(c.query.image_url);
    if (!url || !/^https?:\/\//.test(url) || url.length > 2000) {
      throw param('image_url must be an http(s) address (the simulator takes a JSON body {image_url})');
    }
    const id = `sg-11134201-${createHash('sha1').update(url).digest('hex').slice(0, 24)}`;
    return {
      image_info: {
        image_id: id,
        image_url_list: [{ image_url_region: c.region, image_url: imageUrl(id) }],
      },
    };
  },

  '/api/v2/product/add_item': async (tx, c) => {
    const b = c.body;
    const name = text(b.item_name)?.trim();
    if (!name) throw param('item_name is mandatory');
    if (name.length > 120) throw param('item_name must be at most 120 characters');
    if (!text(b.description)?.trim()) throw param('description is mandatory');
    const price = positive(b.original_price);
    if (price === null) throw param('original_price must be a positive number');
    const weight = positive(b.weight);
    if (weight === null) throw param('weight must be a positive number (kg)');
    const category = leaf(b.category_id);
    const images = (b.image as { image_id_list?: unknown } | undefined)?.image_id_list;
    if (!Array.isArray(images) || !images.length || images.length > 9 || images.some((i) => typeof i !== 'string')) {
      throw param('image.image_id_list must hold 1..9 image ids from media_space.upload_image');
    }
    const logistics = b.logistic_info;
    if (!Array.isArray(logistics) || !logistics.length) throw param('logistic_info is mandatory');
    const channels = new Map(shopeeChannels(c.region).map((ch) => [ch.logistics_channel_id, ch]));
    for (const l of logistics as Array<Record<string, unknown>>) {
      const ch = channels.get(Number(l?.logistic_id));
      if (!ch) throw param(`logistic_id ${String(l?.logistic_id)} does not exist`);
      if (l.enabled && !ch.enabled)
        throw new SpError(
          'product.error_busi',
          `Logistics channel ${ch.logistics_channel_id} is not enabled for the shop`,
        );
    }
    if (!(logistics as Array<Record<string, unknown>>).some((l) => l.enabled === true)) {
      throw new SpError('product.error_busi', 'At least one logistics channel must be enabled');
    }
    const attributes = Array.isArray(b.attribute_list) ? (b.attribute_list as Array<Record<string, unknown>>) : [];
    for (const a of shopeeAttributes(category)) {
      const given = attributes.find((x) => Number(x?.attribute_id) === a.id);
      const values = Array.isArray(given?.attribute_value_list)
        ? (given.attribute_value_list as Array<Record<string, unknown>>)
        : [];
      if (a.mandatory && !values.length) throw param(`attribute ${a.id} (${a.label}) is mandatory in this category`);
      for (const v of values) {
        const id = Number(v?.value_id ?? 0);
        if (id === 0 ? !text(v?.original_value_name) : !a.options.some((o) => o.id === id)) {
          throw param(`attribute ${a.id} (${a.label}): value ${String(v?.value_id)} is not an option`);
        }
      }
    }
    const brand = b.brand as { brand_id?: unknown; original_brand_name?: unknown } | undefined;
    if (!brand || !shopeeBrands.some((x) => x.id === Number(brand.brand_id))) {
      throw param('brand.brand_id is mandatory (0 = No Brand) and must be a brand of get_brand_list');
    }
    const status = b.item_status ?? 'NORMAL';
    if (status !== 'NORMAL' && status !== 'UNLIST') throw param('item_status must be NORMAL or UNLIST');
    const itemSku = text(b.item_sku)?.trim() || null;
    if (itemSku && itemSku.length > 100) throw param('item_sku must be at most 100 characters');
    const stockList = Array.isArray(b.seller_stock) ? (b.seller_stock as Array<{ stock?: unknown }>) : [];
    const stock = stockList.length ? wholeCount(stockList[0]?.stock) : (wholeCount(b.normal_stock) ?? 0);
    if (stock === null) throw param('seller_stock[0].stock must be a whole number ≥ 0');

    const review = c.state.review('shopee', name);
    const [item] = await tx
      .insert(simItems)
      .values({
        platform: 'shopee',
        shopId: c.shop,
        itemSku,
        name,
        categoryId: category.id,
        status: 'pending',
        reviewAt: review.reviewAt,
        reviewResult: review.result,
        rejectReason: review.reason,
        listed: status === 'NORMAL',
        currency: c.currency,
        data: {
          description: b.description,
          weight,
          dimension: b.dimension ?? null,
          image_id_list: images,
          logistic_info: logistics,
          attribute_list: attributes,
          brand,
          condition: b.condition ?? 'NEW',
          pre_order: b.pre_order ?? null,
          wholesale: b.wholesale ?? [],
        },
      })
      .returning();
    const [model] = await tx
      .insert(simSkus)
      .values({
        itemId: item!.id,
        platform: 'shopee',
        shopId: c.shop,
        sellerSku: itemSku,
        isDefault: true,
        price: price.toFixed(2),
        quantity: stock,
      })
      .returning();
    return { ...baseInfo(item!, [model!]), item_status: 'REVIEWING' };
  },

  '/api/v2/product/init_tier_variation': async (tx, c) => {
    const b = c.body;
    const item = await itemOf(tx, c, b.item_id);
    if ((item.data as Record<string, unknown>).tier_variation) {
      throw new SpError('product.error_busi', 'The item already has tier variations');
    }
    const standard = Array.isArray(b.standardise_tier_variation)
      ? (b.standardise_tier_variation as Array<Record<string, unknown>>).map((t) => ({
          name: t.variation_name,
          option_list: ((t.variation_option_list as Array<Record<string, unknown>>) ?? []).map((o) => ({
            option: o.variation_option_name,
          })),
        }))
      : null;
    const tiers = (standard ?? b.tier_variation) as Array<{
      name?: unknown;
      option_list?: Array<{ option?: unknown }>;
    }>;
    if (!Array.isArray(tiers) || tiers.length < 1 || tiers.length > 2)
      throw param('tier_variation must hold 1 or 2 tiers');
    for (const tier of tiers) {
      const options = Array.isArray(tier?.option_list) ? tier.option_list.map((o) => text(o?.option)) : [];
      if (!text(tier?.name) || !options.length || options.length > 50 || options.some((o) => !o)) {
        throw param('Each tier needs a name and 1..50 options');
      }
      if (new Set(options).size !== options.length) throw param(`Options of tier ${String(tier.name)} repeat`);
    }
    const models = b.model as Array<Record<string, unknown>>;
    if (!Array.isArray(models) || !models.length || models.length > 50) throw param('model must hold 1..50 models');
    const seen = new Set<string>();
    const rows: Array<typeof simSkus.$inferInsert> = [];
    for (const [i, m] of models.entries()) {
      const index = m.tier_index;
      if (
        !Array.isArray(index) ||
        index.length !== tiers.length ||
        index.some((x, k) => !Number.isInteger(x) || x < 0 || x >= tiers[k]!.option_list!.length)
      ) {
        throw param(`model[${i}].tier_index does not fit the tiers`);
      }
      const key = index.join(',');
      if (seen.has(key)) throw param(`model[${i}].tier_index repeats another model`);
      seen.add(key);
      const price = positive(m.original_price);
      if (price === null) throw param(`model[${i}].original_price must be a positive number`);
      const sku = text(m.model_sku)?.trim() || null;
      if (sku && sku.length > 100) throw param(`model[${i}].model_sku must be at most 100 characters`);
      const stockList = Array.isArray(m.seller_stock) ? (m.seller_stock as Array<{ stock?: unknown }>) : [];
      const stock = stockList.length ? wholeCount(stockList[0]?.stock) : (wholeCount(m.normal_stock) ?? 0);
      if (stock === null) throw param(`model[${i}].seller_stock[0].stock must be a whole number ≥ 0`);
      rows.push({
        itemId: item.id,
        platform: 'shopee',
        shopId: c.shop,
        sellerSku: sku,
        tierIndex: index as number[],
        saleProps: Object.fromEntries(
          tiers.map((t, k) => [String(t.name), String(t.option_list![(index as number[])[k]!]!.option)]),
        ),
        price: price.toFixed(2),
        quantity: stock,
      });
    }
    const tierVariation = tiers.map((t) => ({
      name: String(t.name),
      option_list: t.option_list!.map((o) => ({ option: String(o.option) })),
    }));
    await tx
      .update(simSkus)
      .set({ deleted: true })
      .where(and(eq(simSkus.itemId, item.id), eq(simSkus.isDefault, true)));
    const created = await tx.insert(simSkus).values(rows).returning();
    await tx
      .update(simItems)
      .set({ data: { ...item.data, tier_variation: tierVariation }, updatedAt: new Date() })
      .where(eq(simItems.id, item.id));
    return {
      item_id: item.id,
      tier_variation: tierVariation,
      model: created.map((m) => ({
        tier_index: m.tierIndex,
        model_id: m.id,
        model_sku: m.sellerSku ?? '',
        original_price: Number(m.price),
        seller_stock: [{ stock: m.quantity }],
      })),
    };
  },

  '/api/v2/product/get_item_list': async (tx, c) => {
    const q = c.query;
    const { offset, size } = pageOf(q, 100);
    const raw = q.item_status;
    const statuses = (Array.isArray(raw) ? raw : text(raw) ? text(raw)!.split(',') : []).map(String);
    if (!statuses.length) throw param('item_status is mandatory (NORMAL, BANNED, UNLIST, REVIEWING, SELLER_DELETE…)');
    const filters = statuses.map((s) => statusFilter[s]);
    if (filters.some((f) => !f))
      throw param('item_status must be among NORMAL, BANNED, UNLIST, REVIEWING, SELLER_DELETE, SHOPEE_DELETE');
    await settleReviews(tx, 'shopee', c.shop);
    const where: SQL[] = [eq(simItems.platform, 'shopee'), eq(simItems.shopId, c.shop), or(...(filters as SQL[]))!];
    for (const [name, op] of [
      ['update_time_from', gte],
      ['update_time_to', lte],
    ] as const) {
      if (q[name] === undefined) continue;
      const t = Number(q[name]);
      if (!Number.isInteger(t)) throw param(`${name} must be epoch seconds`);
      where.push(op(simItems.updatedAt, new Date(t * 1000)));
    }
    const { total, rows } = await itemPage(tx, where, { limit: size, offset });
    const more = offset + rows.length < total;
    return {
      item: rows.map((i) => ({
        item_id: i.id,
        item_status: itemStatus(i),
        update_time: Math.floor(i.updatedAt.getTime() / 1000),
      })),
      total_count: total,
      has_next_page: more,
      next_offset: more ? offset + rows.length : 0,
    };
  },

  '/api/v2/product/get_item_base_info': async (tx, c) => {
    const ids = numberList(c.query.item_id_list, 'item_id_list', 50);
    await settleReviews(tx, 'shopee', c.shop);
    const items = await tx
      .select()
      .from(simItems)
      .where(and(eq(simItems.platform, 'shopee'), eq(simItems.shopId, c.shop), inArray(simItems.id, ids)));
    const skus = await skusOfItems(tx, items);
    return { item_list: items.map((i) => baseInfo(i, skus)) };
  },

  '/api/v2/product/get_model_list': async (tx, c) => {
    const item = await itemOf(tx, c, c.query.item_id);
    const models = (await liveModels(tx, item.id)).filter((m) => !m.isDefault);
    return {
      tier_variation: (item.data as Record<string, unknown>).tier_variation ?? [],
      model: models.map((m) => ({
        model_id: m.id,
        tier_index: m.tierIndex,
        model_sku: m.sellerSku ?? '',
        model_status: 'MODEL_NORMAL',
        price_info: [priceInfo(m, item.currency)],
        stock_info_v2: stockInfo(m),
      })),
    };
  },

  '/api/v2/product/search_item': async (tx, c) => {
    const sku = text(c.query.item_sku);
    if (!sku) throw param('item_sku is mandatory (the simulator searches by SKU only)');
    const { offset, size } = pageOf(c.query, 100);
    const bySku = tx
      .select({ id: simSkus.itemId })
      .from(simSkus)
      .where(
        and(
          eq(simSkus.platform, 'shopee'),
          eq(simSkus.shopId, c.shop),
          eq(simSkus.deleted, false),
          eq(simSkus.sellerSku, sku),
        ),
      );
    const where = and(
      eq(simItems.platform, 'shopee'),
      eq(simItems.shopId, c.shop),
      ne(simItems.status, 'deleted'),
      or(eq(simItems.itemSku, sku), inArray(simItems.id, bySku)),
    );
    const [{ n }] = (await tx.select({ n: countRows() }).from(simItems).where(where)) as [{ n: number }];
    const rows = await tx
      .select({ id: simItems.id })
      .from(simItems)
      .where(where)
      .orderBy(simItems.id)
      .limit(size)
      .offset(offset);
    const more = offset + rows.length < Number(n);
    return {
      item_id_list: rows.map((r) => r.id),
      total_count: Number(n),
      next_offset: more ? offset + rows.length : 0,
    };
  },

  '/api/v2/product/update_price': (tx, c) =>
    updateModels(
      tx,
      c,
      'price_list',
      (row) => positive(row?.original_price),
      'original_price must be a positive number',
      async (model, price, id) => {
        await tx
          .update(simSkus)
          .set({ price: price.toFixed(2), specialPrice: null })
          .where(eq(simSkus.id, model.id));
        return { model_id: id, original_price: price };
      },
    ),

  '/api/v2/product/update_stock': (tx, c) =>
    updateModels(
      tx,
      c,
      'stock_list',
      (row) => {
        const stocks = Array.isArray(row?.seller_stock) ? (row.seller_stock as Array<{ stock?: unknown }>) : [];
        return stocks.length ? wholeCount(stocks[0]?.stock) : wholeCount(row?.normal_stock);
      },
      'seller_stock[0].stock must be a whole number ≥ 0',
      async (model, stock, id) => {
        await tx.update(simSkus).set({ quantity: stock }).where(eq(simSkus.id, model.id));
        return { model_id: id, seller_stock: [{ location_id: '', stock }] };
      },
    ),

  '/api/v2/product/unlist_item': async (tx, c) => {
    const list = c.body.item_list;
    if (!Array.isArray(list) || !list.length || list.length > 50) throw param('item_list must hold 1..50 items');
    await settleReviews(tx, 'shopee', c.shop);
    const success_list: unknown[] = [];
    const failure_list: unknown[] = [];
    for (const row of list as Array<Record<string, unknown>>) {
      const id = Number(row?.item_id);
      const unlist = row?.unlist === true;
      const [item] = Number.isInteger(id)
        ? await tx
            .select()
            .from(simItems)
            .where(and(eq(simItems.id, id), eq(simItems.platform, 'shopee'), eq(simItems.shopId, c.shop)))
        : [];
      if (!item || item.status === 'deleted') failure_list.push({ item_id: id, failed_reason: 'Item not found' });
      else if (item.status === 'rejected') failure_list.push({ item_id: id, failed_reason: 'Item is banned' });
      else {
        await tx.update(simItems).set({ listed: !unlist, updatedAt: new Date() }).where(eq(simItems.id, id));
        success_list.push({ item_id: id, unlist });
      }
    }
    return { success_list, failure_list };
  },

  '/api/v2/product/delete_item': async (tx, c) => {
    const item = await itemOf(tx, c, c.body.item_id);
    await tx.update(simSkus).set({ deleted: true }).where(eq(simSkus.itemId, item.id));
    await tx
      .update(simItems)
      .set({ status: 'deleted', listed: false, updatedAt: new Date() })
      .where(eq(simItems.id, item.id));
    return {};
  },

  '/api/v2/logistics/get_channel_list': async (_tx, c) => ({ logistics_channel_list: shopeeChannels(c.region) }),

  '/api/v2/order/get_order_list': async (tx, c) => shopeeOrderList(tx, c),
  '/api/v2/order/get_order_detail': async (tx, c) => shopeeOrderDetail(tx, c),
  ...shopeeFulfilmentApis,
  ...shopeeFinanceApis,

  '/api/v2/shop/get_shop_info': async (_tx, c) => ({
    shop_name: c.account.shopName,
    region: c.region,
    status: 'NORMAL',
    is_cb: true,
    is_cnsc: false,
    is_sip: false,
    auth_time: Math.floor(Date.now() / 1000),
    expire_time: Math.floor(Date.now() / 1000) + 365 * 86_400,
  }),
};

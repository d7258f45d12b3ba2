import { OutboundError, type OutboundResponse, outboundGet } from '../../../core/outbound.ts';
import { shopeeSign } from '../signing.ts';
import { MarketplaceError } from './errors.ts';
import { type CallLogger, kindOf, num, type RawReply, replyObject, rowsOf, send, str } from './http.ts';
import type { TokenGrant } from './lazada.ts';
import type {
  AttributeInputType,
  CreatedItem,
  ItemDraft,
  MarketplaceClient,
  PlatformAttribute,
  PlatformCategory,
  PlatformLogisticsChannel,
  PriceStockRow,
  RemoteItem,
  RemoteItemStatus,
  RowOutcome,
} from './types.ts';

/**
 * Shopee Open Platform v2 (domain §2): common parameters `partner_id`, `timestamp` (s), `sign`,
 * and for shop calls `access_token` and `shop_id`, always in the query; GET calls put their own
 * parameters in the query too, POST calls send them as a JSON body (not signed). Replies are
 * `{request_id, error ("" = ok), message, warning?, response}`.
 */
export interface ShopeePartner {
  partnerId: string;
  partnerKey: string;
  log?: CallLogger;
  timeoutMs?: number;
}

type Query = Record<string, string | number | boolean | Array<string | number> | undefined>;

const AUTH_ERRORS = new Set([
  'error_auth',
  'invalid_access_token',
  'invalid_acceess_token',
  'error_invalid_token',
  'error_shop_refresh_token',
  'shop_banned',
  'error_permission',
]);
const RATE_ERRORS = new Set(['error_too_many_request', 'error_rate_limit', 'too_many_request', 'TRAFFIC_CONTROL']);
const TRANSIENT_ERRORS = new Set(['error_server', 'error_inner', 'error_system', 'error_network', 'error_busy']);

/** A Shopee reply's error as a `MarketplaceError`, or null when it succeeded. */
export function shopeeError(reply: Pick<RawReply, 'httpStatus' | 'body' | 'retryAfterMs'>): MarketplaceError | null {
  const body = replyObject(reply);
  const error = typeof body.error === 'string' ? body.error : '';
  if (!error && reply.httpStatus < 400) return null;
  const code = error || `HTTP_${reply.httpStatus}`;
  const kind = kindOf(
    reply.httpStatus,
    RATE_ERRORS.has(code),
    AUTH_ERRORS.has(code) || /expired/i.test(code),
    TRANSIENT_ERRORS.has(code),
  );
  const response = (body.response ?? {}) as Record<string, unknown>;
  return new MarketplaceError({
    kind,
    code,
    message:
      typeof body.message === 'string' && body.message
        ? body.message
        : typeof reply.body === 'string'
          ? reply.body.slice(0, 200)
          : code,
    requestId: typeof body.request_id === 'string' ? body.request_id : null,
    httpStatus: reply.httpStatus,
    rows: rowsOf(response.failure_list),
    retryAfterMs: kind === 'rateLimit' ? (reply.retryAfterMs ?? 1000) : null,
  });
}

/** The shop (or merchant) a call acts for. */
export interface ShopeeOwner {
  accessToken: string;
  shopId: string;
}

function toQuery(q: Query): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    out.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  return out;
}

/** Signs and sends one call; reports it; returns the raw reply (errors are not thrown here). */
export async function shopeeRequest(
  partner: ShopeePartner,
  host: string,
  path: string,
  method: 'GET' | 'POST',
  params: Query | Record<string, unknown>,
  owner?: ShopeeOwner,
  upload?: FormData,
): Promise<RawReply> {
  const timestamp = Math.floor(Date.now() / 1000);
  const sign = shopeeSign(
    { partnerId: partner.partnerId, path, timestamp, accessToken: owner?.accessToken, shopId: owner?.shopId },
    partner.partnerKey,
  );
  const common: Query = {
    partner_id: Number(partner.partnerId),
    timestamp,
    sign,
    ...(owner ? { access_token: owner.accessToken, shop_id: Number(owner.shopId) } : {}),
  };
  const query = toQuery(method === 'GET' ? { ...common, ...(params as Query) } : common);
  const init =
    method === 'GET'
      ? { method }
      : upload
        ? { method, body: upload }
        : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) };
  const reply = await send(`${host}${path}?${query}`, init, {
    platform: 'SHOPEE',
    api: path,
    log: partner.log,
    timeoutMs: partner.timeoutMs,
  });
  const body = replyObject(reply);
  const error = shopeeError(reply);
  const response = (body.response ?? {}) as Record<string, unknown>;
  partner.log?.({
    platform: 'SHOPEE',
    api: path,
    method,
    httpStatus: reply.httpStatus,
    code: typeof body.error === 'string' && body.error ? body.error : error ? error.code : null,
    type: null,
    message: error?.message ?? (typeof body.warning === 'string' && body.warning ? body.warning : null),
    requestId: typeof body.request_id === 'string' ? body.request_id : null,
    detail: Array.isArray(response.failure_list) && response.failure_list.length ? response.failure_list : null,
    durationMs: reply.durationMs,
  });
  return reply;
}

/** Shopee's access token lives 4 h, its refresh token 30 d (domain §2.3); the reply gives only the first. */
export const SHOPEE_REFRESH_DAYS = 30;

/** Authorization (domain §2.3): the consent link, code → tokens, refresh (a new refresh token each time). */
export function shopeeAuth(partner: ShopeePartner, host: () => string) {
  async function tokens(path: string, body: Record<string, unknown>, shopId: string): Promise<TokenGrant> {
    const reply = await shopeeRequest(partner, host(), path, 'POST', body);
    const error = shopeeError(reply);
    if (error) throw error;
    const b = reply.body as Record<string, unknown>;
    return {
      accessToken: String(b.access_token),
      refreshToken: String(b.refresh_token),
      accessExpiresAt: new Date(Date.now() + (Number(b.expire_in) > 0 ? Number(b.expire_in) : 4 * 3600) * 1000),
      refreshExpiresAt: new Date(Date.now() + SHOPEE_REFRESH_DAYS * 86400_000),
      account: null,
      country: null,
      shops: [{ region: '', sellerId: shopId, shortCode: null, userId: null }],
    };
  }
  return {
    /** The link expires with its timestamp (5 min); Shopee has no `state`, so it rides on the redirect. */
    authorizeUrl(redirectUri: string, state: string): string {
      const path = '/api/v2/shop/auth_partner';
      const timestamp = Math.floor(Date.now() / 1000);
      const sign = shopeeSign({ partnerId: partner.partnerId, path, timestamp }, partner.partnerKey);
      const redirect = new URL(redirectUri);
      redirect.searchParams.set('state', state);
      const q = new URLSearchParams({
        partner_id: partner.partnerId,
        timestamp: String(timestamp),
        sign,
        redirect: redirect.toString(),
      });
      return `${host()}${path}?${q}`;
    },
    createToken: (code: string, shopId: string) =>
      tokens(
        '/api/v2/auth/token/get',
        { code, partner_id: Number(partner.partnerId), shop_id: Number(shopId) },
        shopId,
      ),
    refreshToken: (refreshToken: string, shopId: string) =>
      tokens(
        '/api/v2/auth/access_token/get',
        { refresh_token: refreshToken, partner_id: Number(partner.partnerId), shop_id: Number(shopId) },
        shopId,
      ),
  };
}

const SHOPEE_STATUS: Record<string, RemoteItemStatus> = {
  NORMAL: 'LIVE',
  REVIEWING: 'PENDING',
  UNLIST: 'INACTIVE',
  BANNED: 'BANNED',
  SELLER_DELETE: 'DELETED',
  SHOPEE_DELETE: 'DELETED',
  REJECTED: 'REJECTED',
};

const INPUT_TYPES: Record<string, AttributeInputType> = {
  '1': 'singleSelect',
  DROP_DOWN: 'singleSelect',
  '2': 'multiSelect',
  MULTIPLE_SELECT: 'multiSelect',
  '3': 'text',
  TEXT_FILED: 'text',
  '4': 'enumInput',
  COMBO_BOX: 'enumInput',
  '5': 'multiEnumInput',
  MULTIPLE_SELECT_COMBO_BOX: 'multiEnumInput',
  // the attribute tree's names
  SINGLE_DROP_DOWN: 'singleSelect',
  SINGLE_COMBO_BOX: 'enumInput',
  MULTI_DROP_DOWN: 'multiSelect',
  MULTI_COMBO_BOX: 'multiEnumInput',
  FREE_TEXT_FILED: 'text',
};

const chunks = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));
/** Shopee takes prices as numbers; the decimal text is exact to the cent. */
const price = (v: string) => Number(v);
/** Largest image Shopee takes (domain §2.5). */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export class ShopeeClient implements MarketplaceClient {
  readonly platform = 'SHOPEE' as const;
  readonly region: string;
  private partner: ShopeePartner;
  private host: () => string;
  private owner: ShopeeOwner;
  private imageUpload: 'file' | 'url';

  constructor(opts: {
    partner: ShopeePartner;
    region: string;
    host: () => string;
    accessToken: string;
    shopId: string;
    /** `url` for the bundled simulator, which takes an image's address instead of its file. */
    imageUpload?: 'file' | 'url';
  }) {
    this.imageUpload = opts.imageUpload ?? 'file';
    this.partner = opts.partner;
    this.region = opts.region.toUpperCase();
    this.host = opts.host;
    this.owner = { accessToken: opts.accessToken, shopId: opts.shopId };
  }

  /** One shop call, raw (the gateway's `origin`). */
  raw(path: string, method: 'GET' | 'POST', params: Record<string, unknown>): Promise<RawReply> {
    return shopeeRequest(this.partner, this.host(), path, method, params, this.owner);
  }

  /** One shop call; its `response`, or the error thrown. */
  async call<T = Record<string, unknown>>(path: string, method: 'GET' | 'POST', params: Record<string, unknown> = {}) {
    const reply = await this.raw(path, method, params);
    const error = shopeeError(reply);
    if (error) throw error;
    const body = reply.body as Record<string, unknown>;
    return (body.response ?? body) as T;
  }

  /** The shop's name and region (`get_shop_info` answers at the top level). */
  async shopInfo(): Promise<{ name: string; region: string }> {
    const info = await this.call<Record<string, unknown>>('/api/v2/shop/get_shop_info', 'GET');
    return { name: str(info.shop_name), region: str(info.region).toUpperCase() };
  }

  async categoryTree(): Promise<PlatformCategory[]> {
    const r = await this.call<{ category_list?: Array<Record<string, unknown>> }>(
      '/api/v2/product/get_category',
      'GET',
      {
        language: 'en',
      },
    );
    const list = (r.category_list ?? []).map((c) => ({
      id: str(c.category_id),
      parentId: num(c.parent_category_id) ? str(c.parent_category_id) : null,
      name: str(c.display_category_name || c.original_category_name),
      leaf: !c.has_children,
    }));
    // parents before children
    const byParent = new Map<string | null, PlatformCategory[]>();
    for (const c of list) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c]);
    const known = new Set(list.map((c) => c.id));
    const out: PlatformCategory[] = [];
    const walk = (parent: string | null) => {
      for (const c of byParent.get(parent) ?? []) {
        out.push(c);
        walk(c.id);
      }
    };
    walk(null);
    for (const c of list) if (c.parentId && !known.has(c.parentId)) out.push(c);
    return out;
  }

  async categoryAttributes(categoryId: string): Promise<PlatformAttribute[]> {
    const r = await this.call<{ list?: Array<{ attribute_tree?: Array<Record<string, unknown>> }> }>(
      '/api/v2/product/get_attribute_tree',
      'GET',
      { category_id_list: categoryId, language: 'en' },
    );
    const tree = r.list?.[0]?.attribute_tree ?? [];
    return tree.map((a) => {
      const info = (a.attribute_info ?? {}) as Record<string, unknown>;
      const values = (a.attribute_value_list ?? []) as Array<Record<string, unknown>>;
      return {
        id: str(a.attribute_id),
        name: str(a.attribute_id),
        label: str(a.name ?? a.display_attribute_name ?? a.original_attribute_name),
        mandatory: a.mandatory === true || a.is_mandatory === true,
        inputType: INPUT_TYPES[str(info.input_type ?? a.input_type)] ?? 'text',
        saleProp: false,
        options: values.map((v) => ({
          id: str(v.value_id),
          name: str(v.name ?? v.display_value_name ?? v.original_value_name),
        })),
      };
    });
  }

  async brands(categoryId: string): Promise<Array<{ id: string; name: string }>> {
    const r = await this.call<{ brand_list?: Array<Record<string, unknown>> }>(
      '/api/v2/product/get_brand_list',
      'GET',
      {
        category_id: categoryId,
        offset: 0,
        page_size: 100,
        status: 1,
      },
    );
    return (r.brand_list ?? []).map((b) => ({
      id: str(b.brand_id),
      name: str(b.display_brand_name || b.original_brand_name),
    }));
  }

  private async items(ids: string[]): Promise<RemoteItem[]> {
    if (!ids.length) return [];
    let r: { item_list?: Array<Record<string, unknown>> };
    try {
      r = await this.call('/api/v2/product/get_item_base_info', 'GET', { item_id_list: ids.join(',') });
    } catch (e) {
      // an item deleted (or never there) is no item
      if (e instanceof MarketplaceError && e.kind === 'permanent' && /not_found|not.?exist/i.test(e.code)) return [];
      throw e;
    }
    const out: RemoteItem[] = [];
    for (const i of r.item_list ?? []) {
      const itemId = str(i.item_id);
      const priceInfo = ((i.price_info ?? []) as Array<Record<string, unknown>>)[0] ?? {};
      const stock = num(
        ((i.stock_info_v2 ?? {}) as { summary_info?: { total_available_stock?: number } }).summary_info
          ?.total_available_stock,
      );
      let skus: RemoteItem['skus'] = [
        {
          sellerSku: str(i.item_sku),
          skuId: '0',
          price: str(priceInfo.original_price),
          specialPrice:
            priceInfo.current_price !== undefined && priceInfo.current_price !== priceInfo.original_price
              ? str(priceInfo.current_price)
              : null,
          quantity: stock,
        },
      ];
      const deleted = str(i.item_status).endsWith('_DELETE');
      if (i.has_model && !deleted) {
        const m = await this.call<{ model?: Array<Record<string, unknown>> }>('/api/v2/product/get_model_list', 'GET', {
          item_id: itemId,
        });
        skus = (m.model ?? []).map((model) => {
          const p = ((model.price_info ?? []) as Array<Record<string, unknown>>)[0] ?? {};
          return {
            sellerSku: str(model.model_sku),
            skuId: str(model.model_id),
            price: str(p.original_price),
            specialPrice:
              p.current_price !== undefined && p.current_price !== p.original_price ? str(p.current_price) : null,
            quantity: num(
              ((model.stock_info_v2 ?? {}) as { summary_info?: { total_available_stock?: number } }).summary_info
                ?.total_available_stock,
            ),
          };
        });
      }
      const raw = str(i.item_status);
      out.push({
        itemId,
        sellerSku: str(i.item_sku),
        name: str(i.item_name),
        // a review refusal is BANNED with its reason: the product's REJECTED
        status: raw === 'BANNED' && i.reject_reason ? 'REJECTED' : (SHOPEE_STATUS[raw] ?? 'PENDING'),
        rawStatus: raw,
        rejectReason: i.reject_reason ? str(i.reject_reason) : null,
        currency: str(priceInfo.currency),
        skus,
        updatedAt: num(i.update_time) ? new Date(num(i.update_time) * 1000) : new Date(),
      });
    }
    return out;
  }

  async findItemBySellerSku(sellerSku: string): Promise<RemoteItem | null> {
    const r = await this.call<{ item_id_list?: Array<string | number> }>('/api/v2/product/search_item', 'GET', {
      item_sku: sellerSku,
      offset: 0,
      page_size: 10,
    });
    const found = await this.items((r.item_id_list ?? []).map(String));
    return found.find((i) => i.sellerSku === sellerSku) ?? found[0] ?? null;
  }

  /**
   * An image for Shopee's media space: its image id. Shopee takes a file (the image is fetched and
   * sent as multipart); the bundled simulator takes its address (`{image_url}`).
   */
  async uploadImage(url: string): Promise<string> {
    if (this.imageUpload === 'url') {
      const r = await this.call<{ image_info?: { image_id?: string } }>('/api/v2/media_space/upload_image', 'POST', {
        image_url: url,
      });
      return str(r.image_info?.image_id);
    }
    // the image's address is the product's (a user may have typed any URL): the outbound guard
    // fetches public addresses only, and says the same of every failure
    let res: OutboundResponse;
    try {
      res = await outboundGet(url, { timeoutMs: this.partner.timeoutMs ?? 30_000, maxBytes: MAX_IMAGE_BYTES });
    } catch (e) {
      const tooLarge = e instanceof OutboundError && e.reason === 'tooLarge';
      throw new MarketplaceError({
        kind: 'permanent',
        code: 'IMAGE',
        message: tooLarge ? `Image ${url} is larger than 10 MB` : `Image ${url} could not be fetched`,
      });
    }
    if (res.status < 200 || res.status >= 300) {
      throw new MarketplaceError({ kind: 'permanent', code: 'IMAGE', message: `Image ${url}: HTTP ${res.status}` });
    }
    const bytes = res.body;
    const form = new FormData();
    const type = res.headers['content-type'] ?? 'image/jpeg';
    form.set('image', new Blob([new Uint8Array(bytes)], { type }), type.includes('png') ? 'image.png' : 'image.jpg');
    const reply = await shopeeRequest(
      this.partner,
      this.host(),
      '/api/v2/media_space/upload_image',
      'POST',
      {},
      undefined,
      form,
    );
    const error = shopeeError(reply);
    if (error) throw error;
    const response = ((reply.body as Record<string, unknown>).response ?? {}) as Record<string, unknown>;
    const info = (response.image_info ?? (response.image_info_list as unknown[] | undefined)?.[0] ?? {}) as Record<
      string,
      unknown
    >;
    const nested = (info.image_info ?? info) as Record<string, unknown>;
    return str(nested.image_id);
  }

  async createItem(draft: ItemDraft): Promise<CreatedItem> {
    const imageIds: string[] = [];
    for (const url of draft.images.slice(0, 9)) imageIds.push(await this.uploadImage(url));
    const channels = (await this.logisticsChannels()).filter((c) => c.enabled);
    const first = draft.skus[0];
    const variants = draft.skus.length > 1 || Object.keys(first?.saleProps ?? {}).length > 0;
    const body = {
      item_name: draft.name,
      description: draft.description,
      original_price: price(first?.price ?? '0'),
      weight: Number(first?.weightKg ?? 0),
      category_id: Number(draft.categoryId),
      image: { image_id_list: imageIds },
      item_status: 'NORMAL',
      item_sku: draft.sellerSku,
      condition: 'NEW',
      dimension: {
        package_length: Math.ceil(Number(first?.lengthCm ?? 1)),
        package_width: Math.ceil(Number(first?.widthCm ?? 1)),
        package_height: Math.ceil(Number(first?.heightCm ?? 1)),
      },
      attribute_list: Object.entries(draft.attributes).map(([id, value]) => ({
        attribute_id: Number(id),
        attribute_value_list: (Array.isArray(value) ? value : [value]).map((v) =>
          /^\d+$/.test(v) ? { value_id: Number(v) } : { value_id: 0, original_value_name: v },
        ),
      })),
      brand: draft.brand
        ? { brand_id: Number(draft.brand.id), original_brand_name: draft.brand.name }
        : { brand_id: 0, original_brand_name: 'No Brand' },
      logistic_info: channels.map((c) => ({ logistic_id: Number(c.id), enabled: true })),
      seller_stock: [{ stock: variants ? 0 : (first?.quantity ?? 0) }],
    };
    const added = await this.call<Record<string, unknown>>('/api/v2/product/add_item', 'POST', body);
    const itemId = str(added.item_id);
    let skus: CreatedItem['skus'] = [{ sellerSku: first?.sellerSku ?? draft.sellerSku, skuId: '0' }];
    if (variants) {
      const names = Object.keys(first?.saleProps ?? {}).slice(0, 2);
      const tiers = names.map((name) => ({
        name,
        option_list: [...new Set(draft.skus.map((s) => s.saleProps[name] ?? ''))].map((option) => ({ option })),
      }));
      const index = (name: string, value: string) =>
        tiers.find((t) => t.name === name)!.option_list.findIndex((o) => o.option === value);
      await this.call('/api/v2/product/init_tier_variation', 'POST', {
        item_id: Number(itemId),
        tier_variation: tiers,
        model: draft.skus.slice(0, 50).map((s) => ({
          tier_index: names.map((n) => index(n, s.saleProps[n] ?? '')),
          original_price: price(s.price),
          model_sku: s.sellerSku,
          seller_stock: [{ stock: s.quantity }],
        })),
      });
      const m = await this.call<{ model?: Array<Record<string, unknown>> }>('/api/v2/product/get_model_list', 'GET', {
        item_id: itemId,
      });
      skus = (m.model ?? []).map((model) => ({ sellerSku: str(model.model_sku), skuId: str(model.model_id) }));
    }
    const [item] = await this.items([itemId]);
    return { itemId, status: item?.status ?? 'PENDING', skus };
  }

  async getItem(itemId: string): Promise<RemoteItem | null> {
    const [item] = await this.items([itemId]);
    return item ?? null;
  }

  async listItems(page: { offset: number; limit: number; updatedAfter?: Date }) {
    const r = await this.call<{ item?: Array<Record<string, unknown>>; has_next_page?: boolean }>(
      '/api/v2/product/get_item_list',
      'GET',
      {
        offset: page.offset,
        page_size: Math.min(50, Math.max(1, page.limit)),
        item_status: 'NORMAL,UNLIST,REVIEWING,BANNED',
        update_time_from: page.updatedAfter ? Math.floor(page.updatedAfter.getTime() / 1000) : undefined,
        update_time_to: page.updatedAfter ? Math.floor(Date.now() / 1000) : undefined,
      },
    );
    const items = await this.items((r.item ?? []).map((i) => str(i.item_id)));
    return { items, hasMore: r.has_next_page === true };
  }

  async updatePriceStock(itemId: string, rows: PriceStockRow[]): Promise<RowOutcome[]> {
    const failures = new Map<string, string>();
    const modelOf = (r: PriceStockRow) => Number(r.skuId ?? 0);
    const skuOfModel = new Map(rows.map((r) => [String(modelOf(r)), r.sellerSku]));
    const collect = (res: { failure_list?: Array<Record<string, unknown>> }) => {
      for (const f of res.failure_list ?? []) {
        const sku = skuOfModel.get(str(f.model_id ?? 0));
        if (sku) failures.set(sku, str(f.failed_reason ?? f.message));
      }
    };
    for (const batch of chunks(rows, 50)) {
      const priced = batch.filter((r) => r.price !== undefined);
      if (priced.length) {
        collect(
          await this.call('/api/v2/product/update_price', 'POST', {
            item_id: Number(itemId),
            price_list: priced.map((r) => ({ model_id: modelOf(r), original_price: price(r.price!) })),
          }),
        );
      }
      const stocked = batch.filter((r) => r.quantity !== undefined);
      if (stocked.length) {
        collect(
          await this.call('/api/v2/product/update_stock', 'POST', {
            item_id: Number(itemId),
            stock_list: stocked.map((r) => ({ model_id: modelOf(r), seller_stock: [{ stock: r.quantity }] })),
          }),
        );
      }
    }
    return rows.map((r) => ({
      sellerSku: r.sellerSku,
      ok: !failures.has(r.sellerSku),
      message: failures.get(r.sellerSku) ?? null,
    }));
  }

  async setListed(item: { itemId: string; sellerSkus: string[] }, listed: boolean): Promise<void> {
    const r = await this.call<{ failure_list?: Array<Record<string, unknown>> }>(
      '/api/v2/product/unlist_item',
      'POST',
      {
        item_list: [{ item_id: Number(item.itemId), unlist: !listed }],
      },
    );
    if (r.failure_list?.length) {
      throw new MarketplaceError({
        kind: 'permanent',
        code: 'unlist_failed',
        message: str(r.failure_list[0]?.failed_reason) || 'unlist_item failed',
        rows: rowsOf(r.failure_list),
      });
    }
  }

  async removeItem(item: { itemId: string; sellerSkus: string[] }): Promise<void> {
    await this.call('/api/v2/product/delete_item', 'POST', { item_id: Number(item.itemId) });
  }

  async logisticsChannels(): Promise<PlatformLogisticsChannel[]> {
    const r = await this.call<{ logistics_channel_list?: Array<Record<string, unknown>> }>(
      '/api/v2/logistics/get_channel_list',
      'GET',
    );
    return (r.logistics_channel_list ?? [])
      .filter((c) => !num(c.mask_channel_id))
      .map((c) => {
        const limit = (c.weight_limit ?? {}) as { item_max_weight?: number };
        return {
          id: str(c.logistics_channel_id),
          name: str(c.logistics_channel_name),
          enabled: c.enabled === true,
          codEnabled: c.cod_enabled === true,
          feeType: c.fee_type ? str(c.fee_type) : null,
          maxWeightKg: limit.item_max_weight !== undefined ? str(limit.item_max_weight) : null,
        };
      });
  }
}

import { lazadaSign } from '../signing.ts';
import { MarketplaceError } from './errors.ts';
import { type CallLogger, kindOf, num, type RawReply, replyObject, rowsOf, send, str } from './http.ts';
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
 * Lazada Open Platform (domain §1): system parameters `app_key`, `timestamp` (ms), `sign_method`
 * (`sha256`), `access_token` for seller calls, and `sign` over every parameter (signing.ts). GET
 * calls carry everything in the query; POST calls carry the system parameters in the query and
 * the business ones (`payload`…) as a form body, as the official SDK does. Replies are
 * `{code:"0", data, request_id}` or `{code, type, message, request_id, detail?}`.
 */
export interface LazadaApp {
  appKey: string;
  appSecret: string;
  log?: CallLogger;
  timeoutMs?: number;
}

type Params = Record<string, string | number | undefined>;

const AUTH_CODES = new Set(['IllegalAccessToken', 'IllegalRefreshToken', 'AccessTokenExpired', 'InvalidAccessToken']);
const RATE_CODES: Record<string, number> = { '901': 1000, TRAFFIC_CONTROL: 1000, OPEN_API_CALL_EXCEED_LIMIT: 60_000 };

/** A Lazada reply's error as a `MarketplaceError`, or null when it succeeded. */
export function lazadaError(reply: Pick<RawReply, 'httpStatus' | 'body' | 'retryAfterMs'>): MarketplaceError | null {
  const body = replyObject(reply);
  const code = body.code === undefined || body.code === null ? null : String(body.code);
  if (code === '0' && reply.httpStatus < 400) return null;
  const type = typeof body.type === 'string' ? body.type : null;
  const errorCode = code ?? `HTTP_${reply.httpStatus}`;
  const kind = kindOf(
    reply.httpStatus,
    errorCode in RATE_CODES,
    AUTH_CODES.has(errorCode),
    type === 'ISP' || type === 'SYSTEM',
  );
  return new MarketplaceError({
    kind,
    code: errorCode,
    type,
    message:
      typeof body.message === 'string'
        ? body.message
        : typeof reply.body === 'string'
          ? reply.body.slice(0, 200)
          : errorCode,
    requestId: typeof body.request_id === 'string' ? body.request_id : null,
    httpStatus: reply.httpStatus,
    rows: rowsOf(body.detail),
    retryAfterMs: kind === 'rateLimit' ? (reply.retryAfterMs ?? RATE_CODES[errorCode] ?? 1000) : null,
  });
}

/** Signs and sends one call; reports it; returns the raw reply (errors are not thrown here). */
export async function lazadaRequest(
  app: LazadaApp,
  base: string,
  apiName: string,
  method: 'GET' | 'POST',
  business: Params,
  accessToken?: string,
): Promise<RawReply> {
  const system: Params = {
    app_key: app.appKey,
    timestamp: Date.now(),
    sign_method: 'sha256',
    access_token: accessToken,
  };
  const all = { ...system, ...business };
  const sign = lazadaSign(apiName, all, app.appSecret);
  const query = new URLSearchParams();
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(method === 'GET' ? all : system)) {
    // every parameter signed is sent, an empty one too (the SDK signs it as its name alone)
    if (value !== undefined) query.set(name, String(value));
  }
  query.set('sign', sign);
  if (method === 'POST') {
    for (const [name, value] of Object.entries(business)) if (value !== undefined) form.set(name, String(value));
  }
  const reply = await send(
    `${base}${apiName}?${query}`,
    method === 'GET'
      ? { method }
      : {
          method,
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
          body: form.toString(),
        },
    { platform: 'LAZADA', api: apiName, log: app.log, timeoutMs: app.timeoutMs },
  );
  const body = replyObject(reply);
  const error = lazadaError(reply);
  app.log?.({
    platform: 'LAZADA',
    api: apiName,
    method,
    httpStatus: reply.httpStatus,
    code: body.code === undefined ? null : String(body.code),
    type: error?.type ?? null,
    message: error?.message ?? null,
    requestId: typeof body.request_id === 'string' ? body.request_id : null,
    detail: body.detail ?? null,
    durationMs: reply.durationMs,
  });
  return reply;
}

/** Tokens as a marketplace grants them, in the product's words. */
export interface TokenGrant {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date | null;
  account: string | null;
  /** Lazada: `country` (`cb` for cross-border, else the venture); Shopee: the shop's region when known. */
  country: string | null;
  /** Per venture the seller's ids (Lazada); Shopee has one entry for its shop. */
  shops: Array<{ region: string; sellerId: string; shortCode: string | null; userId: string | null }>;
}

const secondsFromNow = (s: unknown, fallbackSeconds: number) =>
  new Date(Date.now() + (Number.isFinite(Number(s)) && Number(s) > 0 ? Number(s) : fallbackSeconds) * 1000);

/** Authorization (domain §1.4): the consent link, code → tokens, refresh. */
export function lazadaAuth(app: LazadaApp, urls: { authorize: () => string; auth: () => string }) {
  async function tokens(apiName: string, params: Params): Promise<TokenGrant> {
    const reply = await lazadaRequest(app, urls.auth(), apiName, 'POST', params);
    const error = lazadaError(reply);
    if (error) throw error;
    const b = reply.body as Record<string, unknown>;
    const list = (b.country_user_info ?? b.country_user_info_list ?? []) as Array<Record<string, unknown>>;
    return {
      accessToken: String(b.access_token),
      refreshToken: String(b.refresh_token),
      accessExpiresAt: secondsFromNow(b.expires_in, 7 * 86400),
      refreshExpiresAt: secondsFromNow(b.refresh_expires_in, 30 * 86400),
      account: b.account ? String(b.account) : null,
      country: b.country ? String(b.country) : null,
      shops: list.map((c) => ({
        region: String(c.country ?? '').toUpperCase(),
        sellerId: String(c.seller_id ?? ''),
        shortCode: c.short_code ? String(c.short_code) : null,
        userId: c.user_id ? String(c.user_id) : null,
      })),
    };
  }
  return {
    authorizeUrl(redirectUri: string, state: string): string {
      const q = new URLSearchParams({
        response_type: 'code',
        force_auth: 'true',
        redirect_uri: redirectUri,
        client_id: app.appKey,
        state,
      });
      const base = urls.authorize();
      return `${base}${base.includes('?') ? '&' : '?'}${q}`;
    },
    createToken: (code: string) => tokens('/auth/token/create', { code }),
    refreshToken: (refreshToken: string) => tokens('/auth/token/refresh', { refresh_token: refreshToken }),
  };
}

const INPUT_TYPES: Record<string, AttributeInputType> = {
  text: 'text',
  richText: 'richText',
  numeric: 'numeric',
  date: 'date',
  singleSelect: 'singleSelect',
  multiSelect: 'multiSelect',
  enumInput: 'enumInput',
  multiEnumInput: 'multiEnumInput',
};

/** Lazada's item states folded (domain §1.6: Active, InActive, Pending QC, Suspended, Deleted; rejected). */
export function lazadaStatus(raw: string): RemoteItemStatus {
  const s = raw.toLowerCase().replace(/[\s_-]/g, '');
  if (s === 'active' || s === 'live') return 'LIVE';
  if (s.startsWith('pending')) return 'PENDING';
  if (s === 'inactive') return 'INACTIVE';
  if (s.startsWith('reject')) return 'REJECTED';
  if (s === 'suspended' || s === 'banned') return 'BANNED';
  if (s === 'deleted') return 'DELETED';
  return 'PENDING';
}

const chunks = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

export class LazadaClient implements MarketplaceClient {
  readonly platform = 'LAZADA' as const;
  readonly region: string;
  private app: LazadaApp;
  private base: () => string;
  private accessToken: string;

  constructor(opts: { app: LazadaApp; region: string; base: () => string; accessToken: string }) {
    this.app = opts.app;
    this.region = opts.region.toUpperCase();
    this.base = opts.base;
    this.accessToken = opts.accessToken;
  }

  /** One call through the shop's token, raw (the gateway's `origin`). */
  raw(apiName: string, method: 'GET' | 'POST', params: Params): Promise<RawReply> {
    return lazadaRequest(this.app, this.base(), apiName, method, params, this.accessToken);
  }

  /** One call; its `data`, or the error thrown. */
  async call<T = unknown>(apiName: string, method: 'GET' | 'POST', params: Params = {}): Promise<T> {
    const reply = await this.raw(apiName, method, params);
    const error = lazadaError(reply);
    if (error) throw error;
    return (reply.body as { data: T }).data;
  }

  async categoryTree(): Promise<PlatformCategory[]> {
    const data = await this.call<Array<Record<string, unknown>>>('/category/tree/get', 'GET', {
      language_code: 'en_US',
    });
    const out: PlatformCategory[] = [];
    const walk = (nodes: Array<Record<string, unknown>>, parentId: string | null) => {
      for (const n of nodes ?? []) {
        out.push({ id: str(n.category_id), parentId, name: str(n.name), leaf: n.leaf === true || n.leaf === 'true' });
        walk((n.children ?? []) as Array<Record<string, unknown>>, str(n.category_id));
      }
    };
    walk(data ?? [], null);
    return out;
  }

  async categoryAttributes(categoryId: string): Promise<PlatformAttribute[]> {
    const data = await this.call<Array<Record<string, unknown>>>('/category/attributes/get', 'GET', {
      primary_category_id: categoryId,
      language_code: 'en_US',
    });
    return (data ?? []).map((a) => ({
      id: str(a.id ?? a.name),
      name: str(a.name),
      label: str(a.label ?? a.name),
      mandatory: num(a.is_mandatory) === 1 || a.is_mandatory === true,
      inputType: INPUT_TYPES[str(a.input_type)] ?? 'text',
      saleProp: num(a.is_sale_prop) === 1 || a.is_sale_prop === true,
      options: ((a.options ?? []) as Array<Record<string, unknown>>).map((o) => ({
        id: str(o.id ?? o.name),
        name: str(o.name ?? o.en_name),
      })),
    }));
  }

  async brands(_categoryId: string): Promise<Array<{ id: string; name: string }>> {
    const data = await this.call<{ module?: Array<Record<string, unknown>> }>('/category/brands/query', 'GET', {
      startRow: 0,
      pageSize: 200,
    });
    return (data?.module ?? []).map((b) => ({ id: str(b.brand_id), name: str(b.name ?? b.name_en) }));
  }

  private item(p: Record<string, unknown>): RemoteItem {
    const attributes = (p.attributes ?? {}) as Record<string, unknown>;
    const skus = ((p.skus ?? []) as Array<Record<string, unknown>>).map((s) => ({
      sellerSku: str(s.SellerSku),
      skuId: str(s.SkuId),
      price: str(s.price),
      specialPrice:
        s.special_price === undefined || s.special_price === null || s.special_price === ''
          ? null
          : str(s.special_price),
      quantity: num(s.quantity),
    }));
    const raw = str(p.status);
    const reasons = (p.rejectReason ?? []) as Array<Record<string, unknown> | string>;
    const updated = Number(p.updated_time);
    return {
      itemId: str(p.item_id),
      sellerSku: skus[0]?.sellerSku ?? '',
      name: str(attributes.name),
      // a refused item is `Suspended` with `subStatus: Rejected`
      status: /reject/i.test(str(p.subStatus)) ? 'REJECTED' : lazadaStatus(raw),
      rawStatus: raw,
      rejectReason: reasons.length
        ? reasons
            .map((r) => (typeof r === 'string' ? r : str(r.violationDetail ?? r.suggestion ?? JSON.stringify(r))))
            .join('; ')
        : null,
      currency: str(p.currency) || '',
      skus,
      updatedAt: Number.isFinite(updated) && updated > 0 ? new Date(updated) : new Date(),
    };
  }

  async findItemBySellerSku(sellerSku: string): Promise<RemoteItem | null> {
    const data = await this.call<{ products?: Array<Record<string, unknown>> }>('/products/get', 'GET', {
      filter: 'all',
      sku_seller_list: JSON.stringify([sellerSku]),
      limit: 10,
      offset: 0,
    });
    const found = (data?.products ?? []).map((p) => this.item(p));
    return found.find((i) => i.skus.some((s) => s.sellerSku === sellerSku)) ?? found[0] ?? null;
  }

  async createItem(draft: ItemDraft): Promise<CreatedItem> {
    const attributes: Record<string, unknown> = {
      name: draft.name,
      description: draft.description,
      ...Object.fromEntries(Object.entries(draft.attributes).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v])),
    };
    if (draft.brand) attributes.brand_id = draft.brand.id;
    // a product without a platform brand is sold as Lazada's own "No Brand"
    else if (attributes.brand === undefined && attributes.brand_id === undefined) attributes.brand = 'No Brand';
    const payload = {
      Request: {
        Product: {
          PrimaryCategory: draft.categoryId,
          Images: { Image: draft.images.slice(0, 8) },
          Attributes: attributes,
          Skus: {
            Sku: draft.skus.map((s) => ({
              SellerSku: s.sellerSku,
              ...(Object.keys(s.saleProps).length ? { saleProp: s.saleProps } : {}),
              quantity: String(s.quantity),
              price: s.price,
              ...(s.specialPrice ? { special_price: s.specialPrice } : {}),
              package_length: s.lengthCm,
              package_width: s.widthCm,
              package_height: s.heightCm,
              package_weight: s.weightKg,
              ...(s.images.length ? { Images: { Image: s.images.slice(0, 8) } } : {}),
            })),
          },
        },
      },
    };
    const data = await this.call<Record<string, unknown>>('/product/create', 'POST', {
      payload: JSON.stringify(payload),
    });
    return {
      itemId: str(data.item_id),
      status: lazadaStatus(str(data.item_status || 'Pending QC')),
      skus: ((data.sku_list ?? []) as Array<Record<string, unknown>>).map((s) => ({
        sellerSku: str(s.seller_sku),
        skuId: str(s.sku_id),
      })),
    };
  }

  async getItem(itemId: string): Promise<RemoteItem | null> {
    try {
      const data = await this.call<Record<string, unknown>>('/product/item/get', 'GET', { item_id: itemId });
      return data ? this.item(data) : null;
    } catch (e) {
      if (
        e instanceof MarketplaceError &&
        e.kind === 'permanent' &&
        /E0208|not.?exist|not.?found/i.test(`${e.code} ${e.message}`)
      ) {
        return null;
      }
      throw e;
    }
  }

  async listItems(page: { offset: number; limit: number; updatedAfter?: Date }) {
    const limit = Math.min(50, Math.max(1, page.limit));
    const data = await this.call<{ total_products?: number; products?: Array<Record<string, unknown>> }>(
      '/products/get',
      'GET',
      {
        filter: 'all',
        offset: page.offset,
        limit,
        update_after: page.updatedAfter?.toISOString().replace(/\.\d{3}Z$/, '+0000'),
      },
    );
    const items = (data?.products ?? []).map((p) => this.item(p));
    const total = num(data?.total_products);
    return { items, hasMore: total ? page.offset + items.length < total : items.length === limit };
  }

  /**
   * Price and quantity, 20 SKUs a call (domain §1.6: ≤50, 20 recommended). The payload is sent as
   * JSON (`{Request:{Product:{Skus:{Sku:[…]}}}}`), which Lazada takes as it takes XML.
   */
  async updatePriceStock(itemId: string, rows: PriceStockRow[]): Promise<RowOutcome[]> {
    const out: RowOutcome[] = [];
    for (const batch of chunks(rows, 20)) {
      const Sku = batch.map((r) => ({
        ItemId: itemId,
        ...(r.skuId ? { SkuId: r.skuId } : {}),
        SellerSku: r.sellerSku,
        ...(r.price !== undefined ? { Price: r.price } : {}),
        ...(r.quantity !== undefined ? { Quantity: String(r.quantity) } : {}),
      }));
      const payload = JSON.stringify({ Request: { Product: { Skus: { Sku } } } });
      try {
        await this.call('/product/price_quantity/update', 'POST', { payload });
        for (const r of batch) out.push({ sellerSku: r.sellerSku, ok: true, message: null });
      } catch (e) {
        if (!(e instanceof MarketplaceError) || e.kind !== 'permanent' || !e.rows.length) throw e;
        for (const r of batch) {
          const row = e.rows.find((x) => x.sellerSku === r.sellerSku);
          out.push({ sellerSku: r.sellerSku, ok: !row, message: row?.message ?? null });
        }
      }
    }
    return out;
  }

  /** Online: `/product/update` with the SKUs' Status `active`; offline: `/product/deactivate`. */
  async setListed(item: { itemId: string; sellerSkus: string[] }, listed: boolean): Promise<void> {
    const Skus = {
      Sku: item.sellerSkus.map((SellerSku) => (listed ? { SellerSku, Status: 'active' } : { SellerSku })),
    };
    const payload = JSON.stringify({ Request: { Product: { ItemId: item.itemId, Skus } } });
    await this.call(listed ? '/product/update' : '/product/deactivate', 'POST', { payload });
  }

  async removeItem(item: { itemId: string; sellerSkus: string[] }): Promise<void> {
    for (const batch of chunks(item.sellerSkus, 50)) {
      await this.call('/product/remove', 'POST', { seller_sku_list: JSON.stringify(batch) });
    }
  }

  async logisticsChannels(): Promise<PlatformLogisticsChannel[]> {
    const data = await this.call<{ shipment_providers?: Array<Record<string, unknown>> }>(
      '/shipment/providers/get',
      'GET',
      {},
    );
    return (data?.shipment_providers ?? []).map((p) => ({
      id: str(p.name),
      name: str(p.name),
      enabled: true,
      codEnabled: num(p.cod) === 1 || p.cod === true,
      feeType: null,
      maxWeightKg: null,
    }));
  }
}

import { createHmac } from 'node:crypto';

/**
 * Request signing of the marketplaces' open platforms, exactly as they document it. The clients
 * sign every call with these, and the marketplace simulator checks signatures with them.
 */

/** A request parameter as signed: a value (an empty one included), or nothing (null, undefined: not sent). */
export type SignedParams = Record<string, string | number | null | undefined>;

/**
 * What Lazada signs: the API name (the path after `/rest`, e.g. `/order/get`), then every
 * parameter sent but `sign`, sorted by name in ASCII order, each as name followed by value, with
 * no separators and no URL encoding. An empty value is sent and signed as its name followed by
 * nothing, as the official SDK does; only null and undefined (not sent) are left out.
 */
export function lazadaSignBase(apiName: string, params: SignedParams): string {
  const names = Object.keys(params)
    .filter((name) => name !== 'sign' && params[name] !== undefined && params[name] !== null)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return apiName + names.map((name) => `${name}${params[name]}`).join('');
}

/** Lazada's `sign`: HMAC-SHA256 of the base string keyed with the app secret, upper-case hex. */
export function lazadaSign(apiName: string, params: SignedParams, appSecret: string): string {
  return createHmac('sha256', appSecret).update(lazadaSignBase(apiName, params), 'utf8').digest('hex').toUpperCase();
}

/** The parts Shopee (Open Platform v2) signs, in its fixed order. */
export interface ShopeeSignParts {
  partnerId: string | number;
  /** The API path with `/api/v2`, without the host, e.g. `/api/v2/shop/get_shop_info`. */
  path: string;
  /** Epoch seconds. */
  timestamp: number;
  /** Shop and merchant calls; public calls (authorization) have none. */
  accessToken?: string;
  /** The shop of a shop call, or the merchant of a merchant (cross-border) call. */
  shopId?: string | number;
  merchantId?: string | number;
}

/**
 * What Shopee signs: partner id, path and timestamp, then for shop and merchant calls the access
 * token and the shop id or merchant id. The request body is not signed.
 */
export function shopeeSignBase(parts: ShopeeSignParts): string {
  const base = `${parts.partnerId}${parts.path}${parts.timestamp}`;
  if (parts.accessToken === undefined) return base;
  const owner = parts.shopId ?? parts.merchantId;
  if (owner === undefined) throw new Error('A Shopee call with an access token names its shop or merchant');
  return `${base}${parts.accessToken}${owner}`;
}

/** Shopee's `sign`: HMAC-SHA256 of the base string keyed with the partner key, lower-case hex. */
export function shopeeSign(parts: ShopeeSignParts, partnerKey: string): string {
  return createHmac('sha256', partnerKey).update(shopeeSignBase(parts), 'utf8').digest('hex');
}

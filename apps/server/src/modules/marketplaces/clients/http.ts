import type { MarketPlatform } from '@seller/contracts/marketplaces';
import type { AppConfig } from '../../../config.ts';
import { MarketplaceError, type MarketplaceErrorRow } from './errors.ts';

/**
 * What the clients share: the call record every call reports (the shop's call log), timeouts,
 * reading a reply, and where the marketplaces are (`sim` = this process's own simulator).
 */

/** One call as the shop's call log keeps it: never tokens, secrets or payloads. */
export interface CallRecord {
  platform: MarketPlatform;
  /** The API path: Lazada's API name (`/product/create`), Shopee's path (`/api/v2/product/add_item`). */
  api: string;
  method: 'GET' | 'POST';
  httpStatus: number | null;
  /** The marketplace's code (`0`, `IllegalAccessToken`, `error_auth`, `''` → null) or `NETWORK`/`TIMEOUT`. */
  code: string | null;
  type: string | null;
  message: string | null;
  requestId: string | null;
  /** Lazada `detail`, Shopee `failure_list` (per-SKU reasons), when the reply has them. */
  detail: unknown;
  durationMs: number;
}

export type CallLogger = (record: CallRecord) => void;

/** A marketplace's reply as it came: the HTTP status and the parsed JSON body (or text). */
export interface RawReply {
  httpStatus: number;
  body: unknown;
  retryAfterMs: number | null;
  durationMs: number;
}

/** A reply's JSON object (an empty one when the body was none, or not an object). */
export const replyObject = (reply: Pick<RawReply, 'body'>) =>
  (typeof reply.body === 'object' && reply.body ? reply.body : {}) as Record<string, unknown>;

/** A value of a marketplace's reply as text: '' when it is absent. */
export const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** A value of a marketplace's reply as a number: 0 when it is absent or not one. */
export const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** Default time limit of a marketplace call. */
export const CALL_TIMEOUT_MS = 30_000;
/** Replies larger than this are refused (a marketplace page is far smaller). */
export const MAX_REPLY_BYTES = 8 * 1024 * 1024;

const retryAfter = (value: string | null): number | null => {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
};

/**
 * Sends one request and reads its reply (JSON when it parses). A network failure or the time
 * limit throws a transient `MarketplaceError` (after reporting the call).
 */
export async function send(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: BodyInit },
  report: { platform: MarketPlatform; api: string; log?: CallLogger; timeoutMs?: number },
): Promise<RawReply> {
  const started = performance.now();
  const timeoutMs = report.timeoutMs ?? CALL_TIMEOUT_MS;
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    const text = await readBounded(res);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text (an HTML error page of a proxy, say)
    }
    return {
      httpStatus: res.status,
      body,
      retryAfterMs: retryAfter(res.headers.get('retry-after')),
      durationMs: Math.round(performance.now() - started),
    };
  } catch (e) {
    if (e instanceof MarketplaceError) throw e;
    const timedOut = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError';
    const error = new MarketplaceError({
      kind: 'transient',
      code: timedOut ? 'TIMEOUT' : 'NETWORK',
      message: timedOut ? `No reply within ${timeoutMs} ms` : `Network error: ${(e as Error).message}`,
    });
    report.log?.({
      platform: report.platform,
      api: report.api,
      method: init.method,
      httpStatus: null,
      code: error.code,
      type: null,
      message: error.message,
      requestId: null,
      detail: null,
      durationMs: Math.round(performance.now() - started),
    });
    throw error;
  }
}

async function readBounded(res: Response): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_REPLY_BYTES) throw tooLarge();
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_REPLY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const tooLarge = () =>
  new MarketplaceError({ kind: 'transient', code: 'REPLY_TOO_LARGE', message: 'The marketplace reply is too large' });

/** The reply's error sorted for the caller (both marketplaces share the HTTP part). */
export function kindOf(httpStatus: number, rateLimited: boolean, auth: boolean, transient: boolean) {
  if (auth || httpStatus === 401) return 'auth' as const;
  if (rateLimited || httpStatus === 429) return 'rateLimit' as const;
  if (transient || httpStatus >= 500) return 'transient' as const;
  return 'permanent' as const;
}

/** Per-SKU reasons of a reply (Lazada `detail`, Shopee `failure_list`), read tolerantly. */
export function rowsOf(list: unknown): MarketplaceErrorRow[] {
  if (!Array.isArray(list)) return [];
  return list.slice(0, 500).map((raw) => {
    const d = (raw ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
    return {
      sellerSku: text(d.seller_sku ?? d.SellerSku ?? d.sellerSku ?? d.model_sku ?? d.item_sku),
      field: text(d.field ?? (d.model_id !== undefined ? `model_id:${d.model_id}` : undefined)),
      message: text(d.message ?? d.msg ?? d.failed_reason ?? d.reason) ?? JSON.stringify(d),
    };
  });
}

/** The address this process listens on, per app (captured by the marketplaces' routes). */
const listening = new WeakMap<AppConfig, () => string | null>();

/** Called by the marketplaces' routes with the Fastify server: its address is read at call time. */
export function useLocalAddress(config: AppConfig, address: () => string | null) {
  listening.set(config, address);
}

/** `http://host:port` of this process, or a 503-like error when it is not listening yet. */
export function localOrigin(config: AppConfig): string {
  const origin = listening.get(config)?.();
  if (!origin) {
    throw new MarketplaceError({
      kind: 'transient',
      code: 'SIMULATOR_NOT_LISTENING',
      message: 'The bundled marketplace simulator is reached through this server, which is not listening yet',
    });
  }
  return origin;
}

/** An `AddressInfo` (or pipe) as a URL origin; a wildcard host is reached on the loopback. */
export function originOf(address: string | { address: string; family: string; port: number } | null): string | null {
  if (!address || typeof address === 'string') return null;
  let host = address.address;
  if (host === '0.0.0.0') host = '127.0.0.1';
  if (host === '::') host = '::1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Lazada's venture domains (domain §1.1): `{domain}` in `LAZADA_API_URL` becomes one of these. */
export const LAZADA_DOMAINS: Record<string, string> = {
  SG: 'sg',
  TH: 'co.th',
  MY: 'com.my',
  VN: 'vn',
  PH: 'com.ph',
  ID: 'co.id',
};

/** Where each marketplace is for this configuration; `sim` values resolve at call time. */
export function endpoints(config: AppConfig) {
  const sim = (value: string, path: string) => (value === 'sim' ? `${localOrigin(config)}${path}` : value);
  return {
    lazadaApi(region: string): string {
      // the simulator serves every venture under its own segment (the seller of that venture)
      const base = sim(config.lazada.apiUrl, `/marketplace-sim/lazada/${region.toLowerCase()}/rest`);
      const domain = LAZADA_DOMAINS[region.toUpperCase()];
      if (base.includes('{domain}') && !domain) {
        throw new MarketplaceError({ kind: 'permanent', code: 'REGION', message: `Lazada has no venture ${region}` });
      }
      return base.replace('{domain}', domain ?? '').replace(/\/$/, '');
    },
    lazadaAuth: () => sim(config.lazada.authUrl, '/marketplace-sim/lazada/auth/rest').replace(/\/$/, ''),
    lazadaAuthorize: () => sim(config.lazada.authorizeUrl, '/marketplace-sim/lazada/oauth/authorize'),
    shopeeHost: () => sim(config.shopee.host, '/marketplace-sim/shopee').replace(/\/$/, ''),
  };
}
export type Endpoints = ReturnType<typeof endpoints>;

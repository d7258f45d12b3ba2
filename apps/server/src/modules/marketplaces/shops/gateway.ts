import { MarketplaceError } from '../clients/errors.ts';
import { type RawReply, replyObject } from '../clients/http.ts';
import { marketplaceRefusal } from './service.ts';

// The gateway's replies as the API answers them; no data here (the call is `shopQueries.gateway`).

/** Largest raw reply the gateway passes on. */
export const GATEWAY_MAX_BYTES = 2 * 1024 * 1024;

/** The marketplace's reply in one shape for both: ok, code, message, request id, data. */
export function normalized({ platform, reply }: { platform: 'LAZADA' | 'SHOPEE'; reply: RawReply }) {
  const b = replyObject(reply);
  const requestId = typeof b.request_id === 'string' ? b.request_id : null;
  if (platform === 'LAZADA') {
    const code = b.code === undefined ? `HTTP_${reply.httpStatus}` : String(b.code);
    return {
      ok: code === '0' && reply.httpStatus < 400,
      code,
      message: typeof b.message === 'string' ? b.message : null,
      requestId,
      data: b.data ?? (b.code === undefined ? reply.body : null),
    };
  }
  const error =
    typeof b.error === 'string' && b.error ? b.error : reply.httpStatus >= 400 ? `HTTP_${reply.httpStatus}` : null;
  const { request_id: _r, error: _e, message, response, ...rest } = b;
  return {
    ok: error === null,
    code: error,
    message: typeof message === 'string' && message ? message : null,
    requestId,
    data: response ?? (Object.keys(rest).length ? rest : null),
  };
}

/**
 * The reply's body as the raw gateway answers it (`/shop-gateway/origin`): JSON text, a reply over
 * `GATEWAY_MAX_BYTES` refused as the shop's problem.
 */
export function rawBody(shopName: string, reply: RawReply): string {
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  if (Buffer.byteLength(text) > GATEWAY_MAX_BYTES) {
    throw marketplaceRefusal(
      new MarketplaceError({ kind: 'permanent', code: 'REPLY_TOO_LARGE', message: 'reply larger than 2 MB' }),
      shopName,
    );
  }
  return typeof reply.body === 'string' ? JSON.stringify(reply.body) : text;
}

/**
 * A marketplace refused or failed a call, sorted by what the caller should do about it:
 * - `auth`: the token is invalid or expired; the shop needs re-authorization (never retried);
 * - `rateLimit`: too many calls; retry after `retryAfterMs`;
 * - `transient`: the marketplace or the network failed; retry with backoff;
 * - `permanent`: the request is wrong (validation, not found); retrying will not help.
 * `rows` carries per-SKU reasons (Lazada `detail`, Shopee `failure_list`).
 */
export type MarketplaceErrorKind = 'auth' | 'rateLimit' | 'transient' | 'permanent';

export interface MarketplaceErrorRow {
  sellerSku: string | null;
  field: string | null;
  message: string;
}

export class MarketplaceError extends Error {
  readonly kind: MarketplaceErrorKind;
  /** The marketplace's code (`IllegalAccessToken`, `901`, `error_param`…) or `HTTP_<status>`/`NETWORK`. */
  readonly code: string;
  /** Lazada's `type` (ISV, ISP, SYSTEM); null for Shopee. */
  readonly type: string | null;
  readonly requestId: string | null;
  readonly httpStatus: number | null;
  readonly rows: MarketplaceErrorRow[];
  readonly retryAfterMs: number | null;

  constructor(init: {
    kind: MarketplaceErrorKind;
    code: string;
    message: string;
    type?: string | null;
    requestId?: string | null;
    httpStatus?: number | null;
    rows?: MarketplaceErrorRow[];
    retryAfterMs?: number | null;
  }) {
    super(init.message);
    this.name = 'MarketplaceError';
    this.kind = init.kind;
    this.code = init.code;
    this.type = init.type ?? null;
    this.requestId = init.requestId ?? null;
    this.httpStatus = init.httpStatus ?? null;
    this.rows = init.rows ?? [];
    this.retryAfterMs = init.retryAfterMs ?? null;
  }

  get retryable(): boolean {
    return this.kind === 'rateLimit' || this.kind === 'transient';
  }
}

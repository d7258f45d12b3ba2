/** Error shapes of the wire contract and the spec's notification rules (section 8). */
export interface AbpValidationError {
  message: string;
  members?: string[];
}

export interface AbpErrorInfo {
  code?: string | null;
  message?: string | null;
  details?: string | null;
  data?: Record<string, unknown> | null;
  validationErrors?: AbpValidationError[] | null;
}

/** Either the ABP envelope `{ error: {...} }` or an OAuth error `{ error, error_description }`. */
export type ErrorBody = { error?: AbpErrorInfo | string | null; error_description?: string | null } | null;

export type StatusTextKey = 'http.401' | 'http.403' | 'http.404' | 'http.429' | 'http.500' | 'http.default';

/** OAuth error codes (RFC 6749 §5.2) that have a title of their own; others read 'oauth.error'. */
const OAUTH_CODES = [
  'invalid_grant',
  'invalid_client',
  'invalid_request',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'access_denied',
] as const;
type OAuthCode = (typeof OAUTH_CODES)[number];
export type OAuthTextKey = `oauth.${OAuthCode}` | 'oauth.error' | 'oauth.noDescription';

/** Every text an error notice may need. */
export type ErrorTextKey = StatusTextKey | OAuthTextKey;

/** The localized title of an OAuth error: the code itself ('invalid_grant') means nothing to a user. */
export function oauthTitleKey(code: string): OAuthTextKey {
  return (OAUTH_CODES as readonly string[]).includes(code) ? (`oauth.${code}` as OAuthTextKey) : 'oauth.error';
}

export class HttpError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly url: string;
  /** Set for timeouts (status 0). */
  readonly timeout: boolean;

  constructor(status: number, body: ErrorBody, url: string, message: string, timeout = false) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.url = url;
    this.timeout = timeout;
  }

  get error(): AbpErrorInfo | undefined {
    const e = this.body?.error;
    return e && typeof e === 'object' ? e : undefined;
  }

  get code(): string | undefined {
    return this.error?.code ?? (typeof this.body?.error === 'string' ? this.body.error : undefined);
  }

  get validationErrors(): AbpValidationError[] {
    return this.error?.validationErrors ?? [];
  }
}

/**
 * `notify` for a call whose form shows a refusal under its fields (400 with members): only other
 * failures are notified.
 */
export const notifyUnlessFieldErrors = (e: HttpError) => !(e.status === 400 && e.validationErrors.length > 0);

export interface ErrorNotice {
  /** Notification title; undefined when only a message is shown. */
  title?: string;
  message: string;
}

export function statusTextKey(status: number): StatusTextKey {
  switch (status) {
    case 401:
      return 'http.401';
    case 403:
      return 'http.403';
    case 404:
      return 'http.404';
    case 429:
      return 'http.429';
    case 500:
      return 'http.500';
    default:
      return 'http.default';
  }
}

/**
 * Spec section 8:
 * - error + error_description (OAuth) → title is the error, localized (never the bare code), message
 *   the description (the server localizes it), or a hint when there is none;
 * - error with details → message is the details, title the error message;
 * - otherwise the error message;
 * - without a body error → the status text (401/403/404/429/500/default).
 */
export function describeError(status: number, body: ErrorBody, t: (key: ErrorTextKey) => string): ErrorNotice {
  if (body && typeof body === 'object') {
    const { error, error_description: description } = body;
    if (typeof error === 'string' && error) {
      return { title: t(oauthTitleKey(error)), message: description || t('oauth.noDescription') };
    }
    if (error && typeof error === 'object') {
      if (error.details) return { title: error.message ?? undefined, message: error.details };
      if (error.message) return { message: error.message };
    }
  }
  return { message: t(statusTextKey(status)) };
}

/** Parses a response body text that may be JSON; anything else is not an error body. */
export function parseErrorBody(text: string): ErrorBody {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as ErrorBody) : null;
  } catch {
    return null;
  }
}

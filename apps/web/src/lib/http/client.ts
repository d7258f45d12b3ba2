import {
  describeError,
  type ErrorBody,
  type ErrorNotice,
  type ErrorTextKey,
  HttpError,
  parseErrorBody,
} from './errors.ts';

export type QueryValue = string | number | boolean | null | undefined | Date | ReadonlyArray<string | number | boolean>;
export type QueryParams = Record<string, QueryValue>;

export interface TokenReply {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
}

/** What the client needs to know about the session; the app backs it with the persisted store. */
export interface SessionPort {
  accessToken(): string | undefined;
  tokenType(): string;
  refreshToken(): string | undefined;
  /** Tenant id or name for the `__tenant` header, when a tenant is current. */
  tenant(): string | undefined;
  language(): string;
  saveTokens(reply: TokenReply): void;
  /** Re-reads the saved tokens, which another tab of the site may have replaced meanwhile. */
  reload?(): void | Promise<void>;
}

export type ClientTextKey = ErrorTextKey | 'http.timeout' | 'http.network';

export interface HttpClientConfig {
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Prefix for relative URLs ('' = same origin, as in production). */
  baseUrl?: string;
  clientId: string;
  scope?: string;
  timeoutMs: number;
  session: SessionPort;
  text(key: ClientTextKey): string;
  /** Shows an error notification (the spec's 5 s notification). */
  notify(notice: ErrorNotice, error: HttpError): void;
  /** The silent refresh failed: ask the user to sign in again. */
  onSessionExpired(): void;
  /**
   * Runs `fn` while holding a lock shared by every tab of the site (Web Locks), so the tabs
   * refresh one after the other and the later ones take the tokens the first one saved.
   */
  acrossTabs?<T>(fn: () => Promise<T>): Promise<T>;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Values for `{name}` placeholders in the path. */
  path?: Record<string, string | number | undefined | null>;
  params?: QueryParams;
  /** JSON body. */
  json?: unknown;
  /** Form-encoded body. */
  form?: Record<string, string | undefined>;
  /** Multipart body (file uploads); the browser sets the boundary. */
  multipart?: FormData;
  headers?: Record<string, string>;
  timeoutMs?: number;
  responseType?: 'json' | 'text' | 'blob';
  /** false: no notification; a function decides per error. Default true. */
  notify?: boolean | ((error: HttpError) => boolean);
  /** false: no bearer token, no refresh on 401 (token endpoint, anonymous look-ups). Default true. */
  auth?: boolean;
  signal?: AbortSignal;
}

export const TOKEN_PATH = '/connect/token';

/** Fills `{name}` placeholders; a missing value is an error (spec section 8). */
export function buildPath(template: string, values: RequestOptions['path'] = {}): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined || v === null || v === '') throw new Error(`Missing path parameter value for ${name}`);
    return encodeURIComponent(String(v));
  });
}

/** Query string: strings trimmed, empty and null values omitted, arrays repeated (spec section 5). */
export function buildQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  const push = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    const text = value instanceof Date ? value.toISOString() : String(value).trim();
    if (text !== '') search.append(key, text);
  };
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const v of value) push(key, v);
    else push(key, value);
  }
  const qs = search.toString();
  return qs ? `?${qs}` : '';
}

export class HttpClient {
  private refreshing: Promise<boolean> | undefined;
  private readonly cfg: HttpClientConfig;

  constructor(cfg: HttpClientConfig) {
    this.cfg = cfg;
  }

  get<T>(path: string, params?: QueryParams, options?: RequestOptions): Promise<T> {
    return this.request<T>(path, { ...options, method: 'GET', params });
  }

  post<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>(path, { ...options, method: 'POST', json });
  }

  put<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>(path, { ...options, method: 'PUT', json });
  }

  delete<T>(path: string, params?: QueryParams, options?: RequestOptions): Promise<T> {
    return this.request<T>(path, { ...options, method: 'DELETE', params });
  }

  /** The form-encoded token endpoint (password, phone_verify, refresh_token grants). */
  token(
    fields: Record<string, string | undefined>,
    options?: { tenant?: string; notify?: RequestOptions['notify'] },
  ): Promise<TokenReply> {
    return this.request<TokenReply>(TOKEN_PATH, {
      method: 'POST',
      auth: false,
      form: { client_id: this.cfg.clientId, scope: this.cfg.scope, ...fields },
      headers: options?.tenant ? { __tenant: options.tenant } : undefined,
      notify: options?.notify,
    });
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const usedToken = options.auth === false ? undefined : this.cfg.session.accessToken();
    let res = await this.send(path, options, usedToken);
    if (res.status === 401 && usedToken) {
      const refreshed = await this.refreshOnce(usedToken);
      if (refreshed) res = await this.send(path, options, this.cfg.session.accessToken());
      if (!refreshed || res.status === 401) {
        // one refresh and one retry only (spec section 9); the re-login dialog takes over
        this.cfg.onSessionExpired();
        throw new HttpError(401, null, path, this.cfg.text('http.401'));
      }
    }
    if (!res.ok) throw await this.fail(res, path, options);
    return (await this.read(res, options.responseType ?? 'json')) as T;
  }

  /**
   * One silent refresh shared by every request that saw a 401 meanwhile. A request sent with an
   * older token than the current one just retries (someone already refreshed). Across tabs, the
   * refresh runs under a shared lock, and a tab that finds the refresh token replaced by another
   * tab takes the new tokens instead of presenting the old one again (which the server would
   * take for a replay once its grace window has passed, and end the session).
   */
  refreshOnce(usedToken?: string): Promise<boolean> {
    const current = this.cfg.session.accessToken();
    if (!this.refreshing && usedToken && current && current !== usedToken) return Promise.resolve(true);
    if (!this.refreshing) {
      this.refreshing = this.refresh().finally(() => {
        this.refreshing = undefined;
      });
    }
    return this.refreshing;
  }

  private async refresh(): Promise<boolean> {
    const seen = this.cfg.session.refreshToken();
    if (!seen) return false;
    return this.cfg.acrossTabs ? this.cfg.acrossTabs(() => this.refreshFrom(seen)) : this.refreshFrom(seen);
  }

  private async refreshFrom(seen: string): Promise<boolean> {
    try {
      await this.cfg.session.reload?.();
    } catch {
      // unreadable storage: go on with what this tab holds
    }
    const refreshToken = this.cfg.session.refreshToken();
    if (!refreshToken) return false;
    if (refreshToken !== seen) return true;
    try {
      const res = await this.send(
        TOKEN_PATH,
        {
          method: 'POST',
          form: {
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            client_id: this.cfg.clientId,
            scope: this.cfg.scope,
          },
        },
        this.cfg.session.accessToken(),
      );
      if (!res.ok) return false;
      const reply = (await res.json()) as TokenReply;
      if (!reply?.access_token) return false;
      this.cfg.session.saveTokens(reply);
      return true;
    } catch {
      return false;
    }
  }

  private async send(path: string, options: RequestOptions, token: string | undefined): Promise<Response> {
    const url = `${this.cfg.baseUrl ?? ''}${buildPath(path, options.path)}${buildQuery(options.params)}`;
    const headers: Record<string, string> = {
      Accept: 'application/json, text/plain, */*',
      'Accept-Language': this.cfg.session.language(),
      'X-Requested-With': 'XMLHttpRequest',
    };
    const tenant = this.cfg.session.tenant();
    if (tenant) headers.__tenant = tenant;
    if (token) headers.Authorization = `${this.cfg.session.tokenType() || 'Bearer'} ${token}`;
    let body: BodyInit | undefined;
    if (options.form) {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(options.form)) if (v !== undefined) form.append(k, v);
      body = form;
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else if (options.multipart) {
      body = options.multipart;
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['Content-Type'] = 'application/json';
    }
    Object.assign(headers, options.headers);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? this.cfg.timeoutMs);
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort);
    const doFetch = this.cfg.fetch ?? globalThis.fetch.bind(globalThis);
    try {
      return await doFetch(url, { method: options.method ?? 'GET', headers, body, signal: controller.signal });
    } catch (e) {
      if (options.signal?.aborted) throw e; // cancelled by the caller (e.g. TanStack Query): stay quiet
      const error = timedOut
        ? new HttpError(0, null, path, this.cfg.text('http.timeout'), true)
        : new HttpError(0, null, path, this.cfg.text('http.network'));
      this.maybeNotify({ message: error.message }, error, options);
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  private async fail(res: Response, path: string, options: RequestOptions): Promise<HttpError> {
    let body: ErrorBody = null;
    try {
      // blob downloads included: the error message is read from the body (spec section 8)
      body = parseErrorBody(await res.text());
    } catch {
      body = null;
    }
    const notice = describeError(res.status, body, this.cfg.text);
    const error = new HttpError(res.status, body, path, notice.message);
    this.maybeNotify(notice, error, options);
    return error;
  }

  private maybeNotify(notice: ErrorNotice, error: HttpError, options: RequestOptions): void {
    const n = options.notify ?? true;
    if (n === false || (typeof n === 'function' && !n(error))) return;
    this.cfg.notify(notice, error);
  }

  private async read(res: Response, type: 'json' | 'text' | 'blob'): Promise<unknown> {
    if (type === 'blob') return res.blob();
    if (res.status === 204) return undefined;
    const text = await res.text();
    if (type === 'text') return text;
    return text ? JSON.parse(text) : undefined;
  }
}

export function createHttpClient(cfg: HttpClientConfig): HttpClient {
  return new HttpClient(cfg);
}

import type { Lang } from './types.ts';

/**
 * The storefront's only way to the server: the public Storefront API (`/api/store/…`) on the same
 * origin, every call with the site's publishable key, the shopper's token when one is signed in and
 * the shopper's language (the server localizes its refusals by it).
 */

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

/** A refused or failed call: the server's message, and its messages per field (`address.line1`). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** Field (the request's member, as `email` or `address.city`) → the server's message for it. */
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, code: string | null = null, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** A member as the server names it (`Address.Line1`, `address/line1`) → this app's field name. */
export const fieldName = (member: string) =>
  member
    .replace(/^\//, '')
    .split(/[./]/)
    .map((part) => part.charAt(0).toLowerCase() + part.slice(1))
    .join('.');

interface ErrorEnvelope {
  error?: {
    code?: string | null;
    message?: string | null;
    validationErrors?: { message: string; members?: string[] }[] | null;
  } | null;
}

export function queryString(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface ApiContext {
  key: string;
  lang: () => Lang;
  shopperToken: () => string | null;
}

export type Api = ReturnType<typeof createApi>;

export function createApi(context: ApiContext) {
  async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': context.lang(),
      'x-site-key': context.key,
    };
    const token = context.shopperToken();
    if (token) headers['x-shopper-token'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`/api/store${path}${queryString(query)}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, '');
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (response.ok) return json as T;
    const error = (json as ErrorEnvelope | undefined)?.error;
    const fields: Record<string, string> = {};
    for (const v of error?.validationErrors ?? [])
      for (const member of v.members ?? []) fields[fieldName(member)] ??= v.message;
    throw new ApiError(response.status, error?.message ?? '', error?.code ?? null, fields);
  }

  return {
    get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
    post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
    put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
    patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
    delete: <T>(path: string) => request<T>('DELETE', path),
  };
}

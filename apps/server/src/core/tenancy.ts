import type { Cache } from './cache.ts';
import type { CurrentTenant } from './context.ts';
import { AppError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const normalizeName = (name: string) => name.trim().toUpperCase();

/** Reads one tenant by id or name (a deleted tenant is null); the tenants module provides it. */
export type TenantSource = (idOrName: string, byId: boolean) => Promise<CurrentTenant | null>;

/**
 * Finds tenants by id or name, cached; `invalidate` after any tenant change. Without a source
 * (an app without the tenants module) there are no tenants: everything runs on the host.
 */
export class TenantStore {
  private cache: Cache;
  private source: TenantSource = async () => null;

  constructor(cache: Cache) {
    this.cache = cache;
  }

  /** Where tenants are read from (called once, by the tenants module as it starts). */
  useSource(source: TenantSource) {
    this.source = source;
  }

  find(idOrName: string): Promise<CurrentTenant | null> {
    const key = `tenant:${idOrName.toLowerCase()}`;
    return this.cache.getOrLoad(key, () => this.source(idOrName, UUID.test(idOrName)));
  }

  /** After any tenant change; cached configurations show the tenant, so they go too. */
  async invalidate() {
    await this.cache.invalidate('tenant:');
    await this.cache.invalidate('appconfig:');
  }
}

export function tenantNotAvailable(name: string) {
  return new AppError({
    status: 404,
    code: 'Volo.AbpIo.MultiTenancy:010001',
    messageKey: 'TenantNotAvailable',
    params: [name],
    headers: { 'abp-tenant-resolve-error': encodeURIComponent(`the given tenant is not available (${name})`) },
  });
}

/** One cookie's value from a `Cookie` header (the only cookie the API reads). */
function cookieValue(header: string | string[] | undefined, name: string): string | undefined {
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The tenant named by the request when no signed-in user fixes it: `__tenant` in the
 * query, header or cookie, then the host name (`demo.localhost` → `demo`).
 */
export function requestedTenant(
  req: {
    query: unknown;
    headers: Record<string, string | string[] | undefined>;
    hostname: string;
  },
  publicHost: string,
): string | null {
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.__tenant;
  if (typeof fromQuery === 'string' && fromQuery.trim()) return fromQuery.trim();
  const fromHeader = req.headers.__tenant;
  if (typeof fromHeader === 'string' && fromHeader.trim()) return fromHeader.trim();
  const fromCookie = cookieValue(req.headers.cookie, '__tenant');
  if (fromCookie?.trim()) return fromCookie.trim();
  const host = req.hostname.replace(/:\d+$/, '').toLowerCase();
  const suffix = `.${publicHost.toLowerCase()}`;
  if (host.endsWith(suffix)) {
    const sub = host.slice(0, -suffix.length);
    if (sub && !sub.includes('.') && sub !== 'www') return sub;
  }
  return null;
}

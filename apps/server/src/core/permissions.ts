import type { Cache } from './cache.ts';
import type { RequestContext } from './context.ts';
import type { DataAccess } from './data.ts';
import type { Tx } from './db/client.ts';
import { permissionDefinition } from './definitions/permissions.ts';

/** Whether a permission may be held on this side (host = no tenant). */
export function allowedOnSide(name: string, tenantId: string | null): boolean {
  const def = permissionDefinition(name);
  if (!def) return false;
  return def.side === 'both' || (def.side === 'host') === (tenantId === null);
}

/**
 * The names granted to a request's user (directly and through its current roles) or client, read
 * in the request's tenant; the permission-management module provides it.
 */
export type GrantSource = (tx: Tx, ctx: Pick<RequestContext, 'tenant' | 'user' | 'clientId'>) => Promise<string[]>;

/**
 * The permissions a request holds: grants to the user, to the user's current roles (read
 * from the database, not the token, so a revoked role takes effect at once) and to the
 * OAuth client. A child counts only when its parent is granted too. Cached per user.
 */
export class PermissionChecker {
  private data: DataAccess;
  private cache: Cache;
  /** Without a source (an app without permission-management) nothing is granted. */
  private source: GrantSource = async () => [];

  constructor(data: DataAccess, cache: Cache) {
    this.data = data;
    this.cache = cache;
  }

  /** Where grants are read from (called once, by the permission-management module as it starts). */
  useSource(source: GrantSource) {
    this.source = source;
  }

  async granted(ctx: Pick<RequestContext, 'tenant' | 'user' | 'clientId'>): Promise<Set<string>> {
    if (!ctx.user && !ctx.clientId) return new Set();
    const tenantId = ctx.tenant?.id ?? null;
    const key = `grants:${tenantId ?? 'host'}:${ctx.user ? `u:${ctx.user.id}` : `c:${ctx.clientId}`}`;
    return this.cache.getOrLoad(key, async () => {
      const names = await this.data.inTenant(ctx, (tx) => this.source(tx, ctx));
      const held = new Set(names.filter((n) => allowedOnSide(n, tenantId)));
      for (const name of [...held]) {
        const parent = permissionDefinition(name)?.parent;
        if (parent && !held.has(parent)) held.delete(name);
      }
      return held;
    });
  }

  /** After a grant or role change in a tenant (or on the host). */
  async invalidate(tenantId: string | null) {
    await this.cache.invalidate(`grants:${tenantId ?? 'host'}`);
    await this.cache.invalidate(`appconfig:${tenantId ?? 'host'}:`);
  }
}

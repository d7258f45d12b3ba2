import { and, eq, inArray, or } from 'drizzle-orm';
import { roles, userRoles } from '../modules/identity/schema.ts';
import { permissionGrants } from '../modules/permission-management/schema.ts';
import type { Cache } from './cache.ts';
import type { RequestContext } from './context.ts';
import type { DataAccess } from './data.ts';
import { permissionDefinition } from './definitions/permissions.ts';

/** Whether a permission may be held on this side (host = no tenant). */
export function allowedOnSide(name: string, tenantId: string | null): boolean {
  const def = permissionDefinition(name);
  if (!def) return false;
  return def.side === 'both' || (def.side === 'host') === (tenantId === null);
}

/**
 * The permissions a request holds: grants to the user, to the user's current roles (read
 * from the database, not the token, so a revoked role takes effect at once) and to the
 * OAuth client. A child counts only when its parent is granted too. Cached per user.
 */
export class PermissionChecker {
  private data: DataAccess;
  private cache: Cache;

  constructor(data: DataAccess, cache: Cache) {
    this.data = data;
    this.cache = cache;
  }

  async granted(ctx: Pick<RequestContext, 'tenant' | 'user' | 'clientId'>): Promise<Set<string>> {
    if (!ctx.user && !ctx.clientId) return new Set();
    const tenantId = ctx.tenant?.id ?? null;
    const key = `grants:${tenantId ?? 'host'}:${ctx.user ? `u:${ctx.user.id}` : `c:${ctx.clientId}`}`;
    return this.cache.getOrLoad(key, async () => {
      const names = await this.data.inTenant(ctx, async (tx) => {
        const providers = [];
        if (ctx.user) {
          const roleRows = await tx
            .select({ name: roles.name })
            .from(userRoles)
            .innerJoin(roles, eq(roles.id, userRoles.roleId))
            .where(eq(userRoles.userId, ctx.user.id));
          providers.push(and(eq(permissionGrants.providerName, 'U'), eq(permissionGrants.providerKey, ctx.user.id)));
          if (roleRows.length) {
            providers.push(
              and(
                eq(permissionGrants.providerName, 'R'),
                inArray(
                  permissionGrants.providerKey,
                  roleRows.map((r) => r.name),
                ),
              ),
            );
          }
        } else if (ctx.clientId) {
          providers.push(and(eq(permissionGrants.providerName, 'C'), eq(permissionGrants.providerKey, ctx.clientId)));
        }
        const rows = await tx
          .select({ name: permissionGrants.name })
          .from(permissionGrants)
          .where(or(...providers));
        return rows.map((r) => r.name);
      });
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

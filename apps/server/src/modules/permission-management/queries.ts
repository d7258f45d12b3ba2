import { and, eq, inArray, or } from 'drizzle-orm';
import type { EntityChange } from '../../core/audit-changes.ts';
import type { RequestContext } from '../../core/context.ts';
import { owned } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { permissionGroupsDefined } from '../../core/definitions/permissions.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { t } from '../../core/localization/index.ts';
import { allowedOnSide } from '../../core/permissions.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { roles, userRoles, users } from '../identity/index.ts';
import { permissionGrants } from './schema.ts';

/** `R` = role (key: role name), `U` = user (key: user id). */
export type ProviderName = 'R' | 'U';

/** The permission each provider's management needs (checked in addition to the route rule). */
export const MANAGE_PERMISSION: Record<ProviderName, string> = {
  R: 'AbpIdentity.Roles.ManagePermissions',
  U: 'AbpIdentity.Users.ManagePermissions',
};

export type Ctx = Pick<RequestContext, 'tenant' | 'user' | 'clientId' | 'culture'> & { entityChanges?: EntityChange[] };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Target {
  providerName: ProviderName;
  /** The stored provider key: the role's name as stored, or the user id. */
  providerKey: string;
  /** For users: the names of their roles (their grants show as inherited). */
  roleNames: string[];
}

/** Whether the caller may manage `providerName`'s permissions (a 403 otherwise); read before the unit. */
async function mayManage(services: Services, ctx: Ctx, providerName: ProviderName) {
  const held = await services.permissions.granted(ctx);
  if (!held.has(MANAGE_PERMISSION[providerName])) throw forbidden();
}

/** Finds the role or user in the caller's tenant; anything else (incl. another tenant's) is a 404. */
async function target(tx: Tx, ctx: Ctx, providerName: ProviderName, key: string): Promise<Target> {
  if (providerName === 'R') {
    const [role] = await tx
      .select({ name: roles.name })
      .from(roles)
      .where(owned(ctx, roles, eq(roles.normalizedName, normalizeName(key))))
      .limit(1);
    if (!role) throw notFound('IdentityRole', key);
    return { providerName, providerKey: role.name, roleNames: [] };
  }
  if (!GUID.test(key)) throw notFound('IdentityUser', key);
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(owned(ctx, users, eq(users.id, key)))
    .limit(1);
  if (!user) throw notFound('IdentityUser', key);
  const roleRows = await tx
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(owned(ctx, userRoles, eq(userRoles.userId, user.id)));
  return { providerName, providerKey: user.id, roleNames: roleRows.map((r) => r.name) };
}

/** Permission groups with what the role or user holds (wire contract §10). */
async function get(tx: Tx, ctx: Ctx, providerName: ProviderName, providerKey: string) {
  const holder = await target(tx, ctx, providerName, providerKey);
  const tenantId = ctx.tenant?.id ?? null;

  const own = and(
    eq(permissionGrants.providerName, holder.providerName),
    eq(permissionGrants.providerKey, holder.providerKey),
  );
  const viaRoles = holder.roleNames.length
    ? and(eq(permissionGrants.providerName, 'R'), inArray(permissionGrants.providerKey, holder.roleNames))
    : undefined;
  const grants = await tx
    .select({
      name: permissionGrants.name,
      providerName: permissionGrants.providerName,
      providerKey: permissionGrants.providerKey,
    })
    .from(permissionGrants)
    .where(owned(ctx, permissionGrants, viaRoles ? or(own, viaRoles) : own));
  const providersOf = new Map<string, { providerName: string; providerKey: string }[]>();
  for (const g of grants) {
    const list = providersOf.get(g.name) ?? [];
    list.push({ providerName: g.providerName, providerKey: g.providerKey });
    providersOf.set(g.name, list);
  }

  const L = (key: string) => t(ctx.culture, `Permissions::${key}`);
  const groups = permissionGroupsDefined()
    .map((group) => ({
      name: group.name,
      displayName: L(`PermissionGroup:${group.name}`),
      permissions: group.permissions
        .filter((p) => allowedOnSide(p.name, tenantId))
        .map((p) => {
          const grantedProviders = providersOf.get(p.name) ?? [];
          return {
            name: p.name,
            displayName: L(`Permission:${p.name}`),
            parentName: p.parent ?? null,
            isGranted: grantedProviders.length > 0,
            allowedProviders: [] as string[],
            grantedProviders,
          };
        }),
    }))
    .filter((g) => g.permissions.length > 0);
  return { entityDisplayName: providerKey, groups };
}

/**
 * Permission management's reads (the service shape, `docs/architecture.md`): `get` and `target`
 * take the open unit's `tx` (the caller's tenant) and the context; `mayManage`, the caller's own
 * grants, is read before the unit.
 */
export const permissionQueries = { mayManage, target, get };

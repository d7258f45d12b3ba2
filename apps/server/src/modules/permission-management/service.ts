import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { EntityChange } from '../../core/audit-changes.ts';
import { invalidateConfiguration } from '../../core/configuration-cache.ts';
import type { RequestContext } from '../../core/context.ts';
import { owned, recordChange } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { permissionDefinition, permissionGroupsDefined } from '../../core/definitions/permissions.ts';
import { AppError, forbidden, notFound, type ValidationErrorItem } from '../../core/errors.ts';
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

type Ctx = Pick<RequestContext, 'tenant' | 'user' | 'clientId' | 'culture'> & { entityChanges?: EntityChange[] };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Target {
  providerName: ProviderName;
  /** The stored provider key: the role's name as stored, or the user id. */
  providerKey: string;
  /** For users: the names of their roles (their grants show as inherited). */
  roleNames: string[];
}

async function assertMayManage(services: Services, ctx: Ctx, providerName: ProviderName) {
  const held = await services.permissions.granted(ctx);
  if (!held.has(MANAGE_PERMISSION[providerName])) throw forbidden();
}

/** Finds the role or user in the caller's tenant; anything else (incl. another tenant's) is a 404. */
async function findTarget(services: Services, ctx: Ctx, providerName: ProviderName, key: string): Promise<Target> {
  return services.data.inTenant(ctx, async (tx) => {
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
  });
}

/** Permission groups with what the role or user holds (wire contract §10). */
export async function getPermissions(services: Services, ctx: Ctx, providerName: ProviderName, providerKey: string) {
  await assertMayManage(services, ctx, providerName);
  const target = await findTarget(services, ctx, providerName, providerKey);
  const tenantId = ctx.tenant?.id ?? null;

  const grants = await services.data.inTenant(ctx, (tx) => {
    const own = and(
      eq(permissionGrants.providerName, target.providerName),
      eq(permissionGrants.providerKey, target.providerKey),
    );
    const viaRoles = target.roleNames.length
      ? and(eq(permissionGrants.providerName, 'R'), inArray(permissionGrants.providerKey, target.roleNames))
      : undefined;
    return tx
      .select({
        name: permissionGrants.name,
        providerName: permissionGrants.providerName,
        providerKey: permissionGrants.providerKey,
      })
      .from(permissionGrants)
      .where(owned(ctx, permissionGrants, viaRoles ? or(own, viaRoles) : own));
  });
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
 * Grants or revokes permissions of a role or user. Unknown names, or names not grantable
 * on this side, are a 400 before anything is written.
 */
export async function updatePermissions(
  services: Services,
  ctx: Ctx,
  providerName: ProviderName,
  providerKey: string,
  items: { name: string; isGranted: boolean }[],
) {
  await assertMayManage(services, ctx, providerName);
  const tenantId = ctx.tenant?.id ?? null;
  const errors: ValidationErrorItem[] = [];
  items.forEach((item, i) => {
    if (!permissionDefinition(item.name) || !allowedOnSide(item.name, tenantId)) {
      errors.push({
        message: 'AbpPermissionManagement::UnknownPermission',
        members: [`permissions.${i}.name`],
        params: [item.name],
      });
    }
  });
  if (errors.length) throw new AppError({ status: 400, messageKey: 'ValidationError', validationErrors: errors });
  const target = await findTarget(services, ctx, providerName, providerKey);

  // The last word for a name wins when it is listed twice.
  const wanted = new Map(items.map((i) => [i.name, i.isGranted]));
  await services.data.inTenant(ctx, async (tx) => {
    const existing = await tx
      .select()
      .from(permissionGrants)
      .where(
        owned(
          ctx,
          permissionGrants,
          eq(permissionGrants.providerName, target.providerName),
          eq(permissionGrants.providerKey, target.providerKey),
          inArray(permissionGrants.name, [...wanted.keys()]),
        ),
      );
    const held = new Map(existing.map((g) => [g.name, g]));
    const toAdd = [...wanted].filter(([name, on]) => on && !held.has(name)).map(([name]) => name);
    const toRemove = [...wanted].filter(([name, on]) => !on && held.has(name)).map(([name]) => held.get(name)!);
    if (toAdd.length) {
      const created = await tx
        .insert(permissionGrants)
        .values(
          toAdd.map((name) => ({ tenantId, name, providerName: target.providerName, providerKey: target.providerKey })),
        )
        .onConflictDoNothing()
        .returning();
      for (const row of created) recordChange(ctx, 'PermissionGrant', 0, row.id, {}, row);
    }
    if (toRemove.length) {
      await tx.delete(permissionGrants).where(
        inArray(
          permissionGrants.id,
          toRemove.map((g) => g.id),
        ),
      );
      for (const row of toRemove) recordChange(ctx, 'PermissionGrant', 2, row.id, row, {});
    }
  });
  await services.permissions.invalidate(tenantId);
  await invalidateConfiguration(services, { tenantId });
}

/**
 * For the identity module, inside its own tenant-scoped transaction: grants are keyed by
 * role name and user id, so a renamed or deleted role (or a deleted user) must take its
 * grants along. Call `services.permissions.invalidate(tenantId)` after the commit.
 */
export async function renameRoleGrants(tx: Tx, tenantId: string | null, oldName: string, newName: string) {
  await tx
    .update(permissionGrants)
    .set({ providerKey: newName })
    .where(
      and(tenantPredicate(tenantId), eq(permissionGrants.providerName, 'R'), eq(permissionGrants.providerKey, oldName)),
    );
}

export async function deleteProviderGrants(tx: Tx, tenantId: string | null, providerName: ProviderName, key: string) {
  await tx
    .delete(permissionGrants)
    .where(
      and(
        tenantPredicate(tenantId),
        eq(permissionGrants.providerName, providerName),
        eq(permissionGrants.providerKey, key),
      ),
    );
}

const tenantPredicate = (tenantId: string | null) =>
  tenantId ? eq(permissionGrants.tenantId, tenantId) : isNull(permissionGrants.tenantId);

import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { CurrentTenant } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import { allPermissionDefinitions, permissionGroupsDefined } from '../../core/definitions/permissions.ts';
import { allowedOnSide, type GrantSource } from '../../core/permissions.ts';
import type { Services } from '../../core/services.ts';
import { roles, userRoles } from '../identity/index.ts';
import type { ProviderName } from './queries.ts';
import { permissionGrants } from './schema.ts';

/** The kernel's grant source: grants to the user, to the user's current roles, or to the client. */
export const grantSource: GrantSource = async (tx, ctx) => {
  const providers = [];
  if (ctx.user) {
    const roleRows = await tx
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, ctx.user.id));
    providers.push(and(eq(permissionGrants.providerName, 'U'), eq(permissionGrants.providerKey, ctx.user.id)));
    if (roleRows.length) {
      const names = roleRows.map((r) => r.name);
      providers.push(and(eq(permissionGrants.providerName, 'R'), inArray(permissionGrants.providerKey, names)));
    }
  } else if (ctx.clientId) {
    providers.push(and(eq(permissionGrants.providerName, 'C'), eq(permissionGrants.providerKey, ctx.clientId)));
  }
  const rows = await tx
    .select({ name: permissionGrants.name })
    .from(permissionGrants)
    .where(or(...providers));
  return rows.map((r) => r.name);
};

/** What the platform grants the seeded business roles of a seller company (identity seeds the roles). */
const platformRoleGrants: Record<string, string[]> = {
  salesman: ['AbpSettingManagement.Settings'],
  stockman: ['AbpSettingManagement.Settings'],
  finance: ['AbpSettingManagement.Settings', 'AbpAuditing.AuditLog'],
};

/** The business roles' defaults: the platform's, plus what each running module's groups declare. */
function businessRoleGrants(): [role: string, names: string[]][] {
  const byRole = new Map(Object.entries(platformRoleGrants).map(([role, names]) => [role, [...names]]));
  for (const group of permissionGroupsDefined()) {
    for (const [role, names] of Object.entries(group.roleGrants ?? {})) byRole.get(role)?.push(...(names ?? []));
  }
  return [...byRole];
}

/**
 * Role `admin` holds every permission of its side (the host or a tenant) that the running modules
 * define, the business roles their defaults. Idempotent: existing grants stay, new permissions are added.
 */
export async function seedGrants(services: Services, tenant: CurrentTenant | null) {
  const tenantId = tenant?.id ?? null;
  const defined = new Set(allPermissionDefinitions().map((p) => p.name));
  const grants: [string, string][] = [
    ...allPermissionDefinitions()
      .filter((p) => allowedOnSide(p.name, tenantId))
      .map((p): [string, string] => [p.name, 'admin']),
    ...businessRoleGrants().flatMap(([role, names]) =>
      // only what the running modules define (an app of a few modules has no order management)
      names.filter((n) => defined.has(n) && allowedOnSide(n, tenantId)).map((n): [string, string] => [n, role]),
    ),
  ];
  await services.data.inTenant({ tenant }, (tx) =>
    tx
      .insert(permissionGrants)
      .values(grants.map(([name, role]) => ({ tenantId, name, providerName: 'R', providerKey: role })))
      .onConflictDoNothing(),
  );
  await services.permissions.invalidate(tenantId);
}

/**
 * In the transaction of identity's change (`events.ts`): grants are keyed by role name and user
 * id, so a renamed or deleted role (or a deleted user) must take its grants along. Identity drops
 * the cached grants after its commit.
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

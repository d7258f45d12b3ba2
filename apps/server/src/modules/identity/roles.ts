import { type roleInput, roleList, type roleUpdateInput } from '@seller/contracts/identity';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type CrudContext, deleteOwned, getOwned, insertOwned, owned, updateOwned } from '../../core/crud.ts';
import type { DbOrTx, Tx } from '../../core/db/client.ts';
import { businessError, conflict, fieldError } from '../../core/errors.ts';
import { listService } from '../../core/lists.ts';
import { firstOwnedId } from '../../core/owned-rows.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { RoleDeleted, RoleRenamed, RolesChanged } from './events.ts';
import { ownedItems } from './owned-items.ts';
import { roles } from './schema.ts';

/** Roles (`/api/identity/roles`): CRUD, default flag, claims; grants and menus follow renames. */
export const ROLE = 'IdentityRole';
export const ADMIN_ROLE = 'admin';
type Role = typeof roles.$inferSelect;

export const toRoleDto = (r: Role) => ({
  id: r.id,
  name: r.name,
  isDefault: r.isDefault,
  isStatic: r.isStatic,
  isPublic: r.isPublic,
  concurrencyStamp: r.concurrencyStamp,
  extraProperties: r.extraProperties,
  creationTime: r.creationTime,
});

/** After any change to roles or role membership: grants and configurations are per role (dropped after commit). */
export const rolesChanged = (services: Pick<Services, 'events'>, tx: Tx, ctx: CrudContext) =>
  services.events.emit(tx, RolesChanged, { tenantId: ctx.tenant?.id ?? null });

/** Sort keys (declared apart: the kit's `SortKeys` type does not see the columns' `sort: true`). */
export const roleSorts = {
  name: roles.name,
  isDefault: roles.isDefault,
  isStatic: roles.isStatic,
  isPublic: roles.isPublic,
  creationTime: roles.creationTime,
};

/** The roles list (`roleList`): the filter looks in the name. */
export const roleListService = listService(roleList, {
  table: roles,
  search: [roles.name],
  filters: {},
  sorts: roleSorts,
  items: (_tx, _ctx, rows: Role[]) => rows.map(toRoleDto),
});

/** The tenant's roles that `where` picks (all of them without it), by name. */
export const allRoles = (tx: Tx, ctx: CrudContext, where?: SQL) =>
  ownedItems(tx, ctx, roles, [asc(roles.name)], toRoleDto, where);

export async function getRole(tx: Tx, ctx: CrudContext, id: string) {
  return toRoleDto(await getOwned(tx, ctx, roles, ROLE, id));
}

/**
 * The tenant's roles named in `names` (case-insensitive); an unknown one is a 400 on `member`.
 */
export async function rolesByNames(tx: DbOrTx, ctx: CrudContext, names: string[], member: string): Promise<Role[]> {
  const wanted = [...new Set(names.map(normalizeName))];
  if (!wanted.length) return [];
  const rows = await tx
    .select()
    .from(roles)
    .where(owned(ctx, roles, inArray(roles.normalizedName, wanted)));
  const missing = names.find((n) => !rows.some((r) => r.normalizedName === normalizeName(n)));
  if (missing) throw fieldError(member, 'AbpIdentity::RoleNotFound', [missing]);
  return rows;
}

async function assertUniqueName(tx: Tx, ctx: CrudContext, name: string, exceptId?: string) {
  const clash = await firstOwnedId(
    tx,
    ctx,
    roles,
    eq(roles.normalizedName, normalizeName(name)),
    exceptId ? sql`${roles.id} <> ${exceptId}` : undefined,
  );
  if (clash) throw fieldError('name', 'AbpIdentity::DuplicateRoleName', [name]);
}

export async function createRole(tx: Tx, ctx: CrudContext, input: z.infer<typeof roleInput>) {
  await assertUniqueName(tx, ctx, input.name);
  const role = await insertOwned(tx, ctx, roles, ROLE, {
    name: input.name,
    normalizedName: normalizeName(input.name),
    isDefault: input.isDefault,
    isPublic: input.isPublic,
    isStatic: false,
  });
  return toRoleDto(role);
}

/** A static role keeps its name; a renamed role takes its grants and menus along. */
export async function updateRole(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: CrudContext,
  id: string,
  input: z.infer<typeof roleUpdateInput>,
) {
  const current = await getOwned(tx, ctx, roles, ROLE, id);
  if (input.concurrencyStamp && input.concurrencyStamp !== current.concurrencyStamp) {
    throw conflict(); // before the rename touches grants and menus
  }
  if (current.name !== input.name) {
    if (current.isStatic) throw businessError('AbpIdentity::StaticRoleRenaming');
    await assertUniqueName(tx, ctx, input.name, id);
    // grants and menus name the role: their modules follow the rename in this transaction
    await services.events.emit(tx, RoleRenamed, {
      tenantId: ctx.tenant?.id ?? null,
      roleId: id,
      oldName: current.name,
      newName: input.name,
    });
    await rolesChanged(services, tx, ctx);
  }
  const role = await updateOwned(
    tx,
    ctx,
    roles,
    ROLE,
    id,
    {
      name: input.name,
      normalizedName: normalizeName(input.name),
      isDefault: input.isDefault,
      isPublic: input.isPublic,
    },
    input.concurrencyStamp,
  );
  return toRoleDto(role);
}

export async function setRoleDefault(tx: Tx, ctx: CrudContext, id: string, isDefault: boolean) {
  await getOwned(tx, ctx, roles, ROLE, id);
  await updateOwned(tx, ctx, roles, ROLE, id, { isDefault });
}

/** Static roles cannot be deleted; a deleted role's grants, menus and memberships go too. */
export async function deleteRole(services: Pick<Services, 'events'>, tx: Tx, ctx: CrudContext, id: string) {
  const current = await getOwned(tx, ctx, roles, ROLE, id);
  if (current.isStatic) throw businessError('AbpIdentity::StaticRoleDeletion');
  await services.events.emit(tx, RoleDeleted, { tenantId: ctx.tenant?.id ?? null, roleId: id, name: current.name });
  await deleteOwned(tx, ctx, roles, ROLE, id);
  await rolesChanged(services, tx, ctx);
}

/** The ids of the tenant's default roles (new users get them). */
export async function defaultRoles(tx: DbOrTx, ctx: CrudContext): Promise<Role[]> {
  return tx
    .select()
    .from(roles)
    .where(owned(ctx, roles, eq(roles.isDefault, true)));
}

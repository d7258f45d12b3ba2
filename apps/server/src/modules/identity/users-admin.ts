import { type UserCreateInput, type UserUpdateInput, userList } from '@seller/contracts/identity';
import { asc, count, eq, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import { alias, pgTable } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../../core/context.ts';
import {
  type CrudContext,
  deleteOwned,
  getOwned,
  insertOwned,
  owned,
  recordChange,
  selectEntities,
  updateOwned,
} from '../../core/crud.ts';
import type { DbOrTx, Tx } from '../../core/db/client.ts';
import { businessError, conflict, notFound } from '../../core/errors.ts';
import { listService } from '../../core/lists.ts';
import { containsPattern } from '../../core/search.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { getFeature } from '../features/index.ts';
import { UserDeleted, UserSignInsEnded } from './events.ts';
import { removeUserFromUnit, setUnitsOfUser, unitsOfUser } from './organization-units.ts';
import { hashPassword } from './passwords.ts';
import { ADMIN_ROLE, allRoles, defaultRoles, rolesByNames, rolesChanged } from './roles.ts';
import { organizationUnitUsers, roles, userColumns, userRoles, userSearchText, users, usersScoped } from './schema.ts';
import { endsSignIns } from './sign-in.ts';
import { toUserDto, USER } from './user-dto.ts';
import { ensureUnique } from './users.ts';
import { assertPasswordPolicy, passwordPolicy } from './validation.ts';

/**
 * User administration (`/api/identity/users`): list, CRUD, lock, roles, claims and
 * organization units, with ABP's rules (no self-delete or self-lock, the last admin keeps
 * the admin role, the tenant's `Identity.MaxUserCount`).
 */
type Ctx = CrudContext & Pick<RequestContext, 'culture'>;
type User = typeof users.$inferSelect;

/**
 * The tenant-scoped view over `identity_users` that the list reads (`usersScoped`, schema.ts),
 * aliased as the table so that predicates written against `users` apply to it unchanged.
 */
export const scopedUsers = alias(pgTable(usersScoped.name, userColumns), getTableName(users));

const inRole = (roleId: string) =>
  sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${roleId})`;
export const inUnit = (unitId: string) =>
  sql`exists (select 1 from ${organizationUnitUsers} where ${organizationUnitUsers.userId} = ${users.id} and ${organizationUnitUsers.organizationUnitId} = ${unitId})`;
/** The filter: one ILIKE over one expression (`userSearchText`), which a trigram index serves. */
export const searchUsers = (text: string) => sql`${userSearchText} ilike ${containsPattern(text)}`;

/** Sort keys (declared apart: the kit's `SortKeys` type does not see the columns' `sort: true`). */
export const userSorts = {
  userName: users.userName,
  name: users.name,
  surname: users.surname,
  email: users.email,
  phoneNumber: users.phoneNumber,
  isActive: users.isActive,
  lockoutEnd: users.lockoutEnd,
  creationTime: users.creationTime,
  lastModificationTime: users.lastModificationTime,
};

/**
 * The users list (`userList`). Its rows are read through the tenant-scoped view, aliased as the
 * table, so that PostgreSQL may use the trigram index for the filter despite row-level security
 * (the kit counts the total over the table itself, bounded at 10 000).
 */
export const userListService = listService(userList, {
  table: users,
  rows: (tx) => tx.select(getTableColumns(users)).from(scopedUsers).$dynamic(),
  search: searchUsers,
  filters: { roleId: inRole, organizationUnitId: inUnit },
  sorts: userSorts,
  items: (_tx, _ctx, rows: User[]) => rows.map(toUserDto),
});

const ALL_LIMIT = 1000;

/** Every user of the tenant (at most 1 000, by user name), optionally filtered. */
export async function allUsers(tx: Tx, ctx: Ctx, filter?: string) {
  const rows = await selectEntities(tx, users, {
    where: owned(ctx, users, filter ? searchUsers(filter) : undefined),
    orderBy: [asc(users.userName)],
    limit: ALL_LIMIT,
    source: usersScoped.name,
  });
  return { items: rows.map(toUserDto) };
}

export async function usersInRole(tx: Tx, ctx: Ctx, roleName: string) {
  const role = await roleNamed(tx, ctx, roleName);
  if (!role) return { items: [] };
  const rows = await tx
    .select()
    .from(users)
    .where(owned(ctx, users, inRole(role.id)))
    .orderBy(asc(users.userName))
    .limit(ALL_LIMIT);
  return { items: rows.map(toUserDto) };
}

/** Users of the same tenant as user `id` (the caller's tenant; 404 when `id` is not in it). */
export async function tenantUsers(tx: Tx, ctx: Ctx, id: string) {
  await getOwned(tx, ctx, users, USER, id);
  return allUsers(tx, ctx);
}

export async function getUser(tx: Tx, ctx: Ctx, id: string) {
  return toUserDto(await getOwned(tx, ctx, users, USER, id));
}

export async function getUserByName(tx: Tx, ctx: Ctx, userName: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(owned(ctx, users, eq(users.normalizedUserName, normalizeName(userName))))
    .limit(1);
  if (!row) throw notFound(USER, userName);
  return toUserDto(row);
}

export async function usersByIds(tx: Tx, ctx: Ctx, ids: string[]) {
  if (!ids.length) return { items: [] };
  const rows = await tx
    .select()
    .from(users)
    .where(owned(ctx, users, inArray(users.id, ids)))
    .orderBy(asc(users.userName));
  return { items: rows.map(toUserDto) };
}

// ---------- rules ----------

async function roleIdsOf(tx: DbOrTx, ctx: CrudContext, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(owned(ctx, userRoles, eq(userRoles.userId, userId)));
  return rows.map((r) => r.roleId);
}

/** The tenant's role of that name (names compare normalized), or null. */
async function roleNamed(tx: DbOrTx, ctx: CrudContext, name: string) {
  const [role] = await tx
    .select()
    .from(roles)
    .where(owned(ctx, roles, eq(roles.normalizedName, normalizeName(name))))
    .limit(1);
  return role ?? null;
}

const adminRole = (tx: DbOrTx, ctx: CrudContext) => roleNamed(tx, ctx, ADMIN_ROLE);

/** The admin role must keep at least one active user besides `userId`. */
async function assertAnotherAdmin(tx: DbOrTx, ctx: CrudContext, adminRoleId: string, userId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      owned(ctx, users, eq(userRoles.roleId, adminRoleId), sql`${users.id} <> ${userId}`, eq(users.isActive, true)),
    );
  if (Number(row.n) === 0) throw businessError('AbpIdentity::LastAdminRole', { RoleName: ADMIN_ROLE });
}

/** Whether the user now holds the admin role and would lose it. */
async function guardAdminLoss(tx: DbOrTx, ctx: CrudContext, userId: string, keepsAdmin: (adminId: string) => boolean) {
  const admin = await adminRole(tx, ctx);
  if (!admin) return;
  const held = await roleIdsOf(tx, ctx, userId);
  if (held.includes(admin.id) && !keepsAdmin(admin.id)) await assertAnotherAdmin(tx, ctx, admin.id, userId);
}

/** Replaces the user's roles with `names`; returns whether anything changed. */
async function setRoles(tx: Tx, ctx: CrudContext, userId: string, names: string[], member: string): Promise<boolean> {
  const wanted = await rolesByNames(tx, ctx, names, member);
  const wantedIds = new Set(wanted.map((r) => r.id));
  await guardAdminLoss(tx, ctx, userId, (adminId) => wantedIds.has(adminId));
  const held = new Set(await roleIdsOf(tx, ctx, userId));
  const toRemove = [...held].filter((id) => !wantedIds.has(id));
  const toAdd = [...wantedIds].filter((id) => !held.has(id));
  if (toRemove.length) {
    await tx
      .delete(userRoles)
      .where(owned(ctx, userRoles, eq(userRoles.userId, userId), inArray(userRoles.roleId, toRemove)));
  }
  if (toAdd.length) {
    await tx
      .insert(userRoles)
      .values(toAdd.map((roleId) => ({ tenantId: ctx.tenant?.id ?? null, userId, roleId })))
      .onConflictDoNothing();
  }
  const changed = toAdd.length > 0 || toRemove.length > 0;
  if (changed) {
    const nameOf = (id: string) => wanted.find((r) => r.id === id)?.name ?? id;
    recordChange(
      ctx,
      'IdentityUserRoles',
      1,
      userId,
      { roleIds: [...held].sort().join(',') },
      { roleNames: [...wantedIds].map(nameOf).sort().join(',') },
    );
  }
  return changed;
}

/**
 * What a user's creation or update checks that the unit cannot read itself (before it opens): the
 * password policy (settings) and the tenant's `Identity.MaxUserCount` (features).
 */
export async function userRules(services: Services, ctx: CrudContext) {
  return {
    passwordPolicy: await passwordPolicy(services, ctx),
    maxUserCount: Number(await getFeature(services, ctx.tenant, 'Identity.MaxUserCount')),
  };
}

export type UserRules = Awaited<ReturnType<typeof userRules>>;

async function assertUserQuota(max: number, tx: DbOrTx, ctx: CrudContext) {
  if (!Number.isFinite(max) || max <= 0) return;
  const [row] = await tx.select({ n: count() }).from(users).where(owned(ctx, users));
  if (Number(row.n) >= max) throw businessError('AbpIdentity::MaxUserCountExceeded', { MaxUserCount: max });
}

// ---------- commands ----------

export async function createUser(tx: Tx, ctx: Ctx, rules: UserRules, input: UserCreateInput) {
  assertPasswordPolicy(rules.passwordPolicy, input.password, 'password');
  await ensureUnique(tx, { userName: input.userName, email: input.email, phoneNumber: input.phoneNumber });
  await assertUserQuota(rules.maxUserCount, tx, ctx);
  const roleRows =
    input.roleNames === undefined
      ? await defaultRoles(tx, ctx)
      : await rolesByNames(tx, ctx, input.roleNames, 'roleNames');
  const created = await insertOwned(tx, ctx, users, USER, {
    ...nameColumns(input),
    phoneNumber: input.phoneNumber ?? null,
    isActive: input.isActive,
    lockoutEnabled: input.lockoutEnabled,
    passwordHash: await hashPassword(input.password),
    securityStamp: crypto.randomUUID(),
  });
  if (roleRows.length) {
    await tx
      .insert(userRoles)
      .values(roleRows.map((r) => ({ tenantId: ctx.tenant?.id ?? null, userId: created.id, roleId: r.id })));
  }
  if (input.organizationUnitIds?.length) await setUnitsOfUser(tx, ctx, created.id, input.organizationUnitIds);
  return toUserDto(created);
}

/** The user's names and e-mail as created and updated alike (with their normalized forms). */
const nameColumns = (input: Pick<UserCreateInput, 'userName' | 'name' | 'surname' | 'email'>) => ({
  userName: input.userName,
  normalizedUserName: normalizeName(input.userName),
  name: input.name ?? null,
  surname: input.surname ?? null,
  email: input.email,
  normalizedEmail: normalizeName(input.email),
});

export async function updateUser(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: Ctx,
  rules: UserRules,
  id: string,
  input: UserUpdateInput,
) {
  if (input.password) assertPasswordPolicy(rules.passwordPolicy, input.password, 'password');
  const before = await getOwned(tx, ctx, users, USER, id);
  await ensureUnique(tx, {
    userName: input.userName,
    email: input.email,
    phoneNumber: input.phoneNumber,
    exceptUserId: id,
  });
  if (input.concurrencyStamp && input.concurrencyStamp !== before.concurrencyStamp) throw conflict();
  if (input.roleNames !== undefined && (await setRoles(tx, ctx, id, input.roleNames, 'roleNames'))) {
    await rolesChanged(services, tx, ctx);
  }
  if (!input.isActive && before.isActive) {
    if (id === ctx.user?.id) throw businessError('AbpIdentity::CannotDeactivateYourself');
    await guardAdminLoss(tx, ctx, id, () => false);
  }
  if (input.organizationUnitIds !== undefined) await setUnitsOfUser(tx, ctx, id, input.organizationUnitIds);
  const phoneNumber = input.phoneNumber ?? null;
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const after = await updateOwned(tx, ctx, users, USER, id, {
    ...nameColumns(input),
    emailConfirmed: before.email === input.email ? before.emailConfirmed : false,
    phoneNumber,
    phoneNumberConfirmed: before.phoneNumber === phoneNumber ? before.phoneNumberConfirmed : false,
    isActive: input.isActive,
    lockoutEnabled: input.lockoutEnabled,
    ...(passwordHash ? { passwordHash, securityStamp: crypto.randomUUID() } : {}),
  });
  if (endsSignIns(before, after)) {
    await services.events.emit(tx, UserSignInsEnded, { tenantId: ctx.tenant?.id ?? null, userId: id });
  }
  return toUserDto(after);
}

/** Soft delete; not yourself, not the last admin. Grants and menu links of the user go. */
export async function deleteUser(services: Pick<Services, 'events'>, tx: Tx, ctx: Ctx, id: string) {
  await getOwned(tx, ctx, users, USER, id);
  if (id === ctx.user?.id) throw businessError('AbpIdentity::CannotDeleteYourself');
  await guardAdminLoss(tx, ctx, id, () => false);
  await deleteOwned(tx, ctx, users, USER, id);
  const tenantId = ctx.tenant?.id ?? null;
  await services.events.emit(tx, UserDeleted, { tenantId, userId: id });
  await services.events.emit(tx, UserSignInsEnded, { tenantId, userId: id });
  await rolesChanged(services, tx, ctx);
}

/** Locks the user out for `seconds` (not yourself; the user must have lockout enabled). */
export async function lockUser(services: Pick<Services, 'events'>, tx: Tx, ctx: Ctx, id: string, seconds: number) {
  const user = await getOwned(tx, ctx, users, USER, id);
  if (id === ctx.user?.id) throw businessError('AbpIdentity::CannotLockYourself');
  if (!user.lockoutEnabled) throw businessError('AbpIdentity::UserLockoutNotEnabled', { UserName: user.userName });
  await updateOwned(tx, ctx, users, USER, id, { lockoutEnd: new Date(Date.now() + seconds * 1000) });
  await services.events.emit(tx, UserSignInsEnded, { tenantId: ctx.tenant?.id ?? null, userId: id });
}

export async function unlockUser(tx: Tx, ctx: Ctx, id: string) {
  await getOwned(tx, ctx, users, USER, id);
  await updateOwned(tx, ctx, users, USER, id, { lockoutEnd: null, accessFailedCount: 0 });
}

// ---------- roles of a user ----------

export async function userRoleList(tx: Tx, ctx: Ctx, id: string) {
  await getOwned(tx, ctx, users, USER, id);
  const held = await roleIdsOf(tx, ctx, id);
  return held.length ? allRoles(tx, ctx, inArray(roles.id, held)) : { items: [] };
}

export async function setUserRoles(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: Ctx,
  id: string,
  roleNames: string[],
) {
  await getOwned(tx, ctx, users, USER, id);
  if (await setRoles(tx, ctx, id, roleNames, 'roleNames')) await rolesChanged(services, tx, ctx);
}

// ---------- organization units of a user ----------

export async function userUnits(tx: Tx, ctx: Ctx, id: string) {
  await getOwned(tx, ctx, users, USER, id);
  return { items: await unitsOfUser(tx, ctx, id) };
}

export async function removeUserUnit(tx: Tx, ctx: Ctx, id: string, ouId: string) {
  await getOwned(tx, ctx, users, USER, id);
  await removeUserFromUnit(tx, ctx, id, ouId);
}

export async function setUserUnits(tx: Tx, ctx: Ctx, id: string, unitIds: string[]) {
  await getOwned(tx, ctx, users, USER, id);
  await setUnitsOfUser(tx, ctx, id, unitIds);
}

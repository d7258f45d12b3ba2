import { asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type CrudContext, getOwned, insertOwned, owned, recordChange, updateOwned } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { auditedFields } from '../../core/db/columns.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { firstOwnedId } from '../../core/owned-rows.ts';
import { contains, containsPattern, startsWith } from '../../core/search.ts';
import type { Services } from '../../core/services.ts';
import { ownedItems } from './owned-items.ts';
import { ROLE, rolesChanged } from './roles.ts';
import {
  organizationUnitRoles,
  organizationUnits,
  organizationUnitUsers,
  roles,
  userSearchText,
  users,
} from './schema.ts';
import { USER } from './user-dto.ts';

/**
 * Organization units (`/api/identity/organization-units`): a tree whose codes are
 * dot-joined 5-digit units (`00001.00002`), with users and roles as members.
 */
export const OU = 'OrganizationUnit';
type Unit = typeof organizationUnits.$inferSelect;

const UNIT = 5;
const MAX_UNIT = 10 ** UNIT - 1;
export const childCode = (parentCode: string | null, n: number) =>
  `${parentCode ? `${parentCode}.` : ''}${String(n).padStart(UNIT, '0')}`;

export const toOuDto = (u: Unit) => ({
  id: u.id,
  tenantId: u.tenantId,
  parentId: u.parentId,
  code: u.code,
  displayName: u.displayName,
  concurrencyStamp: u.concurrencyStamp,
  extraProperties: u.extraProperties,
  ...auditedFields(u),
});

const subtree = (code: string) => or(eq(organizationUnits.code, code), startsWith(organizationUnits.code, `${code}.`));

/** The units as `{ id, name }`, by code: the users list's unit picker. */
export async function unitOptions(tx: Tx, ctx: CrudContext) {
  const rows = await tx
    .select({ id: organizationUnits.id, name: organizationUnits.displayName })
    .from(organizationUnits)
    .where(owned(ctx, organizationUnits))
    .orderBy(asc(organizationUnits.code));
  return { items: rows };
}

/** The tenant's units that `where` picks, by code. */
const unitsWhere = (tx: Tx, ctx: CrudContext, where?: SQL) =>
  ownedItems(tx, ctx, organizationUnits, [asc(organizationUnits.code)], toOuDto, where);

export const allUnits = (tx: Tx, ctx: CrudContext, filter?: string) =>
  unitsWhere(tx, ctx, filter ? contains(organizationUnits.displayName, filter) : undefined);

export const rootUnits = (tx: Tx, ctx: CrudContext) => unitsWhere(tx, ctx, isNull(organizationUnits.parentId));

/** Children of a unit (all descendants when `recursive`); no id = the roots. */
export async function childUnits(tx: Tx, ctx: CrudContext, id: string | undefined, recursive: boolean) {
  if (!id) return rootUnits(tx, ctx);
  const parent = await getOwned(tx, ctx, organizationUnits, OU, id);
  return unitsWhere(
    tx,
    ctx,
    recursive ? startsWith(organizationUnits.code, `${parent.code}.`) : eq(organizationUnits.parentId, parent.id),
  );
}

export async function getUnit(tx: Tx, ctx: CrudContext, id: string) {
  return toOuDto(await getOwned(tx, ctx, organizationUnits, OU, id));
}

async function assertUniqueName(tx: Tx, ctx: CrudContext, parentId: string | null, name: string, exceptId?: string) {
  const clash = await firstOwnedId(
    tx,
    ctx,
    organizationUnits,
    parentId ? eq(organizationUnits.parentId, parentId) : isNull(organizationUnits.parentId),
    sql`lower(${organizationUnits.displayName}) = lower(${name})`,
    exceptId ? sql`${organizationUnits.id} <> ${exceptId}` : undefined,
  );
  if (clash) throw fieldError('displayName', 'AbpIdentity::DuplicateOrganizationUnitDisplayName', [name]);
}

async function nextCode(tx: Tx, ctx: CrudContext, parent: Unit | null, member: string): Promise<string> {
  const siblings = await tx
    .select({ code: organizationUnits.code })
    .from(organizationUnits)
    .where(
      owned(
        ctx,
        organizationUnits,
        parent ? eq(organizationUnits.parentId, parent.id) : isNull(organizationUnits.parentId),
      ),
    );
  let max = 0;
  for (const s of siblings) {
    const last = Number(s.code.split('.').pop());
    if (Number.isFinite(last) && last > max) max = last;
  }
  if (max >= MAX_UNIT) throw fieldError(member, 'AbpIdentity::OrganizationUnitLevelFull');
  return childCode(parent?.code ?? null, max + 1);
}

export async function createUnit(tx: Tx, ctx: CrudContext, input: { parentId?: string | null; displayName: string }) {
  const parent = input.parentId ? await parentOrFieldError(tx, ctx, input.parentId) : null;
  await assertUniqueName(tx, ctx, parent?.id ?? null, input.displayName);
  const code = await nextCode(tx, ctx, parent, 'parentId');
  return toOuDto(
    await insertOwned(tx, ctx, organizationUnits, OU, {
      parentId: parent?.id ?? null,
      displayName: input.displayName,
      code,
    }),
  );
}

/** A named parent that does not exist (or is another tenant's) is a 400 on `parentId`. */
async function parentOrFieldError(tx: Tx, ctx: CrudContext, parentId: string): Promise<Unit> {
  const [parent] = await tx
    .select()
    .from(organizationUnits)
    .where(owned(ctx, organizationUnits, eq(organizationUnits.id, parentId)))
    .limit(1);
  if (!parent) throw fieldError('parentId', 'AbpIdentity::OrganizationUnitNotFound', [parentId]);
  return parent;
}

export async function updateUnit(
  tx: Tx,
  ctx: CrudContext,
  id: string,
  input: { displayName: string; concurrencyStamp?: string | null },
) {
  const current = await getOwned(tx, ctx, organizationUnits, OU, id);
  await assertUniqueName(tx, ctx, current.parentId, input.displayName, id);
  return toOuDto(
    await updateOwned(tx, ctx, organizationUnits, OU, id, { displayName: input.displayName }, input.concurrencyStamp),
  );
}

/**
 * Moves a unit under `parentId` (null = top level): it gets the next free code there and
 * every descendant's code is rewritten with the new prefix, in one statement.
 */
export async function moveUnit(tx: Tx, ctx: CrudContext, id: string, parentId: string | null) {
  const unit = await getOwned(tx, ctx, organizationUnits, OU, id);
  if ((unit.parentId ?? null) === (parentId ?? null)) return;
  const parent = parentId ? await parentOrFieldError(tx, ctx, parentId) : null;
  if (parent && (parent.id === unit.id || parent.code.startsWith(`${unit.code}.`))) {
    throw fieldError('parentId', 'AbpIdentity::OrganizationUnitMoveToChild');
  }
  await assertUniqueName(tx, ctx, parent?.id ?? null, unit.displayName, unit.id);
  const code = await nextCode(tx, ctx, parent, 'parentId');
  await tx
    .update(organizationUnits)
    .set({ code: sql`${code} || substr(${organizationUnits.code}, ${unit.code.length + 1})` })
    .where(owned(ctx, organizationUnits, subtree(unit.code)));
  await updateOwned(tx, ctx, organizationUnits, OU, id, { parentId: parent?.id ?? null });
}

/** Deletes a unit with all its descendants (their memberships go with them). */
export async function deleteUnit(services: Pick<Services, 'events'>, tx: Tx, ctx: CrudContext, id: string) {
  const unit = await getOwned(tx, ctx, organizationUnits, OU, id);
  const removed = await tx
    .delete(organizationUnits)
    .where(owned(ctx, organizationUnits, subtree(unit.code)))
    .returning();
  for (const r of removed) recordChange(ctx, OU, 2, r.id, r, {});
  await rolesChanged(services, tx, ctx);
}

// ---------- members ----------

const _userSearch = (filter: string | undefined) =>
  filter ? sql`${userSearchText} ilike ${containsPattern(filter)}` : undefined;

/**
 * The two kinds of unit members: the member's table, the link table and column, the request
 * member that names them and the texts used for them. Adding and removing work alike for both.
 */
const memberKinds = {
  user: {
    table: users,
    entityName: USER,
    link: organizationUnitUsers,
    linkUnit: organizationUnitUsers.organizationUnitId,
    linkMember: organizationUnitUsers.userId,
    key: 'userId',
    member: 'userIds',
    notFound: 'AbpIdentity::UserNotFound',
    change: 'OrganizationUnitUser',
  },
  role: {
    table: roles,
    entityName: ROLE,
    link: organizationUnitRoles,
    linkUnit: organizationUnitRoles.organizationUnitId,
    linkMember: organizationUnitRoles.roleId,
    key: 'roleId',
    member: 'roleIds',
    notFound: 'AbpIdentity::RoleNotFound',
    change: 'OrganizationUnitRole',
  },
} as const;
type MemberKind = (typeof memberKinds)[keyof typeof memberKinds];

/** Adds members to a unit; an id that is not one of the tenant's is a 400 on the kind's member (`userIds`, `roleIds`). */
async function addMembers(tx: Tx, ctx: CrudContext, kind: MemberKind, id: string, memberIds: string[]) {
  await getOwned(tx, ctx, organizationUnits, OU, id);
  const found = await tx
    .select({ id: kind.table.id })
    .from(kind.table)
    .where(owned(ctx, kind.table, inArray(kind.table.id, memberIds)));
  const missing = memberIds.find((m) => !found.some((f) => f.id === m));
  if (missing) throw fieldError(kind.member, kind.notFound, [missing]);
  await tx
    .insert(kind.link)
    .values(
      found.map((m) => ({
        tenantId: ctx.tenant?.id ?? null,
        organizationUnitId: id,
        [kind.key]: m.id,
        creatorId: ctx.user?.id ?? null,
      })) as never[],
    )
    .onConflictDoNothing();
  for (const m of found) recordChange(ctx, kind.change, 0, `${id}:${m.id}`, {}, { [kind.key]: m.id });
}

/** Removes one member from a unit (404 for a unit or member that is not the tenant's). */
async function removeMember(tx: Tx, ctx: CrudContext, kind: MemberKind, id: string, memberId: string) {
  await getOwned(tx, ctx, organizationUnits, OU, id);
  await getOwned(tx, ctx, kind.table, kind.entityName, memberId);
  await tx.delete(kind.link).where(owned(ctx, kind.link, eq(kind.linkUnit, id), eq(kind.linkMember, memberId)));
  recordChange(ctx, kind.change, 2, `${id}:${memberId}`, { [kind.key]: memberId }, {});
}

export const addUnitUsers = (tx: Tx, ctx: CrudContext, id: string, userIds: string[]) =>
  addMembers(tx, ctx, memberKinds.user, id, userIds);
export const addUnitRoles = (tx: Tx, ctx: CrudContext, id: string, roleIds: string[]) =>
  addMembers(tx, ctx, memberKinds.role, id, roleIds);
export const removeUnitUser = (tx: Tx, ctx: CrudContext, id: string, userId: string) =>
  removeMember(tx, ctx, memberKinds.user, id, userId);
export const removeUnitRole = (tx: Tx, ctx: CrudContext, id: string, roleId: string) =>
  removeMember(tx, ctx, memberKinds.role, id, roleId);

/** Units a user belongs to. */
export async function unitsOfUser(tx: Tx, ctx: CrudContext, userId: string) {
  const rows = await tx
    .select({ unit: organizationUnits })
    .from(organizationUnitUsers)
    .innerJoin(organizationUnits, eq(organizationUnits.id, organizationUnitUsers.organizationUnitId))
    .where(owned(ctx, organizationUnitUsers, eq(organizationUnitUsers.userId, userId)))
    .orderBy(asc(organizationUnits.code));
  return rows.map((r) => toOuDto(r.unit));
}

/** Replaces a user's units; an unknown unit id is a 400 on `organizationUnitIds`. */
export async function setUnitsOfUser(tx: Tx, ctx: CrudContext, userId: string, unitIds: string[]) {
  const wanted = [...new Set(unitIds)];
  if (wanted.length) {
    const found = await tx
      .select({ id: organizationUnits.id })
      .from(organizationUnits)
      .where(owned(ctx, organizationUnits, inArray(organizationUnits.id, wanted)));
    const missing = wanted.find((u) => !found.some((f) => f.id === u));
    if (missing) throw fieldError('organizationUnitIds', 'AbpIdentity::OrganizationUnitNotFound', [missing]);
  }
  const before = await tx
    .select({ id: organizationUnitUsers.organizationUnitId })
    .from(organizationUnitUsers)
    .where(owned(ctx, organizationUnitUsers, eq(organizationUnitUsers.userId, userId)));
  const had = new Set(before.map((b) => b.id));
  const toRemove = [...had].filter((u) => !wanted.includes(u));
  const toAdd = wanted.filter((u) => !had.has(u));
  if (toRemove.length) {
    await leaveUnits(tx, ctx, userId, inArray(organizationUnitUsers.organizationUnitId, toRemove));
  }
  if (toAdd.length) {
    await tx.insert(organizationUnitUsers).values(
      toAdd.map((ou) => ({
        tenantId: ctx.tenant?.id ?? null,
        organizationUnitId: ou,
        userId,
        creatorId: ctx.user?.id ?? null,
      })),
    );
  }
  if (toAdd.length || toRemove.length) {
    recordChange(
      ctx,
      'IdentityUserOrganizationUnits',
      1,
      userId,
      { organizationUnitIds: [...had] },
      { organizationUnitIds: wanted },
    );
  }
}

/** Takes user `userId` out of the units `which` picks (their memberships only; no audit entry). */
const leaveUnits = (tx: Tx, ctx: CrudContext, userId: string, which: SQL) =>
  tx
    .delete(organizationUnitUsers)
    .where(owned(ctx, organizationUnitUsers, eq(organizationUnitUsers.userId, userId), which));

export async function removeUserFromUnit(tx: Tx, ctx: CrudContext, userId: string, unitId: string) {
  const unit = await firstOwnedId(tx, ctx, organizationUnits, eq(organizationUnits.id, unitId));
  if (!unit) throw notFound(OU, unitId);
  await leaveUnits(tx, ctx, userId, eq(organizationUnitUsers.organizationUnitId, unitId));
  recordChange(ctx, 'OrganizationUnitUser', 2, `${unitId}:${userId}`, { userId }, {});
}

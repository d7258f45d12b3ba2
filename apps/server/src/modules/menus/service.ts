import type { MenuAllQuery, MenuInput, MenuUpdateInput } from '@seller/contracts/menus';
import { menuList } from '@seller/contracts/menus';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import {
  type CrudContext,
  deleteOwned,
  getOwned,
  insertOwned,
  orderBy,
  owned,
  recordChange,
  updateOwned,
} from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { auditedFields } from '../../core/db/columns.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { listService } from '../../core/lists.ts';
import { contains, startsWith } from '../../core/search.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { roles, userRoles, users } from '../identity/index.ts';
import { layouts, type MenuMeta, menus, roleMenus, userMenus } from './schema.ts';

type Menu = typeof menus.$inferSelect;
type Ctx = CrudContext & Pick<RequestContext, 'clientId'>;

export const MENU = 'Menu';
const UNIT = 5;
const MAX_UNIT = 10 ** UNIT - 1;

/** `00001.00002`: the code of the n-th child (1-based) under `parentCode`. */
export const childCode = (parentCode: string | null, n: number) =>
  `${parentCode ? `${parentCode}.` : ''}${String(n).padStart(UNIT, '0')}`;

/** A menu whose component is a layout placeholder (no page of its own). */
export const isGroupComponent = (component: string | null | undefined) =>
  !component || /^(layout|routeview|parentview|blank)(\/index)?$/i.test(component.trim());

export function toMenuDto(m: Menu, startup = false) {
  return {
    id: m.id,
    parentId: m.parentId,
    layoutId: m.layoutId,
    code: m.code,
    level: m.code.split('.').length - 1,
    path: m.path,
    name: m.name,
    displayName: m.displayName,
    description: m.description,
    component: m.component,
    redirect: m.redirect,
    platformType: m.platformType,
    isPublic: m.isPublic,
    sort: m.sort,
    startup,
    meta: m.meta as Record<string, unknown>,
    concurrencyStamp: m.concurrencyStamp,
    ...auditedFields(m),
  };
}

/** `(menu.platformType & requested) != 0`; `None` (0) asks for every platform. */
export const matchesPlatform = (menuType: number, requested: number) => requested === 0 || (menuType & requested) !== 0;

const platformWhere = (requested: number | undefined) =>
  requested ? sql`(${menus.platformType} & ${requested}) <> 0` : undefined;

const sortable = {
  name: menus.name,
  displayName: menus.displayName,
  code: menus.code,
  path: menus.path,
  sort: menus.sort,
  platformType: menus.platformType,
  creationTime: menus.creationTime,
};

function menuFilter(ctx: Ctx, q: Pick<MenuAllQuery, 'filter' | 'platformType' | 'layoutId' | 'parentId'>) {
  return owned(
    ctx,
    menus,
    q.filter
      ? or(
          contains(menus.name, q.filter),
          contains(menus.displayName, q.filter),
          contains(menus.path, q.filter),
          contains(menus.code, q.filter),
        )
      : undefined,
    platformWhere(q.platformType),
    q.layoutId ? eq(menus.layoutId, q.layoutId) : undefined,
    q.parentId ? eq(menus.parentId, q.parentId) : undefined,
  );
}

const defaultOrder = (reverse: boolean) =>
  reverse ? [desc(menus.sort), desc(menus.code)] : [asc(menus.sort), asc(menus.code)];

export async function getMenu(tx: Tx, ctx: Ctx, id: string) {
  return toMenuDto(await getOwned(tx, ctx, menus, MENU, id));
}

/** The menus list in display order; ABP's `reverse` turns it round, its other members are the scope's. */
export const menuListService = listService(menuList, {
  table: menus,
  search: [menus.name, menus.displayName, menus.path, menus.code],
  filters: {},
  sorts: { code: menus.code, name: menus.name, sort: menus.sort },
  sortOf: (q) => (q.reverse ? 'sort desc, code desc' : undefined),
  scope: (_s, _tx, _ctx, q) =>
    and(
      platformWhere(q.platformType as number | undefined),
      q.layoutId ? eq(menus.layoutId, q.layoutId as string) : undefined,
      q.parentId ? eq(menus.parentId, q.parentId as string) : undefined,
    ),
  items: (_tx, _ctx, rows: Menu[]) => rows.map((m) => toMenuDto(m)),
});

export async function allMenus(tx: Tx, ctx: Ctx, q: MenuAllQuery) {
  const rows = await tx
    .select()
    .from(menus)
    .where(menuFilter(ctx, q))
    .orderBy(...orderBy(q.sorting, sortable, defaultOrder(q.reverse)));
  return { items: rows.map((m) => toMenuDto(m)) };
}

async function assertLayout(tx: Tx, ctx: Ctx, layoutId: string | null | undefined) {
  if (layoutId) await getOwned(tx, ctx, layouts, 'Layout', layoutId);
}

async function assertUniqueName(tx: Tx, ctx: Ctx, parentId: string | null, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: menus.id })
    .from(menus)
    .where(
      owned(
        ctx,
        menus,
        parentId ? eq(menus.parentId, parentId) : isNull(menus.parentId),
        sql`lower(${menus.name}) = lower(${name})`,
        exceptId ? sql`${menus.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (clash) throw fieldError('name', 'AppPlatform::MenuNameExists', [name]);
}

/** The next free code under a parent (null = top level). */
async function nextCode(tx: Tx, ctx: Ctx, parent: Menu | null): Promise<string> {
  const siblings = await tx
    .select({ code: menus.code })
    .from(menus)
    .where(owned(ctx, menus, parent ? eq(menus.parentId, parent.id) : isNull(menus.parentId)));
  let max = 0;
  for (const s of siblings) {
    const last = Number(s.code.split('.').pop());
    if (Number.isFinite(last) && last > max) max = last;
  }
  if (max >= MAX_UNIT) throw fieldError('parentId', 'AppPlatform::MenuLevelFull');
  return childCode(parent?.code ?? null, max + 1);
}

function menuValues(input: MenuInput) {
  return {
    layoutId: input.layoutId ?? null,
    parentId: input.parentId ?? null,
    name: input.name,
    displayName: input.displayName,
    description: input.description ?? null,
    path: input.path,
    component: input.component,
    redirect: input.redirect ?? null,
    platformType: input.platformType,
    isPublic: input.isPublic,
    sort: input.sort,
    meta: input.meta as MenuMeta,
  };
}

export async function createMenu(tx: Tx, ctx: Ctx, input: MenuInput) {
  const parent = input.parentId ? await getOwned(tx, ctx, menus, MENU, input.parentId) : null;
  await assertLayout(tx, ctx, input.layoutId);
  await assertUniqueName(tx, ctx, parent?.id ?? null, input.name);
  const code = await nextCode(tx, ctx, parent);
  const created = await insertOwned(tx, ctx, menus, MENU, { ...menuValues(input), code });
  return toMenuDto(created);
}

export async function updateMenu(tx: Tx, ctx: Ctx, id: string, input: MenuUpdateInput) {
  const current = await getOwned(tx, ctx, menus, MENU, id);
  const parentId = input.parentId ?? null;
  let code = current.code;
  if (parentId !== current.parentId) {
    const parent = parentId ? await getOwned(tx, ctx, menus, MENU, parentId) : null;
    if (parent && (parent.id === current.id || parent.code.startsWith(`${current.code}.`))) {
      throw fieldError('parentId', 'AppPlatform::MenuParentCycle');
    }
    code = await nextCode(tx, ctx, parent);
  }
  await assertLayout(tx, ctx, input.layoutId);
  await assertUniqueName(tx, ctx, parentId, input.name, id);
  const updated = await updateOwned(tx, ctx, menus, MENU, id, { ...menuValues(input), code }, input.concurrencyStamp);
  if (code !== current.code) {
    // children move along: their codes keep their tail under the new prefix
    await tx
      .update(menus)
      .set({ code: sql`${code} || substr(${menus.code}, ${current.code.length + 1})` })
      .where(owned(ctx, menus, startsWith(menus.code, `${current.code}.`)));
  }
  return toMenuDto(updated);
}

/** Deletes a menu with its children (their role and user links go with them). */
export async function deleteMenu(tx: Tx, ctx: Ctx, id: string) {
  const menu = await getOwned(tx, ctx, menus, MENU, id);
  const children = await tx
    .delete(menus)
    .where(owned(ctx, menus, startsWith(menus.code, `${menu.code}.`)))
    .returning();
  for (const c of children) recordChange(ctx, MENU, 2, c.id, c, {});
  await deleteOwned(tx, ctx, menus, MENU, id);
}

/** A role of the caller's tenant by name (another tenant's is a 404). */
async function findRoleName(tx: Tx, ctx: Ctx, role: string): Promise<string> {
  const [row] = await tx
    .select({ name: roles.name })
    .from(roles)
    .where(owned(ctx, roles, eq(roles.normalizedName, normalizeName(role))))
    .limit(1);
  if (!row) throw notFound('IdentityRole', role);
  return row.name;
}

async function assertUser(tx: Tx, ctx: Ctx, userId: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(owned(ctx, users, eq(users.id, userId)))
    .limit(1);
  if (!row) throw notFound('IdentityUser', userId);
}

export async function roleMenuList(tx: Tx, ctx: Ctx, role: string, platformType: number) {
  const roleName = await findRoleName(tx, ctx, role);
  const rows = await tx
    .select({ menu: menus, startup: roleMenus.startup })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(and(owned(ctx, roleMenus, eq(roleMenus.roleName, roleName)), owned(ctx, menus, platformWhere(platformType))))
    .orderBy(asc(menus.sort), asc(menus.code));
  return { items: rows.map((r) => toMenuDto(r.menu, r.startup)) };
}

export async function userMenuList(tx: Tx, ctx: Ctx, userId: string, platformType: number) {
  await assertUser(tx, ctx, userId);
  const rows = await tx
    .select({ menu: menus, startup: userMenus.startup })
    .from(userMenus)
    .innerJoin(menus, eq(menus.id, userMenus.menuId))
    .where(and(owned(ctx, userMenus, eq(userMenus.userId, userId)), owned(ctx, menus, platformWhere(platformType))))
    .orderBy(asc(menus.sort), asc(menus.code));
  return { items: rows.map((r) => toMenuDto(r.menu, r.startup)) };
}

/** All `menuIds` must be menus of the caller's tenant (another tenant's id is a 404). */
async function assertMenus(tx: Tx, ctx: Ctx, menuIds: string[]) {
  if (!menuIds.length) return;
  const found = await tx
    .select({ id: menus.id })
    .from(menus)
    .where(owned(ctx, menus, inArray(menus.id, menuIds)));
  const ids = new Set(found.map((r) => r.id));
  const missing = menuIds.find((id) => !ids.has(id));
  if (missing) throw notFound(MENU, missing);
}

/** Replaces the menus linked to a role. */
export async function setRoleMenus(
  tx: Tx,
  ctx: Ctx,
  input: { roleName: string; menuIds: string[]; startupMenuId?: string | null },
) {
  const roleName = await findRoleName(tx, ctx, input.roleName);
  const menuIds = [...new Set(input.menuIds)];
  await assertMenus(tx, ctx, menuIds);
  await tx.delete(roleMenus).where(owned(ctx, roleMenus, eq(roleMenus.roleName, roleName)));
  if (menuIds.length) {
    await tx.insert(roleMenus).values(
      menuIds.map((menuId) => ({
        tenantId: ctx.tenant?.id ?? null,
        roleName,
        menuId,
        startup: menuId === input.startupMenuId,
      })),
    );
  }
  recordChange(ctx, 'RoleMenu', 1, roleName, {}, { menuIds: menuIds.join(','), startupMenuId: input.startupMenuId });
}

/** Replaces the menus linked to a user. */
export async function setUserMenus(
  tx: Tx,
  ctx: Ctx,
  input: { userId: string; menuIds: string[]; startupMenuId?: string | null },
) {
  await assertUser(tx, ctx, input.userId);
  const menuIds = [...new Set(input.menuIds)];
  await assertMenus(tx, ctx, menuIds);
  await tx.delete(userMenus).where(owned(ctx, userMenus, eq(userMenus.userId, input.userId)));
  if (menuIds.length) {
    await tx.insert(userMenus).values(
      menuIds.map((menuId) => ({
        tenantId: ctx.tenant?.id ?? null,
        userId: input.userId,
        menuId,
        startup: menuId === input.startupMenuId,
      })),
    );
  }
  recordChange(
    ctx,
    'UserMenu',
    1,
    input.userId,
    {},
    { menuIds: menuIds.join(','), startupMenuId: input.startupMenuId },
  );
}

/** Whether the held permissions satisfy a menu's `meta.permission` / `meta.permissions` (any of). */
export function menuPermitted(meta: MenuMeta | null | undefined, held: ReadonlySet<string>): boolean {
  if (!meta) return true;
  const single = typeof meta.permission === 'string' && meta.permission ? [meta.permission] : [];
  const many = Array.isArray(meta.permissions)
    ? meta.permissions.filter((p): p is string => typeof p === 'string')
    : [];
  const required = [...single, ...many];
  if (single.length && many.length) {
    // both given: the single one is required, and one of the list
    return held.has(single[0]) && many.some((p) => held.has(p));
  }
  return required.length === 0 || required.some((p) => held.has(p));
}

/**
 * The signed-in user's menus (flat): their own links ∪ their roles' links (roles read
 * from the database) ∪ public menus, of the requested platform types, without entries
 * whose meta asks for a permission the user lacks (`held`: the caller's grants, read before
 * the unit), plus the parents of what is left. Groups left without children are dropped.
 */
export async function currentUserMenus(tx: Tx, ctx: Ctx, platformType: number, held: ReadonlySet<string>) {
  const userId = ctx.user?.id;
  const all = await tx.select().from(menus).where(owned(ctx, menus));
  const links = new Set<string>();
  const ownStartup = new Set<string>();
  const roleStartup = new Set<string>();
  if (userId) {
    const own = await tx
      .select({ menuId: userMenus.menuId, startup: userMenus.startup })
      .from(userMenus)
      .where(owned(ctx, userMenus, eq(userMenus.userId, userId)));
    const roleNames = (
      await tx
        .select({ name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(owned(ctx, userRoles, eq(userRoles.userId, userId)))
    ).map((r) => r.name);
    const viaRoles = roleNames.length
      ? await tx
          .select({ menuId: roleMenus.menuId, startup: roleMenus.startup })
          .from(roleMenus)
          .where(owned(ctx, roleMenus, inArray(roleMenus.roleName, roleNames)))
      : [];
    for (const l of own) {
      links.add(l.menuId);
      if (l.startup) ownStartup.add(l.menuId);
    }
    for (const l of viaRoles) {
      links.add(l.menuId);
      if (l.startup) roleStartup.add(l.menuId);
    }
  }

  const byId = new Map(all.map((m) => [m.id, m]));
  const permitted = new Map<string, boolean>();
  const isPermitted = (m: Menu): boolean => {
    let v = permitted.get(m.id);
    if (v === undefined) {
      const parent = m.parentId ? byId.get(m.parentId) : undefined;
      v = menuPermitted(m.meta, held) && (!parent || isPermitted(parent));
      permitted.set(m.id, v);
    }
    return v;
  };

  const chosen = new Set<string>();
  for (const m of all) {
    if ((m.isPublic || links.has(m.id)) && matchesPlatform(m.platformType, platformType) && isPermitted(m)) {
      for (
        let cur: Menu | undefined = m;
        cur && !chosen.has(cur.id);
        cur = cur.parentId ? byId.get(cur.parentId) : undefined
      ) {
        chosen.add(cur.id);
      }
    }
  }

  // A group whose children were all filtered out shows nothing: drop it (bottom-up).
  const hasChildren = new Set(all.filter((m) => m.parentId).map((m) => m.parentId!));
  let changed = true;
  while (changed) {
    changed = false;
    const chosenParents = new Set([...chosen].map((id) => byId.get(id)!.parentId).filter(Boolean));
    for (const id of chosen) {
      const m = byId.get(id)!;
      if (hasChildren.has(id) && isGroupComponent(m.component) && !chosenParents.has(id)) {
        chosen.delete(id);
        changed = true;
      }
    }
  }

  const sorted = [...chosen].map((id) => byId.get(id)!).sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code));
  // One home page at most: the user's own startup menu before their roles' (the first in
  // menu order among several roles), and only a page the user may open.
  const isHome = (m: Menu, from: Set<string>) => from.has(m.id) && !isGroupComponent(m.component);
  const startup = sorted.find((m) => isHome(m, ownStartup)) ?? sorted.find((m) => isHome(m, roleStartup));
  return { items: sorted.map((m) => toMenuDto(m, m === startup)) };
}

/**
 * On identity's events (`menus/events.ts`), inside the role's or user's transaction: role menu
 * links are keyed by role name, so a renamed role keeps its menus and a deleted one drops them;
 * a deleted user's own links go.
 */
const linksOf = (tenantId: string | null) => (tenantId ? eq(roleMenus.tenantId, tenantId) : isNull(roleMenus.tenantId));

export async function renameRoleMenus(tx: Tx, tenantId: string | null, oldName: string, newName: string) {
  await tx
    .update(roleMenus)
    .set({ roleName: newName })
    .where(and(linksOf(tenantId), eq(roleMenus.roleName, oldName)));
}

export async function deleteRoleMenus(tx: Tx, tenantId: string | null, roleName: string) {
  await tx.delete(roleMenus).where(and(linksOf(tenantId), eq(roleMenus.roleName, roleName)));
}

export async function deleteUserMenus(tx: Tx, tenantId: string | null, userId: string) {
  await tx
    .delete(userMenus)
    .where(and(tenantId ? eq(userMenus.tenantId, tenantId) : isNull(userMenus.tenantId), eq(userMenus.userId, userId)));
}

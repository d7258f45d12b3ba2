import { z } from 'zod';
import { PlatformType } from '../constants.ts';
import { audit, describedNames, emptyToUndefined, guid, queryFlag, sort, stamp } from '../fields.ts';
import { column, unfilteredList } from '../lists.ts';
import { pagedQuery } from '../paging.ts';

/** Layouts and menus (spec §7): request and response shapes, shared by the server and the web forms. */

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || null : v), z.string().max(max).nullable().optional());

/** A platform type: one flag or a combination of them (bits of `PlatformType`). */
export const platformTypeSchema = z.coerce.number().int().min(0).max(PlatformType.All);

/** The known route meta members (spec §3 menu item); the web form edits them one by one. */
export const menuMetaFields = {
  title: z.string().max(128).optional(),
  icon: z.string().max(128).optional(),
  hidden: z.boolean().optional(),
  alwaysShow: z.boolean().optional(),
  noCache: z.boolean().optional(),
  affix: z.boolean().optional(),
  breadcrumb: z.boolean().optional(),
  activeMenu: z.string().max(256).optional(),
  roles: z.array(z.string().max(256)).max(50).optional(),
  /** The entry is shown to users granted this permission … */
  permission: z.string().max(128).optional(),
  /** … or any of these. */
  permissions: z.array(z.string().max(128)).max(50).optional(),
};

/** Route meta plus `permission`/`permissions` (any of) gating the entry; other members are kept. */
export const menuMetaSchema = z
  .object(menuMetaFields)
  .catchall(z.unknown())
  .refine((m) => JSON.stringify(m).length <= 4096, { message: 'Value:Invalid' });
export type MenuMeta = z.infer<typeof menuMetaSchema>;

const nullableGuid = z.preprocess(emptyToUndefined, guid.nullable().optional());

/** What a menu entry and a layout both are: a named, described route. */
const routeFields = {
  name: z.string().trim().min(1).max(64),
  displayName: z.string().trim().min(1).max(128),
  description: optionalText(256),
  path: z.string().trim().min(1).max(256),
};

export const menuInput = z.object({
  layoutId: nullableGuid,
  parentId: nullableGuid,
  ...routeFields,
  component: z.string().trim().max(256).default(''),
  redirect: optionalText(256),
  platformType: platformTypeSchema.default(PlatformType.Web),
  isPublic: z.boolean().default(false),
  sort,
  meta: menuMetaSchema.default({}),
});
export type MenuInput = z.infer<typeof menuInput>;

export const menuUpdateInput = menuInput.extend(stamp);
export type MenuUpdateInput = z.infer<typeof menuUpdateInput>;

const reverse = queryFlag.transform((v) => v === 'true' || v === '1');

/**
 * The platform bitmask (`56` = every web flag): not one of a list's declared filters (a
 * combination of flags is no enum), so the lists take it as a member of their own.
 */
const platformTypeFilter = z.preprocess(emptyToUndefined, platformTypeSchema.optional());

/** Members ABP's menu and layout lists take beyond their declarations: the platform bitmask and `reverse`. */
export const platformListMembers = { platformType: platformTypeFilter, reverse };
export const menuListMembers = {
  ...platformListMembers,
  layoutId: z.preprocess(emptyToUndefined, guid.optional()),
  parentId: z.preprocess(emptyToUndefined, guid.optional()),
};

const menuFilters = {
  platformType: z.preprocess(emptyToUndefined, platformTypeSchema.optional()),
  layoutId: z.preprocess(emptyToUndefined, guid.optional()),
  parentId: z.preprocess(emptyToUndefined, guid.optional()),
  reverse,
};

/**
 * The menus list (`GET /api/platform/menus`: `filter`, `sorting`, `skipCount`, `maxResultCount`,
 * `platformType`, `layoutId`, `parentId`, `reverse`), in display order (sort, then code).
 */
export const menuList = unfilteredList('AppPlatform', 'Menus', {
  columns: {
    code: column.text({ header: 'DisplayName:Code', sort: true, width: 160 }),
    name: column.text({ header: 'DisplayName:Name', sort: true, width: 160 }),
    displayName: column.text({ header: 'DisplayName:DisplayName', width: 180 }),
    path: column.text({ header: 'DisplayName:Path', width: 200 }),
    component: column.text({ header: 'DisplayName:Component', hidden: true }),
    sort: column.quantity({ header: 'DisplayName:Sort', sort: true, width: 100 }),
    isPublic: column.bool({ header: 'DisplayName:IsPublic', width: 100 }),
  },
  defaultSort: 'sort asc, code asc',
});

export const menuAllQuery = pagedQuery.pick({ filter: true, sorting: true }).extend(menuFilters);
export type MenuAllQuery = z.infer<typeof menuAllQuery>;

export const currentUserMenuQuery = z.object({
  platformType: z.preprocess(emptyToUndefined, platformTypeSchema.default(PlatformType.Web)),
});

export const menuIdParams = z.object({ id: guid });

export const roleMenuParams = z.object({ role: z.string().trim().min(1).max(256), platformType: platformTypeSchema });
export const userMenuParams = z.object({ userId: guid, platformType: platformTypeSchema });

const menuIds = z.array(guid).max(2000);
/** The menus a role (or a user) sees, and the one it starts on. */
export const roleMenuInput = z.object({
  roleName: z.string().trim().min(1).max(256),
  menuIds,
  startupMenuId: nullableGuid,
});
export type RoleMenuInput = z.infer<typeof roleMenuInput>;
export const userMenuInput = z.object({ userId: guid, menuIds, startupMenuId: nullableGuid });
export type UserMenuInput = z.infer<typeof userMenuInput>;

export const layoutInput = z.object({
  ...routeFields,
  redirect: optionalText(256),
  platformType: platformTypeSchema.default(PlatformType.Web),
  meta: menuMetaSchema.default({}),
});
export type LayoutInput = z.infer<typeof layoutInput>;
export const layoutUpdateInput = layoutInput.extend(stamp);
export type LayoutUpdateInput = z.infer<typeof layoutUpdateInput>;

/**
 * The layouts list (`GET /api/platform/layouts`: `filter`, `sorting`, `skipCount`,
 * `maxResultCount`, `platformType`, `reverse`).
 */
export const layoutList = unfilteredList('AppPlatform', 'Layouts', {
  columns: {
    name: column.text({ header: 'DisplayName:Name', sort: true, width: 160 }),
    displayName: column.text({ header: 'DisplayName:DisplayName', sort: true, width: 180 }),
    path: column.text({ header: 'DisplayName:Path', sort: true, width: 200 }),
    redirect: column.text({ header: 'DisplayName:Redirect', width: 160 }),
    platformType: column.text({ header: 'DisplayName:PlatformType', width: 140 }),
    description: column.text({ header: 'DisplayName:Description', hidden: true }),
  },
  defaultSort: 'name asc',
});
export const layoutAllQuery = pagedQuery
  .pick({ filter: true, sorting: true })
  .extend({ platformType: platformTypeFilter, reverse });
export type LayoutAllQuery = z.infer<typeof layoutAllQuery>;

/** What a menu entry and a layout both answer beyond their names: where it leads, for which platform, its metadata. */
const answeredRoute = {
  path: z.string(),
  redirect: z.string().nullable(),
  platformType: z.number().int(),
  /** As stored (not checked again on the way out); read it as `MenuMeta`. */
  meta: z.record(z.string(), z.unknown()),
};

export const menuDto = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  layoutId: z.string().nullable(),
  code: z.string(),
  level: z.number().int(),
  ...answeredRoute,
  ...describedNames,
  component: z.string(),
  isPublic: z.boolean(),
  sort: z.number().int(),
  startup: z.boolean(),
  ...audit,
});

export const layoutDto = z.object({
  id: z.string(),
  ...describedNames,
  ...answeredRoute,
  ...audit,
});

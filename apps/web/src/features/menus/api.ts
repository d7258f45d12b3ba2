import { PlatformType } from '@seller/contracts/constants';
import type { Json } from '@seller/contracts/fields';
import type { layoutDto, layoutUpdateInput, MenuMeta, menuDto, menuUpdateInput } from '@seller/contracts/menus';
import type { z } from 'zod';
import type { CrudQuery } from '../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import { localize } from '../../lib/i18n/index.ts';

/** Layouts and menus of the platform module (spec §7 Layouts, Menus): shapes (the server's schemas, as JSON), calls and texts. */

/** A menu's route meta (`title`, `icon`, `permission`…; other members are kept as they are). */
export type { MenuMeta };

export type LayoutDto = Json<Omit<z.infer<typeof layoutDto>, 'meta'>> & { meta: MenuMeta };
export type LayoutInput = z.input<typeof layoutUpdateInput>;
export type MenuItemDto = Json<Omit<z.infer<typeof menuDto>, 'meta'>> & { meta: MenuMeta };
export type MenuInput = z.input<typeof menuUpdateInput>;

export const LAYOUTS_URL = '/api/platform/layouts';
const LAYOUTS = LAYOUTS_URL;
const MENUS = '/api/platform/menus';

export const layoutsApi = {
  list: (q: CrudQuery, signal?: AbortSignal) => http.get<PagedResult<LayoutDto>>(LAYOUTS, { ...q }, { signal }),
  all: () => http.get<ListResult<LayoutDto>>(`${LAYOUTS}/all`),
  create: (input: LayoutInput) => http.post<LayoutDto>(LAYOUTS, input),
  update: (id: string, input: LayoutInput) => http.put<LayoutDto>(`${LAYOUTS}/{id}`, input, { path: { id } }),
  remove: (id: string) => http.delete<void>(`${LAYOUTS}/{id}`, undefined, { path: { id } }),
};

export const menusApi = {
  all: (params: { filter?: string; platformType?: number } = {}) =>
    http.get<ListResult<MenuItemDto>>(`${MENUS}/all`, params),
  create: (input: MenuInput) => http.post<MenuItemDto>(MENUS, input),
  update: (id: string, input: MenuInput) => http.put<MenuItemDto>(`${MENUS}/{id}`, input, { path: { id } }),
  remove: (id: string) => http.delete<void>(`${MENUS}/{id}`, undefined, { path: { id } }),
  byRole: (role: string, platformType: number) =>
    http.get<ListResult<MenuItemDto>>(`${MENUS}/by-role/{role}/{platformType}`, undefined, {
      path: { role, platformType },
      // an unknown role is shown in the page
      notify: (e) => e.status !== 404,
    }),
  byUser: (userId: string, platformType: number) =>
    http.get<ListResult<MenuItemDto>>(`${MENUS}/by-user/{userId}/{platformType}`, undefined, {
      path: { userId, platformType },
    }),
  setRoleMenus: (roleName: string, menuIds: string[], startupMenuId: string | null) =>
    http.put<void>(`${MENUS}/by-role`, { roleName, menuIds, startupMenuId }),
  setUserMenus: (userId: string, menuIds: string[], startupMenuId: string | null) =>
    http.put<void>(`${MENUS}/by-user`, { userId, menuIds, startupMenuId }),
};

/** Roles and users to assign menus to (identity module endpoints, ABP shapes). */
export const identityLookups = {
  roles: () =>
    http.get<ListResult<{ id: string; name: string }>>('/api/identity/roles/all', undefined, { notify: false }),
  users: (filter: string) =>
    http.get<PagedResult<{ id: string; userName: string; name: string | null; email: string | null }>>(
      '/api/identity/users',
      { filter, maxResultCount: 20, skipCount: 0 },
      { notify: false },
    ),
};

/** The single platform flags (bit values) offered as checkboxes; the combined ones are shortcuts. */
export const platformFlags: { value: number; key: string }[] = [
  { value: PlatformType.WinCe, key: 'WinCe' },
  { value: PlatformType.WinForm, key: 'WinForm' },
  { value: PlatformType.WebForm, key: 'WebForm' },
  { value: PlatformType.WebMvc, key: 'WebMvc' },
  { value: PlatformType.WebMvvm, key: 'WebMvvm' },
  { value: PlatformType.Android, key: 'Android' },
  { value: PlatformType.iOS, key: 'iOS' },
  { value: PlatformType.MiniProgram, key: 'MiniProgram' },
];

export const platformShortcuts: { value: number; key: string }[] = [
  { value: PlatformType.Web, key: 'Web' },
  { value: PlatformType.Mobile, key: 'Mobile' },
  { value: PlatformType.All, key: 'All' },
];

/** 56 → [8, 16, 32]. */
export const flagsOf = (type: number) => platformFlags.filter((f) => (type & f.value) !== 0).map((f) => f.value);
export const typeOf = (flags: number[]) => flags.reduce((a, b) => a | b, 0);

/** Short label of a platform type: a named combination, else the single flags. */
export function platformLabel(type: number): string {
  const named = [...platformShortcuts, ...platformFlags].find((f) => f.value === type);
  if (named) return LP(`Platform:${named.key}`);
  return platformFlags
    .filter((f) => (type & f.value) !== 0)
    .map((f) => LP(`Platform:${f.key}`))
    .join(', ');
}

/** Texts of the layouts and menus pages (server resource AppPlatform). */
export const LP = (key: string, ...args: unknown[]) => localize(`AppPlatform::${key}`, ...args);

export interface MenuTreeNode extends MenuItemDto {
  children?: MenuTreeNode[];
}

/** Flat menus (any order) → tree by parentId, siblings by sort then code. */
export function toTree(items: MenuItemDto[]): MenuTreeNode[] {
  const byId = new Map<string, MenuTreeNode>(items.map((m) => [m.id, { ...m }]));
  const roots: MenuTreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  const sort = (list: MenuTreeNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code));
    for (const n of list) if (n.children) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** Every node of a menu tree, by id. */
export function nodesById(tree: MenuTreeNode[]): Map<string, MenuTreeNode> {
  const map = new Map<string, MenuTreeNode>();
  const walk = (nodes: MenuTreeNode[]) => {
    for (const n of nodes) {
      map.set(n.id, n);
      walk(n.children ?? []);
    }
  };
  walk(tree);
  return map;
}

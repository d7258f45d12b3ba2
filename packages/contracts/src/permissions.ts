/**
 * How modules declare permissions, shared by server and web. Each module declares its group in
 * `<module>/permissions.ts`: permissions with their parent, the side (host, tenant or both) that
 * may hold them and their display names; the server's kernel registers the groups of the modules
 * it runs (and their texts, resource `Permissions`).
 */
export type MultiTenancySide = 'host' | 'tenant' | 'both';

/** A display name: English, then Chinese. */
export type DisplayName = readonly [en: string, zh: string];

export interface PermissionDefinition {
  name: string;
  parent?: string;
  side: MultiTenancySide;
  displayName?: DisplayName;
}

export interface PermissionGroupDefinition {
  name: string;
  displayName: DisplayName;
  permissions: PermissionDefinition[];
  /**
   * What the seeded business roles (salesman, stockman, finance) hold of this group by default;
   * role admin holds everything of its side anyway.
   */
  roleGrants?: Partial<Record<'salesman' | 'stockman' | 'finance', string[]>>;
}

/** A permission of a group's tree: its display name and its children's, by action name. */
export interface PermissionNode {
  displayName: DisplayName;
  /** Children by action name (`Create` under `Catalog.Brands` is `Catalog.Brands.Create`), in order. */
  children?: Record<string, DisplayName>;
}

/** The CRUD actions with the texts they have under every permission; spread into a node's children. */
export const CRUD_CHILDREN = {
  Create: ['Create', '新增'],
  Update: ['Edit', '编辑'],
  Delete: ['Delete', '删除'],
} as const satisfies Record<string, DisplayName>;

/** A permission with the CRUD actions, then its own `actions` (in that order). */
export const crudNode = (displayName: DisplayName, actions: Record<string, DisplayName> = {}): PermissionNode => ({
  displayName,
  children: { ...CRUD_CHILDREN, ...actions },
});

/** The CRUD action names (for role grants). */
export const CRUD = Object.keys(CRUD_CHILDREN);

/**
 * A group from its tree of permissions, declared once: each permission, then its children, in
 * the order written, all held on the group's `side`.
 */
export function permissionGroup(
  name: string,
  displayName: DisplayName,
  side: MultiTenancySide,
  tree: Record<string, PermissionNode>,
): PermissionGroupDefinition {
  const permissions = Object.entries(tree).flatMap(([parent, node]) => [
    { name: parent, side, displayName: node.displayName },
    ...Object.entries(node.children ?? {}).map(([action, displayName]) => ({
      name: `${parent}.${action}`,
      parent,
      side,
      displayName,
    })),
  ]);
  return { name, displayName, permissions };
}

/** A permission with some of its actions, as a role grants them: `Trade.Stock`, `Trade.Stock.Adjust`… */
export const withActions = (name: string, actions: readonly string[]) => [
  name,
  ...actions.map((action) => `${name}.${action}`),
];

export const Permissions = {
  Users: 'AbpIdentity.Users',
  Roles: 'AbpIdentity.Roles',
  OrganizationUnits: 'AbpIdentity.OrganizationUnits',
  ClaimTypes: 'AbpIdentity.IdentityClaimTypes',
  Settings: 'AbpSettingManagement.Settings',
  Tenants: 'AbpTenantManagement.Tenants',
  AuditLog: 'AbpAuditing.AuditLog',
  SecurityLog: 'AbpAuditing.SecurityLog',
  Layouts: 'Platform.Layout',
  Menus: 'Platform.Menus',
  Categories: 'Catalog.Categories',
  Brands: 'Catalog.Brands',
  Suppliers: 'Catalog.Suppliers',
  VendorSources: 'Catalog.VendorSources',
  PurchaseAttributes: 'Catalog.PurchaseAttributes',
  ScreenAttributes: 'Catalog.ScreenAttributes',
  AttributeGroups: 'Catalog.AttributeGroups',
  Products: 'Catalog.Products',
} as const;

/** The client's permission list when nothing is granted (spec section 4). */
export const GUEST = 'guest';

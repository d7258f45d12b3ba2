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

/** Builds a parent permission plus its CRUD-style children in one line. */
export function withChildren(
  name: string,
  children: string[],
  side: MultiTenancySide = 'both',
): PermissionDefinition[] {
  return [{ name, side }, ...children.map((c) => ({ name: `${name}.${c}`, parent: name, side }))];
}

export const CRUD = ['Create', 'Update', 'Delete'];

/** Children named like CRUD actions share their text. */
const ACTION_NAMES: Record<string, DisplayName> = {
  Create: ['Create', '新增'],
  Update: ['Edit', '编辑'],
  Delete: ['Delete', '删除'],
};

/** The group with each permission's display name: from `names`, else its CRUD action's. */
export function withDisplayNames(
  group: PermissionGroupDefinition,
  names: Record<string, DisplayName>,
): PermissionGroupDefinition {
  return {
    ...group,
    permissions: group.permissions.map((p) => ({
      ...p,
      displayName: names[p.name] ?? (p.parent ? ACTION_NAMES[p.name.slice(p.parent.length + 1)] : undefined),
    })),
  };
}

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

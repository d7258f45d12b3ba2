/**
 * The permission registry shared by server and web. Each group lists permissions with
 * their parent and the side (host, tenant or both) that may hold them. Display names
 * live in the server's localization resources under `Permission:<name>`.
 */
export type MultiTenancySide = 'host' | 'tenant' | 'both';

export interface PermissionDefinition {
  name: string;
  parent?: string;
  side: MultiTenancySide;
}

export interface PermissionGroupDefinition {
  name: string;
  permissions: PermissionDefinition[];
}

/** Builds a parent permission plus its CRUD-style children in one line. */
function withChildren(name: string, children: string[], side: MultiTenancySide = 'both'): PermissionDefinition[] {
  return [{ name, side }, ...children.map((c) => ({ name: `${name}.${c}`, parent: name, side }))];
}

const CRUD = ['Create', 'Update', 'Delete'];

export const identityPermissions: PermissionGroupDefinition = {
  name: 'AbpIdentity',
  permissions: [
    ...withChildren('AbpIdentity.Users', [
      ...CRUD,
      'ManagePermissions',
      'ManageClaims',
      'ManageOrganizationUnits',
      'Impersonation',
    ]),
    ...withChildren('AbpIdentity.Roles', [...CRUD, 'ManagePermissions', 'ManageClaims', 'ManageMenus']),
    ...withChildren('AbpIdentity.OrganizationUnits', ['ManageOrganizationUnits', 'ManageMembers', 'ManageRoles']),
    ...withChildren('AbpIdentity.IdentityClaimTypes', CRUD),
  ],
};

export const tenantManagementPermissions: PermissionGroupDefinition = {
  name: 'AbpTenantManagement',
  permissions: withChildren(
    'AbpTenantManagement.Tenants',
    [...CRUD, 'ManageFeatures', 'ManageConnectionStrings'],
    'host',
  ),
};

export const settingManagementPermissions: PermissionGroupDefinition = {
  name: 'AbpSettingManagement',
  permissions: withChildren('AbpSettingManagement.Settings', ['Manager']),
};

export const featureManagementPermissions: PermissionGroupDefinition = {
  name: 'FeatureManagement',
  permissions: [{ name: 'FeatureManagement.ManageHostFeatures', side: 'host' }],
};

export const auditingPermissions: PermissionGroupDefinition = {
  name: 'AbpAuditing',
  permissions: [
    ...withChildren('AbpAuditing.AuditLog', ['Delete']),
    ...withChildren('AbpAuditing.SecurityLog', ['Delete']),
  ],
};

export const apiGatewayPermissions: PermissionGroupDefinition = {
  name: 'ApiGateway',
  permissions: [
    ...withChildren('ApiGateway.RouteGroup', CRUD),
    ...withChildren('ApiGateway.Global', CRUD),
    ...withChildren('ApiGateway.Route', CRUD),
    ...withChildren('ApiGateway.DynamicRoute', CRUD),
    ...withChildren('ApiGateway.AggregateRoute', CRUD),
    { name: 'ApiGateway.Menus', side: 'both' },
  ],
};

export const menusPermissions: PermissionGroupDefinition = {
  name: 'Platform',
  permissions: [
    ...withChildren('Platform.Layout', CRUD),
    ...withChildren('Platform.Menus', [...CRUD, 'ManageRoles', 'ManageUsers']),
  ],
};

export const identityServerPermissions: PermissionGroupDefinition = {
  name: 'AbpIdentityServer',
  permissions: [
    ...withChildren('AbpIdentityServer.Clients', CRUD, 'host'),
    ...withChildren('AbpIdentityServer.ApiResources', CRUD, 'host'),
    ...withChildren('AbpIdentityServer.IdentityResources', CRUD, 'host'),
  ],
};

export const notificationsPermissions: PermissionGroupDefinition = {
  name: 'Notifications',
  permissions: withChildren('Notifications.Notification', ['Send']),
};

export const catalogPermissions: PermissionGroupDefinition = {
  // Catalogue master data is tenant business data; the pages also need AbpSettingManagement.Settings (spec §6).
  name: 'Catalog',
  permissions: [
    ...withChildren('Catalog.Categories', CRUD, 'tenant'),
    ...withChildren('Catalog.Brands', CRUD, 'tenant'),
    ...withChildren('Catalog.Suppliers', CRUD, 'tenant'),
    ...withChildren('Catalog.VendorSources', CRUD, 'tenant'),
    ...withChildren('Catalog.PurchaseAttributes', CRUD, 'tenant'),
    ...withChildren('Catalog.ScreenAttributes', CRUD, 'tenant'),
    ...withChildren('Catalog.AttributeGroups', CRUD, 'tenant'),
    ...withChildren('Catalog.Products', [...CRUD, 'Approve'], 'tenant'),
  ],
};

/** Every group, for the web (the server builds its registry from the modules it runs). */
export const permissionGroups: PermissionGroupDefinition[] = [
  identityPermissions,
  tenantManagementPermissions,
  settingManagementPermissions,
  featureManagementPermissions,
  auditingPermissions,
  apiGatewayPermissions,
  menusPermissions,
  identityServerPermissions,
  notificationsPermissions,
  catalogPermissions,
];

export const allPermissions: PermissionDefinition[] = permissionGroups.flatMap((g) => g.permissions);

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

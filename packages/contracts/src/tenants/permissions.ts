import { CRUD, type PermissionGroupDefinition, withChildren, withDisplayNames } from '../permissions.ts';

export const tenantManagementPermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'AbpTenantManagement',
    displayName: ['Tenant management', '租户管理'],
    permissions: withChildren(
      'AbpTenantManagement.Tenants',
      [...CRUD, 'ManageFeatures', 'ManageConnectionStrings'],
      'host',
    ),
  },
  {
    'AbpTenantManagement.Tenants': ['Tenants', '租户管理'],
    'AbpTenantManagement.Tenants.ManageFeatures': ['Manage features', '管理功能'],
    'AbpTenantManagement.Tenants.ManageConnectionStrings': ['Manage connection strings', '管理连接字符串'],
  },
);

import { crudNode, permissionGroup } from '../permissions.ts';

export const tenantManagementPermissions = permissionGroup(
  'AbpTenantManagement',
  ['Tenant management', '租户管理'],
  'host',
  {
    'AbpTenantManagement.Tenants': crudNode(['Tenants', '租户管理'], {
      ManageFeatures: ['Manage features', '管理功能'],
      ManageConnectionStrings: ['Manage connection strings', '管理连接字符串'],
    }),
  },
);

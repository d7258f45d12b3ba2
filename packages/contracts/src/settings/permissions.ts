import { type PermissionGroupDefinition, withChildren, withDisplayNames } from '../permissions.ts';

export const settingManagementPermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'AbpSettingManagement',
    displayName: ['Setting management', '设置管理'],
    permissions: withChildren('AbpSettingManagement.Settings', ['Manager']),
  },
  {
    'AbpSettingManagement.Settings': ['Settings', '设置'],
    'AbpSettingManagement.Settings.Manager': ['Manage settings', '管理设置'],
  },
);

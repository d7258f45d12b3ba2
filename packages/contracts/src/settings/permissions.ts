import { permissionGroup } from '../permissions.ts';

export const settingManagementPermissions = permissionGroup(
  'AbpSettingManagement',
  ['Setting management', '设置管理'],
  'both',
  {
    'AbpSettingManagement.Settings': {
      displayName: ['Settings', '设置'],
      children: { Manager: ['Manage settings', '管理设置'] },
    },
  },
);

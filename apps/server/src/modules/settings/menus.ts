import type { MenuDefinition } from '../../core/module.ts';

/** Settings (codes are unique across modules; the kernel checks). */
export const menus: MenuDefinition[] = [
  {
    code: '00003.00006',
    name: 'Settings',
    displayName: '系统设置',
    path: 'settings',
    component: 'admin/settings/index',
    meta: { title: 'Menus::Settings', icon: 'ToolOutlined', permission: 'AbpSettingManagement.Settings' },
  },
];

import type { MenuDefinition } from '../../core/module.ts';

/** Tenant management (codes are unique across modules; the kernel checks). */
export const menus: MenuDefinition[] = [
  {
    code: '00003.00003',
    name: 'Tenants',
    displayName: '租户管理',
    path: 'tenants',
    component: 'admin/tenants/index',
    meta: { title: 'Menus::Tenants', icon: 'ClusterOutlined', permission: 'AbpTenantManagement.Tenants' },
    hostOnly: true,
  },
];

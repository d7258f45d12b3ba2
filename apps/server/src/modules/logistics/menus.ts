import { LogisticsPermissions } from '@seller/contracts';
import type { MenuDefinition } from '../../core/module.ts';

/** The logistics pages under `/physical` (spec §2). */
export const menus: MenuDefinition[] = [
  {
    code: '00009',
    name: 'Physical',
    displayName: '物流管理',
    path: '/physical',
    component: 'Layout',
    meta: {
      title: 'Menus::Physical',
      icon: 'logistics',
      alwaysShow: true,
      permissions: Object.values(LogisticsPermissions),
    },
  },
  {
    code: '00009.00001',
    name: 'Warehouse',
    displayName: '仓库管理',
    path: 'Warehouse',
    component: 'logistics/warehouse/index',
    meta: { title: 'Menus::Warehouses', icon: 'database', permission: LogisticsPermissions.Warehouses },
  },
];

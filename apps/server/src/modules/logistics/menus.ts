import { LogisticsPermissions } from '@seller/contracts';
import type { MenuDefinition } from '../../core/module.ts';

/** The logistics pages under `/physical` (spec §2: Charge, Country, FreightStrategy, Physical, Warehouse, Zone). */
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
  {
    code: '00009.00002',
    name: 'Physical',
    displayName: '运费管理',
    path: 'Physical',
    component: 'logistics/physical/index',
    meta: { title: 'Menus::Carriers', icon: 'money', permission: LogisticsPermissions.Carriers },
  },
  {
    code: '00009.00003',
    name: 'Zone',
    displayName: '分区管理',
    path: 'Zone',
    component: 'logistics/zone/index',
    meta: { title: 'Menus::Zones', icon: 'site', permission: LogisticsPermissions.Zones },
  },
  {
    code: '00009.00004',
    name: 'Country',
    displayName: '国家管理',
    path: 'Country',
    component: 'logistics/country/index',
    meta: { title: 'Menus::Countries', icon: 'international', permission: LogisticsPermissions.Countries },
  },
  {
    code: '00009.00005',
    name: 'FreightStrategy',
    displayName: '运费策略',
    path: 'FreightStrategy',
    component: 'logistics/freight-strategy/index',
    meta: { title: 'Menus::FreightStrategies', icon: 'tree', permission: LogisticsPermissions.FreightStrategies },
  },
  {
    code: '00009.00006',
    name: 'Charge',
    displayName: '运费试算',
    path: 'Charge',
    component: 'logistics/charge/index',
    meta: { title: 'Menus::FreightEstimate', icon: 'chart', permission: LogisticsPermissions.Freight },
  },
];

import { CRUD, type PermissionGroupDefinition, withChildren, withDisplayNames } from '../permissions.ts';

/** Permission names of the logistics pages. */
export const LogisticsPermissions = {
  Countries: 'Logistics.Countries',
  Zones: 'Logistics.Zones',
  Warehouses: 'Logistics.Warehouses',
  /** Carriers, their channels and rate tables (page `Physical`). */
  Carriers: 'Logistics.Carriers',
  FreightStrategies: 'Logistics.FreightStrategies',
  /** The freight estimate (page `Charge`). */
  Freight: 'Logistics.Freight',
} as const;

export const logisticsPermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'Logistics',
    displayName: ['Logistics', '物流管理'],
    permissions: [
      ...withChildren(LogisticsPermissions.Countries, ['Update'], 'tenant'),
      ...withChildren(LogisticsPermissions.Zones, CRUD, 'tenant'),
      ...withChildren(LogisticsPermissions.Warehouses, CRUD, 'tenant'),
      ...withChildren(LogisticsPermissions.Carriers, CRUD, 'tenant'),
      ...withChildren(LogisticsPermissions.FreightStrategies, CRUD, 'tenant'),
      ...withChildren(LogisticsPermissions.Freight, [], 'tenant'),
    ],
  },
  {
    [LogisticsPermissions.Countries]: ['Countries', '国家'],
    [`${LogisticsPermissions.Countries}.Update`]: ['Enable / disable', '启用/停用'],
    [LogisticsPermissions.Zones]: ['Zones', '分区'],
    [LogisticsPermissions.Warehouses]: ['Warehouses', '仓库管理'],
    [LogisticsPermissions.Carriers]: ['Carriers and channels', '物流商与渠道'],
    [LogisticsPermissions.FreightStrategies]: ['Freight strategies', '运费策略'],
    [LogisticsPermissions.Freight]: ['Freight estimate', '运费试算'],
  },
);

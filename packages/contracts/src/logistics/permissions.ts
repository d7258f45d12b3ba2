import { CRUD, type PermissionGroupDefinition, withChildren, withDisplayNames } from '../permissions.ts';

/** Permission names of the logistics pages. */
export const LogisticsPermissions = {
  Warehouses: 'Logistics.Warehouses',
} as const;

export const logisticsPermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'Logistics',
    displayName: ['Logistics', '物流管理'],
    permissions: withChildren(LogisticsPermissions.Warehouses, CRUD, 'tenant'),
  },
  { [LogisticsPermissions.Warehouses]: ['Warehouses', '仓库管理'] },
);

import { crudNode, permissionGroup } from '../permissions.ts';

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

const P = LogisticsPermissions;

export const logisticsPermissions = permissionGroup('Logistics', ['Logistics', '物流管理'], 'tenant', {
  [P.Countries]: { displayName: ['Countries', '国家'], children: { Update: ['Enable / disable', '启用/停用'] } },
  [P.Zones]: crudNode(['Zones', '分区']),
  [P.Warehouses]: crudNode(['Warehouses', '仓库管理']),
  [P.Carriers]: crudNode(['Carriers and channels', '物流商与渠道']),
  [P.FreightStrategies]: crudNode(['Freight strategies', '运费策略']),
  [P.Freight]: { displayName: ['Freight estimate', '运费试算'] },
});

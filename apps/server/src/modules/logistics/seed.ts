import type { WarehouseInput } from '@seller/contracts/logistics';
import { type CurrentTenant, systemContext } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';
import { warehouseService } from './warehouses/service.ts';

const demoWarehouses: WarehouseInput[] = [
  {
    code: 'SZ-01',
    name: '深圳仓',
    type: 'OWN',
    countryCode: 'CN',
    address: '广东省深圳市龙岗区坂田街道 1 号',
    contact: { name: '王仓管', phone: '+86 138-0000-0001' },
    isDefault: true,
    isActive: true,
  },
  {
    code: 'MY-01',
    name: '马来西亚海外仓',
    type: 'OVERSEAS',
    countryCode: 'MY',
    address: 'Lot 8, Jalan Kinrara, 47180 Puchong, Selangor',
    contact: null,
    isDefault: false,
    isActive: true,
  },
];

/** Two warehouses for the demo tenant, through the service (its rules apply); only while it has none. */
export async function seedLogisticsDemo(services: Services, demo: CurrentTenant) {
  const ctx = systemContext(demo);
  if ((await warehouseService.all(services, ctx)).items.length) return;
  for (const input of demoWarehouses) await warehouseService.create(services, ctx, input);
}

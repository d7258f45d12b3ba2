import type { WarehouseInput } from '@seller/contracts/logistics';
import { type CurrentTenant, systemContext } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';
import { carrierService } from './carriers/carriers-service.ts';
import { channelService } from './carriers/channels-service.ts';
import { saveRateTable } from './carriers/rates.ts';
import { demoCarriers, demoChannels, demoStrategies, demoZones } from './seed-freight.ts';
import { strategyService } from './strategies/service.ts';
import { warehouseService } from './warehouses/service.ts';
import { zoneService } from './zones/service.ts';

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

/**
 * The demo tenant's logistics, through the services (their rules apply), each part only while the
 * tenant has none: 2 warehouses; SEA zones, 3 carriers, 8 channels with rate tables, 2 strategies.
 */
export async function seedLogisticsDemo(services: Services, demo: CurrentTenant) {
  const ctx = systemContext(demo);
  if (!(await warehouseService.all(services, ctx)).items.length)
    for (const input of demoWarehouses) await warehouseService.create(services, ctx, input);
  if ((await carrierService.all(services, ctx)).items.length) return;

  const zoneIds = new Map<string, string>();
  for (const zone of demoZones) zoneIds.set(zone.name, (await zoneService.create(services, ctx, zone)).id);
  const carrierIds = new Map<string, string>();
  for (const carrier of demoCarriers)
    carrierIds.set(carrier.code, (await carrierService.create(services, ctx, carrier)).id);
  const channelIds = new Map<string, string>();
  for (const { carrier, rates, ...channel } of demoChannels) {
    const created = await channelService.create(services, ctx, { ...channel, carrierId: carrierIds.get(carrier)! });
    channelIds.set(channel.code, created.id);
    const rows = rates.map(({ zone, ...row }) => ({ ...row, zoneId: zoneIds.get(zone)! }));
    await saveRateTable(services, ctx, created.id, { rows });
  }
  for (const { rules, ...strategy } of demoStrategies) {
    await strategyService.create(services, ctx, {
      ...strategy,
      rules: rules.map(({ channels, fallback, ...rule }) => ({
        ...rule,
        zoneIds: [],
        channelIds: channels.map((code) => channelIds.get(code)!),
        fallbackChannelId: fallback ? channelIds.get(fallback)! : null,
      })),
    });
  }
}

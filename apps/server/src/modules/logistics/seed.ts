import type { WarehouseInput } from '@seller/contracts/logistics';
import { type CurrentTenant, systemContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import type { Services } from '../../core/services.ts';
import { carrierCommands } from './carriers/commands.ts';
import { carrierQueries } from './carriers/queries.ts';
import { demoCarriers, demoChannels, demoStrategies, demoZones } from './seed-freight.ts';
import { strategyCommands } from './strategies/commands.ts';
import { warehouseCommands } from './warehouses/commands.ts';
import { warehouseQueries } from './warehouses/queries.ts';
import { zoneCommands } from './zones/commands.ts';

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
  // each write in a unit of its own, as its route makes it (each row its own creation time)
  const inTx = <R>(run: (tx: Tx) => Promise<R>) => services.data.inTenant(ctx, run);
  const carriers = carrierCommands(services);
  const warehouses = warehouseCommands(services);
  const zones = zoneCommands(services);
  const strategies = strategyCommands(services);
  if (!(await inTx((tx) => warehouseQueries.all(tx, ctx))).items.length)
    for (const input of demoWarehouses) await inTx((tx) => warehouses.create(tx, ctx, input));
  if ((await inTx((tx) => carrierQueries.carriers.all(tx, ctx))).items.length) return;

  const zoneIds = new Map<string, string>();
  for (const zone of demoZones) zoneIds.set(zone.name, (await inTx((tx) => zones.create(tx, ctx, zone))).id);
  const carrierIds = new Map<string, string>();
  for (const carrier of demoCarriers)
    carrierIds.set(carrier.code, (await inTx((tx) => carriers.carriers.create(tx, ctx, carrier))).id);
  const channelIds = new Map<string, string>();
  for (const { carrier, rates, ...channel } of demoChannels) {
    const input = { ...channel, carrierId: carrierIds.get(carrier)! };
    const created = await inTx((tx) => carriers.channels.create(tx, ctx, input));
    channelIds.set(channel.code, created.id);
    const rows = rates.map(({ zone, ...row }) => ({ ...row, zoneId: zoneIds.get(zone)! }));
    await inTx((tx) => carriers.saveRates(tx, ctx, created.id, { rows }));
  }
  for (const { rules, ...strategy } of demoStrategies) {
    const input = {
      ...strategy,
      rules: rules.map(({ channels, fallback, ...rule }) => ({
        ...rule,
        zoneIds: [],
        channelIds: channels.map((code) => channelIds.get(code)!),
        fallbackChannelId: fallback ? channelIds.get(fallback)! : null,
      })),
    };
    await inTx((tx) => strategies.create(tx, ctx, input));
  }
}

/**
 * Freight estimate benchmark (numbers, not pass/fail). Starts the product on a fresh PostgreSQL
 * database, gives tenant demo 200 more channels (10 carriers) × 50 zones × 30 weight bands
 * (300 000 rate rows, next to the 8 seeded channels), then measures the estimate of one parcel:
 *  - in-process: `estimateFreight` called directly on an app built in this process (no HTTP),
 *    one call at a time, p50/p95 over varied parcels;
 *  - over HTTP on loopback at 1 and 10 connections, signed in as the demo admin, varied parcels
 *    (destinations, weights, sizes, attributes rotate), no caches in front of the estimate;
 *  - the platform bench's bare route (bare Fastify + pg, one indexed page query) in the same run,
 *    at the same connections, for the ratio.
 * Usage: npx node bench/freight-estimate.ts (BENCH_SECONDS=10, BENCH_DATABASE_URL default
 * postgres://postgres@127.0.0.1:5432/test; the database is dropped at the end).
 */
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { systemContext } from '../apps/server/src/core/context.ts';
import { openProductDatabase } from '../apps/server/src/database.ts';
import { estimateFreight } from '../apps/server/src/modules/logistics/freight/service.ts';
import {
  demoTenantId,
  freePort,
  freshDatabase,
  type LoadResult,
  load,
  signIn,
  startProcess,
  startProduct,
  stopProcess,
  writeReport,
} from './support.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const CHANNELS = 200;
const ZONES = 50;
const BANDS = 30;
/** Destinations; each zone holds 6 of them, so a country falls in several zones. */
const COUNTRIES = ['SG', 'MY', 'TH', 'VN', 'PH', 'ID', 'US', 'GB', 'DE', 'FR', 'JP', 'KR', 'AU', 'CA', 'BR'];

const database = await freshDatabase('seller_bench_freight');
const { db } = database;
const results: LoadResult[] = [];
let server: Awaited<ReturnType<typeof startProduct>>['server'] | undefined;
let bare: Awaited<ReturnType<typeof startProcess>> | undefined;
try {
  const started = await startProduct(database);
  server = started.server;
  const { port } = started;
  const demoId = await demoTenantId(db);
  await seedFreight(db, demoId);
  const counts = (
    await db.query(
      `select (select count(*) from logistics_channels where tenant_id = $1) channels,
              (select count(*) from logistics_zones where tenant_id = $1) zones,
              (select count(*) from logistics_rate_rows where tenant_id = $1) rates`,
      [demoId],
    )
  ).rows[0];
  console.log(`demo: ${counts.channels} channels, ${counts.zones} zones, ${counts.rates} rate rows`);

  const parcels = variedParcels();
  const bodies = parcels.map((p) => JSON.stringify(p));

  // 1. in-process: the service alone, one call at a time
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), databaseUrl: database.url };
  const local = await openProductDatabase({ url: database.url, poolSize: 5 });
  const app = await buildApp(config, local);
  const demo = (await app.services.tenants.find('demo'))!;
  const ctx = systemContext(demo, 'zh-Hans');
  let priced = 0;
  for (let i = 0; i < 200; i++) await estimateFreight(app.services, ctx, parcels[i % parcels.length] as never);
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const t0 = performance.now();
    const e = await estimateFreight(app.services, ctx, parcels[i % parcels.length] as never);
    times.push(performance.now() - t0);
    priced += e.options.length;
  }
  await app.close();
  await local.close();
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round(times[Math.floor((p / 100) * (times.length - 1))] * 100) / 100;
  console.log(
    `in-process: ${times.length} estimates, p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms; ${Math.round(priced / times.length)} channels priced per estimate on average`,
  );

  // 2. over HTTP, with the bare route measured alongside
  const token = await signIn(port);
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'zh-Hans' };
  const barePort = await freePort();
  bare = await startProcess('bench/bare-server.ts', { PORT: String(barePort), DATABASE_URL: database.url });
  const ratios: string[] = [];
  for (const connections of [1, 10]) {
    const estimate = await load(
      `freight estimate, ${connections} connection${connections > 1 ? 's' : ''}`,
      `http://127.0.0.1:${port}/api/logistics/freight/estimate`,
      { connections, seconds, headers, serverPid: server.pid, bodies },
    );
    const baseline = await load(
      `bare route, ${connections} connection${connections > 1 ? 's' : ''}`,
      `http://127.0.0.1:${barePort}/bare/menus?tenantId=${demoId}&skip=0&max=20`,
      { connections, seconds, serverPid: bare.pid },
    );
    results.push(estimate, baseline);
    ratios.push(
      `${connections} conn: estimate ${estimate.requestsPerSecond} req/s = ${Math.round((estimate.requestsPerSecond / baseline.requestsPerSecond) * 100)} % of the bare route (${baseline.requestsPerSecond} req/s); p50 ${estimate.p50} vs ${baseline.p50} ms`,
    );
  }
  writeReport('freight-estimate', {
    results: [
      {
        name: 'in-process estimateFreight',
        requests: times.length,
        requestsPerSecond: Math.round(times.length / seconds),
        p50: at(50),
        p95: at(95),
        p99: at(99),
        failures: 0,
      },
      ...results,
    ],
    plans: {},
  });
  for (const r of ratios) console.log(r);
} finally {
  if (bare) await stopProcess(bare);
  if (server) await stopProcess(server);
  await database.drop();
}

/** Parcels that vary destination, weight, size and attributes, so no two requests in a row are alike. */
function variedParcels() {
  const out: object[] = [];
  const weights = [120, 480, 950, 1999, 2300, 4800, 7800, 15000];
  for (const [i, countryCode] of COUNTRIES.entries())
    for (const [j, weight] of weights.entries())
      out.push({
        countryCode,
        weight,
        ...(j % 2 ? { length: 20 + i, width: 15 + j, height: 10 } : {}),
        ...(j % 3 === 0 ? { attributes: ['battery'] } : {}),
        declaredValue: String(20 + i * j),
        currency: 'USD',
      });
  return out;
}

/**
 * 10 carriers, 200 channels (modes, volume rules, currencies and limits varied), 50 zones of 6
 * countries each, and 30 bands of 1 kg per channel and zone, with set-based SQL.
 */
async function seedFreight(db: pg.Client, tenantId: string) {
  await db.query(
    `insert into logistics_carriers (tenant_id, code, name, type, concurrency_stamp)
     select $1, 'BENCH-C' || c, '压测物流商 ' || c, 'DEDICATED_LINE', md5(c::text) from generate_series(1, 10) c`,
    [tenantId],
  );
  await db.query(
    `insert into logistics_zones (tenant_id, name, countries, concurrency_stamp)
     select $1, 'BENCH 分区 ' || z,
            (select jsonb_agg(($2::text[])[1 + ((z * 7 + k * 5) % array_length($2::text[], 1))]) from generate_series(0, 5) k),
            md5(z::text)
     from generate_series(1, ${ZONES}) z`,
    [tenantId, COUNTRIES],
  );
  await db.query(
    `insert into logistics_channels (tenant_id, carrier_id, code, name, mode, transit_days_min, transit_days_max,
        volume_mode, volume_divisor, longest_side_threshold, currency, fuel_surcharge_pct, minimum_charge,
        registration_fee, limits, concurrency_stamp)
     select $1, (select id from logistics_carriers where tenant_id = $1 and code = 'BENCH-C' || (1 + ch % 10)),
            'BENCH-' || ch, '压测渠道 ' || ch, (array['AIR','SEA','LAND','RAIL'])[1 + ch % 4], 3 + ch % 7, 8 + ch % 20,
            (array['NONE','MAX_ACTUAL_VOLUMETRIC','LONGEST_SIDE'])[1 + ch % 3], (array[5000,6000,8000])[1 + ch % 3],
            case when ch % 3 = 2 then 60 end, case when ch % 5 = 0 then 'USD' else 'CNY' end,
            (ch % 20)::numeric, case when ch % 4 = 0 then 25 end, (ch % 10)::numeric,
            jsonb_build_object('minWeight', null, 'maxWeight', 30000, 'maxLongestSide', 120, 'maxSumOfSides', null,
              'maxGirth', null, 'batteryAllowed', ch % 4 = 0, 'liquidAllowed', false, 'magneticAllowed', false,
              'powderAllowed', false, 'declaredValueMin', null, 'declaredValueMax', case when ch % 6 = 0 then '400' end,
              'declaredValueCurrency', case when ch % 6 = 0 then 'USD' end),
            md5(ch::text)
     from generate_series(1, ${CHANNELS}) ch`,
    [tenantId],
  );
  await db.query(
    `insert into logistics_rate_rows (tenant_id, channel_id, zone_id, weight_from, weight_to, fee_mode, first_weight,
        first_fee, additional_unit, additional_fee, sort)
     select $1, c.id, z.id, b * 1000, (b + 1) * 1000, 'FIRST_ADDITIONAL', b * 1000 + 500,
            round((10 + b * 6 + random() * 5)::numeric, 2), 100, round((1 + random())::numeric, 2), b
     from logistics_channels c
     cross join logistics_zones z
     cross join generate_series(0, ${BANDS - 1}) b
     where c.tenant_id = $1 and c.code like 'BENCH-%' and z.tenant_id = $1 and z.name like 'BENCH %'`,
    [tenantId],
  );
  // the zones each table prices, as saving a table records them
  await db.query(
    `update logistics_channels c set zone_ids = (select jsonb_agg(distinct r.zone_id) from logistics_rate_rows r where r.channel_id = c.id)
     where c.tenant_id = $1 and c.code like 'BENCH-%'`,
    [tenantId],
  );
  await db.query('analyze');
}

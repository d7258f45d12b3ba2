/**
 * Listings benchmark (numbers, not pass/fail). Starts the product (`main.ts`, production mode,
 * bundled marketplace simulator on) on a fresh PostgreSQL database, connects three Lazada shops
 * of tenant demo through the simulator (MY, SG, TH sellers), writes N products straight to the
 * database, publishes them over HTTP (200 a request, round robin over the shops) and waits until
 * every listing has ended. The simulator reviews at once (`reviewDelayMs` 0 through its control
 * API; the worker still polls a pending review after its 3 s) and keeps its rate limit of 50 calls
 * per second per shop. Reports:
 *  - listings per second: N over the time from the first listing queued to the last one ended;
 *  - p50/p95 from queued (the listing's creation) to Success (its `live` event);
 *  - the server's RSS (sampled every second: peak; and the kernel's high-water mark);
 *  - duplicates: seller SKUs with more than one item on the simulator (must be 0), and listings
 *    that ended in Failure.
 * Usage: npx node bench/listings.ts [--count N] (default 10 000; BENCH_DATABASE_URL default
 * postgres://postgres@127.0.0.1:5432/test; the database is dropped at the end).
 */
import { readFileSync, rmSync } from 'node:fs';
import {
  connectLazada,
  control,
  publish,
  signIn,
  startServer,
  stopServer,
  writeProducts,
} from '../apps/server/test/listings-load.ts';
import { freePort, freshDatabase } from './support.ts';

const arg = process.argv.indexOf('--count');
const COUNT = arg > 0 ? Number(process.argv[arg + 1]) : 10_000;
const SHOPS: Array<[string, string]> = [
  ['demo-my', 'MY'],
  ['demo-sg', 'SG'],
  ['demo-th', 'TH'],
];
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const database = await freshDatabase('seller_bench_listings');
const dataDir = `/tmp/${database.name}`;
const server = await startServer(database.url, await freePort(), dataDir);
const pid = server.process.pid as number;
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, memoryOf(pid).rss);
}, 1000);
try {
  const { db } = database;
  await control(server.base, 'PUT', '/faults', { platform: 'lazada', reviewDelayMs: 0 });
  const token = await signIn(server.base);
  const shops = [];
  for (const [account, region] of SHOPS) shops.push(await connectLazada(server.base, token, account, region));
  const shopIds = shops.map((s) => s.shopId);
  const products = await writeProducts(db, 'BENCH-LST', COUNT);
  const rssBefore = memoryOf(pid).rss;
  console.log(`${COUNT} products written; publishing to ${shops.length} shops`);
  const started = Date.now();
  await publish(server.base, token, products, shopIds);
  const published = Date.now();
  console.log(`published in ${((published - started) / 1000).toFixed(1)} s`);
  for (;;) {
    await new Promise((r) => setTimeout(r, 5000));
    const c = Object.fromEntries(
      (
        await db.query(
          `select status, count(*)::int as n from marketplace_listings where product_sku like 'BENCH-LST-%' group by 1`,
        )
      ).rows.map((r) => [r.status, r.n]),
    );
    const ended = (c[3] ?? 0) + (c[4] ?? 0);
    console.log(`${((Date.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(c)}`);
    if (ended === COUNT) break;
  }
  clearInterval(sampler);
  const times = (
    await db.query(
      `select extract(epoch from (e.creation_time - l.creation_time)) * 1000 as ms, l.creation_time as queued, e.creation_time as live
       from marketplace_listings l join marketplace_listing_events e on e.listing_id = l.id and e.event = 'live'
       where l.product_sku like 'BENCH-LST-%'`,
    )
  ).rows;
  const ms = times.map((r) => Number(r.ms)).sort((a, b) => a - b);
  const first = Math.min(...times.map((r) => new Date(r.queued).getTime()));
  const last = Math.max(...times.map((r) => new Date(r.live).getTime()));
  const failures = (
    await db.query(
      `select last_error_code, count(*)::int as n from marketplace_listings
       where product_sku like 'BENCH-LST-%' and status = 4 group by 1`,
    )
  ).rows;
  const duplicates = (
    await db.query(
      `select count(*)::int as n from (select shop_id, seller_sku from marketsim_skus
       where platform = 'lazada' and not deleted and seller_sku like 'BENCH-LST-%' group by 1, 2 having count(distinct item_id) > 1) d`,
    )
  ).rows[0].n as number;
  const items = (
    await db.query(
      `select count(*)::int as n from marketsim_items i where platform = 'lazada' and exists
       (select 1 from marketsim_skus s where s.item_id = i.id and s.seller_sku like 'BENCH-LST-%')`,
    )
  ).rows[0].n as number;
  const mem = memoryOf(pid);
  const report = {
    listings: COUNT,
    shops: shops.length,
    success: ms.length,
    failures: Object.fromEntries(failures.map((f) => [f.last_error_code, f.n])),
    publishSeconds: (published - started) / 1000,
    listingsPerSecond: Math.round((COUNT / ((last - first) / 1000)) * 10) / 10,
    queueToSuccessMs: { p50: Math.round(quantile(ms, 0.5)), p95: Math.round(quantile(ms, 0.95)) },
    serverRssMb: { before: mb(rssBefore), peak: mb(Math.max(peak, mem.rss)), highWater: mb(mem.hwm) },
    itemsOnSimulator: items,
    duplicates,
  };
  console.log(JSON.stringify(report, null, 2));
} finally {
  clearInterval(sampler);
  await stopServer(server);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

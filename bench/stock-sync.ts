/**
 * Stock sync benchmark (numbers, and one must-hold: 0 listings off their rule). Starts the product
 * (`main.ts`, production mode, bundled marketplace simulator on) on a fresh PostgreSQL database,
 * connects three Lazada shops of tenant demo through the simulator (MY, SG, TH sellers) with three
 * stock rules (all; a share of 50 %; at most 20), writes 100 products of one SKU each straight to
 * the database and publishes each to every shop (300 listings), then makes BENCH_MOVES stock
 * moves (default 1 000: stock adjustments over HTTP, 8 at a time, on SKUs picked at random, in or
 * out) and waits until every shop's pushes have run. Reports:
 *  - the moves' time, and the time until the last push (from the first move);
 *  - the pushes: SKU rows in the shops' push logs and the marketplace's stock update calls;
 *  - listings whose stock at the simulator differs from the rule over the available stock (on
 *    hand − reserved − safety, over every warehouse) afterwards: must be 0.
 * Usage: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/stock-sync.ts
 * (BENCH_MOVES=1000; BENCH_DATABASE_URL or TEST_DATABASE_URL; the database is dropped at the end).
 */
import { rmSync } from 'node:fs';
import { ruleQuantity, type StockRuleInput } from '@seller/contracts/marketplaces';
import {
  api,
  connectLazada,
  control,
  publish,
  signIn,
  startServer,
  stopServer,
  writeProducts,
} from '../apps/server/test/listings-load.ts';
import { freePort, freshDatabase, machine, saveResults } from './support.ts';

const MOVES = Number(process.env.BENCH_MOVES ?? 1_000);
const SKUS = 100;
const AT_ONCE = 8;
const SHOPS: Array<[string, string, StockRuleInput]> = [
  ['demo-my', 'MY', { mode: 'ALL' }],
  ['demo-sg', 'SG', { mode: 'SHARE', share: 50 }],
  ['demo-th', 'TH', { mode: 'CAP', cap: 20 }],
];
const seconds = (ms: number) => Math.round(ms / 100) / 10;

const database = await freshDatabase('seller_bench_stock_sync');
const dataDir = `/tmp/${database.name}`;
const server = await startServer(database.url, await freePort(), dataDir);
try {
  const { db } = database;
  const base = server.base;
  await control(base, 'PUT', '/faults', { platform: 'lazada', reviewDelayMs: 0 });
  const token = await signIn(base);
  const call = api(base, token);
  const shops: { shopId: string; rule: StockRuleInput }[] = [];
  for (const [account, region, rule] of SHOPS) {
    const { shopId } = await connectLazada(base, token, account, region);
    await call('PUT', `/api/sitekit/shopes/${shopId}/stock/rule`, rule);
    shops.push({ shopId, rule });
  }
  const tenantId = (await db.query(`select id from tenants where name = 'demo'`)).rows[0].id as string;
  const products = await writeProducts(db, 'BENCH-STK', SKUS);
  // one SKU per product (order management moves the stock of variants)
  await db.query(
    `insert into catalog_product_variants (tenant_id, product_id, sku, value_ids, label, price)
     select tenant_id, id, sku || '-A', '[]'::jsonb, 'A', 20 from catalog_products where id = any($1::uuid[])`,
    [products],
  );
  const variants = (
    await db.query(`select id, sku from catalog_product_variants where product_id = any($1::uuid[]) order by sku`, [
      products,
    ])
  ).rows as { id: string; sku: string }[];
  const warehouseId = (
    await db.query(`select id from logistics_warehouses where tenant_id = $1 and is_default`, [tenantId])
  ).rows[0].id as string;
  for (const s of shops) await publish(base, token, products, [s.shopId]);
  for (;;) {
    const { ended, total } = (
      await db.query(
        `select count(*) filter (where status in (3, 4))::int ended, count(*)::int total
         from marketplace_listings where product_sku like 'BENCH-STK-%'`,
      )
    ).rows[0];
    if (ended === total) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const live = (
    await db.query(
      `select count(*)::int n from marketplace_listings where product_sku like 'BENCH-STK-%' and status = 3`,
    )
  ).rows[0].n as number;
  console.log(`${live} listings live of ${SKUS * shops.length}; ${MOVES} moves on ${SKUS} SKUs`);

  const pushedBefore = (await db.query(`select count(*)::int n from marketplace_stock_pushes`)).rows[0].n as number;
  const callsBefore = (
    await db.query(`select count(*)::int n from marketplace_shop_calls where api = '/product/price_quantity/update'`)
  ).rows[0].n as number;
  // deterministic moves: in, or out of what is there
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const onHand = new Map<string, number>();
  const moves: { variantId: string; quantity: number }[] = [];
  // the moves of one batch run at once: each on another SKU, so an out never races an in
  let batch = new Set<string>();
  while (moves.length < MOVES) {
    if (moves.length % AT_ONCE === 0) batch = new Set();
    const v = variants[Math.floor(random() * variants.length)]!;
    if (batch.has(v.id)) continue;
    batch.add(v.id);
    const have = onHand.get(v.id) ?? 0;
    const out = have > 0 && random() < 0.4;
    const quantity = out ? -Math.max(1, Math.floor(random() * have)) : 1 + Math.floor(random() * 10);
    onHand.set(v.id, have + quantity);
    moves.push({ variantId: v.id, quantity });
  }
  const started = Date.now();
  for (let i = 0; i < moves.length; i += AT_ONCE)
    await Promise.all(
      moves.slice(i, i + AT_ONCE).map((m) =>
        call('POST', '/api/trade/stock/adjustments', {
          warehouseId,
          reason: 'stock sync bench',
          lines: [{ variantId: m.variantId, quantity: m.quantity }],
        }),
      ),
    );
  const moved = Date.now();
  // settled: nothing waits, no push queued or running
  for (;;) {
    const { pending, jobs } = (
      await db.query(
        `select (select count(*)::int from marketplace_stock_pending) pending,
          (select count(*)::int from pgboss.job where name = 'marketplaces.stock-sync.push'
           and state in ('created', 'retry', 'active')) jobs`,
      )
    ).rows[0];
    if (pending === 0 && jobs === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const settled = Date.now();
  const pushes =
    ((await db.query(`select count(*)::int n from marketplace_stock_pushes`)).rows[0].n as number) - pushedBefore;
  const failedPushes = (await db.query(`select count(*)::int n from marketplace_stock_pushes where not ok`)).rows[0]
    .n as number;
  const calls =
    ((await db.query(`select count(*)::int n from marketplace_shop_calls where api = '/product/price_quantity/update'`))
      .rows[0].n as number) - callsBefore;
  // every listing against its rule over the available stock
  const rows = (
    await db.query(
      `select ls.seller_sku sku, l.shop_id, sh.seller_id,
         coalesce((select sum(greatest(s.on_hand - s.reserved - s.safety, 0)) from trade_stock s
                   where s.tenant_id = l.tenant_id and s.sku = ls.seller_sku), 0)::int available,
         (select ms.quantity from marketsim_skus ms where ms.platform = 'lazada' and ms.shop_id = sh.seller_id
           and ms.seller_sku = ls.seller_sku and not ms.deleted limit 1) at_simulator
       from marketplace_listing_skus ls join marketplace_listings l on l.id = ls.listing_id
       join marketplace_shops sh on sh.id = l.shop_id
       where l.product_sku like 'BENCH-STK-%' and l.status = 3`,
    )
  ).rows as { sku: string; shop_id: string; available: number; at_simulator: number | null }[];
  const ruleOf = new Map(shops.map((s) => [s.shopId, s.rule]));
  const off = rows.filter((r) => {
    const rule = ruleOf.get(r.shop_id)!;
    return (
      r.at_simulator !==
      ruleQuantity({ mode: rule.mode, share: rule.share ?? null, cap: rule.cap ?? null }, r.available)
    );
  });
  const report = {
    machine: machine(),
    moves: MOVES,
    skus: SKUS,
    shops: shops.length,
    listings: rows.length,
    movesSeconds: seconds(moved - started),
    movesPerSecond: Math.round(MOVES / ((moved - started) / 1000)),
    lastPushAfterFirstMoveSeconds: seconds(settled - started),
    skuPushes: pushes,
    failedSkuPushes: failedPushes,
    marketplaceStockCalls: calls,
    listingsOffTheirRule: off.length,
  };
  console.log(JSON.stringify(report, null, 2));
  if (off.length) {
    console.log('off their rule (first 10):', off.slice(0, 10));
    process.exitCode = 1;
  }
  saveResults('stock-sync', report);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await stopServer(server);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

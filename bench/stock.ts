/**
 * Stock movements benchmark (numbers, not pass/fail). Opens the product's database layer
 * in-process on a fresh PostgreSQL database (migrated; one tenant), gives 1 000 SKUs of one
 * warehouse a large opening balance, then for BENCH_SECONDS per run drives `moveStock` (the one
 * writer of the stock snapshot and its ledger), each move its own transaction
 * (`services.data.inTenant`): alternately a receipt of 2 at a cost (moves the weighted average)
 * and a shipment of 1, on
 *  - one hot SKU (every writer on the same snapshot row: they queue on its row lock), and
 *  - 1 000 SKUs (each move on a random one: writers rarely meet),
 * at 1 and 10 concurrent writers (a pool of 12 connections). Reports moves per second and the
 * p50/p95 of one move (its whole transaction), the ratio hot/spread, and checks afterwards that
 * the ledger sums to the snapshot and nothing went negative.
 * Usage: npx node bench/stock.ts (BENCH_SECONDS=5 by default; BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test; the database is dropped at the end).
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { systemContext } from '../apps/server/src/core/context.ts';
import { openProductDatabase } from '../apps/server/src/database.ts';
import { ensureTenant } from '../apps/server/src/modules/tenants/service.ts';
import { moveStock, type StockMove } from '../apps/server/src/modules/trade/stock/ledger.ts';
import { seedAll } from '../apps/server/src/seed.ts';
import { freshDatabase } from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SKUS = 1000;
const OPENING = 10_000_000;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const database = await freshDatabase('seller_bench_stock');
const db = await openProductDatabase({ url: database.url, poolSize: 12 });
const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), databaseUrl: database.url };
const app = await buildApp(config, db, {});
try {
  const services = app.services;
  await seedAll(services, { demo: false });
  const tenant = await ensureTenant(services, 'bench-stock');
  const ctx = systemContext(tenant);
  const warehouseId = randomUUID();
  const skus = Array.from({ length: SKUS }, (_, i) => ({
    warehouseId,
    variantId: randomUUID(),
    sku: `BENCH-STK-${String(i).padStart(4, '0')}`,
  }));
  // opening balances through the writer itself, 100 SKUs a transaction
  for (let i = 0; i < SKUS; i += 100)
    await services.data.inTenant(ctx, (tx) =>
      moveStock(
        tx,
        ctx,
        skus.slice(i, i + 100).map((s) => ({
          ...s,
          type: 'COUNT',
          onHand: OPENING,
          unitCost: '3.0000',
          voucherType: 'OPENING',
          voucherNo: 'BENCH-OPENING',
        })),
      ),
    );

  let n = 0;
  const move = (at: (typeof skus)[number]): StockMove =>
    n++ % 2 === 0
      ? { ...at, type: 'PO_RECEIPT', onHand: 2, unitCost: '3.2500', voucherType: 'BENCH', voucherNo: 'BENCH' }
      : { ...at, type: 'SALE_OUT', onHand: -1, voucherType: 'BENCH', voucherNo: 'BENCH' };

  async function run(name: string, writers: number, pickSku: () => (typeof skus)[number]) {
    const times: number[] = [];
    let errors = 0;
    const end = Date.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (Date.now() < end) {
          const t0 = performance.now();
          try {
            await services.data.inTenant(ctx, (tx) => moveStock(tx, ctx, [move(pickSku())]));
            times.push(performance.now() - t0);
          } catch {
            errors++;
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    return {
      name,
      writers,
      moves: times.length,
      movesPerSecond: Math.round(times.length / elapsed),
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      errors,
    };
  }

  const hot = skus[0]!;
  const spread = () => skus[Math.floor(Math.random() * SKUS)]!;
  // warm-up (connections, plans)
  await run('warm-up', 10, spread);
  const results: Awaited<ReturnType<typeof run>>[] = [];
  for (const writers of [1, 10]) {
    results.push(await run('one hot SKU', writers, () => hot));
    results.push(await run('1 000 SKUs', writers, spread));
  }

  const check = await services.data.inTenant(ctx, (tx) =>
    tx.execute(`
      select count(*)::int as pairs,
             count(*) filter (where s.on_hand <> l.q or s.reserved <> l.r)::int as mismatches,
             min(s.on_hand)::int as lowest,
             (select count(*)::int from trade_stock_ledger) as ledger_rows
      from trade_stock s
      join (select warehouse_id, variant_id, sum(qty_change) q, sum(reserved_change) r
            from trade_stock_ledger group by 1, 2) l using (warehouse_id, variant_id)`),
  );
  const summary = (check as unknown as { rows: Record<string, number>[] }).rows[0]!;

  const ms = (x: number) => x.toFixed(2);
  console.log(
    `\nStock movements (moveStock, one move a transaction), ${SECONDS} s a run, ${cpus().length} cores, Node ${process.version}, PostgreSQL on loopback\n`,
  );
  console.log('| SKUs         | writers | moves  | moves/s | p50 ms | p95 ms | errors |');
  console.log('| ------------ | ------- | ------ | ------- | ------ | ------ | ------ |');
  for (const r of results)
    console.log(
      `| ${r.name.padEnd(12)} | ${String(r.writers).padStart(7)} | ${String(r.moves).padStart(6)} | ${String(r.movesPerSecond).padStart(7)} | ${ms(r.p50).padStart(6)} | ${ms(r.p95).padStart(6)} | ${String(r.errors).padStart(6)} |`,
    );
  const ratio = (writers: number) => {
    const h = results.find((r) => r.writers === writers && r.name === 'one hot SKU')!;
    const s = results.find((r) => r.writers === writers && r.name === '1 000 SKUs')!;
    return (h.movesPerSecond / s.movesPerSecond).toFixed(2);
  };
  console.log(`\nhot / spread throughput: ${ratio(1)} at 1 writer, ${ratio(10)} at 10 writers`);
  console.log(
    `after the runs: ${summary.ledger_rows} ledger rows over ${summary.pairs} SKU × warehouse pairs, ${summary.mismatches} where the ledger does not sum to the snapshot, lowest on hand ${summary.lowest}`,
  );
} finally {
  await app.close();
  await db.close();
  await database.drop();
}

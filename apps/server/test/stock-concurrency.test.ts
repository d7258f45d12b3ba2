/**
 * Stock is never oversold, whatever the concurrency: one SKU with 20 on hand, 50 concurrent
 * transactions (each its own unit of work on a pool of 5 connections, so they really overlap in
 * the database) that each reserve 1 and ship it (SALE_OUT): exactly 20 commit, the other 30 are
 * refused with the insufficient-stock error and leave nothing behind; the balance never goes
 * below zero while they run; afterwards the ledger sums to the snapshot (Σ qty_change = on hand,
 * Σ reserved_change = reserved). Then 50 concurrent reservations only: exactly 20 hold. The
 * serialization is the database's (the guarded UPDATE's row lock in `moveStock`), not the
 * process's. PostgreSQL only (skipped without TEST_DATABASE_URL): PGlite has one connection, so
 * nothing there runs concurrently.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../src/core/context.ts';
import { isInsufficientStock, moveStock, type StockMove } from '../src/modules/trade/stock/ledger.ts';
import { stock, stockLedger } from '../src/modules/trade/stock/schema.ts';
import { variantsOf, warehousesOf } from '../src/modules/trade/test-support.ts';
import { createTestApp, type TestApp } from './harness.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const ATTEMPTS = 50;
const STOCK = 20;

describe.runIf(onPostgres)('stock under concurrent writers (PostgreSQL)', () => {
  let t: TestApp;
  let ctx: ReturnType<typeof systemContext>;
  let at: { warehouseId: string; variantId: string; sku: string };

  const snapshot = async () =>
    (
      await t.services.data.inTenant(ctx, (tx) =>
        tx
          .select()
          .from(stock)
          .where(and(eq(stock.warehouseId, at.warehouseId), eq(stock.variantId, at.variantId))),
      )
    )[0]!;
  const ledgerSums = async () =>
    (
      await t.services.data.inTenant(ctx, (tx) =>
        tx
          .select({
            rows: sql<number>`count(*)::int`,
            qty: sql<number>`coalesce(sum(${stockLedger.qtyChange}), 0)::int`,
            reserved: sql<number>`coalesce(sum(${stockLedger.reservedChange}), 0)::int`,
            minAfter: sql<number>`min(${stockLedger.qtyAfter})::int`,
          })
          .from(stockLedger)
          .where(and(eq(stockLedger.warehouseId, at.warehouseId), eq(stockLedger.variantId, at.variantId))),
      )
    )[0]!;
  const move = (m: Partial<StockMove> & Pick<StockMove, 'type'>): StockMove => ({
    ...at,
    voucherType: 'TEST',
    voucherNo: 'CONCURRENCY',
    ...m,
  });
  /** Sets on hand to `n` and the reservation to 0 (one COUNT / RELEASE through the one writer). */
  const reset = async (n: number) => {
    const s = await snapshot();
    await t.services.data.inTenant(ctx, async (tx) => {
      if (s.reserved) await moveStock(tx, ctx, [move({ type: 'RELEASE', reserved: -s.reserved })]);
      if (s.onHand !== n) await moveStock(tx, ctx, [move({ type: 'COUNT', onHand: n - s.onHand })]);
    });
  };

  /** Runs the 50 units at once; counts outcomes, the peak of units open at the same time, and the lowest balance seen meanwhile. */
  async function race(
    unit: (tx: Parameters<Parameters<TestApp['services']['data']['inTenant']>[1]>[0]) => Promise<void>,
  ) {
    let open = 0;
    let peak = 0;
    let lowest = Number.POSITIVE_INFINITY;
    let running = true;
    const watcher = (async () => {
      while (running) {
        const s = await snapshot();
        lowest = Math.min(lowest, s.onHand - s.reserved, s.onHand, s.reserved);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const outcomes = await Promise.allSettled(
      Array.from({ length: ATTEMPTS }, () =>
        t.services.data.inTenant(ctx, async (tx) => {
          open++;
          peak = Math.max(peak, open);
          try {
            await unit(tx);
          } finally {
            open--;
          }
        }),
      ),
    );
    running = false;
    await watcher;
    const refused = outcomes.filter((o) => o.status === 'rejected');
    const unexpected = refused.filter((o) => !isInsufficientStock((o as PromiseRejectedResult).reason));
    return {
      succeeded: outcomes.length - refused.length,
      refused: refused.length,
      unexpected: unexpected.map((o) => String((o as PromiseRejectedResult).reason)),
      peak,
      lowest,
    };
  }

  /**
   * A race went as it must: only the refusals of insufficient stock, exactly `STOCK` units through,
   * several at once, and no balance seen below zero meanwhile.
   */
  function expectOnlyStockLetThrough(r: Awaited<ReturnType<typeof race>>) {
    expect(r.unexpected).toEqual([]);
    expect(r.succeeded).toBe(STOCK);
    expect(r.refused).toBe(ATTEMPTS - STOCK);
    expect(r.peak).toBeGreaterThanOrEqual(3);
    expect(r.lowest).toBeGreaterThanOrEqual(0);
  }

  beforeAll(async () => {
    t = await createTestApp();
    ctx = systemContext(t.demo);
    const [w] = await warehousesOf(t, t.demo);
    const [v] = await variantsOf(t, t.demo, 1);
    at = { warehouseId: w!.id, variantId: v!.variantId, sku: v!.sku };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it(`${ATTEMPTS} concurrent reserve-and-ship of 1 on ${STOCK} in stock: exactly ${STOCK} succeed`, {
    timeout: 60_000,
  }, async () => {
    await reset(STOCK);
    const before = await ledgerSums();
    const r = await race(async (tx) => {
      await moveStock(tx, ctx, [move({ type: 'RESERVE', reserved: 1 })]);
      await moveStock(tx, ctx, [move({ type: 'SALE_OUT', onHand: -1, reserved: -1 })]);
    });
    expectOnlyStockLetThrough(r);
    const s = await snapshot();
    expect(s).toMatchObject({ onHand: 0, reserved: 0 });
    const after = await ledgerSums();
    expect(after.rows - before.rows).toBe(STOCK * 2);
    expect(after.qty).toBe(s.onHand);
    expect(after.reserved).toBe(s.reserved);
    expect(after.minAfter).toBeGreaterThanOrEqual(0);
  });

  it(`${ATTEMPTS} concurrent reservations of 1 on ${STOCK} in stock: exactly ${STOCK} hold`, {
    timeout: 60_000,
  }, async () => {
    await reset(STOCK);
    const r = await race(async (tx) => {
      await moveStock(tx, ctx, [move({ type: 'RESERVE', reserved: 1 })]);
    });
    expectOnlyStockLetThrough(r);
    const s = await snapshot();
    expect(s).toMatchObject({ onHand: STOCK, reserved: STOCK });
    const sums = await ledgerSums();
    expect(sums.qty).toBe(s.onHand);
    expect(sums.reserved).toBe(s.reserved);
  });
});

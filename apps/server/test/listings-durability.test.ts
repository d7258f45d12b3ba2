/**
 * Listings survive a crash of the server: the product (`main.ts`, a real process, with its bundled
 * marketplace simulator) gets 200 listings queued on a Lazada shop of tenant demo, is killed with
 * SIGKILL while the worker is in the middle of them, and is started again on the same database:
 * every listing ends in Success or Failure, none is lost (200 listings, each with its item on the
 * simulator) and none is duplicated (one item per seller SKU; the simulator itself refuses a second
 * live item of a seller SKU, which would end the listing in Failure). PostgreSQL only (skipped
 * without TEST_DATABASE_URL): a PGlite folder is opened by one process at a time.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  connectLazada,
  control,
  freePort,
  publish,
  type Server,
  signIn,
  simulatorItems,
  startServer,
  statusCounts,
  stopServer,
  writeProducts,
} from './listings-load.ts';

const COUNT = 200;
const S = { Queue: 1, Process: 2, Success: 3, Failure: 4 };

async function waitFor<T>(what: string, ms: number, probe: () => Promise<T | null>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got !== null) return got;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('listings survive a killed server', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    '200 listings, SIGKILL mid-run, restart: each ends once, with its one item',
    { timeout: 300_000 }, // its own waits add up to 4 min; alone it takes 2, beside another file longer
    async () => {
      const baseUrl = process.env.TEST_DATABASE_URL as string;
      const name = `seller_listings_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
      const dataDir = `/tmp/${name}`;
      process.env.LISTINGS_SECRETS_KEY = randomBytes(32).toString('hex');
      const db = new pg.Client({ connectionString: url });
      db.on('error', () => {});
      let server: Server | undefined;
      const t0 = Date.now();
      const step = (what: string) => process.stderr.write(`listings durability: ${what} at ${Date.now() - t0} ms\n`);
      try {
        const port = await freePort();
        server = await startServer(url, port, dataDir);
        step('started');
        await db.connect();
        // reviews settle at once; the worker still polls for them (the default 3 s)
        await control(server.base, 'PUT', '/faults', { platform: 'lazada', reviewDelayMs: 0 });
        const token = await signIn(server.base);
        const shop = await connectLazada(server.base, token, 'demo-sg', 'SG');
        const products = await writeProducts(db, 'DUR', COUNT);
        const ids = await publish(server.base, token, products, [shop.shopId]);
        expect(ids).toHaveLength(COUNT);
        step('published');

        // kill it once some are live and others are in flight
        const before = await waitFor('a quarter live', 90_000, async () => {
          const c = await statusCounts(db, [shop.shopId]);
          return (c[S.Success] ?? 0) >= COUNT / 4 ? c : null;
        });
        await stopServer(server, 'SIGKILL');
        step(`killed (${JSON.stringify(before)})`);
        const atKill = await statusCounts(db, [shop.shopId]);
        expect(atKill[S.Success] ?? 0, JSON.stringify({ before, atKill })).toBeLessThan(COUNT);

        server = await startServer(url, port, dataDir);
        await control(server.base, 'PUT', '/faults', { platform: 'lazada', reviewDelayMs: 0 });
        step('started again');
        const end = await waitFor('every listing done', 150_000, async () => {
          const c = await statusCounts(db, [shop.shopId]);
          return (c[S.Success] ?? 0) + (c[S.Failure] ?? 0) === COUNT ? c : null;
        });

        step(`done (${JSON.stringify(end)})`);
        const rows = (
          await db.query(
            `select l.id, l.status, l.platform_item_id, l.last_error_message, s.seller_sku
             from marketplace_listings l join marketplace_listing_skus s on s.listing_id = l.id
             where l.shop_id = $1 and l.is_deleted = false`,
            [shop.shopId],
          )
        ).rows;
        expect(rows).toHaveLength(COUNT);
        const failures = rows.filter((r) => r.status !== S.Success);
        expect(failures, JSON.stringify({ atKill, end, failures: failures.slice(0, 5) })).toEqual([]);
        const sim = await simulatorItems(server.base, [shop.sellerId]);
        expect(sim.duplicates).toEqual([]);
        expect(sim.count).toBe(COUNT);
        for (const r of rows) expect(sim.bySku.get(r.seller_sku), r.seller_sku).toEqual([r.platform_item_id]);
      } finally {
        if (server) await stopServer(server).catch(() => {});
        await db.end().catch(() => {});
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

/**
 * Listings through a real server process (the product's `main.ts`) and its bundled marketplace
 * simulator, for the durability test (`listings-durability.test.ts`) and the benchmark
 * (`bench/listings.ts`): start and kill the process, connect Lazada shops of tenant demo through the
 * simulator's control API and the product's authorize endpoint, write products, publish them over
 * HTTP, and read the outcome from the database and from the simulator.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';

export { freePort } from './free-port.ts';

const root = new URL('../../..', import.meta.url).pathname;
/** The simulator's control key: set for the server this process starts, as an operator would. */
const SIM_KEY = randomBytes(18).toString('base64url');
/** A simulator category whose mandatory attributes these cover. */
export const CATEGORY = {
  categoryId: '10000000',
  attributes: { warranty_type: 'No Warranty', brand: 'No Brand', material: 'Cotton' },
};

export interface Server {
  process: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  exited: Promise<unknown>;
}

/** Starts `main.ts` (production mode, simulator on) on `databaseUrl`; resolves once it listens. */
export async function startServer(databaseUrl: string, port: number, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, [`${root}apps/server/src/main.ts`], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      ISSUER: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      MARKETPLACE_SIMULATOR: 'true',
      MARKETPLACE_SIMULATOR_KEY: SIM_KEY,
      SECRETS_KEY: process.env.LISTINGS_SECRETS_KEY ?? randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 180_000);
    const onData = (c: Buffer) => {
      output = (output + c.toString()).slice(-20_000);
      if (/listening on/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited ${code}:\n${output}`)));
  });
  child.removeAllListeners('exit');
  const exited = new Promise((r) => child.once('exit', r));
  return { process: child, port, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export async function stopServer(server: Server, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  server.process.kill(signal);
  await server.exited;
}

async function json(res: Response, what: string) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

/** The simulator's control API. */
export const control = async (base: string, method: string, path: string, body?: object) =>
  json(
    await fetch(`${base}/marketplace-sim/control${path}`, {
      method,
      headers: { 'x-sim-key': SIM_KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }),
    `control ${method} ${path}`,
  );

export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', __tenant: 'demo' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'web-admin',
      username: 'admin',
      password: '1q2w3E*',
      scope: 'openid profile email phone roles offline_access',
    }),
  });
  return (await json(res, 'sign-in')).access_token;
}

/** Calls the product's API as tenant demo's administrator (`token`), in English; refusals throw. */
export const api = (base: string, token: string) => async (method: string, path: string, body?: object) =>
  json(
    await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': 'en',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }),
    `${method} ${path}`,
  );

/** Connects tenant demo's shop of a simulator Lazada account (demo-sg, demo-th…) as a seller would. */
export async function connectLazada(base: string, token: string, account: string, region: string) {
  const call = api(base, token);
  const redirectUri = `${base}/publishingPlatform/shop-callback`;
  const q = new URLSearchParams({ platform: 'LAZADA', region, redirectUri });
  const { state } = await call('GET', `/api/sitekit/shopes/authorize-url?${q}`);
  const { code, shopId } = await control(base, 'POST', '/authorize', { platform: 'lazada', account });
  const shop = await call('POST', '/api/sitekit/shopes/authorize', { code, state, shopId });
  return { shopId: shop.id as string, sellerId: String(shopId) };
}

/** `count` products of tenant demo written straight to the database (SKUs `${prefix}-00001`…); their ids in order. */
export async function writeProducts(db: pg.Client, prefix: string, count: number): Promise<string[]> {
  const tenantId = (await db.query(`select id from tenants where name = 'demo'`)).rows[0].id as string;
  const category = (
    await db.query(`select id from catalog_categories where tenant_id = $1 order by code limit 1`, [tenantId])
  ).rows[0].id as string;
  await db.query(
    `insert into catalog_products (tenant_id, sku, name, category_ids, description, price, weight, search_text, concurrency_stamp)
     select $1, $3 || '-' || lpad(p::text, 5, '0'), 'Load test bottle ' || p, array[$2::uuid], 'A bottle', 20, 400,
            lower($3) || '-' || lpad(p::text, 5, '0'), md5(p::text)
     from generate_series(1, ${count}) p`,
    [tenantId, category, prefix],
  );
  return (
    await db.query(`select id from catalog_products where tenant_id = $1 and sku like $2 order by sku`, [
      tenantId,
      `${prefix}-%`,
    ])
  ).rows.map((r) => r.id as string);
}

/** Publishes each product to its shop (round robin over `shopIds`), 200 a request; the listing ids. */
export async function publish(base: string, token: string, productIds: string[], shopIds: string[]) {
  const call = api(base, token);
  const ids: string[] = [];
  for (let i = 0; i < productIds.length; i += 200) {
    const items = productIds.slice(i, i + 200).map((productId, j) => ({
      productId,
      shopId: shopIds[(i + j) % shopIds.length],
      price: '25.90',
      ...CATEGORY,
    }));
    const res = await call('POST', '/api/catalog/listing', { items });
    for (const row of res.items) {
      if (!row.ok) throw new Error(`not published: ${JSON.stringify(row)}`);
      ids.push(row.id);
    }
  }
  return ids;
}

/** Listings of these shops by status (dropped ones left out). */
export async function statusCounts(db: pg.Client, shopIds: string[]): Promise<Record<number, number>> {
  const rows = (
    await db.query(
      `select status, count(*)::int as n from marketplace_listings
       where shop_id = any($1::uuid[]) and is_deleted = false group by status`,
      [shopIds],
    )
  ).rows;
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** Items on the simulator for these sellers: how many, and seller SKUs held by more than one live item. */
export async function simulatorItems(base: string, sellerIds: string[]) {
  const bySku = new Map<string, string[]>();
  let count = 0;
  for (const shopId of sellerIds) {
    const page = await control(base, 'GET', `/items?platform=lazada&shopId=${shopId}`);
    count += page.count;
    if (page.count > page.items.length) throw new Error(`more than ${page.items.length} items on ${shopId}`);
    for (const item of page.items as Array<{ itemId: string; status: string; skus: Array<{ sellerSku: string }> }>) {
      if (item.status === 'deleted') continue;
      for (const s of item.skus) bySku.set(s.sellerSku, [...(bySku.get(s.sellerSku) ?? []), item.itemId]);
    }
  }
  const duplicates = [...bySku].filter(([, items]) => items.length > 1);
  return { count, bySku, duplicates };
}

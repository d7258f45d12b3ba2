/**
 * Orders and statistics with 1 000 000 sales orders across 1 000 tenants (numbers, not
 * pass/fail). Starts the product (production mode) on a fresh PostgreSQL database, seeds 999
 * more tenants and BENCH_ORDERS ÷ tenants sales orders each (demo included, beside its own demo
 * orders) over the last 365 days, with 1.5 lines per order on average, by set-based
 * `INSERT … SELECT generate_series` statements, then ANALYZE. Measures over HTTP on loopback,
 * signed in as the demo admin, at 1 and 10 connections:
 *  - the order list `GET /api/trade/orders` filtered by status (Shipped) and the last 90 days,
 *    sorted by orderedAt desc, first page of 20 (with its total);
 *  - the statistics of the last 90 days: `GET /api/trade/statistics/sales` (per day, by shop
 *    and platform) and `/top-skus`;
 *  - a bare authenticated route in the same run, as the baseline: `GET /api/abp/application-configuration`;
 * and prints EXPLAIN (ANALYZE, BUFFERS) of the list and statistics statements for demo and two
 * other tenants, run as the application role with the tenant set (row-level security applies).
 * Usage: npx node bench/orders.ts (BENCH_SECONDS=10; BENCH_ORDERS=1000000 over BENCH_TENANTS=1000;
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; the
 * database is dropped at the end).
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { freshDatabase, type LoadResult, load, signIn, startProduct, stopProcess, writeReport } from './support.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const TENANTS = Number(process.env.BENCH_TENANTS ?? 1000);
const perTenant = Math.max(1, Math.floor(ORDERS / TENANTS));
const DAY = 86_400_000;

const database = await freshDatabase('seller_bench_orders');
const { db } = database;
const results: LoadResult[] = [];
const plans: Record<string, string> = {};
let server: Awaited<ReturnType<typeof startProduct>>['server'] | undefined;

/** EXPLAIN (ANALYZE, BUFFERS) as the application role with the tenant set. */
async function explain(client: pg.Client, tenantId: string, query: string, params: unknown[]): Promise<string> {
  await client.query('set role seller_app');
  await client.query(`select set_config('app.tenant_id', $1, false)`, [tenantId]);
  const rows = (await client.query(`explain (analyze, buffers) ${query}`, params)).rows;
  await client.query('reset role');
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

try {
  // production refuses to start without a key for the secrets at rest
  const started = await startProduct(database, {
    PAGE_CACHE_SECONDS: '0',
    SECRETS_KEY: randomBytes(32).toString('base64'),
  });
  server = started.server;
  const { port } = started;
  const demoId = (await db.query(`select id from tenants where name = 'demo'`)).rows[0].id as string;
  const t0 = performance.now();
  await seedOrders(db);
  const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;
  const counts = (
    await db.query(
      `select (select count(*) from tenants) tenants, (select count(*) from trade_sales_orders) orders,
        (select count(*) from trade_sales_order_lines) lines,
        (select count(*) from trade_sales_orders where tenant_id = $1) demo`,
      [demoId],
    )
  ).rows[0];
  console.log(
    `seeded ${counts.orders} orders with ${counts.lines} lines across ${counts.tenants} tenants (demo ${counts.demo}) in ${seedSeconds} s`,
  );

  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 89 * DAY).toISOString().slice(0, 10);
  const toExclusive = new Date(Date.parse(to) + DAY).toISOString().slice(0, 10);

  // the statements the routes run (orders: core `page`, one statement with its window total)
  const listSql = `select *, count(*) over() from trade_sales_orders
    where tenant_id = $1 and status = 'Shipped' and ordered_at >= $2::timestamptz and ordered_at < $3::timestamptz
    order by ordered_at desc, id desc limit 20`;
  const salesSql = `select to_char(date_trunc('day', o.ordered_at at time zone 'UTC'), 'YYYY-MM-DD') as period, o.shop_id,
      coalesce(o.platform, 'MANUAL') as platform, count(*)::int as orders,
      sum(o.total * (case o.currency when 'MYR' then 1.55::numeric when 'SGD' then 5.30::numeric when 'CNY' then 1::numeric else 0 end))::text as amount
    from trade_sales_orders o
    where o.tenant_id = $1 and o.ordered_at >= $2::timestamptz and o.ordered_at < $3::timestamptz and o.status <> 'Cancel'
    group by 1, 2, 3`;
  const topSql = `select * from (select a.*, row_number() over (order by a.quantity desc, a.sku) as rq,
      row_number() over (order by a.amount_n desc, a.sku) as ra
    from (select coalesce(l.sku, l.seller_sku) as sku, max(l.name) as name, sum(l.quantity)::int as quantity,
        count(distinct l.order_id)::int as orders,
        sum(l.amount * (case o.currency when 'MYR' then 1.55::numeric when 'SGD' then 5.30::numeric else 0 end)) as amount_n
      from trade_sales_orders o join trade_sales_order_lines l on l.order_id = o.id
      where o.tenant_id = $1 and o.ordered_at >= $2::timestamptz and o.ordered_at < $3::timestamptz and o.status <> 'Cancel'
      group by 1) a) r where r.rq <= 10 or r.ra <= 10`;
  const others = (await db.query(`select id, name from tenants where name in ('bench17', 'bench523') order by name`))
    .rows as Array<{ id: string; name: string }>;
  const range = [new Date(from).toISOString(), new Date(toExclusive).toISOString()];
  for (const t of [{ id: demoId, name: 'demo' }, ...others]) {
    plans[`orderList ${t.name}`] = await explain(db, t.id, listSql, [t.id, ...range]);
    plans[`sales ${t.name}`] = await explain(db, t.id, salesSql, [t.id, ...range]);
    plans[`topSkus ${t.name}`] = await explain(db, t.id, topSql, [t.id, ...range]);
  }

  const token = await signIn(port);
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
  const base = `http://127.0.0.1:${port}`;
  const cases: Array<[string, string]> = [
    ['baseline: application-configuration', '/api/abp/application-configuration'],
    [
      'order list: Shipped, 90 days, orderedAt desc, page 1 of 20',
      `/api/trade/orders?${new URLSearchParams({ status: 'Shipped', from, to: toExclusive, sorting: 'orderedAt desc', maxResultCount: '20' })}`,
    ],
    ['statistics: sales per day, 90 days', `/api/trade/statistics/sales?from=${from}&to=${to}&granularity=day`],
    ['statistics: top SKUs, 90 days', `/api/trade/statistics/top-skus?from=${from}&to=${to}`],
  ];
  for (const [name, url] of cases) {
    const res = await fetch(`${base}${url}`, { headers });
    const text = await res.text();
    if (!res.ok) throw new Error(`${url} → ${res.status} ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { totalCount?: number; totalOrders?: number };
    console.log(`${name} → ${body.totalCount ?? body.totalOrders ?? 'ok'}`);
  }
  for (const connections of [1, 10]) {
    for (const [name, url] of cases) {
      results.push(
        await load(`${name} [${connections} conn]`, `${base}${url}`, {
          connections,
          seconds,
          headers,
          serverPid: server.pid,
        }),
      );
    }
  }
  const baseline = (c: number) => results.find((r) => r.name.startsWith('baseline') && r.name.endsWith(`[${c} conn]`))!;
  const ratios = results.map((r) => {
    const b = baseline(r.name.endsWith('[1 conn]') ? 1 : 10);
    return {
      name: r.name,
      p50VsBaseline: Math.round((r.p50 / b.p50) * 10) / 10,
      p95VsBaseline: Math.round((r.p95 / b.p95) * 10) / 10,
    };
  });
  console.table(ratios);
  await stopProcess(server);
  server = undefined;
  writeReport('orders', {
    date: new Date().toISOString(),
    machine: `${(await import('node:os')).cpus().length} cores, Node ${process.version}`,
    database: 'PostgreSQL (loopback)',
    tenants: Number(counts.tenants),
    orders: Number(counts.orders),
    lines: Number(counts.lines),
    demoOrders: Number(counts.demo),
    seedSeconds,
    seconds,
    range: { from, to },
    results,
    ratios,
    plans,
  } as never);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  if (server) await stopProcess(server);
  await database.drop();
}

/**
 * Tenants up to `TENANTS` (demo is one) and `perTenant` orders each over the last 365 days, in
 * the spec's statuses (one in twelve cancelled), in MYR or SGD, on no shop (the statistics group
 * them as manual), with one line each and a second line on every other order.
 */
async function seedOrders(client: pg.Client) {
  await client.query(
    `insert into tenants (name, normalized_name, concurrency_stamp)
     select 'bench' || i, 'BENCH' || i, md5(i::text) from generate_series(1, $1) i on conflict do nothing`,
    [TENANTS - 1],
  );
  await client.query(
    `insert into trade_sales_orders (tenant_id, order_no, source, platform, status, currency, goods_amount,
       shipping_fee, discount, total, buyer_name, country_code, ordered_at, paid_at, concurrency_stamp)
     select t.id, 'BO' || lpad(i::text, 8, '0'), 'MARKETPLACE', case when i % 2 = 0 then 'LAZADA' else 'SHOPEE' end,
       (array['Pending','Paid','Processing','Outofstock','Packaged','PartiallyShipped','Shipped','Delivered','Completed','Cancel','PartiallyRefunded','Shipped'])[1 + i % 12],
       case when i % 2 = 0 then 'MYR' else 'SGD' end,
       (10 + i % 90)::numeric(18,2), 5, 0, (15 + i % 90)::numeric(18,2),
       'Buyer ' || (i % 500), case when i % 2 = 0 then 'MY' else 'SG' end,
       now() - make_interval(mins => (i * 523) % (365 * 1440)), now() - make_interval(mins => (i * 523) % (365 * 1440)),
       md5(i::text)
     from tenants t cross join generate_series(1, $1) i`,
    [perTenant],
  );
  await client.query(
    `insert into trade_sales_order_lines (tenant_id, order_id, line_no, seller_sku, sku, name, quantity, unit_price, amount)
     select o.tenant_id, o.id, n, 'BSKU-' || lpad((abs(hashtext(o.order_no || n)) % 200)::text, 3, '0'),
       'BSKU-' || lpad((abs(hashtext(o.order_no || n)) % 200)::text, 3, '0'), 'Bench item', 1 + n % 2,
       o.goods_amount / (1 + n % 2), o.goods_amount
     from trade_sales_orders o cross join generate_series(1, 2) n
     where o.order_no like 'BO%' and (n = 1 or right(o.order_no, 1) in ('0', '2', '4', '6', '8'))`,
  );
  await client.query('vacuum analyze trade_sales_orders');
  await client.query('vacuum analyze trade_sales_order_lines');
  await client.query('analyze');
}

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
 * and prints EXPLAIN (ANALYZE, BUFFERS) of the statements the product sends for each case (captured
 * in this process, `productPlans`), for demo, run as the application role with the tenant set
 * (row-level security applies).
 * Usage: npx node bench/orders.ts (BENCH_SECONDS=10; BENCH_ORDERS=1000000 over BENCH_TENANTS=1000;
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; the
 * database is dropped at the end).
 */
import type pg from 'pg';
import {
  demoTenantId,
  loadCasesAtOneAndTen,
  machine,
  onFreshDatabase,
  productPlans,
  ratiosToBaseline,
  benchSeconds as seconds,
  secondsOf,
  seedBenchTenants,
  signIn,
  stopProcess,
  benchTenants as TENANTS,
  writeReport,
} from './support.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const perTenant = Math.max(1, Math.floor(ORDERS / TENANTS));
/** Demo's own share on top (a big seller: its lists at their heaviest filters are what is measured). */
const DEMO_ORDERS = Number(process.env.BENCH_DEMO_ORDERS ?? 200_000);
const DAY = 86_400_000;

await onFreshDatabase('seller_bench_orders', async ({ database, db, startProduct, results, plans }) => {
  const { port, server } = await startProduct({ PAGE_CACHE_SECONDS: '0' });
  const demoId = await demoTenantId(db);
  const seedSeconds = await secondsOf(() => seedOrders(db));
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

  const token = await signIn(port);
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
  const base = `http://127.0.0.1:${port}`;
  const cases: Array<[string, string]> = [
    ['baseline: application-configuration', '/api/abp/application-configuration'],
    [
      'order list: Shipped, 90 days, orderedAt desc, page 1 of 20',
      `/api/trade/orders?${new URLSearchParams({ status: 'Shipped', from, to, sorting: 'orderedAt desc', maxResultCount: '20' })}`,
    ],
    [
      'order list: every order, total desc, page 1 of 20',
      `/api/trade/orders?${new URLSearchParams({ sorting: 'total desc', maxResultCount: '20' })}`,
    ],
    [
      'order list: Lazada, MY, 90 days, buyer contains "Mei Ling Tan", page 1',
      `/api/trade/orders?${new URLSearchParams({ platform: 'LAZADA', countryCode: 'MY', from, to, buyer: 'Mei Ling Tan', maxResultCount: '20' })}`,
    ],
    ['order tabs: counts, 90 days', `/api/trade/orders/counts?${new URLSearchParams({ from, to })}`],
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
  results.push(...(await loadCasesAtOneAndTen(base, cases, { seconds, headers, serverPid: server.pid })));
  const ratios = ratiosToBaseline(results);
  console.table(ratios);
  await stopProcess(server);
  // the plans of the statements the product sent for each case (demo's)
  Object.assign(plans, await productPlans(database.url, db, cases.slice(1), /trade_sales_order/));
  writeReport('orders', {
    date: new Date().toISOString(),
    machine: machine(),
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
  });
});

/**
 * A buyer's name as a marketplace shows it, the same for each of the seller's buyers (`buyer`, an
 * SQL expression of the row number): 40 given names × 40 family names, as Malaysian and
 * Singaporean buyers are named, so a search for one buyer's name finds the few buyers who share it.
 */
function buyerName(buyer: string) {
  return `(array['Mei Ling','Wei Jie','Siew Lan','Kok Wai','Hui Min','Jun Hao','Li Ting','Chee Keong','Nurul Huda','Ahmad Faiz',
    'Siti Aishah','Muhammad Amir','Nur Izzati','Hafiz','Farah','Aiman','Priya','Arun','Kavitha','Ramesh',
    'Deepa','Suresh','Anita','Rajesh','Jessica','Daniel','Michelle','Ryan','Sarah','Kelvin',
    'Grace','Marcus','Vanessa','Jason','Rachel','Benjamin','Cheryl','Alvin','Joanne','Darren'])[1 + abs(hashtext('g' || ${buyer})) % 40]
    || ' ' || (array['Tan','Lim','Lee','Ng','Wong','Chan','Goh','Ong','Teo','Koh',
    'Abdullah','Ismail','Rahman','Hassan','Ibrahim','Yusof','Osman','Hamid','Aziz','Salleh',
    'Kumar','Raj','Pillai','Nair','Menon','Singh','Muthu','Subramaniam','Krishnan','Rao',
    'Chua','Low','Yeo','Sim','Foo','Chong','Loh','Khoo','Yap','Heng'])[1 + abs(hashtext('f' || ${buyer})) % 40]`;
}

/**
 * Tenants up to `TENANTS` (demo is one) and `perTenant` orders each over the last 365 days, in
 * the spec's statuses (one in twelve cancelled), in MYR or SGD, on no shop (the statistics group
 * them as manual), with one line each and a second line on every other order.
 */
async function seedOrders(client: pg.Client) {
  await seedBenchTenants(client);
  await client.query(
    `insert into trade_sales_orders (tenant_id, order_no, source, platform, status, currency, goods_amount,
       shipping_fee, discount, total, buyer_name, country_code, ordered_at, paid_at, concurrency_stamp)
     select t.id, 'BO' || lpad(i::text, 8, '0'), 'MARKETPLACE', case when i % 2 = 0 then 'LAZADA' else 'SHOPEE' end,
       (array['Pending','Paid','Processing','Outofstock','Packaged','PartiallyShipped','Shipped','Delivered','Completed','Cancel','PartiallyRefunded','Shipped'])[1 + i % 12],
       case when i % 2 = 0 then 'MYR' else 'SGD' end,
       (10 + i % 90)::numeric(18,2), 5, 0, (15 + i % 90)::numeric(18,2),
       ${buyerName('i % 500')}, case when i % 2 = 0 then 'MY' else 'SG' end,
       now() - make_interval(mins => (i * 523) % (365 * 1440)), now() - make_interval(mins => (i * 523) % (365 * 1440)),
       md5(i::text)
     from tenants t cross join generate_series(1, $1) i`,
    [perTenant],
  );
  await client.query(
    `insert into trade_sales_orders (tenant_id, order_no, source, platform, status, currency, goods_amount,
       shipping_fee, discount, total, buyer_name, country_code, ordered_at, paid_at, concurrency_stamp)
     select t.id, 'BD' || lpad(i::text, 8, '0'), 'MARKETPLACE', case when i % 2 = 0 then 'LAZADA' else 'SHOPEE' end,
       (array['Pending','Paid','Processing','Outofstock','Packaged','PartiallyShipped','Shipped','Delivered','Completed','Cancel','PartiallyRefunded','Shipped'])[1 + i % 12],
       case when i % 2 = 0 then 'MYR' else 'SGD' end,
       (10 + i % 900)::numeric(18,2), 5, 0, (15 + i % 900)::numeric(18,2),
       ${buyerName('i % 40000')}, case when i % 2 = 0 then 'MY' else 'SG' end,
       now() - make_interval(mins => (i * 523) % (365 * 1440)), now() - make_interval(mins => (i * 523) % (365 * 1440)),
       md5('d' || i)
     from tenants t cross join generate_series(1, $1) i where t.name = 'demo'`,
    [DEMO_ORDERS],
  );
  await client.query(
    `insert into trade_sales_order_lines (tenant_id, order_id, line_no, seller_sku, sku, name, quantity, unit_price, amount)
     select o.tenant_id, o.id, n, 'BSKU-' || lpad((abs(hashtext(o.order_no || n)) % 200)::text, 3, '0'),
       'BSKU-' || lpad((abs(hashtext(o.order_no || n)) % 200)::text, 3, '0'), 'Bench item', 1 + n % 2,
       o.goods_amount / (1 + n % 2), o.goods_amount
     from trade_sales_orders o cross join generate_series(1, 2) n
     where (o.order_no like 'BO%' or o.order_no like 'BD%') and (n = 1 or right(o.order_no, 1) in ('0', '2', '4', '6', '8'))`,
  );
  await client.query('vacuum analyze trade_sales_orders');
  // the tab counts' tallies, as autovacuum leaves an insert-only table: visible to index-only scans
  await client.query('vacuum analyze trade_sales_order_tallies');
  await client.query('vacuum analyze trade_sales_order_lines');
  await client.query('analyze');
}

/**
 * Product list with 1 000 000 products across 1 000 tenants (numbers, not pass/fail). Starts
 * the product on a fresh PostgreSQL database, seeds 999 more tenants and 1 000 products per
 * tenant (demo included), each with two variants, with a few set-based SQL statements, then
 * measures on loopback, signed in as the demo admin, `GET /api/catalog/products`:
 *  - filtered by category and active, sorted by creationTime desc, first page of 20;
 *  - the same filter sorted by price asc;
 *  - a partial SKU search (11 matches in demo, 11 000 with those digits across all tenants);
 *  - a name search (English words, 11 matches in demo, ~10 000 across all tenants);
 * at 50 connections as the product runs by default (a repeated page comes from the page
 * cache), then with the page cache off (PAGE_CACHE_SECONDS=0: every request runs its query)
 * at 1 and 10 connections beside a bare authenticated route (`GET /api/abp/application-configuration`,
 * the ratios printed), and at 50.
 * Usage: npx node bench/products-1m.ts (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default;
 * BENCH_PRODUCTS=100000 for a quicker run, spread over BENCH_TENANTS=1000; BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/test; the database is dropped at the end).
 */
import type pg from 'pg';
import {
  benchConnections as connections,
  demoTenantId,
  explain,
  load,
  loadCasesAtOneAndTen,
  machine,
  onFreshDatabase,
  ratiosToBaseline,
  benchSeconds as seconds,
  secondsOf,
  seedBenchTenants,
  signIn,
  stopProcess,
  benchTenants as TENANTS,
  writeReport,
} from './support.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const perTenant = Math.max(1, Math.floor(PRODUCTS / TENANTS));

await onFreshDatabase('seller_bench_products', async ({ db, startProduct, results, plans }) => {
  const { port, server } = await startProduct();
  const demoId = await demoTenantId(db);
  const seedSeconds = await secondsOf(() => seedCatalogue(db));
  const counts = (
    await db.query(
      `select (select count(*) from tenants) tenants, (select count(*) from catalog_products) products,
      (select count(*) from catalog_product_variants) variants,
      (select count(*) from catalog_products where tenant_id = $1) demo`,
      [demoId],
    )
  ).rows[0];
  console.log(
    `seeded ${counts.products} products with ${counts.variants} variants across ${counts.tenants} tenants (demo ${counts.demo}) in ${seedSeconds} s`,
  );

  const categoryId = (
    await db.query(`select id from catalog_categories where tenant_id = $1 and code = 'BENCH03'`, [demoId])
  ).rows[0].id as string;
  const prefix = (
    await db.query(
      `select split_part(sku, '-', 1) p from catalog_products where tenant_id = $1 and sku like '%-00001'`,
      [demoId],
    )
  ).rows[0].p as string;
  const skuFilter = '0042';
  const nameFilter = 'vacuum flask';

  // the statements the product list runs: the tenant-scoped view, the trigram-indexed search text
  const list = (where: string, order = 'creation_time desc, id asc') =>
    `select * from catalog_products_scoped catalog_products where tenant_id = $1 and not is_deleted ${where} order by ${order} limit 20`;
  const count = (where: string) =>
    `select count(*) from catalog_products_scoped catalog_products where tenant_id = $1 and not is_deleted ${where}`;
  const byCategory = `and category_ids @> array['${categoryId}']::uuid[] and is_active`;
  plans.categoryActive = await explain(db, demoId, list(byCategory));
  plans.categoryActiveCount = await explain(db, demoId, count(byCategory));
  plans.categoryActiveByPrice = await explain(db, demoId, list(byCategory, 'price asc, id asc'));
  plans.sku = await explain(db, demoId, list(`and search_text ilike '%${skuFilter}%'`));
  plans.name = await explain(db, demoId, list(`and search_text ilike '%${nameFilter}%'`));

  const token = await signIn(port);
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
  const path = '/api/catalog/products';
  const query = (q: Record<string, string>) => `${path}?${new URLSearchParams({ maxResultCount: '20', ...q })}`;
  const cases: [string, string][] = [];
  const add = async (label: string, url: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers });
    const body = (await res.json()) as { totalCount: number; items: { sku: string }[] };
    if (!res.ok) throw new Error(`${url} → ${res.status} ${JSON.stringify(body)}`);
    console.log(`${label} → totalCount ${body.totalCount}, first ${body.items[0]?.sku}`);
    cases.push([`${label} (${body.totalCount} matches)`, url]);
  };
  const filter = { categoryId, isActive: 'true' };
  await add('category + active, creationTime desc', query({ ...filter, sorting: 'creationTime desc' }));
  await add('category + active, price asc', query({ ...filter, sorting: 'price asc' }));
  await add(`SKU search "${skuFilter}"`, query({ filter: skuFilter }));
  await add(`name search "${nameFilter}"`, query({ filter: nameFilter }));

  // 1. as configured by default: repeated reads of a page are served from the page cache
  for (const [name, url] of cases) {
    results.push(
      await load(`${name} [page cache]`, `http://127.0.0.1:${port}${url}`, {
        connections,
        seconds,
        headers,
        serverPid: server.pid,
      }),
    );
  }
  await stopProcess(server);

  // 2. every request runs its query: the page cache off (PAGE_CACHE_SECONDS=0); totals stay cached.
  // At 1 and 10 connections beside a bare authenticated route in the same run (the ratio is what
  // to read on this shared machine), then at the default connections.
  const uncached = await startProduct({ PAGE_CACHE_SECONDS: '0' });
  const uncachedHeaders = { ...headers, authorization: `Bearer ${await signIn(uncached.port)}` };
  const uncachedBase = `http://127.0.0.1:${uncached.port}`;
  const measured = await loadCasesAtOneAndTen(
    uncachedBase,
    [['baseline: application-configuration', '/api/abp/application-configuration'], ...cases],
    { seconds, headers: uncachedHeaders, serverPid: uncached.server.pid },
  );
  results.push(...measured);
  const ratios = ratiosToBaseline(measured);
  console.table(ratios);
  for (const [name, url] of cases) {
    results.push(
      await load(`${name} [no page cache, ${connections} conn]`, `${uncachedBase}${url}`, {
        connections,
        seconds,
        headers: uncachedHeaders,
        serverPid: uncached.server.pid,
      }),
    );
  }
  await stopProcess(uncached.server);

  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    database: 'PostgreSQL (loopback)',
    tenants: Number(counts.tenants),
    products: Number(counts.products),
    variants: Number(counts.variants),
    demoProducts: Number(counts.demo),
    demoSkuPrefix: prefix,
    seedSeconds,
    connections,
    seconds,
    results,
    ratios,
    plans,
  };
  writeReport('products-1m', report);
});

/**
 * Tenants up to `TENANTS` (demo is one), ten categories each and `perTenant` products per
 * tenant with two variants each. Each tenant's SKUs carry its own three-letter prefix
 * (`KXB-00421`, variants `KXB-00421-BLK`); names combine 8 adjectives and 12 nouns, so a
 * two-word name search matches about one product in 96. `search_text` is what the service
 * writes: SKU, names, variant SKUs.
 */
async function seedCatalogue(db: pg.Client) {
  await seedBenchTenants(db);
  await db.query(`
    insert into catalog_categories (tenant_id, code, name, name_en, sort, concurrency_stamp)
    select t.id, 'BENCH' || lpad(i::text, 2, '0'), '类目' || i, 'Category ' || i, 100 + i, md5(i::text)
    from tenants t cross join generate_series(1, 10) i`);
  await db.query(
    `with t as (
       select t.id, chr(65 + n % 26) || chr(65 + (n / 26) % 26) || chr(65 + (n / 676) % 26) prefix,
         (select array_agg(c.id order by c.code) from catalog_categories c
           where c.tenant_id = t.id and c.code like 'BENCH%') cats
       from (select id, row_number() over (order by name)::int n from tenants) t
     )
     insert into catalog_products (tenant_id, sku, name, name_en, category_ids, description, price, pms_status,
       is_active, in_stock, developer, purchaser, weight, variant_options, search_text, creation_time, concurrency_stamp)
     select t.id, p.sku, p.name, p.name_en, array[t.cats[1 + i % 10]], p.name || '。', 9.9 + i % 200, 1 + i % 5,
       i % 10 <> 0, i % 2 = 0, '张敏', '刘洋', 100 + i % 900, '[]',
       p.sku || ' ' || p.name || ' ' || p.name_en || ' ' || p.sku || '-BLK ' || p.sku || '-WHT',
       now() - make_interval(mins => $1 - i), md5(i::text)
     from t cross join generate_series(1, $1) i
     cross join lateral (select t.prefix || '-' || lpad(i::text, 5, '0') sku,
       (array['纯棉','复古','加绒','防水','真空','折叠','迷你','无线'])[1 + i % 8]
         || (array['T恤','连衣裙','卫衣','背包','手提包','保温杯','雨伞','耳机','台灯','钱包','帽子','水壶'])[1 + (i / 8) % 12] name,
       (array['Cotton','Vintage','Fleece','Waterproof','Vacuum','Folding','Mini','Wireless'])[1 + i % 8] || ' '
         || (array['T-shirt','dress','hoodie','backpack','handbag','flask','umbrella','earphones','lamp','wallet','hat','bottle'])[1 + (i / 8) % 12] name_en) p`,
    [perTenant],
  );
  await db.query(`
    insert into catalog_product_variants (tenant_id, product_id, sku, value_ids, label, price, weight, sort)
    select p.tenant_id, p.id, p.sku || '-' || v.code, '[]', v.label, p.price, p.weight, v.sort
    from catalog_products p
    cross join (values ('BLK', 'Black', 0), ('WHT', 'White', 1)) v(code, label, sort)
    where p.sku like '%-_____'`);
  await db.query('vacuum analyze');
}

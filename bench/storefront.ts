/**
 * The Storefront API with 10 000 site products (numbers, not pass/fail). Starts the product
 * (production mode) on a fresh PostgreSQL database, adds BENCH_SITE_PRODUCTS products to the demo
 * store (one to three variants each, over the catalogue's variants, in four categories) by
 * set-based SQL, then measures over HTTP on loopback, with the demo store's publishable key, at 1
 * and 10 connections, each against the bare route (bare Fastify + pg, one indexed page query) in
 * the same run:
 *  - the product list, varied: 64 different queries (page 1 to 8 of newest, a category, a search
 *    word, price ascending, a price range, in USD and in CNY) taken in turn, so no two neighbours
 *    hit the same cache line; then the same first page over and over;
 *  - the product detail of 500 different products taken in turn (variants, stock, categories);
 * Each request comes as one of 50 000 shoppers' addresses (through a trusted proxy), so the per-key
 * and address rate limit applies as it does to real traffic without refusing the load; failures are counted.
 * And the storefront's first page weight: the JavaScript and CSS `/store/demo` loads, gzip.
 * Usage: npx node bench/storefront.ts (BENCH_SECONDS=10; BENCH_SITE_PRODUCTS=10000; BENCH_DATABASE_URL
 * or TEST_DATABASE_URL; the database is dropped at the end).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  demoTenantId,
  freePort,
  load,
  machine,
  onFreshDatabase,
  productPlans,
  root,
  benchSeconds as seconds,
  secondsOf,
  startProcess,
  stopProcess,
  writeReport,
} from './support.ts';

const PRODUCTS = Number(process.env.BENCH_SITE_PRODUCTS ?? 10_000);

await onFreshDatabase('seller_bench_store', async ({ database, db, startProduct, results, plans }) => {
  // shoppers reach a storefront from many addresses: the load sends as 50 000 of them through a trusted proxy
  const { port, server } = await startProduct({ TRUST_PROXY: 'true' });
  const demoId = await demoTenantId(db);
  const site = (
    await db.query(`select id, key_id, default_currency from sitekit_sites where tenant_id = $1 and code = 'demo'`, [
      demoId,
    ])
  ).rows[0] as { id: string; key_id: string };
  const key = `pk_${Buffer.from(demoId.replaceAll('-', ''), 'hex').toString('base64url')}_${site.key_id}`;
  const seedSeconds = await secondsOf(async () => {
    const categories = (
      await db.query(`select id from sitekit_categories where site_id = $1 order by sort_order`, [site.id])
    ).rows.map((r) => r.id as string);
    await db.query(
      `insert into sitekit_products (tenant_id, site_id, product_id, product_sku, title, title_en, slug, description,
         image_url, images, category_ids, price_mode, currency, price, is_published, published_at, search_text,
         concurrency_stamp)
       select $1, $2, gen_random_uuid(), 'BENCH-' || i, '商品 ' || i, w || ' product ' || i, 'bench-' || i,
         '<p>Bench product ' || i || '</p>', '/demo/banner-side-1.svg', '[]'::jsonb,
         array[($3::uuid[])[1 + i % array_length($3::uuid[], 1)]], 'MANUAL', 'USD', (5 + (i * 37) % 200)::numeric(18,2),
         true, now() - make_interval(mins => i), lower('商品 ' || i || ' ' || w || ' product ' || i || ' bench-' || i),
         md5(i::text)
       from generate_series(1, $4) i,
         lateral (select (array['Cotton','Travel','Kitchen','Leather','Phone','Garden','Steel','Linen'])[1 + i % 8] w) words`,
      [demoId, site.id, categories, PRODUCTS],
    );
    await db.query(
      `insert into sitekit_product_variants (tenant_id, site_product_id, variant_id, sku, label, price, sort_order)
       select p.tenant_id, p.id, v.id, p.product_sku || '-' || n, 'Option ' || n, p.price + n - 1, n
       from sitekit_products p
       cross join generate_series(1, 3) n
       join lateral (select id from catalog_product_variants where tenant_id = p.tenant_id
                     order by id offset (abs(hashtext(p.product_sku)) % 40) + n limit 1) v on true
       where p.site_id = $1 and p.product_sku like 'BENCH-%' and n <= 1 + abs(hashtext(p.product_sku)) % 3`,
      [site.id],
    );
    await db.query('analyze sitekit_products; analyze sitekit_product_variants');
  });
  const count = (await db.query(`select count(*)::int n from sitekit_products where site_id = $1`, [site.id])).rows[0]
    .n;
  console.log(`the demo store holds ${count} products (seeded in ${seedSeconds} s)`);

  const base = `http://127.0.0.1:${port}`;
  const headers = { 'x-site-key': key, 'accept-language': 'en' };
  const categorySlugs = (await db.query(`select slug from sitekit_categories where site_id = $1`, [site.id])).rows.map(
    (r) => r.slug as string,
  );
  const lists: string[] = [];
  for (let i = 0; i < 64; i++) {
    const q = new URLSearchParams({ maxResultCount: '24', currency: i % 2 ? 'CNY' : 'USD' });
    if (i % 4 === 0) q.set('skipCount', String(24 * (i % 8)));
    if (i % 4 === 1) q.set('category', categorySlugs[i % categorySlugs.length]!);
    if (i % 4 === 2)
      q.set('q', ['cotton', 'travel', 'kitchen', 'leather', 'phone', 'garden', 'steel', 'linen'][i % 8]!);
    if (i % 4 === 3) {
      q.set('sort', 'price-asc');
      q.set('minPrice', String(10 + (i % 50)));
      q.set('maxPrice', String(60 + (i % 100)));
    }
    lists.push(`/api/store/products?${q}`);
  }
  const slugs = (
    await db.query(
      `select slug from sitekit_products where site_id = $1 and product_sku like 'BENCH-%' order by md5(slug) limit 500`,
      [site.id],
    )
  ).rows.map((r) => `/api/store/products/${r.slug}`);
  for (const path of [lists[0]!, lists[1]!, lists[2]!, lists[3]!, slugs[0]!]) {
    const res = await fetch(`${base}${path}`, { headers });
    if (!res.ok) throw new Error(`${path} → ${res.status} ${(await res.text()).slice(0, 300)}`);
    const body = (await res.json()) as { totalCount?: number; title?: string };
    console.log(`${path} → ${body.totalCount ?? body.title}`);
  }

  const barePort = await freePort();
  const bare = await startProcess('bench/bare-server.ts', { PORT: String(barePort), DATABASE_URL: database.url });
  try {
    for (const connections of [1, 10]) {
      const opts = { connections, seconds, headers, serverPid: server.pid, clients: 50_000 };
      const tag = `[${connections} conn]`;
      results.push(
        await load(`bare route ${tag}`, `http://127.0.0.1:${barePort}/bare/menus?tenantId=${demoId}&skip=0&max=20`, {
          connections,
          seconds,
          serverPid: bare.pid,
        }),
        await load(`product list, 64 varied queries ${tag}`, `${base}/api/store/products`, { ...opts, paths: lists }),
        await load(`product list, the same first page ${tag}`, `${base}${lists[0]}`, opts),
        await load(`product detail, 500 products in turn ${tag}`, `${base}/api/store/products`, {
          ...opts,
          paths: slugs,
        }),
      );
    }
  } finally {
    await stopProcess(bare);
  }
  const ratios = results.map((r) => {
    const b = results.find(
      (x) => x.name.startsWith('bare route') && x.name.endsWith(r.name.slice(r.name.lastIndexOf('['))),
    )!;
    return {
      name: r.name,
      requestsPerSecond: r.requestsPerSecond,
      ofBare: `${Math.round((r.requestsPerSecond / b.requestsPerSecond) * 100)} %`,
      p50: r.p50,
      p95: r.p95,
      p95VsBare: Math.round((r.p95 / b.p95) * 10) / 10,
      serverCpuMicros: r.serverCpuMicros,
    };
  });
  console.table(ratios);

  // the storefront's first page: what /store/demo loads (scripts, module preloads, styles), gzip
  const html = await (await fetch(`${base}/store/demo`)).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const dist = join(root, 'apps/web/dist');
  const weight = assets.map((a) => {
    const file = join(dist, a);
    const bytes = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
    return { asset: a, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const gzip = weight.reduce((n, w) => n + w.gzip, 0);
  console.table(weight);
  console.log(`first page: ${assets.length} files, ${Math.round(gzip / 1024)} KB gzip (HTML apart)`);
  await stopProcess(server);
  // the plans of the statements the storefront's reads send (demo's site)
  Object.assign(
    plans,
    await productPlans(
      database.url,
      db,
      [
        ['first page', lists[0]!],
        ['category', lists[1]!],
        ['search', lists[2]!],
        ['price range', lists[3]!],
        ['page 5', lists[8]!],
        ['detail', slugs[0]!],
      ],
      /sitekit_products|sitekit_product_variants|trade_stock/,
      headers,
    ),
  );
  if (process.env.BENCH_PLANS) for (const [name, plan] of Object.entries(plans)) console.log(`--- ${name}\n${plan}`);
  writeReport('storefront', {
    date: new Date().toISOString(),
    machine: machine(),
    database: 'PostgreSQL (loopback)',
    siteProducts: count,
    seedSeconds,
    seconds,
    results,
    ratios,
    firstPage: { files: weight, gzipBytes: gzip },
    plans,
  });
});

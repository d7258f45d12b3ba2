/**
 * Batch fulfilment benchmark (numbers, not pass/fail): 500 orders → 500 shipments → one merged
 * label PDF. Starts the product (production mode, demo seeded with `DEMO_VOLUME=small`) on a fresh
 * PostgreSQL database, writes BENCH_LABEL_ORDERS orders of tenant demo in process (1–3 lines of
 * the demo's SKUs, shipped from the Shenzhen warehouse to Malaysia) straight to the database, then
 * over HTTP as the demo admin:
 *  - makes one shipment per order (`POST /api/trade/shipments`, each with its freight estimate);
 *  - gives them tracking numbers 100 at a time (`POST /bulk/label`);
 *  - asks for the merged labels of all of them in one request (`POST /labels.pdf`), three times.
 * Reports the time of each step, the PDF's size and pages, and the server process's memory
 * (VmRSS from /proc, sampled every 5 ms: before, peak during and after the PDF request; the
 * kernel's high-water mark). The server's V8 heap is not visible from outside; RSS includes it.
 * Usage: npx node bench/labels.ts (BENCH_LABEL_ORDERS=500; BENCH_DATABASE_URL or TEST_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/test; the database is dropped at the end).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { demoTenantId, machine, onFreshDatabase, saveResults, secondsOf, signIn } from './support.ts';

const ORDERS = Number(process.env.BENCH_LABEL_ORDERS ?? 500);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

await onFreshDatabase('seller_bench_labels', async ({ db, startProduct }) => {
  const { port, server } = await startProduct({ DEMO_VOLUME: 'small' });
  const pid = server.pid as number;
  const demoId = await demoTenantId(db);
  const [warehouse] = (
    await db.query(`select id from logistics_warehouses where tenant_id = $1 and code = 'SZ-01'`, [demoId])
  ).rows;
  const variants = (
    await db.query(
      `select id, sku from catalog_product_variants where tenant_id = $1 and weight is not null order by sku limit 20`,
      [demoId],
    )
  ).rows as Array<{ id: string; sku: string }>;
  const seedSeconds = await secondsOf(async () => {
    await db.query(
      `insert into trade_sales_orders (tenant_id, order_no, source, status, currency, goods_amount, shipping_fee,
         discount, total, buyer_name, country_code, address, ordered_at, paid_at, warehouse_id, concurrency_stamp)
       select $1, 'BL' || lpad(i::text, 6, '0'), 'MANUAL', 'Processing', 'MYR', 30, 0, 0, 30, 'Buyer ' || i, 'MY',
         jsonb_build_object('name', 'Buyer ' || i, 'phone', '6012' || lpad(i::text, 7, '0'), 'line1', i || ' Jalan Bench',
           'line2', null, 'city', 'Kuala Lumpur', 'state', null, 'postCode', '50000', 'countryCode', 'MY'),
         now(), now(), $2, md5(i::text)
       from generate_series(1, $3) i`,
      [demoId, warehouse.id, ORDERS],
    );
    // 1–3 lines an order, of the SKUs round robin
    await db.query(
      `insert into trade_sales_order_lines (tenant_id, order_id, line_no, seller_sku, variant_id, sku, name, quantity,
         unit_price, amount, reserved_qty)
       select o.tenant_id, o.id, n, v.sku, v.id, v.sku, '商品 ' || v.sku, 1 + n % 2, 10, 10 * (1 + n % 2), 1 + n % 2
       from trade_sales_orders o
       cross join generate_series(1, 3) n
       join lateral (select * from unnest($2::uuid[], $3::text[]) with ordinality as x(id, sku, k)
         where k = 1 + (abs(hashtext(o.order_no)) + n) % $4) v on true
       where o.tenant_id = $1 and o.order_no like 'BL%' and n <= 1 + abs(hashtext(o.order_no)) % 3`,
      [demoId, variants.map((v) => v.id), variants.map((v) => v.sku), variants.length],
    );
  });
  const orderIds = (
    await db.query(`select id from trade_sales_orders where tenant_id = $1 and order_no like 'BL%' order by order_no`, [
      demoId,
    ])
  ).rows.map((r) => r.id as string);
  console.log(`${orderIds.length} orders written in ${seedSeconds} s`);

  const token = await signIn(port);
  const base = `http://127.0.0.1:${port}/api/trade/shipments`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-Hans', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} → ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res;
  };

  const shipmentIds: string[] = [];
  const createSeconds = await secondsOf(async () => {
    for (const id of orderIds) {
      const s = (await (await post('', { orderIds: [id], warehouseId: warehouse.id })).json()) as { id: string };
      shipmentIds.push(s.id);
    }
  });
  console.log(`${shipmentIds.length} shipments made in ${createSeconds} s`);
  const labelSeconds = await secondsOf(async () => {
    for (let i = 0; i < shipmentIds.length; i += 100) {
      const r = (await (await post('/bulk/label', { ids: shipmentIds.slice(i, i + 100) })).json()) as {
        failed: unknown[];
      };
      if (r.failed.length) throw new Error(`labelling refused: ${JSON.stringify(r.failed[0])}`);
    }
  });
  console.log(`tracking numbers given in ${labelSeconds} s (100 a request)`);

  const runs = [];
  for (let run = 1; run <= 3; run++) {
    const before = memoryOf(pid).rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(pid).rss);
    }, 5);
    const t0 = performance.now();
    const res = await post('/labels.pdf', { ids: shipmentIds });
    const firstByte = performance.now() - t0;
    const pdf = Buffer.from(await res.arrayBuffer());
    const seconds = Math.round(performance.now() - t0) / 1000;
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 1000));
    const after = memoryOf(pid).rss;
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf }).toString())?.[1]);
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();
    runs.push({
      run,
      seconds,
      firstByteMs: Math.round(firstByte),
      pdfMb: mb(pdf.length),
      pages,
      chineseAddress: text.includes('广东省深圳市龙岗区坂田街道'),
      rssBeforeMb: mb(before),
      rssPeakMb: mb(peak),
      rssAfterMb: mb(after),
    });
  }
  console.table(runs);
  const { hwm } = memoryOf(pid);
  console.log(`server high-water mark ${mb(hwm)} MB`);
  saveResults('labels', {
    date: new Date().toISOString(),
    machine: machine(),
    database: 'PostgreSQL (loopback)',
    orders: orderIds.length,
    seedSeconds,
    createShipmentsSeconds: createSeconds,
    labelSeconds,
    mergedPdf: runs,
    serverHighWaterMb: mb(hwm),
  });
});

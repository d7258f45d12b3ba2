/**
 * SKU image export benchmark (numbers, not pass/fail). Starts the product on a fresh PostgreSQL
 * database, gives tenant demo 2 000 products of 5 images each (10 000 image files, small real
 * JPEGs of about 20 KB drawn by code, in the files store as uploads leave them), then, over HTTP
 * as the demo admin, starts the export of those products by the list filter and waits for it:
 *  - wall time from the start request to the export reading completed (the job in the server);
 *  - the server process's resident memory: before, sampled every 50 ms while the job runs (peak),
 *    and the kernel's high-water mark (VmHWM, since the process started);
 *  - the archive: size, and its entries counted from the ZIP's central directory after download.
 * With BENCH_RESTART=1 the server is stopped mid-job and started again; the export completes after it.
 * Usage: npx node bench/sku-image-export.ts (BENCH_PRODUCTS=2000, BENCH_IMAGES_PER_PRODUCT=5,
 * BENCH_IMAGE_BYTES=20000, BENCH_DATABASE_URL default postgres://postgres@127.0.0.1:5432/test; the
 * database and the data folder are removed at the end).
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sampleJpeg } from '../apps/server/src/modules/catalog/sku-images/sample-jpeg.ts';
import { storeFile } from '../apps/server/src/modules/files/index.ts';
import { demoTenantId, freshDatabase, signIn, startProduct, stopProcess } from './support.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2000);
const PER_PRODUCT = Number(process.env.BENCH_IMAGES_PER_PRODUCT ?? 5);
const IMAGE_BYTES = Number(process.env.BENCH_IMAGE_BYTES ?? 20_000);
const API = '/api/catalog/sku-images/exports';
/** BENCH_RESTART=1: stop the server (SIGTERM) once the job has written some images, start it again, wait for the export. */
const RESTART = process.env.BENCH_RESTART === '1';

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** VmRSS and VmHWM of a process, in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

const database = await freshDatabase('seller_bench_sku_images');
const dataDir = `/tmp/${database.name}`;
let server: Awaited<ReturnType<typeof startProduct>>['server'] | undefined;
try {
  const started = await startProduct(database);
  server = started.server;
  let pid = server.pid as number;
  let base = `http://127.0.0.1:${started.port}`;
  const { db } = database;
  const tenantId = await demoTenantId(db);

  // 1. products and image files
  const seedStart = performance.now();
  const category = (
    await db.query(`select id from catalog_categories where tenant_id = $1 order by code limit 1`, [tenantId])
  ).rows[0].id as string;
  await db.query(
    `insert into catalog_products (tenant_id, sku, name, category_ids, description, price, search_text, concurrency_stamp)
     select $1, 'BENCH-IMG-' || lpad(p::text, 5, '0'), '图片压测商品 ' || p, array[$2::uuid], '图片导出压测', 10,
            'bench-img-' || lpad(p::text, 5, '0'), md5(p::text)
     from generate_series(1, ${PRODUCTS}) p`,
    [tenantId, category],
  );
  const ids = (
    await db.query(`select id from catalog_products where tenant_id = $1 and sku like 'BENCH-IMG-%' order by sku`, [
      tenantId,
    ])
  ).rows.map((r) => r.id as string);
  const productIds: string[] = [];
  const urls: string[] = [];
  const sorts: number[] = [];
  for (const [i, id] of ids.entries()) {
    for (let n = 0; n < PER_PRODUCT; n++) {
      const file = await storeFile(dataDir, tenantId, sampleJpeg((i * 7 + n * 31) % 256, IMAGE_BYTES - 300));
      productIds.push(id);
      urls.push(file.url);
      sorts.push(n);
    }
  }
  await db.query(
    `insert into catalog_product_images (tenant_id, product_id, url, is_main, sort)
     select $1, p, u, s = 0, s from unnest($2::uuid[], $3::text[], $4::int[]) as t(p, u, s)`,
    [tenantId, productIds, urls, sorts],
  );
  const images = urls.length;
  console.log(
    `seeded ${ids.length} products with ${images} images (~${IMAGE_BYTES} bytes each) in ${Math.round((performance.now() - seedStart) / 1000)} s`,
  );

  // 2. the export, over HTTP, with the server's memory sampled while it runs
  const token = await signIn(started.port);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', __tenant: 'demo' };
  const before = memoryOf(pid);
  let peak = before.rss;
  let restarted = '';
  let sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 50);
  const t0 = performance.now();
  const res = await fetch(`${base}${API}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ filter: { filter: 'BENCH-IMG-' } }),
  });
  if (!res.ok) throw new Error(`start failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  let row: { status: string; total: number; done: number; fileSize: number | null; error: string | null };
  for (;;) {
    const read = await fetch(`${base}${API}/${id}`, { headers });
    if (!read.ok) throw new Error(`reading the export failed: ${read.status} ${await read.text()}`);
    row = (await read.json()) as typeof row;
    if (row.status === 'completed' || row.status === 'failed') break;
    if (RESTART && row.done > 0 && !restarted) {
      // a restart mid-job (SIGTERM, as a deploy does): the next process retries the job from the start
      restarted = `restarted at ${row.done} / ${row.total} images`;
      clearInterval(sampler);
      await stopProcess(server);
      const again = await startProduct(database);
      server = again.server;
      pid = server.pid as number;
      base = `http://127.0.0.1:${again.port}`;
      // a new port is a new issuer: sign in again
      headers.authorization = `Bearer ${await signIn(again.port)}`;
      peak = memoryOf(pid).rss;
      sampler = setInterval(() => {
        peak = Math.max(peak, memoryOf(pid).rss);
      }, 50);
      console.log(restarted);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const wall = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const after = memoryOf(pid);
  if (row.status !== 'completed') throw new Error(`export failed: ${row.error}`);

  // 3. the download, streamed to a file; entries read from the end of central directory record
  const zipPath = `${dataDir}/bench-download.zip`;
  const t1 = performance.now();
  const download = await fetch(`${base}${API}/${id}/download`, { headers });
  if (!download.ok || !download.body) throw new Error(`download failed: ${download.status}`);
  await pipeline(Readable.fromWeb(download.body as never), createWriteStream(zipPath));
  const downloadSeconds = (performance.now() - t1) / 1000;
  const handle = await open(zipPath, 'r');
  const { size } = await handle.stat();
  const tail = Buffer.alloc(22);
  await handle.read(tail, 0, 22, size - 22);
  await handle.close();
  const entries = tail.readUInt32LE(0) === 0x06054b50 ? tail.readUInt16LE(10) : Number.NaN;

  console.log(
    `\nnpx node bench/sku-image-export.ts  (${ids.length} products × ${PER_PRODUCT} images${restarted ? `; ${restarted}` : ''})`,
  );
  console.table([
    {
      images: row.total,
      'wall s': Math.round(wall * 10) / 10,
      'images/s': Math.round(row.total / wall),
      'archive MB': mb(row.fileSize ?? 0),
      'zip entries': entries,
      'download s': Math.round(downloadSeconds * 10) / 10,
      'RSS before MB': mb(before.rss),
      'RSS peak during MB': mb(peak),
      'RSS after MB': mb(after.rss),
      'VmHWM MB': mb(after.hwm),
    },
  ]);
} finally {
  if (server) await stopProcess(server);
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}

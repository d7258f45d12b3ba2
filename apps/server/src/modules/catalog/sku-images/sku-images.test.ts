import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, members, type TestApp } from '../../../../test/harness.ts';
import { placeholderPng } from '../../files/png.ts';
import { createUser, token } from '../../permission-management/test-support.ts';
import { productFacts } from '../test-support.ts';
import { sampleJpeg } from './sample-jpeg.ts';
import { skuImageExports } from './schema.ts';
import { archivePath, SKU_IMAGE_QUEUE, type SkuImageJob } from './service.ts';

const API = '/api/catalog/sku-images/exports';

let t: TestApp;
let dataDir: string;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let productA: { id: string };
let productB: { id: string };
/** The bytes uploaded for product A's main image, to compare with the archive's. */
let mainJpeg: Buffer;

const call = (method: 'GET' | 'POST' | 'DELETE') => (who: string, url: string, payload?: object) =>
  as(t.app, who)({ method, url, payload });
const get = call('GET');
const post = call('POST');
const del = call('DELETE');

async function upload(who: string, content: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const res = await as(t.app, who)({ method: 'POST', url: '/api/files', payload: form });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url;
}

/** A product of `who`'s tenant with `images` (main first) and, optionally, colour variants (RD with its own image). */
async function newProduct(who: string, sku: string, images: string[], variants?: { attribute: Row; image: string }) {
  const category = (await post(who, '/api/catalog/categories', { code: `SKI${sku}`, name: `图片导出${sku}` })).json();
  const [red, black] = variants?.attribute.values.map((v: Row) => v.id) ?? [];
  const res = await post(who, '/api/catalog/products', {
    name: '图片导出商品',
    sku,
    categoryIds: [category.id],
    description: 'd',
    price: 1,
    ...productFacts,
    ...(variants
      ? {
          variantOptions: [{ attributeId: variants.attribute.id, valueIds: [red, black] }],
          variants: [{ valueIds: [red], image: variants.image }],
        }
      : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const product = res.json();
  if (images.length) {
    const added = await post(who, `/api/catalog/products/add-images/${product.id}`, { urls: images });
    expect(added.statusCode, added.body).toBe(200);
  }
  return product;
}

// biome-ignore lint/suspicious/noExplicitAny: response rows in assertions
type Row = any;

/** Polls the export until it leaves queued/running (the job runs in this process's worker). */
async function finished(id: string, who = demoAdmin): Promise<Row> {
  for (let i = 0; i < 150; i++) {
    const res = await get(who, `${API}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json();
    if (row.status === 'completed' || row.status === 'failed') return row;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`export ${id} did not finish`);
}

async function zipOf(id: string): Promise<{ zip: JSZip; body: Buffer; headers: Record<string, unknown> }> {
  const res = await get(demoAdmin, `${API}/${id}/download`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.rawPayload;
  return { zip: await JSZip.loadAsync(body), body, headers: res.headers };
}

const namesOf = (zip: JSZip) => Object.keys(zip.files);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sku-images-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  await createUser(t.services, t.demo, 'nobody', ['salesman']);
  demoAdmin = await token(t.app, 'demo');
  otherAdmin = await token(t.app, 'other');
  nobody = await token(t.app, 'demo', 'nobody');
  const colour = (
    await post(demoAdmin, '/api/catalog/purchase-attributes', {
      name: '颜色SKI',
      values: [
        { value: '红', code: 'RD' },
        { value: '黑', code: 'BK' },
      ],
    })
  ).json();
  mainJpeg = sampleJpeg(200);
  const main = await upload(demoAdmin, mainJpeg, 'a.jpg');
  const second = await upload(demoAdmin, placeholderPng(6, 6, [0, 200, 0]), 'b.png');
  const third = await upload(demoAdmin, sampleJpeg(60), 'c.jpg');
  const red = await upload(demoAdmin, placeholderPng(4, 4, [220, 0, 0]), 'red.png');
  productA = await newProduct(demoAdmin, 'SKI-A', [main, second, third], { attribute: colour, image: red });
  productB = await newProduct(demoAdmin, 'SKI-B', []);
  const otherImage = await upload(otherAdmin, sampleJpeg(30), 'o.jpg');
  await newProduct(otherAdmin, 'SKI-O', [otherImage]);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('SKU image export', () => {
  it('exports chosen products: main image <SKU>.jpg, gallery <SKU>_2…, variants with their own image, missing.txt', async () => {
    const started = await post(demoAdmin, API, { productIds: [productA.id, productB.id] });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'queued', selection: { kind: 'products', count: 2 } });

    const done = await finished(started.json().id);
    expect(done).toMatchObject({ status: 'completed', total: 4, done: 4, missing: 1, error: null });
    const { zip, body, headers } = await zipOf(done.id);
    expect(headers['content-type']).toBe('application/zip');
    expect(String(headers['content-disposition'])).toContain(done.fileName);
    expect(done.fileSize).toBe(body.length);
    // PNG files keep their extension; JPEG ones are .jpg
    expect(namesOf(zip).sort()).toEqual(['SKI-A-RD.png', 'SKI-A.jpg', 'SKI-A_2.png', 'SKI-A_3.jpg', 'missing.txt']);
    expect(await zip.file('SKI-A.jpg')?.async('nodebuffer')).toEqual(mainJpeg);
    expect((await zip.file('missing.txt')?.async('string'))?.trim()).toBe('SKI-B');

    const list = (await get(demoAdmin, API)).json();
    expect(list.items[0]).toMatchObject({ id: done.id, status: 'completed' });
  });

  it('exports SKUs: a variant without its own image gets its product’s main image; unknown and other tenants’ SKUs are missing', async () => {
    const started = await post(demoAdmin, API, { skus: ['SKI-A-BK', 'ski-a-rd', 'NOPE-1', 'SKI-O'] });
    expect(started.statusCode, started.body).toBe(200);
    const done = await finished(started.json().id);
    expect(done).toMatchObject({ status: 'completed', total: 2, missing: 2, selection: { kind: 'skus', count: 4 } });
    const { zip } = await zipOf(done.id);
    expect(namesOf(zip).sort()).toEqual(['SKI-A-BK.jpg', 'SKI-A-RD.png', 'missing.txt']);
    expect(await zip.file('SKI-A-BK.jpg')?.async('nodebuffer')).toEqual(mainJpeg);
    expect((await zip.file('missing.txt')?.async('string'))?.trim().split(/\r?\n/)).toEqual(['NOPE-1', 'SKI-O']);
  });

  it('exports the products a list filter selects, and refuses a filter selecting none', async () => {
    const started = await post(demoAdmin, API, { filter: { filter: 'SKI-' } });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().selection).toEqual({ kind: 'filter', count: 2 });
    const done = await finished(started.json().id);
    const { zip } = await zipOf(done.id);
    expect(namesOf(zip).filter((n) => n.startsWith('SKI-A'))).toHaveLength(4);

    const none = await post(demoAdmin, API, { filter: { filter: 'NO-SUCH-PRODUCT' } });
    expect(none.statusCode).toBe(400);
    expect(members(none)).toEqual(['filter']);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [object, string][] = [
      [{}, 'productIds'],
      [{ productIds: [] }, 'productIds'],
      [{ productIds: ['not-a-guid'] }, 'productIds.0'],
      [{ skus: ['../etc/passwd'] }, 'skus.0'],
      [{ skus: Array.from({ length: 5001 }, (_, i) => `S-${i}`) }, 'skus'],
      [{ productIds: [productA.id], skus: ['SKI-A'] }, 'productIds'],
      [{ filter: { categoryId: 'x' } }, 'filter.categoryId'],
    ];
    for (const [payload, member] of cases) {
      const res = await post(demoAdmin, API, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(members(res)).toContain(member);
    }
    const chinese = await as(t.app, demoAdmin, 'zh-Hans')({ method: 'POST', url: API, payload: {} });
    expect(chinese.json().error.validationErrors[0].message).toBe('请选择商品、输入SKU或使用商品筛选条件。');
  });

  it('answers 403 without the permission', async () => {
    const id = (await post(demoAdmin, API, { productIds: [productB.id] })).json().id;
    await finished(id);
    for (const res of [
      await post(nobody, API, { productIds: [productA.id] }),
      await get(nobody, API),
      await get(nobody, `${API}/${id}`),
      await get(nobody, `${API}/${id}/download`),
      await del(nobody, `${API}/${id}`),
    ]) {
      expect(res.statusCode).toBe(403);
    }
  });

  it('hides another tenant’s exports (404, not listed)', async () => {
    const id = (await post(demoAdmin, API, { productIds: [productA.id] })).json().id;
    await finished(id);
    expect((await get(otherAdmin, `${API}/${id}`)).statusCode).toBe(404);
    expect((await get(otherAdmin, `${API}/${id}/download`)).statusCode).toBe(404);
    expect((await del(otherAdmin, `${API}/${id}`)).statusCode).toBe(404);
    expect((await get(otherAdmin, API)).json().items.map((r: Row) => r.id)).not.toContain(id);
    // nor does another tenant's product id select anything here
    const foreign = await post(otherAdmin, API, { productIds: [productA.id] });
    const none = await finished(foreign.json().id, otherAdmin);
    expect(none).toMatchObject({ status: 'completed', total: 0 });
    expect((await get(demoAdmin, `${API}/${id}`)).statusCode).toBe(200);
  });

  it('answers 409 for the download of an export not finished, and reads an export whose job is gone as failed', async () => {
    // the admin's own (as the earlier exports' creator), held running with no job yet
    const admin = (await get(demoAdmin, API)).json().items[0].creatorId;
    const [running] = await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
      tx
        .insert(skuImageExports)
        .values({
          tenantId: t.demo.id,
          creatorId: admin,
          status: 'running',
          selection: { kind: 'skus', skus: ['SKI-A'] },
        })
        .returning(),
    );
    const early = await get(demoAdmin, `${API}/${running.id}/download`);
    expect(early.statusCode).toBe(409);

    // a job cancelled by an administrator (or lost on its last retry) leaves the export failed
    const jobId = await t.services.jobs.send(SKU_IMAGE_QUEUE, {}, { startAfter: 3600 });
    await t.services.jobs.cancel(SKU_IMAGE_QUEUE, jobId!);
    await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
      tx.update(skuImageExports).set({ jobId }).where(eq(skuImageExports.id, running.id)),
    );
    const read = (await get(demoAdmin, `${API}/${running.id}`)).json();
    expect(read.status).toBe('failed');
    expect(read.error).toBe('The export was interrupted. Start it again.');
  });

  it('starts the archive over when its job runs again (a retry after a restart), leaving no partial file', async () => {
    const id = (await post(demoAdmin, API, { productIds: [productA.id, productB.id] })).json().id;
    const first = await finished(id);
    const path = archivePath(dataDir, t.demo.id, id);
    // as a process killed mid-run leaves it: running, half counted, a partial archive, no final one
    await rm(path);
    await writeFile(`${path}.part`, 'half an archive');
    await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
      tx
        .update(skuImageExports)
        .set({ status: 'running', done: 2, fileSize: null, completionTime: null })
        .where(eq(skuImageExports.id, id)),
    );
    const job: SkuImageJob = { exportId: id, tenantId: t.demo.id, userId: first.creatorId };
    const retried = await t.services.jobs.send(SKU_IMAGE_QUEUE, job);
    await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
      tx.update(skuImageExports).set({ jobId: retried }).where(eq(skuImageExports.id, id)),
    );
    const again = await finished(id);
    expect(again).toMatchObject({ status: 'completed', total: 4, done: 4, fileSize: first.fileSize });
    expect(existsSync(`${path}.part`)).toBe(false);
    const { zip } = await zipOf(id);
    expect(namesOf(zip)).toHaveLength(5);
  });

  it('deletes an export with its archive; old ones go when the next export starts', async () => {
    const id = (await post(demoAdmin, API, { productIds: [productA.id] })).json().id;
    await finished(id);
    const path = archivePath(dataDir, t.demo.id, id);
    expect((await readFile(path)).length).toBeGreaterThan(0);
    expect((await del(demoAdmin, `${API}/${id}`)).statusCode).toBe(204);
    expect((await get(demoAdmin, `${API}/${id}`)).statusCode).toBe(404);
    expect(existsSync(path)).toBe(false);

    const old = (await post(demoAdmin, API, { productIds: [productA.id] })).json().id;
    await finished(old);
    await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
      tx
        .update(skuImageExports)
        .set({ creationTime: new Date(Date.now() - 8 * 86_400_000) })
        .where(eq(skuImageExports.id, old)),
    );
    const next = (await post(demoAdmin, API, { productIds: [productB.id] })).json().id;
    expect((await get(demoAdmin, `${API}/${old}`)).statusCode).toBe(404);
    expect(existsSync(archivePath(dataDir, t.demo.id, old))).toBe(false);
    await finished(next);
  });
});

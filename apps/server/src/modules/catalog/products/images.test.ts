import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, members, type TestApp } from '../../../../test/harness.ts';
import { placeholderPng } from '../../files/png.ts';
import { createUser, token } from '../../permission-management/test-support.ts';
import { createProduct } from '../test-support.ts';

const API = '/api/catalog/products';

let t: TestApp;
let dataDir: string;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let product: { id: string };
let otherProduct: { id: string };

const post = (who: string, url: string, payload?: object) => as(t.app, who)({ method: 'POST', url, payload });
const del = (who: string, url: string) => as(t.app, who)({ method: 'DELETE', url });

async function upload(who: string, colour: [number, number, number]): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(placeholderPng(6, 6, colour))], { type: 'image/png' }), 'p.png');
  const res = await as(t.app, who)({ method: 'POST', url: '/api/files', payload: form });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url;
}

async function newProduct(who: string, sku: string) {
  const category = (await post(who, '/api/catalog/categories', { code: `IMG${sku}`, name: `图片类${sku}` })).json();
  return createProduct(post, who, category.id, sku, {
    name: '图片测试商品',
    description: 'd',
    price: 1,
    region: 'SG',
    resource: 'supplier',
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'product-images-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  await createUser(t.services, t.demo, 'nobody', ['salesman']);
  demoAdmin = await token(t.app, 'demo');
  otherAdmin = await token(t.app, 'other');
  nobody = await token(t.app, 'demo', 'nobody');
  product = await newProduct(demoAdmin, 'IMG-A');
  otherProduct = await newProduct(otherAdmin, 'IMG-B');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('product images', () => {
  it('adds images (the first is the main one), changes the main one and removes them', async () => {
    const [a, b, c] = [
      await upload(demoAdmin, [255, 0, 0]),
      await upload(demoAdmin, [0, 255, 0]),
      await upload(demoAdmin, [0, 0, 255]),
    ];
    const added = await post(demoAdmin, `${API}/add-images/${product.id}`, { urls: [a, b] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ mainImage: a, images: [a, b] });

    // adding again skips duplicates; mainUrl moves the main image
    const again = await post(demoAdmin, `${API}/add-images/${product.id}`, { urls: [b, c], mainUrl: c });
    expect(again.json()).toMatchObject({ mainImage: c, images: [c, a, b] });

    // removing the main one promotes the next; the list shows the images too
    expect((await del(demoAdmin, `${API}/remove-product-images/${product.id}?Urls=${c},${a}`)).statusCode).toBe(204);
    const read = (await as(t.app, demoAdmin)({ method: 'GET', url: `${API}/${product.id}` })).json();
    expect(read).toMatchObject({ mainImage: b, images: [b] });
  });

  it('accepts only this tenant’s uploaded files (400 naming the URL) and checks the fields', async () => {
    const theirs = await upload(otherAdmin, [9, 9, 9]);
    const foreign = await post(demoAdmin, `${API}/add-images/${product.id}`, { urls: [theirs] });
    expect(foreign.statusCode).toBe(400);
    expect(members(foreign)).toEqual(['urls.0']);
    const made = await post(demoAdmin, `${API}/add-images/${product.id}`, { urls: ['https://example.com/x.png'] });
    expect(members(made)).toEqual(['urls.0']);
    const mine = await upload(demoAdmin, [1, 1, 1]);
    const badMain = await post(demoAdmin, `${API}/add-images/${product.id}`, { urls: [mine], mainUrl: theirs });
    expect(members(badMain)).toEqual(['mainUrl']);
    expect(members(await post(demoAdmin, `${API}/add-images/${product.id}`, { urls: [] }))).toEqual(['urls']);
    expect(members(await del(demoAdmin, `${API}/remove-product-images/${product.id}`))).toEqual(['Urls']);
  });

  it('keeps tenants apart (404) and needs the update permission (403)', async () => {
    const mine = await upload(demoAdmin, [2, 2, 2]);
    expect((await post(demoAdmin, `${API}/add-images/${otherProduct.id}`, { urls: [mine] })).statusCode).toBe(404);
    expect((await del(demoAdmin, `${API}/remove-product-images/${otherProduct.id}?Urls=${mine}`)).statusCode).toBe(404);
    expect((await post(nobody, `${API}/add-images/${product.id}`, { urls: [mine] })).statusCode).toBe(403);
    expect((await del(nobody, `${API}/remove-product-images/${product.id}?Urls=${mine}`)).statusCode).toBe(403);
  });
});

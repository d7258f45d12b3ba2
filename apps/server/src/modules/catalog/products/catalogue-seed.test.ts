import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../../test/harness.ts';
import { token } from '../../permission-management/test-support.ts';
import { seedCatalogueDemo } from './catalogue-seed.ts';

const API = '/api/catalog/products';

let t: TestApp;
let dataDir: string;
let demoAdmin: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'catalogue-seed-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  demoAdmin = await token(t.app, 'demo');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('demo catalogue seed', () => {
  it('seeds ~200 products with variants, vendors and images, quickly and once', async () => {
    const started = performance.now();
    await seedCatalogueDemo(t.services, t.demo);
    const took = performance.now() - started;
    // informative: the harness does not run it, but a fresh start does
    console.info(`catalogue seed: ${took.toFixed(0)} ms`);

    const get = (url: string) => as(t.app, demoAdmin)({ method: 'GET', url });
    const list = (await get(`${API}?filter=CAT-&maxResultCount=1000`)).json();
    expect(list.totalCount).toBe(200);
    const categories = new Set(list.items.flatMap((p: { categoryIds: string[] }) => p.categoryIds));
    expect(categories.size).toBeGreaterThanOrEqual(7);
    const listed = list.items.find((p: { sku: string }) => p.sku.startsWith('CAT-WM-'));
    const shirt = (await get(`${API}/${listed.id}`)).json();
    expect(shirt.variants.length).toBeGreaterThanOrEqual(6);
    // the form's sales facts, a spec sheet and screening values are filled in
    expect(shirt.region).toBeTruthy();
    expect(shirt.launchDate > shirt.developmentDate).toBe(true);
    expect(shirt.developmentDate >= '2025-01-01' && shirt.launchDate <= '2026-12-31').toBe(true);
    expect(shirt.salesTypes.length).toBeGreaterThanOrEqual(1);
    expect(shirt.resource).toBeTruthy();
    expect(shirt.specifications.length).toBeGreaterThanOrEqual(2);
    expect(shirt.screenValues.length).toBeGreaterThanOrEqual(1);
    expect(shirt.detailContent).toContain(shirt.name);
    const regions = new Set(list.items.map((p: { region: string }) => p.region));
    expect(regions.size).toBeGreaterThanOrEqual(6);
    expect(shirt.variants[0].sku).toMatch(/^CAT-WM-\d{4}-[A-Z]+-[A-Z]+$/);
    expect(shirt.mainImage).toMatch(/^\/api\/files\//);

    const image = await get(shirt.mainImage);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const vendors = (await get(`${API}/product-vendors/${shirt.id}`)).json().items;
    expect(vendors.length).toBeGreaterThanOrEqual(1);
    expect(vendors[0]).toMatchObject({ isPrimary: true, supplierCode: 'SUP-002' });
    expect(vendors[0].tiers).toHaveLength(3);

    // partial variant SKU search finds a seeded product
    const bySku = (await get(`${API}?filter=${shirt.variants[0].sku.slice(4, 14)}`)).json();
    expect(bySku.items.map((p: { id: string }) => p.id)).toContain(shirt.id);

    await seedCatalogueDemo(t.services, t.demo);
    expect((await get(`${API}?filter=CAT-&maxResultCount=1`)).json().totalCount).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.ts';
import { logisticsUsers, resourceCalls } from '../../logistics/test-support.ts';
import { demoStore } from '../test-support.ts';

/** A site's categories (with the catalogue mapping) and products, as the back-office keeps them. */

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let reader: string;
let siteId: string;
let store: Awaited<ReturnType<typeof demoStore>>['store'];
type Row = { id: string; concurrencyStamp: string; [k: string]: unknown };
const { call, create } = resourceCalls<Row>(() => t, '/api/sitekit/categories');
const errorsOf = (res: { json(): { error: { validationErrors: { members: string[] }[] } } }) =>
  res.json().error.validationErrors.flatMap((v) => v.members);

beforeAll(async () => {
  ({ t, demoAdmin, otherAdmin, nobody, reader } = await logisticsUsers('Sitekit.Catalog'));
  ({ siteId, store } = await demoStore(t, demoAdmin));
});
afterAll(async () => {
  await t?.close();
});

describe('site categories', () => {
  it('are made, mapped from catalogue categories, kept free of loops, and deleted once empty of children', async () => {
    const catalogue = (await call(demoAdmin, 'GET', '/api/catalog/categories/all')).json().items as { id: string }[];
    const parent = await create(demoAdmin, {
      siteId,
      name: '促销专区',
      nameEn: 'Deals',
      catalogCategoryIds: [catalogue[0]!.id],
    });
    expect(parent).toMatchObject({ slug: 'deals', catalogCategoryIds: [catalogue[0]!.id], productCount: 0 });
    const child = await create(demoAdmin, { siteId, name: '清仓', parentId: parent.id, slug: 'clearance' });
    // a loop, a taken slug, a foreign or unknown mapping: each a 400 naming its member
    const loop = await call(demoAdmin, 'PUT', `/api/sitekit/categories/${parent.id}`, {
      name: '促销专区',
      parentId: child.id,
    });
    expect(loop.statusCode).toBe(400);
    expect(errorsOf(loop)).toEqual(['parentId']);
    const taken = await call(demoAdmin, 'POST', '/api/sitekit/categories', { siteId, name: 'x', slug: 'deals' });
    expect(errorsOf(taken)).toEqual(['slug']);
    const unknown = await call(demoAdmin, 'POST', '/api/sitekit/categories', {
      siteId,
      name: 'y',
      catalogCategoryIds: ['00000000-0000-4000-8000-000000000001'],
    });
    expect(errorsOf(unknown)).toEqual(['catalogCategoryIds.0']);
    const bad = await call(demoAdmin, 'POST', '/api/sitekit/categories', { siteId, name: '', slug: 'Not A Slug' });
    expect(errorsOf(bad).sort()).toEqual(['name', 'slug']);
    // the parent refuses to go while it has a child; the child goes, then the parent
    expect((await call(demoAdmin, 'DELETE', `/api/sitekit/categories/${parent.id}`)).statusCode).toBe(409);
    expect((await call(demoAdmin, 'DELETE', `/api/sitekit/categories/${child.id}`)).statusCode).toBe(204);
    expect((await call(demoAdmin, 'DELETE', `/api/sitekit/categories/${parent.id}`)).statusCode).toBe(204);
  });

  it('are guarded: 401, 403 without the permission, read-only for a reader, another tenant’s 404', async () => {
    const [cat] = (await call(demoAdmin, 'GET', `/api/sitekit/categories?siteId=${siteId}`)).json().items as Row[];
    expect((await call(null, 'GET', '/api/sitekit/categories')).statusCode).toBe(401);
    expect((await call(nobody, 'GET', '/api/sitekit/categories')).statusCode).toBe(403);
    expect((await call(reader, 'GET', `/api/sitekit/categories/${cat!.id}`)).statusCode).toBe(200);
    expect((await call(reader, 'POST', '/api/sitekit/categories', { siteId, name: 'r' })).statusCode).toBe(403);
    expect((await call(otherAdmin, 'GET', `/api/sitekit/categories/${cat!.id}`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'DELETE', `/api/sitekit/categories/${cat!.id}`)).statusCode).toBe(404);
    const foreign = await call(otherAdmin, 'POST', '/api/sitekit/categories', { siteId, name: 'theirs' });
    expect(errorsOf(foreign)).toEqual(['siteId']);
  });
});

describe('site products', () => {
  it('are edited with the site’s own title, categories and prices by hand, and shown so on the storefront', async () => {
    const page = (await call(demoAdmin, 'GET', `/api/sitekit/products?siteId=${siteId}&sorting=title asc`)).json();
    const p = page.items[0] as Row & {
      variants: { variantId: string; price: string }[];
      slug: string;
      currency: string;
    };
    const cats = (await call(demoAdmin, 'GET', `/api/sitekit/categories?siteId=${siteId}`)).json().items as Row[];
    const input = {
      title: '演示商品',
      titleEn: 'Demo product',
      slug: 'demo-product',
      description: '<p onclick="x()">Nice<script>alert(1)</script></p>',
      categoryIds: [cats[0]!.id],
      priceMode: 'MANUAL',
      variants: p.variants.map((v, i) => ({ variantId: v.variantId, price: `${10 + i}.50`, compareAtPrice: '20.00' })),
      isPublished: true,
      concurrencyStamp: p.concurrencyStamp,
    };
    const res = await call(demoAdmin, 'PUT', `/api/sitekit/products/${p.id}`, input);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ slug: 'demo-product', price: '10.50', priceMode: 'MANUAL' });
    expect(res.json().description).toBe('<p>Nice</p>');
    const shown = (await store('/api/store/products/demo-product')).json();
    expect(shown).toMatchObject({ title: 'Demo product', price: '10.50', compareAtPrice: '20.00', currency: 'USD' });
    // the same product in yuan: converted once at the tenant's rates, to fen
    const cny = (await store('/api/store/products/demo-product?currency=CNY')).json();
    expect(cny.currency).toBe('CNY');
    expect(cny.price).toMatch(/^\d+\.\d{2}$/);
    expect((await store('/api/store/products/demo-product?currency=EUR')).statusCode).toBe(400);
    // a stale stamp is a 409; three places in dollars a 400 naming the price; a variant not of the product a 400
    expect((await call(demoAdmin, 'PUT', `/api/sitekit/products/${p.id}`, input)).statusCode).toBe(409);
    const fresh = (await call(demoAdmin, 'GET', `/api/sitekit/products/${p.id}`)).json();
    const places = await call(demoAdmin, 'PUT', `/api/sitekit/products/${p.id}`, {
      ...input,
      variants: input.variants.map((v) => ({ ...v, price: '1.234' })),
      concurrencyStamp: fresh.concurrencyStamp,
    });
    expect(errorsOf(places)).toEqual(['variants.0.price']);
    // hidden: gone from the storefront; published again: back
    expect((await call(demoAdmin, 'POST', `/api/sitekit/products/${p.id}/unpublish`)).json().state).toBe('HIDDEN');
    expect((await store('/api/store/products/demo-product')).statusCode).toBe(404);
    expect((await call(demoAdmin, 'POST', `/api/sitekit/products/${p.id}/publish`)).json().state).toBe('PUBLISHED');
    expect((await store('/api/store/products/demo-product')).statusCode).toBe(200);
  });

  it('are synced from the catalogue: existing ones brought up to date, new ones created hidden', async () => {
    const before = (await call(demoAdmin, 'GET', `/api/sitekit/products/counts?siteId=${siteId}`)).json();
    const res = await call(demoAdmin, 'POST', '/api/sitekit/products/sync', { siteId });
    expect(res.statusCode, res.body).toBe(200);
    const { created, updated, remaining } = res.json();
    expect(updated).toBe(before.counts.PUBLISHED);
    expect(remaining).toBe(0);
    const after = (await call(demoAdmin, 'GET', `/api/sitekit/products/counts?siteId=${siteId}`)).json();
    expect(after.counts).toEqual({ PUBLISHED: before.counts.PUBLISHED, HIDDEN: before.counts.HIDDEN + created });
    // the hand-set prices stay
    expect((await store('/api/store/products/demo-product')).json().price).toBe('10.50');
    const unknown = await call(demoAdmin, 'POST', '/api/sitekit/products/sync', {
      siteId,
      productIds: ['00000000-0000-4000-8000-000000000001'],
    });
    expect(errorsOf(unknown)).toEqual(['productIds.0']);
    expect(errorsOf(await call(otherAdmin, 'POST', '/api/sitekit/products/sync', { siteId }))).toEqual(['siteId']);
  });

  it('are guarded and another tenant’s are 404; deleting one takes it off the storefront', async () => {
    const all = (await call(demoAdmin, 'GET', `/api/sitekit/products?siteId=${siteId}&maxResultCount=100`)).json();
    const p = (all.items as Row[]).find((r) => r.slug === 'demo-product');
    expect((await call(null, 'GET', '/api/sitekit/products')).statusCode).toBe(401);
    expect((await call(nobody, 'GET', '/api/sitekit/products')).statusCode).toBe(403);
    expect((await call(reader, 'GET', `/api/sitekit/products/${p!.id}`)).statusCode).toBe(200);
    for (const [method, path] of [
      ['POST', `/api/sitekit/products/${p!.id}/unpublish`],
      ['DELETE', `/api/sitekit/products/${p!.id}`],
      ['POST', '/api/sitekit/products/sync'],
    ] as const)
      expect((await call(reader, method, path, { siteId })).statusCode, path).toBe(403);
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await call(otherAdmin, method, `/api/sitekit/products/${p!.id}`);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
    }
    expect((await call(otherAdmin, 'POST', `/api/sitekit/products/${p!.id}/publish`)).statusCode).toBe(404);
    expect((await call(demoAdmin, 'DELETE', `/api/sitekit/products/${p!.id}`)).statusCode).toBe(204);
    expect((await store('/api/store/products/demo-product')).statusCode).toBe(404);
    const xlsx = await call(demoAdmin, 'GET', `/api/sitekit/products/export?siteId=${siteId}`);
    expect(xlsx.statusCode).toBe(200);
  });
});

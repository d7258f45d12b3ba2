import { beforeAll, describe, expect, it } from 'vitest';
import { as, members, type TestApp } from '../../../../test/harness.ts';
import { createProduct, useCatalogApp } from '../test-support.ts';

const API = '/api/catalog/products';
const RECYCLE = '/api/catalog/recycle/vendors';

const app = useCatalogApp();
const { get, post, put, del } = app;
let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;

type Row = { id: string; concurrencyStamp: string; [k: string]: unknown };

/** A category, two suppliers and two products of `who`'s tenant. */
async function fixtures(who: string, suffix: string) {
  const category = (
    await post(who, '/api/catalog/categories', { code: `PV${suffix}`, name: `供货类${suffix}` })
  ).json();
  const supplier = async (code: string) =>
    (
      await post(who, '/api/catalog/suppliers', { code: `${code}${suffix}`, fullName: `义乌${code}${suffix}工贸` })
    ).json();
  const product = (sku: string) =>
    createProduct(post, who, category.id, `${sku}${suffix}`, {
      name: '供货测试商品',
      description: '描述',
      price: 20,
      region: 'SG',
      resource: 'supplier',
    });
  return {
    a: await supplier('SA'),
    b: await supplier('SB'),
    p1: await product('PV-ONE-'),
    p2: await product('PV-TWO-'),
  };
}

let demo: Awaited<ReturnType<typeof fixtures>>;
let other: Awaited<ReturnType<typeof fixtures>>;

const link = (productId: string, supplierId: string, extra: object = {}) => ({
  productId,
  supplierId,
  url: 'https://detail.1688.com/offer/123.html',
  purchasePrice: '8.50',
  moq: 10,
  leadDays: 3,
  tiers: [
    { minQty: 10, unitPrice: '8.5' },
    { minQty: 100, unitPrice: '7.8' },
    { minQty: 500, unitPrice: '7.2' },
  ],
  ...extra,
});

beforeAll(async () => {
  ({ t, demoAdmin, otherAdmin, nobody } = app);
  demo = await fixtures(demoAdmin, 'A');
  other = await fixtures(otherAdmin, 'B');
});

describe('product vendors', () => {
  it('adds, lists, updates and removes vendor links with tier prices; one primary per product', async () => {
    const first = await post(demoAdmin, `${API}/add-product-vendor`, link(demo.p1.id, demo.a.id));
    expect(first.statusCode, first.body).toBe(200);
    const a = first.json();
    // the first link is the primary one by default
    expect(a).toMatchObject({
      productId: demo.p1.id,
      supplierId: demo.a.id,
      supplierCode: 'SAA',
      supplierName: '义乌SAA工贸',
      currency: 'CNY',
      moq: 10,
      isPrimary: true,
      // unit costs answer as decimal text to 4 places, never as floats
      purchasePrice: '8.5000',
      tiers: [
        { minQty: 10, unitPrice: '8.5000' },
        { minQty: 100, unitPrice: '7.8000' },
        { minQty: 500, unitPrice: '7.2000' },
      ],
    });

    const second = await post(
      demoAdmin,
      `${API}/add-product-vendor`,
      link(demo.p1.id, demo.b.id, { currency: 'usd', isPrimary: true, tiers: [] }),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ currency: 'USD', isPrimary: true });

    const listed = (await get(demoAdmin, `${API}/product-vendors/${demo.p1.id}`)).json().items;
    expect(listed.map((v: Row) => [v.supplierId, v.isPrimary])).toEqual([
      [demo.a.id, false],
      [demo.b.id, true],
    ]);

    // update with the stamp read back; a stale stamp is a 409
    const current = listed[0];
    const stale = await put(demoAdmin, `${API}/update-product-vendor`, {
      ...link(demo.p1.id, demo.a.id),
      id: a.id,
      concurrencyStamp: a.concurrencyStamp,
    });
    expect(stale.statusCode).toBe(409);
    // a JSON number (the form's InputNumber of old) is taken as its text
    const updated = await put(demoAdmin, `${API}/update-product-vendor`, {
      id: a.id,
      purchasePrice: 8,
      moq: 20,
      isPrimary: true,
      tiers: [{ minQty: 20, unitPrice: 7.0125 }],
      concurrencyStamp: current.concurrencyStamp,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      purchasePrice: '8.0000',
      moq: 20,
      isPrimary: true,
      tiers: [{ minQty: 20, unitPrice: '7.0125' }],
    });
    const after = (await get(demoAdmin, `${API}/product-vendors/${demo.p1.id}`)).json().items;
    expect(after.filter((v: Row) => v.isPrimary).map((v: Row) => v.id)).toEqual([a.id]);

    // the same supplier twice on one product is a field error
    const twice = await post(demoAdmin, `${API}/add-product-vendor`, link(demo.p1.id, demo.a.id));
    expect(twice.statusCode).toBe(400);
    expect(members(twice)).toEqual(['supplierId']);

    // remove-product-vendor?ProductId&VendorId → recycle area
    const removed = await del(demoAdmin, `${API}/remove-product-vendor?ProductId=${demo.p1.id}&VendorId=${demo.b.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await get(demoAdmin, `${API}/product-vendors/${demo.p1.id}`)).json().items).toHaveLength(1);
    const again = await del(demoAdmin, `${API}/remove-product-vendor?ProductId=${demo.p1.id}&VendorId=${demo.b.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('removes one supplier from several products at once (remove-product-vendors)', async () => {
    for (const p of [demo.p1, demo.p2]) {
      const res = await post(demoAdmin, `${API}/add-product-vendor`, link(p.id, demo.b.id, { tiers: [] }));
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await del(
      demoAdmin,
      `${API}/remove-product-vendors?VendorId=${demo.b.id}&ProductIds=${demo.p1.id},${demo.p2.id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    expect((await get(demoAdmin, `${API}/product-vendors/${demo.p2.id}`)).json().items).toHaveLength(0);
  });

  it('restores (reback) and clears recycled links; a restored link may not duplicate a live one', async () => {
    const recycled = (await get(demoAdmin, `${RECYCLE}?maxResultCount=50`)).json();
    const mine = recycled.items.filter((v: Row) => v.supplierId === demo.b.id);
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({ isDeleted: true, productSku: expect.stringMatching(/^PV-/) });
    const ofP2 = mine.find((v: Row) => v.productId === demo.p2.id);
    const ofP1 = mine.filter((v: Row) => v.productId === demo.p1.id);

    const restored = await put(demoAdmin, `${RECYCLE}/${ofP2.id}/reback`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ id: ofP2.id, isDeleted: false });
    expect((await get(demoAdmin, `${API}/product-vendors/${demo.p2.id}`)).json().items).toHaveLength(1);

    // two recycled links of p1 to supplier b: the first restores, the second would be a duplicate
    expect((await put(demoAdmin, `${RECYCLE}/${ofP1[0].id}/reback`, {})).statusCode).toBe(200);
    expect((await put(demoAdmin, `${RECYCLE}/${ofP1[1].id}/reback`, {})).statusCode).toBe(409);

    expect((await del(demoAdmin, `${RECYCLE}/${ofP1[1].id}/clear`)).statusCode).toBe(204);
    expect((await del(demoAdmin, `${RECYCLE}/${ofP1[1].id}/clear`)).statusCode).toBe(404);
    // a live link is not in the recycle area
    expect((await del(demoAdmin, `${RECYCLE}/${ofP2.id}/clear`)).statusCode).toBe(404);
  });

  it('checks the fields: ids, supplier, URL, currency, tier quantities ascending and prices not rising', async () => {
    const empty = await as(
      t.app,
      demoAdmin,
      'zh-Hans',
    )({ method: 'POST', url: `${API}/add-product-vendor`, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(members(empty)).toEqual(expect.arrayContaining(['productId', 'supplierId', 'purchasePrice']));
    expect(empty.json().error.validationErrors.map((v: { message: string }) => v.message)).toContain('请选择供应商');

    const tiers = await as(
      t.app,
      demoAdmin,
      'zh-Hans',
    )({
      method: 'POST',
      url: `${API}/add-product-vendor`,
      payload: link(demo.p2.id, demo.a.id, {
        tiers: [
          { minQty: 10, unitPrice: 5 },
          { minQty: 10, unitPrice: 4 },
          { minQty: 50, unitPrice: 6 },
        ],
      }),
    });
    expect(tiers.statusCode).toBe(400);
    expect(members(tiers)).toEqual(['tiers.1.minQty', 'tiers.2.unitPrice']);
    expect(tiers.json().error.validationErrors[0].message).toBe('每一档的起订数量必须大于上一档。');

    const bad = await post(
      demoAdmin,
      `${API}/add-product-vendor`,
      link(demo.p2.id, demo.a.id, { url: 'ftp://x', currency: 'RMBX', moq: 0, tiers: [{ minQty: 0, unitPrice: -1 }] }),
    );
    expect(members(bad).sort()).toEqual(['currency', 'moq', 'tiers.0.minQty', 'tiers.0.unitPrice', 'url']);
    // a unit cost takes 4 places at most, and text that is no decimal is refused on its member
    const places = await post(
      demoAdmin,
      `${API}/add-product-vendor`,
      link(demo.p2.id, demo.a.id, { purchasePrice: '1.23456', tiers: [{ minQty: 1, unitPrice: '1,5' }] }),
    );
    expect(members(places).sort()).toEqual(['purchasePrice', 'tiers.0.unitPrice']);

    const noSupplier = await post(demoAdmin, `${API}/add-product-vendor`, link(demo.p2.id, crypto.randomUUID()));
    expect(members(noSupplier)).toEqual(['supplierId']);
    expect(members(await put(demoAdmin, `${API}/update-product-vendor`, { purchasePrice: 1 }))).toEqual(['id']);
    expect(members(await del(demoAdmin, `${API}/remove-product-vendor?ProductId=${demo.p1.id}`))).toEqual(['VendorId']);
    expect(members(await del(demoAdmin, `${API}/remove-product-vendors?VendorId=${demo.a.id}`))).toEqual([
      'ProductIds',
    ]);
  });

  it('keeps tenants apart: another tenant’s product, supplier or link is not found', async () => {
    const mine = (await post(otherAdmin, `${API}/add-product-vendor`, link(other.p1.id, other.a.id))).json();
    expect((await get(demoAdmin, `${API}/product-vendors/${other.p1.id}`)).statusCode).toBe(404);
    expect((await post(demoAdmin, `${API}/add-product-vendor`, link(other.p1.id, demo.a.id))).statusCode).toBe(404);
    expect(members(await post(demoAdmin, `${API}/add-product-vendor`, link(demo.p2.id, other.a.id)))).toEqual([
      'supplierId',
    ]);
    const update = await put(demoAdmin, `${API}/update-product-vendor`, { id: mine.id, purchasePrice: 1 });
    expect(update.statusCode).toBe(404);
    const remove = await del(demoAdmin, `${API}/remove-product-vendor?ProductId=${other.p1.id}&VendorId=${other.a.id}`);
    expect(remove.statusCode).toBe(404);
    const many = await del(demoAdmin, `${API}/remove-product-vendors?VendorId=${other.a.id}&ProductIds=${other.p1.id}`);
    expect(many.json()).toEqual({ count: 0 });
    expect((await get(otherAdmin, `${API}/product-vendors/${other.p1.id}`)).json().items).toHaveLength(1);

    expect(
      (await del(otherAdmin, `${API}/remove-product-vendor?ProductId=${other.p1.id}&VendorId=${other.a.id}`))
        .statusCode,
    ).toBe(204);
    expect((await get(demoAdmin, RECYCLE)).json().items.map((v: Row) => v.id)).not.toContain(mine.id);
    expect((await put(demoAdmin, `${RECYCLE}/${mine.id}/reback`, {})).statusCode).toBe(404);
    expect((await del(demoAdmin, `${RECYCLE}/${mine.id}/clear`)).statusCode).toBe(404);
  });

  it('needs the product permissions (403)', async () => {
    expect((await get(nobody, `${API}/product-vendors/${demo.p1.id}`)).statusCode).toBe(403);
    expect((await post(nobody, `${API}/add-product-vendor`, link(demo.p2.id, demo.a.id))).statusCode).toBe(403);
    expect((await put(nobody, `${API}/update-product-vendor`, { id: demo.p1.id, purchasePrice: 1 })).statusCode).toBe(
      403,
    );
    expect(
      (await del(nobody, `${API}/remove-product-vendor?ProductId=${demo.p1.id}&VendorId=${demo.a.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await del(nobody, `${API}/remove-product-vendors?VendorId=${demo.a.id}&ProductIds=${demo.p1.id}`)).statusCode,
    ).toBe(403);
    expect((await get(nobody, RECYCLE)).statusCode).toBe(403);
    expect((await put(nobody, `${RECYCLE}/${demo.p1.id}/reback`, {})).statusCode).toBe(403);
    expect((await del(nobody, `${RECYCLE}/${demo.p1.id}/clear`)).statusCode).toBe(403);
  });
});

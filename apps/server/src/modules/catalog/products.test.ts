import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, token } from '../permission-management/test-support.ts';

const API = '/api/catalog/products';
const RECYCLE = '/api/catalog/recycle/products';

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;

type Row = { id: string; concurrencyStamp: string; sku: string; [k: string]: unknown };
const members = (res: { json(): { error: { validationErrors: { members: string[] }[] } } }) =>
  res.json().error.validationErrors.flatMap((v) => v.members);

const post = (who: string, url: string, payload?: object) => as(t.app, who)({ method: 'POST', url, payload });
const put = (who: string, url: string, payload: object) => as(t.app, who)({ method: 'PUT', url, payload });
const get = (who: string, url: string) => as(t.app, who)({ method: 'GET', url });
const del = (who: string, url: string) => as(t.app, who)({ method: 'DELETE', url });

/** A category, a colour attribute (3 values) and a size attribute (2 values) of `who`'s tenant. */
async function masterData(who: string, suffix: string) {
  const category = (
    await post(who, '/api/catalog/categories', { code: `PT${suffix}`, name: `测试类${suffix}` })
  ).json();
  const colour = (
    await post(who, '/api/catalog/purchase-attributes', {
      name: `颜色${suffix}`,
      values: [
        { value: '红', code: 'RD' },
        { value: '黑', code: 'BK' },
        { value: '白', code: 'WT' },
      ],
    })
  ).json();
  const size = (
    await post(who, '/api/catalog/purchase-attributes', {
      name: `尺码${suffix}`,
      values: [
        { value: 'M', code: 'M' },
        { value: 'L', code: 'L' },
      ],
    })
  ).json();
  return { category, colour, size };
}

let demo: Awaited<ReturnType<typeof masterData>>;

const body = (sku: string, extra: object = {}) => ({
  name: '测试保温杯',
  nameEn: 'Test flask',
  sku,
  categoryIds: [demo.category.id],
  description: '不锈钢真空保温杯',
  price: 39.9,
  weight: 350,
  specialAttributes: ['liquid'],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.services, t.demo, 'nobody', ['salesman']);
  demoAdmin = await token(t.app, 'demo');
  otherAdmin = await token(t.app, 'other');
  nobody = await token(t.app, 'demo', 'nobody');
  demo = await masterData(demoAdmin, 'A');
});
afterAll(async () => {
  await t?.close();
});

describe('products', () => {
  it('seeds demo products with variants along the lifecycle', async () => {
    const res = (await get(demoAdmin, `${API}?filter=DEMO-&maxResultCount=50`)).json();
    expect(res.totalCount).toBe(10);
    const tee = res.items.find((p: Row) => p.sku === 'DEMO-TS-001');
    expect(tee).toMatchObject({ pmsStatus: 3, inStock: true });
    expect(tee.variants).toHaveLength(9);
    expect(res.items.find((p: Row) => p.sku === 'DEMO-HB-005')).toMatchObject({ pmsStatus: 4 });
  });

  it('creates a product with the cartesian product of its variant options, reads, updates and lists it', async () => {
    const created = await post(
      demoAdmin,
      API,
      body('tp-cup-01', {
        variantOptions: [
          { attributeId: demo.colour.id, valueIds: demo.colour.values.map((v: Row) => v.id) },
          { attributeId: demo.size.id, valueIds: demo.size.values.map((v: Row) => v.id) },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const p = created.json();
    expect(p).toMatchObject({ sku: 'TP-CUP-01', pmsStatus: 1, isActive: true, price: 39.9, weight: 350 });
    expect(p.variants.map((v: Row) => v.sku)).toEqual([
      'TP-CUP-01-RD-M',
      'TP-CUP-01-RD-L',
      'TP-CUP-01-BK-M',
      'TP-CUP-01-BK-L',
      'TP-CUP-01-WT-M',
      'TP-CUP-01-WT-L',
    ]);
    expect(p.variants[0]).toMatchObject({ label: '红 / M', price: 39.9 });

    expect((await get(demoAdmin, `${API}/${p.id}`)).json()).toMatchObject({ id: p.id, sku: 'TP-CUP-01' });

    // partial variant SKU, case-insensitive
    const found = await get(demoAdmin, `${API}?filter=cup-01-bk&maxResultCount=5`);
    expect(found.json()).toMatchObject({ totalCount: 1, items: [{ id: p.id }] });
    const byCategory = await get(demoAdmin, `${API}?categoryId=${demo.category.id}&pmsStatus=1&isActive=true`);
    expect(byCategory.json().items.map((x: Row) => x.id)).toContain(p.id);
    expect((await get(demoAdmin, `${API}?categoryId=${demo.category.id}&pmsStatus=3`)).json().totalCount).toBe(0);
    const sorted = await get(demoAdmin, `${API}?sorting=price desc&maxResultCount=2`);
    expect(sorted.statusCode).toBe(200);

    // stale stamp → 409; one colour dropped → its two variants go, the others keep their ids
    const stale = await put(demoAdmin, `${API}/${p.id}`, { ...body('TP-CUP-01'), concurrencyStamp: 'f'.repeat(32) });
    expect(stale.statusCode).toBe(409);
    const updated = await put(demoAdmin, `${API}/${p.id}`, {
      ...body('TP-CUP-02', { name: '测试保温杯二' }),
      variantOptions: [
        { attributeId: demo.colour.id, valueIds: [demo.colour.values[0].id, demo.colour.values[1].id] },
        { attributeId: demo.size.id, valueIds: demo.size.values.map((v: Row) => v.id) },
      ],
      concurrencyStamp: p.concurrencyStamp,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const u = updated.json();
    expect(u.variants.map((v: Row) => v.sku)).toEqual([
      'TP-CUP-02-RD-M',
      'TP-CUP-02-RD-L',
      'TP-CUP-02-BK-M',
      'TP-CUP-02-BK-L',
    ]);
    expect(u.variants[0].id).toBe(p.variants[0].id);
    expect((await get(demoAdmin, `${API}?filter=TP-CUP-01`)).json().totalCount).toBe(0);

    // remove-variant: gone and no longer found by its SKU
    const removed = await del(demoAdmin, `${API}/remove-variant/${u.variants[3].id}`);
    expect(removed.statusCode).toBe(204);
    expect((await get(demoAdmin, `${API}/${p.id}`)).json().variants).toHaveLength(3);
    expect((await get(demoAdmin, `${API}/by-sku?sku=TP-CUP-02-BK-L`)).statusCode).toBe(404);

    // by-sku (parent or variant) and item-price (batch)
    expect((await get(demoAdmin, `${API}/by-sku?sku=tp-cup-02-rd-l`)).json()).toMatchObject({ id: p.id });
    const prices = await get(demoAdmin, `${API}/item-price?skus=TP-CUP-02,TP-CUP-02-RD-M&skus=NOPE`);
    expect(prices.statusCode, prices.body).toBe(200);
    expect(prices.json().items).toEqual(
      expect.arrayContaining([
        { sku: 'TP-CUP-02', productId: p.id, variantId: null, price: 39.9 },
        expect.objectContaining({ sku: 'TP-CUP-02-RD-M', productId: p.id, price: 39.9 }),
      ]),
    );
    expect(prices.json().items).toHaveLength(2);
  });

  it('applies the form rules with the spec’s messages (400 naming the fields)', async () => {
    const empty = await as(t.app, demoAdmin, 'zh-Hans')({ method: 'POST', url: API, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(members(empty)).toEqual(expect.arrayContaining(['name', 'sku', 'categoryIds', 'description', 'price']));
    const messages = empty.json().error.validationErrors.map((v: { message: string }) => v.message);
    expect(messages).toEqual(expect.arrayContaining(['请输入名称', '请输入父sku', '请选择分类', '请填写价格']));

    const short = await as(
      t.app,
      demoAdmin,
      'zh-Hans',
    )({ method: 'POST', url: API, payload: body('TP-X', { name: 'ab' }) });
    expect(members(short)).toEqual(['name']);
    expect(short.json().error.validationErrors[0].message).toBe('长度在 3 个字符以上');

    expect(members(await post(demoAdmin, API, body('bad sku!')))).toEqual(['sku']);
    expect(members(await post(demoAdmin, API, body('TP-Y', { categoryIds: [crypto.randomUUID()] })))).toEqual([
      'categoryIds.0',
    ]);
    expect(members(await post(demoAdmin, API, body('TP-Y', { brandId: crypto.randomUUID() })))).toEqual(['brandId']);
    expect(members(await post(demoAdmin, API, body('TP-Y', { specialAttributes: ['fire'] })))).toEqual([
      'specialAttributes.0',
    ]);
    expect(
      members(
        await post(
          demoAdmin,
          API,
          body('TP-Y', { variantOptions: [{ attributeId: demo.colour.id, valueIds: [demo.size.values[0].id] }] }),
        ),
      ),
    ).toEqual(['variantOptions.0.valueIds.0']);
    expect(members(await get(demoAdmin, `${API}?sorting=tenantId`))).toEqual(['sorting']);
    // spec §5: a call without its id is a client error naming it
    expect(members(await post(demoAdmin, `${API}/approve-product`, { pmsStatus: 3 }))).toEqual(['id']);
  });

  it('keeps SKUs unique per tenant across products and variants, recycled ones included', async () => {
    const a = (
      await post(
        demoAdmin,
        API,
        body('TP-UQ', { variantOptions: [{ attributeId: demo.size.id, valueIds: [demo.size.values[0].id] }] }),
      )
    ).json();
    expect(a.variants[0].sku).toBe('TP-UQ-M');
    const dup = await post(demoAdmin, API, body('tp-uq'));
    expect(dup.statusCode).toBe(400);
    expect(members(dup)).toEqual(['sku']);
    expect(members(await post(demoAdmin, API, body('TP-UQ-M')))).toEqual(['sku']);
    // another tenant may use the same SKU
    const theirs = await masterData(otherAdmin, 'B');
    const other = await post(otherAdmin, API, { ...body('TP-UQ'), categoryIds: [theirs.category.id] });
    expect(other.statusCode, other.body).toBe(200);

    // recycled: still taken; cleared: free again
    expect((await del(demoAdmin, `${API}/${a.id}`)).statusCode).toBe(204);
    expect(members(await post(demoAdmin, API, body('TP-UQ')))).toEqual(['sku']);
    expect((await del(demoAdmin, `${RECYCLE}/${a.id}/clear`)).statusCode).toBe(204);
    expect((await post(demoAdmin, API, body('TP-UQ'))).statusCode).toBe(200);
  });

  it('generates distinct SKUs under concurrent calls and checks the prefix', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post(demoAdmin, `${API}/generate-sku?prefix=zx-bag`)),
    );
    const skus = results.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().sku as string;
    });
    expect(new Set(skus).size).toBe(8);
    for (const sku of skus) expect(sku).toMatch(/^ZX-BAG\d{4}-\d{4}$/);
    // a number already taken by hand is skipped
    const next = Number(skus.sort().at(-1)!.slice(-4)) + 1;
    const taken = `${skus[0].slice(0, -4)}${String(next).padStart(4, '0')}`;
    expect((await post(demoAdmin, API, body(taken))).statusCode).toBe(200);
    const after = (await post(demoAdmin, `${API}/generate-sku?prefix=ZX-BAG`)).json().sku;
    expect(after).not.toBe(taken);
    expect(members(await post(demoAdmin, `${API}/generate-sku?prefix=a b`))).toEqual(['prefix']);
    expect(members(await post(demoAdmin, `${API}/generate-sku?prefix=${'A'.repeat(45)}`))).toEqual(['prefix']);
  });

  it('moves through the PMS lifecycle and refuses other transitions with 409', async () => {
    const p = (await post(demoAdmin, API, body('TP-LC'))).json();
    const approve = (pmsStatus: number) => post(demoAdmin, `${API}/approve-product`, { id: p.id, pmsStatus });
    const refused = await approve(4); // developing → clearance
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('Catalog::IllegalTransition');
    expect((await approve(3)).json()).toMatchObject({ pmsStatus: 3 });
    expect((await approve(1)).statusCode).toBe(409); // on sale → developing
    expect((await approve(5)).json()).toMatchObject({ pmsStatus: 5 });
    expect(members(await approve(9))).toEqual(['pmsStatus']);

    const off = await put(demoAdmin, `${API}/${p.id}/set-active`, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await get(demoAdmin, `${API}?filter=TP-LC&isActive=false`)).json().totalCount).toBe(1);
    expect((await get(demoAdmin, `${API}?filter=TP-LC&isActive=true`)).json().totalCount).toBe(0);
    expect(members(await put(demoAdmin, `${API}/${p.id}/set-active`, {}))).toEqual(['isActive']);
  });

  it('deletes into the recycle area, restores and deletes for good', async () => {
    const p = (await post(demoAdmin, API, body('TP-RC'))).json();
    expect((await del(demoAdmin, `${API}/${p.id}`)).statusCode).toBe(204);
    expect((await get(demoAdmin, `${API}/${p.id}`)).statusCode).toBe(404);
    expect((await get(demoAdmin, `${API}?filter=TP-RC`)).json().totalCount).toBe(0);
    const bin = await get(demoAdmin, `${RECYCLE}?filter=TP-RC`);
    expect(bin.json()).toMatchObject({ totalCount: 1, items: [{ id: p.id, isDeleted: true }] });

    const back = await put(demoAdmin, `${RECYCLE}/${p.id}/reback`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect((await get(demoAdmin, `${API}/${p.id}`)).json()).toMatchObject({ isDeleted: false });
    // only recycled products can be restored or cleared
    expect((await put(demoAdmin, `${RECYCLE}/${p.id}/reback`, {})).statusCode).toBe(404);
    expect((await del(demoAdmin, `${RECYCLE}/${p.id}/clear`)).statusCode).toBe(404);

    expect((await del(demoAdmin, `${API}/hard-Delete/${p.id}`)).statusCode).toBe(204);
    expect((await get(demoAdmin, `${RECYCLE}?filter=TP-RC`)).json().totalCount).toBe(0);
    expect((await del(demoAdmin, `${API}/hard-Delete/${p.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another tenant’s product and leaves it unchanged', async () => {
    const theirs = await masterData(otherAdmin, 'C');
    const p = (await post(otherAdmin, API, { ...body('TP-THEIRS'), categoryIds: [theirs.category.id] })).json();
    expect(p.id).toBeTruthy();
    const variantless = p.id;
    for (const res of [
      await get(demoAdmin, `${API}/${p.id}`),
      await put(demoAdmin, `${API}/${p.id}`, body('TP-THEIRS')),
      await put(demoAdmin, `${API}/${p.id}/set-active`, { isActive: false }),
      await post(demoAdmin, `${API}/approve-product`, { id: p.id, pmsStatus: 3 }),
      await get(demoAdmin, `${API}/by-sku?sku=TP-THEIRS`),
      await del(demoAdmin, `${API}/${p.id}`),
      await del(demoAdmin, `${API}/remove-variant/${variantless}`),
      await del(demoAdmin, `${API}/hard-Delete/${p.id}`),
      await put(demoAdmin, `${RECYCLE}/${p.id}/reback`, {}),
      await del(demoAdmin, `${RECYCLE}/${p.id}/clear`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await get(demoAdmin, `${API}?filter=TP-THEIRS`)).json().totalCount).toBe(0);
    expect((await get(demoAdmin, `${API}/item-price?skus=TP-THEIRS`)).json().items).toEqual([]);
    expect((await get(otherAdmin, `${API}/${p.id}`)).json()).toMatchObject({
      concurrencyStamp: p.concurrencyStamp,
      isActive: true,
    });
  });

  it('exports the filtered, sorted list to Excel', async () => {
    const res = await as(
      t.app,
      demoAdmin,
      'zh-Hans',
    )({
      method: 'GET',
      url: `${API}/export?filter=DEMO-&pmsStatus=3&sorting=sku asc`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0].slice(0, 2)).toEqual(['父SKU', '名称']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['DEMO-BP-004', 'DEMO-HD-003', 'DEMO-ST-007', 'DEMO-TS-001']);
    expect(rows[1][4]).toBe('在售');
    expect((await get(nobody, `${API}/export`)).statusCode).toBe(403);
  });

  it('needs the product permissions', async () => {
    const id = crypto.randomUUID();
    for (const [method, url, payload] of [
      ['GET', API, undefined],
      ['GET', `${API}/${id}`, undefined],
      ['GET', `${API}/by-sku?sku=X`, undefined],
      ['GET', `${API}/item-price?skus=X`, undefined],
      ['POST', API, body('TP-NO')],
      ['POST', `${API}/generate-sku?prefix=X`, undefined],
      ['POST', `${API}/approve-product`, { id, pmsStatus: 3 }],
      ['PUT', `${API}/${id}`, body('TP-NO')],
      ['PUT', `${API}/${id}/set-active`, { isActive: true }],
      ['DELETE', `${API}/${id}`, undefined],
      ['DELETE', `${API}/remove-variant/${id}`, undefined],
      ['DELETE', `${API}/hard-Delete/${id}`, undefined],
      ['GET', RECYCLE, undefined],
      ['PUT', `${RECYCLE}/${id}/reback`, {}],
      ['DELETE', `${RECYCLE}/${id}/clear`, undefined],
    ] as const) {
      const res = await as(t.app, nobody)({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

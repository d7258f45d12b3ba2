import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { productBody, useCatalogApp } from '../test-support.ts';

const API = '/api/catalog/products';
const RECYCLE = '/api/catalog/recycle/products';

const app = useCatalogApp();
const { get, post, del } = app;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let categoryId: string;

type Row = { id: string; sku: string; [k: string]: unknown };
const body = (sku: string, extra: object = {}) => productBody(categoryId, sku, { name: '列表测试商品', ...extra });

beforeAll(async () => {
  ({ demoAdmin, otherAdmin, nobody } = app);
  categoryId = (await post(demoAdmin, '/api/catalog/categories', { code: 'LST', name: '列表类' })).json().id;
});

describe('product list', () => {
  it('answers light rows: the variant count and main image instead of the whole record', async () => {
    const res = await get(demoAdmin, `${API}?filter=DEMO-TS-001`);
    expect(res.statusCode, res.body).toBe(200);
    const [tee] = res.json().items;
    expect(tee).toMatchObject({ sku: 'DEMO-TS-001', variantCount: 9, pmsStatus: 3, inStock: true });
    expect(tee).not.toHaveProperty('variants');
    expect(tee).not.toHaveProperty('description');
    expect(tee).toHaveProperty('mainImage');
    const full = (await get(demoAdmin, `${API}/${tee.id}`)).json();
    expect(full.variants).toHaveLength(9);
  });

  it('filters by developer, purchaser (contains, any case) and creation time', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    for (const [sku, developer, purchaser] of [
      ['LST-DEV-1', 'Zhang Wei', 'Li Na'],
      ['LST-DEV-2', 'zhang min', 'Wang Fang'],
      ['LST-DEV-3', 'Chen Jie', 'li ming'],
    ]) {
      expect((await post(demoAdmin, API, body(sku, { developer, purchaser }))).statusCode).toBe(200);
    }
    const skus = async (query: string) =>
      (await get(demoAdmin, `${API}?filter=LST-DEV&${query}`))
        .json()
        .items.map((p: Row) => p.sku)
        .sort();
    expect(await skus('developer=ZHANG')).toEqual(['LST-DEV-1', 'LST-DEV-2']);
    expect(await skus('purchaser=%20li%20')).toEqual(['LST-DEV-1', 'LST-DEV-3']);
    expect(await skus('developer=zhang&purchaser=wang')).toEqual(['LST-DEV-2']);
    expect(await skus(`createdFrom=${before}`)).toEqual(['LST-DEV-1', 'LST-DEV-2', 'LST-DEV-3']);
    expect(await skus(`createdTo=${before}`)).toEqual([]);
    expect(await skus(`createdFrom=${before}&createdTo=${new Date(Date.now() + 60_000).toISOString()}`)).toHaveLength(
      3,
    );
    // another tenant's list holds none of them
    expect((await get(otherAdmin, `${API}?filter=LST-DEV`)).json()).toEqual({ totalCount: 0, items: [] });
  });

  it('keeps filtered totals right across writes (cached totals are dropped by every write)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await post(demoAdmin, API, body(`LST-TOT-${i}`))).json().id);
    const total = async (url = API) => (await get(demoAdmin, `${url}?filter=LST-TOT&maxResultCount=5`)).json();
    expect((await total()).totalCount).toBe(12);
    expect((await total()).items).toHaveLength(5);

    expect((await del(demoAdmin, `${API}/${ids[0]}`)).statusCode).toBe(204);
    expect((await total()).totalCount).toBe(11);
    expect((await total(RECYCLE)).totalCount).toBe(1);
    expect((await post(demoAdmin, API, body('LST-TOT-12'))).statusCode).toBe(200);
    expect((await total()).totalCount).toBe(12);
    expect((await app.put(demoAdmin, `${RECYCLE}/${ids[0]}/reback`)).statusCode).toBe(200);
    expect((await total()).totalCount).toBe(13);
    expect((await total(RECYCLE)).totalCount).toBe(0);
    // a page past the end still says how many there are
    expect((await get(demoAdmin, `${API}?filter=LST-TOT&skipCount=100`)).json()).toEqual({ totalCount: 13, items: [] });
  });

  it('shows every change at once, although pages are cached', async () => {
    const made = (await post(demoAdmin, API, body('LST-CHG-1'))).json();
    const row = async () => (await get(demoAdmin, `${API}?filter=LST-CHG`)).json().items[0];
    expect(await row()).toMatchObject({ name: '列表测试商品', isActive: true, pmsStatus: 1 });
    expect(await row()).toMatchObject({ name: '列表测试商品' }); // served from the cache

    const renamed = body('LST-CHG-1', { name: '改过名字的商品', concurrencyStamp: made.concurrencyStamp });
    const updated = await app.put(demoAdmin, `${API}/${made.id}`, renamed);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await row()).toMatchObject({ name: '改过名字的商品' });
    await app.put(demoAdmin, `${API}/${made.id}/set-active`, { isActive: false });
    expect(await row()).toMatchObject({ isActive: false });
    await post(demoAdmin, `${API}/approve-product`, { id: made.id, pmsStatus: 2 });
    expect(await row()).toMatchObject({ pmsStatus: 2 });
    // a failed write leaves the cached page as it was and still right
    expect((await post(demoAdmin, `${API}/approve-product`, { id: made.id, pmsStatus: 0 })).statusCode).toBe(409);
    expect(await row()).toMatchObject({ pmsStatus: 2 });
    // another tenant's writes do not reach demo's pages, and demo's not theirs
    expect((await get(otherAdmin, `${API}?filter=LST-CHG`)).json().totalCount).toBe(0);
  });

  it('answers the recycle area with the same rows', async () => {
    const made = (await post(demoAdmin, API, body('LST-REC-1'))).json();
    await del(demoAdmin, `${API}/${made.id}`);
    const [row] = (await get(demoAdmin, `${RECYCLE}?filter=LST-REC`)).json().items;
    expect(row).toMatchObject({ id: made.id, isDeleted: true, variantCount: 0 });
    expect(row.deletionTime).toBeTruthy();
  });

  it('rejects bad query values naming the field, and callers without the permission', async () => {
    expect(members(await get(demoAdmin, `${API}?createdFrom=yesterday`))).toEqual(['createdFrom']);
    expect(members(await get(demoAdmin, `${API}?createdTo=2026-13-45`))).toEqual(['createdTo']);
    expect(members(await get(demoAdmin, `${API}?developer=${'x'.repeat(65)}`))).toEqual(['developer']);
    expect(members(await get(demoAdmin, `${API}?sorting=description%20asc`))).toEqual(['sorting']);
    expect((await get(nobody, API)).statusCode).toBe(403);
    expect((await get(nobody, RECYCLE)).statusCode).toBe(403);
  });
});

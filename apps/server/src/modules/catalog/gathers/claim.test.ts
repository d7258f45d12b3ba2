import type { ClaimResultDto, GatherDetailDto, ProductDto, ProductVendorDto } from '@seller/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { createUser, token } from '../../permission-management/test-support.ts';
import { useCatalogApp } from '../test-support.ts';

const api = useCatalogApp();
const base = '/api/catalog/gathers';
const products = '/api/catalog/products';
const img = (name: string) => `https://cbu01.alicdn.com/img/ibank/${name}`;

/** A 1688 item as the extension sends it: the demo's colours and sizes, images the sample fetcher serves. */
const tee = (extra: object = {}) => ({
  sourceUrl: 'https://detail.1688.com/offer/610000000001.html',
  title: '女士纯棉圆领短袖T恤 夏季宽松百搭打底衫',
  descriptionHtml: '<p>厂家直供，<b>支持</b>一件代发。</p>',
  images: [img('1688-610000000001-1.png'), img('1688-610000000001-2.png'), img('missing-image.png')],
  currency: 'CNY',
  skus: [
    { options: { 颜色: '白色', 尺码: 'M' }, price: '12.80', stock: 10, image: img('1688-610000000001-1-v.png') },
    { options: { 颜色: '白色', 尺码: 'L' }, price: '13.50', stock: 5, image: img('1688-610000000001-1-v.png') },
    { options: { 颜色: '黑色', 尺码: 'M' }, price: '12.80', stock: 0, image: img('1688-610000000001-2-v.png') },
  ],
  attributes: [
    { name: '材质', value: '棉' },
    { name: '货号', value: 'JX-T2301' },
  ],
  supplierName: '广州市白云区锦绣服饰厂',
  supplierShopUrl: 'https://jinxiu.1688.com',
  ...extra,
});

/** Gathers made so far: each gets a URL of its own (a URL is gathered once; the demo has the sample pages). */
let gathered = 0;
async function gather(body: object, who = api.demoAdmin): Promise<GatherDetailDto> {
  const n = gathered++;
  const url = (body as { sourceUrl?: string }).sourceUrl ?? tee().sourceUrl;
  const res = await api.post(who, base, { ...body, sourceUrl: `${url}#${n}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function category(who: string, code: string): Promise<string> {
  const res = await api.post(who, '/api/catalog/categories', { code, name: `采集认领${code}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

describe('claiming a gathered product', () => {
  it('copies it into the catalogue in one go: variants from the SKU matrix, vendor link, images in the files store', async () => {
    const categoryId = await category(api.demoAdmin, 'GCL1');
    const g = await gather(tee());
    const res = await api.post(api.demoAdmin, `${base}/${g.id}/claim`, {
      weightG: 250,
      categoryIds: [categoryId],
      skuPrefix: 'tee',
    });
    expect(res.statusCode, res.body).toBe(200);
    const claim = res.json() as ClaimResultDto;
    expect(claim).toMatchObject({
      gatherId: g.id,
      variantCount: 3,
      imagesCopied: 4,
      imagesSkipped: [img('missing-image.png')],
      claimCount: 1,
    });
    // the tenant's SKU pattern ({prefix}{category}{yyMM}-{seq4})
    expect(claim.sku).toMatch(/^TEEGCL1\d{4}-0001$/);

    const product = (await api.get(api.demoAdmin, `${products}/${claim.productId}`)).json() as ProductDto;
    expect(product).toMatchObject({
      sku: claim.sku,
      name: '女士纯棉圆领短袖T恤 夏季宽松百搭打底衫',
      nameEn: null,
      categoryIds: [categoryId],
      description: '厂家直供， 支持 一件代发。',
      // the gathered price in its own currency (CNY), to its minor units
      price: '12.80',
      priceCurrency: 'CNY',
      resource: 'collected',
      salesTypes: ['variation'],
      region: 'GLOBAL',
      inStock: true,
      detailContent: '<p>厂家直供，<b>支持</b>一件代发。</p>',
    });
    expect(product.specifications.map((s) => [s.name, s.value])).toEqual([
      ['材质', '棉'],
      ['货号', 'JX-T2301'],
    ]);
    // the demo's 颜色 and 尺码 attributes were found by name, their values by value: codes from the demo
    expect(product.variants.map((v) => [v.sku, v.label, v.price])).toEqual([
      [`${claim.sku}-WHT-M`, '白色 / M', '12.80'],
      [`${claim.sku}-WHT-L`, '白色 / L', '13.50'],
      [`${claim.sku}-BLK-M`, '黑色 / M', '12.80'],
    ]);
    expect(product.images).toHaveLength(2);
    expect(product.mainImage).toBe(product.images[0]);
    for (const url of [...product.images, product.variants[0].image!]) {
      expect(url).toMatch(/^\/api\/files\/[0-9a-f-]+\.png$/);
      const file = await api.get(api.demoAdmin, url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
    }
    expect(product.variants[0].image).toBe(product.variants[1].image);

    const vendors = (await api.get(api.demoAdmin, `${products}/product-vendors/${claim.productId}`)).json()
      .items as ProductVendorDto[];
    expect(vendors).toMatchObject([
      {
        supplierId: claim.supplierId,
        supplierName: '广州市白云区锦绣服饰厂',
        url: g.sourceUrl,
        purchasePrice: '12.8000',
        currency: 'CNY',
        isPrimary: true,
      },
    ]);

    const after = (await api.get(api.demoAdmin, `${base}/${g.id}`)).json() as GatherDetailDto;
    expect(after).toMatchObject({ status: 'CLAIMED', claimCount: 1 });
    expect(after.logs[0]).toMatchObject({
      action: 'Claimed',
      productId: claim.productId,
      productSku: claim.sku,
      userName: 'admin',
      text: img('missing-image.png'),
    });

    // claimed again: another product, the count goes on, the supplier is the same one
    const again = (
      await api.post(api.demoAdmin, `${base}/${g.id}/claim`, {
        weightG: 250,
        categoryIds: [categoryId],
        sku: 'tee-again-1',
        name: '纯棉T恤 二次认领',
      })
    ).json() as ClaimResultDto;
    expect(again).toMatchObject({ sku: 'TEE-AGAIN-1', claimCount: 2, supplierId: claim.supplierId });
    expect(again.productId).not.toBe(claim.productId);
    const second = (await api.get(api.demoAdmin, `${products}/${again.productId}`)).json() as ProductDto;
    expect(second.name).toBe('纯棉T恤 二次认领');
  });

  it('adds the options and supplier the tenant lacks, keeps only the combinations the source sells', async () => {
    const categoryId = await category(api.demoAdmin, 'GCL2');
    const g = await gather({
      sourceUrl: 'https://www.aliexpress.com/item/1005006000000002.html',
      title: "Women's Summer Casual Linen Dress",
      images: ['https://ae01.alicdn.com/kf/aliexpress-1005006000000002-1.png'],
      currency: 'USD',
      skus: [
        { options: { Colour: 'Beige', Fit: 'S' }, price: '18.50', stock: 3 },
        { options: { Colour: 'Navy', Fit: 'L' }, price: '19.20', stock: 0 },
      ],
      attributes: [],
      supplierName: 'Lily Fashion Store (test)',
      supplierShopUrl: 'https://www.aliexpress.com/store/1101000002',
    });
    const claim = (
      await api.post(api.demoAdmin, `${base}/${g.id}/claim`, { weightG: 250, categoryIds: [categoryId], region: 'MY' })
    ).json();
    expect(claim).toMatchObject({ variantCount: 2, imagesCopied: 1, imagesSkipped: [] });
    const product = (await api.get(api.demoAdmin, `${products}/${claim.productId}`)).json() as ProductDto;
    expect(product).toMatchObject({
      nameEn: "Women's Summer Casual Linen Dress",
      region: 'MY',
      price: '18.50',
      description: "Women's Summer Casual Linen Dress",
    });
    expect(product.variants.map((v) => v.sku)).toEqual([`${product.sku}-BEIGE-S`, `${product.sku}-NAVY-L`]);
    const attributes = (await api.get(api.demoAdmin, '/api/catalog/purchase-attributes/all')).json().items as {
      name: string;
      values: { value: string; code: string }[];
    }[];
    expect(attributes.find((a) => a.name === 'Colour')?.values.map((v) => v.code)).toEqual(['BEIGE', 'NAVY']);
    const supplier = (await api.get(api.demoAdmin, `/api/catalog/suppliers/${claim.supplierId}`)).json();
    expect(supplier).toMatchObject({
      fullName: 'Lily Fashion Store (test)',
      code: 'GS-000001',
      remark: 'https://www.aliexpress.com/store/1101000002',
    });
    const vendors = (await api.get(api.demoAdmin, `${products}/product-vendors/${claim.productId}`)).json().items;
    expect(vendors[0]).toMatchObject({ purchasePrice: '18.5000', currency: 'USD' });
  });

  it('claims in bulk with a row per id; a refused claim writes nothing', async () => {
    const categoryId = await category(api.demoAdmin, 'GCL3');
    const plain = await gather({
      ...tee(),
      skus: [],
      priceMin: '6.50',
      priceMax: '8',
      images: [],
      title: '手机支架 桌面 懒人支架',
      // the source states its weight: the claim takes it
      attributes: [{ name: '重量', value: '0.12kg' }],
    });
    const unweighed = await gather({ ...tee(), skus: [], priceMin: '3', images: [], title: '数据线 无重量' });
    const taken = await gather(tee());
    await api.post(api.demoAdmin, `${base}/${taken.id}/claim`, {
      weightG: 250,
      categoryIds: [categoryId],
      sku: 'GCL3-TAKEN',
    });
    const before = (await api.get(api.demoAdmin, `${products}?filter=GCL3`)).json().totalCount;
    const missing = '00000000-0000-4000-8000-000000000002';
    const res = await api.post(api.demoAdmin, `${base}/bulk-claim`, {
      ids: [plain.id, missing, unweighed.id],
      categoryIds: [categoryId],
      skuPrefix: 'GCL3',
    });
    expect(res.statusCode, res.body).toBe(200);
    const bulk = res.json();
    expect(bulk).toMatchObject({
      succeeded: 1,
      failed: 2,
      items: [
        { id: plain.id, ok: true },
        { id: missing, ok: false, productId: null },
        { id: unweighed.id, ok: false, error: 'weightG: The source states no weight: enter the weight in grams.' },
      ],
    });
    const product = (await api.get(api.demoAdmin, `${products}/${bulk.items[0].productId}`)).json() as ProductDto;
    expect(product).toMatchObject({
      sku: bulk.items[0].sku,
      variants: [],
      salesTypes: ['normal'],
      price: '6.50',
      images: [],
      weight: 120,
    });

    // a SKU already taken: 400 on sku, nothing written (no product, no count, no log)
    const refused = await api.post(api.demoAdmin, `${base}/${taken.id}/claim`, {
      weightG: 250,
      categoryIds: [categoryId],
      sku: 'GCL3-TAKEN',
    });
    expect(refused.statusCode).toBe(400);
    expect(members(refused)).toEqual(['sku']);
    const still = (await api.get(api.demoAdmin, `${base}/${taken.id}`)).json() as GatherDetailDto;
    expect(still.claimCount).toBe(1);
    expect(still.logs.filter((l) => l.action === 'Claimed')).toHaveLength(1);
    expect((await api.get(api.demoAdmin, `${products}?filter=GCL3`)).json().totalCount).toBe(before + 1);
  });

  it("takes the weight from the source's spec sheet, else the claim's; without either it is refused naming weightG", async () => {
    const categoryId = await category(api.demoAdmin, 'GCLW');
    const weighed = await gather({ ...tee(), attributes: [{ name: '毛重', value: '1.25 千克' }] });
    expect(weighed.sourceWeightG).toBe(1250);
    const bare = await gather(tee());
    expect(bare.sourceWeightG).toBeNull();

    const refused = await api.post(api.demoAdmin, `${base}/${bare.id}/claim`, { categoryIds: [categoryId] });
    expect(refused.statusCode).toBe(400);
    expect(members(refused)).toEqual(['weightG']);
    expect((await api.get(api.demoAdmin, `${base}/${bare.id}`)).json().claimCount).toBe(0);

    const weightOf = async (id: string, body: object) => {
      const res = await api.post(api.demoAdmin, `${base}/${id}/claim`, { categoryIds: [categoryId], ...body });
      expect(res.statusCode, res.body).toBe(200);
      return ((await api.get(api.demoAdmin, `${products}/${res.json().productId}`)).json() as ProductDto).weight;
    };
    expect(await weightOf(bare.id, { weightG: 340 })).toBe(340);
    // the source's stated weight wins over one typed in
    expect(await weightOf(weighed.id, {})).toBe(1250);
    expect(await weightOf(weighed.id, { weightG: 10 })).toBe(1250);
  });

  it('refuses bad input naming the member, callers without Claim, and other tenants', async () => {
    const categoryId = await category(api.demoAdmin, 'GCL4');
    const g = await gather(tee());
    const cases: [object, string][] = [
      [{}, 'categoryIds'],
      [{ weightG: 250, categoryIds: [] }, 'categoryIds'],
      [{ weightG: 250, categoryIds: ['x'] }, 'categoryIds.0'],
      [{ weightG: 250, categoryIds: [categoryId], sku: 'bad sku!' }, 'sku'],
      [{ weightG: 250, categoryIds: [categoryId], region: 'MARS' }, 'region'],
      [{ weightG: 250, categoryIds: [categoryId], name: 'ab' }, 'name'],
      [{ weightG: 250, categoryIds: ['00000000-0000-4000-8000-000000000003'] }, 'categoryIds.0'],
      [{ weightG: 250, categoryIds: [categoryId], supplierId: '00000000-0000-4000-8000-000000000003' }, 'supplierId'],
    ];
    for (const [body, member] of cases) {
      const res = await api.post(api.demoAdmin, `${base}/${g.id}/claim`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(members(res)).toContain(member);
    }
    for (const body of [{ ids: [], categoryIds: [categoryId] }, { ids: [g.id] }]) {
      const res = await api.post(api.demoAdmin, `${base}/bulk-claim`, body);
      expect(res.statusCode).toBe(400);
    }
    const body = { weightG: 250, categoryIds: [categoryId] };
    expect((await api.post(api.nobody, `${base}/${g.id}/claim`, body)).statusCode).toBe(403);
    expect((await api.post(api.nobody, `${base}/bulk-claim`, { ...body, ids: [g.id] })).statusCode).toBe(403);

    // Claim alone is not enough: a claim creates a product, so it needs Catalog.Products.Create too
    await createUser(api.t.services, api.t.demo, 'claimer');
    const claimerId = (await api.get(api.demoAdmin, '/api/identity/users?filter=claimer')).json().items[0].id;
    const grant = (names: string[]) =>
      api.put(api.demoAdmin, `/api/permission-management/permissions?providerName=U&providerKey=${claimerId}`, {
        permissions: names.map((name) => ({ name, isGranted: true })),
      });
    expect((await grant(['Catalog.Gathers', 'Catalog.Gathers.Claim'])).statusCode).toBe(204);
    const claimer = await token(api.t.app, 'demo', 'claimer');
    expect((await api.post(claimer, `${base}/${g.id}/claim`, body)).statusCode).toBe(403);
    expect((await api.post(claimer, `${base}/bulk-claim`, { ...body, ids: [g.id] })).statusCode).toBe(403);
    expect((await grant(['Catalog.Products', 'Catalog.Products.Create'])).statusCode).toBe(204);
    const allowed = await api.post(await token(api.t.app, 'demo', 'claimer'), `${base}/${g.id}/claim`, body);
    expect(allowed.statusCode, allowed.body).toBe(200);

    const otherCategory = await category(api.otherAdmin, 'GCL4');
    expect(
      (await api.post(api.otherAdmin, `${base}/${g.id}/claim`, { weightG: 250, categoryIds: [otherCategory] }))
        .statusCode,
    ).toBe(404);
    const bulk = await api.post(api.otherAdmin, `${base}/bulk-claim`, { ids: [g.id], categoryIds: [otherCategory] });
    expect(bulk.json()).toMatchObject({ succeeded: 0, failed: 1 });
    // nor can a demo item be claimed into the other tenant's category
    const cross = await api.post(api.demoAdmin, `${base}/${g.id}/claim`, {
      weightG: 250,
      categoryIds: [otherCategory],
    });
    expect(cross.statusCode).toBe(400);
    // only the claimer's one claim went through
    expect((await api.get(api.demoAdmin, `${base}/${g.id}`)).json()).toMatchObject({
      claimCount: 1,
      status: 'CLAIMED',
    });
  });
});

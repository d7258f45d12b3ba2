import { describe, expect, it } from 'vitest';
import { GatherFetchError, samplesFetcher } from './fetcher.ts';
import { parsePage } from './parsers.ts';
import { samplePages } from './samples/pages.ts';

/** The parsers run on the sample pages exactly as the URL job does (fetched by the samples fetcher). */
const fetcher = samplesFetcher();
async function parse(url: string) {
  const { html, finalUrl } = await fetcher.fetch(url);
  const result = parsePage(html, finalUrl);
  if (!result.ok) throw new Error(`${url}: ${result.errorKey} ${result.errorParams}`);
  return result.input;
}

describe('page parsers on the sample pages', () => {
  it('reads a 1688 offer: Chinese title, SKU matrix in the page order with prices, stock and images, supplier', async () => {
    const p = await parse('https://detail.1688.com/offer/610000000001.html');
    expect(p).toMatchObject({
      sourcePlatform: '1688',
      sourceItemId: '610000000001',
      title: '女士纯棉圆领短袖T恤 夏季宽松百搭打底衫',
      currency: 'CNY',
      supplierName: '广州市白云区锦绣服饰厂',
      supplierShopUrl: 'https://jinxiu.1688.com/',
    });
    expect(p.images).toHaveLength(3);
    expect(p.images[0]).toBe('https://cbu01.alicdn.com/img/ibank/1688-610000000001-1.png');
    expect(p.skus).toHaveLength(12);
    expect(Object.keys(p.skus[0].options)).toEqual(['颜色', '尺码']);
    expect(p.skus[0]).toMatchObject({ options: { 颜色: '白色', 尺码: 'S' }, price: '12.80' });
    expect(p.skus[3]).toMatchObject({ options: { 颜色: '白色', 尺码: 'XL' }, price: '15.50' });
    expect(p.skus[0].image).toBe('https://cbu01.alicdn.com/img/ibank/1688-610000000001-1-v.png');
    expect(p.attributes).toContainEqual({ name: '材质', value: '棉' });
    expect(p.descriptionHtml).toContain('一件代发');
  });

  it('reads a 1688 offer without SKUs from its price ranges', async () => {
    const p = await parse('https://detail.1688.com/offer/610000000004.html');
    expect(p).toMatchObject({ skus: [], priceMin: '6.5', priceMax: '8' });
  });

  it('reads Taobao and Tmall items from the app context (protocol-relative images made https)', async () => {
    const p = await parse('https://item.taobao.com/item.htm?id=680000000003');
    expect(p).toMatchObject({
      sourcePlatform: 'TAOBAO',
      sourceItemId: '680000000003',
      title: '男士休闲运动短裤 速干 夏季五分裤',
    });
    expect(p.skus).toHaveLength(8);
    expect(p.skus[0]).toMatchObject({ options: { 颜色分类: '黑色', 尺码: 'M' }, price: '39.00' });
    expect(p.skus[7].stock).toBe(0);
    expect(p.images[0]).toMatch(/^https:\/\/img\.alicdn\.com\//);
    expect(p.supplierShopUrl).toBe('https://shop105003.taobao.com');
    const t = await parse('https://detail.tmall.com/item.htm?id=690000000001');
    expect(t).toMatchObject({ sourcePlatform: 'TMALL', supplierName: '乐扣乐扣官方旗舰店' });
  });

  it('reads an AliExpress item from runParams, in USD', async () => {
    const p = await parse('https://www.aliexpress.com/item/1005006000000002.html');
    expect(p).toMatchObject({
      sourcePlatform: 'ALIEXPRESS',
      currency: 'USD',
      supplierName: 'Lily Fashion Store',
      priceMin: '18.5',
      priceMax: '19.2',
    });
    expect(p.title).toMatch(/^Women's Summer Casual Linen Dress/);
    expect(p.skus).toHaveLength(6);
    expect(p.skus[0]).toMatchObject({ options: { Color: 'Beige', Size: 'S' }, price: '18.5' });
    expect(p.attributes).toContainEqual({ name: 'Material', value: 'Linen' });
  });

  it('reads an Amazon page: title, twister variations with prices, image block, tech specs, brand store', async () => {
    const p = await parse('https://www.amazon.com/dp/B0SAMPLE02');
    expect(p).toMatchObject({
      sourcePlatform: 'AMAZON',
      sourceItemId: 'B0SAMPLE02',
      currency: 'USD',
      supplierName: 'StrideMax',
    });
    expect(p.title).toBe("StrideMax Men's Running Shoes Lightweight Breathable Walking Sneakers");
    expect(p.skus).toHaveLength(8);
    expect(p.skus[0]).toMatchObject({ options: { Size: '8', Color: 'Black' }, price: '39.99' });
    expect(p.skus[0].image).toMatch(/amazon-B0SAMPLE02-black-v\.png$/);
    expect(p.attributes).toContainEqual({ name: 'Sole Material', value: 'Rubber' });
    const single = await parse('https://www.amazon.com/dp/B0SAMPLE03');
    expect(single).toMatchObject({ skus: [], priceMin: '29.99', priceMax: '29.99' });
  });

  it('reads other sites from JSON-LD (Lazada product group with variants, Shopee aggregate offer)', async () => {
    const l = await parse('https://www.lazada.com.my/products/towel-i3012345601.html');
    expect(l).toMatchObject({
      sourcePlatform: 'LAZADA',
      sourceItemId: '3012345601',
      currency: 'MYR',
      supplierName: 'Home Basics MY',
    });
    expect(l.skus.map((s) => s.options)).toEqual([{ Color: 'White' }, { Color: 'Grey' }, { Color: 'Blue' }]);
    const s = await parse('https://shopee.com.my/bekas-i.1001001.20012345602');
    expect(s).toMatchObject({ sourcePlatform: 'SHOPEE', skus: [], priceMin: '32.50', currency: 'MYR' });
  });

  it('every sample page yields a valid product', async () => {
    const pages = await samplePages();
    expect(pages.length).toBeGreaterThanOrEqual(30);
    for (const { site, id, url } of pages) {
      const page = `${site}-${id}`;
      const p = await parse(url);
      expect(p.title.length, page).toBeGreaterThan(3);
      expect(p.images.length, page).toBeGreaterThan(0);
      for (const image of [...p.images, ...p.skus.map((s) => s.image).filter((i) => i !== null)]) {
        expect((await fetcher.fetchImage(image)).subarray(1, 4).toString(), `${page} ${image}`).toBe('PNG');
      }
    }
  });

  it('answers unknown pages and images with "not found", and a page without a product with its own error', async () => {
    await expect(fetcher.fetch('https://detail.1688.com/offer/1.html')).rejects.toBeInstanceOf(GatherFetchError);
    await expect(fetcher.fetch('https://example.com/anything')).rejects.toMatchObject({
      key: 'Catalog::Gather:PageNotFound',
    });
    await expect(fetcher.fetchImage('https://cbu01.alicdn.com/img/../../secret.png')).rejects.toMatchObject({
      key: 'Catalog::Gather:ImageUnavailable',
    });
    expect(parsePage('<html><title>x</title></html>', 'https://example.com/p')).toMatchObject({
      ok: false,
      errorKey: 'Catalog::Gather:NoProduct',
    });
    // a page whose data breaks the rules (no title) is refused as a whole
    const broken =
      '<script>window.__INIT_DATA={"globalData":{"tempModel":{"offerTitle":""},"priceModel":{"currentPrices":[{"price":"1"}]}}};</script>';
    expect(parsePage(broken, 'https://detail.1688.com/offer/9.html')).toMatchObject({ ok: false });
  });
});

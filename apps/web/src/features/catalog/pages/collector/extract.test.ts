import { createGatherInput as gatherInput } from '@seller/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { extractProduct, toGatherInput } from '../../../../../../../extensions/collector/extract.js';

/**
 * The collector extension's extractor (plain JavaScript, run in the page by the popup) on product
 * pages parsed by happy-dom: what it reads, and that what it posts is what the API accepts.
 */

const page = (html: string) => new DOMParser().parseFromString(`<!doctype html><html>${html}</html>`, 'text/html');

describe('collector extractor', () => {
  it('reads a platform page’s embedded product with its SKU matrix', () => {
    const data = {
      title: '加厚保温杯 304 不锈钢',
      images: ['//cbu01.alicdn.com/img/a.jpg', 'https://cbu01.alicdn.com/img/b.jpg'],
      currency: 'CNY',
      skus: [
        {
          skuId: '101',
          options: { 颜色: '黑色', 容量: '500ml' },
          price: '25.50',
          stock: 120,
          image: '//img/black.jpg',
        },
        { skuId: '102', options: { 颜色: '白色', 容量: '500ml' }, price: 23, stock: 0 },
        {
          skuId: '103',
          options: [
            { name: '颜色', value: '红色' },
            { name: '容量', value: '500ml' },
          ],
          price: '¥ 27.00',
        },
      ],
      attributes: { 材质: '304 不锈钢', 产地: '浙江' },
      supplier: { name: '永康市某某杯业', url: 'https://shop123.1688.com' },
    };
    const doc = page(
      `<head><title>ignored</title><script type="application/json" data-gather="product">${JSON.stringify(data)}</script></head><body></body>`,
    );
    const product = extractProduct(doc, 'https://detail.1688.com/offer/612345678901.html?spm=a');
    expect(product).toEqual({
      sourcePlatform: '1688',
      sourceUrl: 'https://detail.1688.com/offer/612345678901.html?spm=a',
      sourceItemId: '612345678901',
      title: '加厚保温杯 304 不锈钢',
      images: ['https://cbu01.alicdn.com/img/a.jpg', 'https://cbu01.alicdn.com/img/b.jpg'],
      priceMin: '23',
      priceMax: '27.00',
      currency: 'CNY',
      skus: [
        {
          sourceSkuId: '101',
          options: { 颜色: '黑色', 容量: '500ml' },
          price: '25.50',
          stock: 120,
          image: 'https://img/black.jpg',
        },
        { sourceSkuId: '102', options: { 颜色: '白色', 容量: '500ml' }, price: '23', stock: 0, image: null },
        { sourceSkuId: '103', options: { 颜色: '红色', 容量: '500ml' }, price: '27.00', stock: null, image: null },
      ],
      attributes: [
        { name: '材质', value: '304 不锈钢' },
        { name: '产地', value: '浙江' },
      ],
      supplierName: '永康市某某杯业',
      supplierShopUrl: 'https://shop123.1688.com/',
    });
    const body = gatherInput.safeParse(toGatherInput(product!));
    expect(body.success, JSON.stringify(body.error?.issues)).toBe(true);
    expect(body.data?.skus).toHaveLength(3);
  });

  it('reads a schema.org Product in JSON-LD (inside a @graph) with an offer range', () => {
    const ld = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'BreadcrumbList' },
        {
          '@type': 'Product',
          name: 'Stainless Steel Water Bottle',
          sku: 'B0C1234567',
          image: [{ url: '/images/bottle.jpg' }, 'https://m.media-amazon.com/images/I/bottle-2.jpg'],
          brand: { '@type': 'Brand', name: 'Hydro' },
          offers: { '@type': 'AggregateOffer', lowPrice: '19.99', highPrice: '24.99', priceCurrency: 'usd' },
          additionalProperty: [{ name: 'Capacity', value: '750 ml' }],
        },
      ],
    };
    const doc = page(`<head><script type="application/ld+json">${JSON.stringify(ld)}</script></head>`);
    const product = extractProduct(doc, 'https://www.amazon.com/Bottle/dp/B0C1234567/ref=sr_1');
    expect(product).toMatchObject({
      sourcePlatform: 'AMAZON',
      sourceItemId: 'B0C1234567',
      title: 'Stainless Steel Water Bottle',
      images: ['https://www.amazon.com/images/bottle.jpg', 'https://m.media-amazon.com/images/I/bottle-2.jpg'],
      priceMin: '19.99',
      priceMax: '24.99',
      currency: 'USD',
      skus: [],
      attributes: [{ name: 'Capacity', value: '750 ml' }],
      supplierName: 'Hydro',
    });
    expect(gatherInput.safeParse(toGatherInput(product!)).success).toBe(true);
  });

  it('falls back on Open Graph and product meta tags', () => {
    const doc = page(`<head>
      <meta property="og:title" content="Silicone phone case" />
      <meta property="og:image" content="https://ae01.alicdn.com/kf/case.jpg" />
      <meta property="product:price:amount" content="3.20" />
      <meta property="product:price:currency" content="USD" />
    </head>`);
    const product = extractProduct(doc, 'https://www.aliexpress.com/item/1005001234567890.html');
    expect(product).toMatchObject({
      sourcePlatform: 'ALIEXPRESS',
      sourceItemId: '1005001234567890',
      title: 'Silicone phone case',
      images: ['https://ae01.alicdn.com/kf/case.jpg'],
      priceMin: '3.20',
      priceMax: '3.20',
      currency: 'USD',
    });
  });

  it('reads a window.__INIT_DATA__ assignment and leaves out SKUs the API would refuse', () => {
    const data = {
      subject: '儿童书包',
      priceMin: 35,
      priceMax: 48,
      skuList: [
        { id: 's1', props: { 颜色: '蓝' }, price: 35 },
        { id: 's2', props: { 颜色: '粉' } },
      ],
    };
    const doc = page(`<body><script>window.__INIT_DATA__ = ${JSON.stringify(data)};</script></body>`);
    const product = extractProduct(doc, 'https://item.taobao.com/item.htm?id=678901234567');
    expect(product).toMatchObject({ sourcePlatform: 'TAOBAO', sourceItemId: '678901234567', currency: 'CNY' });
    const body = toGatherInput(product!);
    expect(body.skus.map((s) => s.sourceSkuId)).toEqual(['s1']);
    expect(gatherInput.safeParse(body).success).toBe(true);
  });

  it('answers null on a page without a product', () => {
    expect(extractProduct(page('<body><p>hello</p></body>'), 'https://example.com/')).toBeNull();
  });
});

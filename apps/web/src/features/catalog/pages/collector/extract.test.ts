import { createGatherInput as gatherInput } from '@seller/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { extractProduct, toGatherInput } from '../../../../../../../extensions/collector/extract.js';

/**
 * The collector extension's extractor (plain JavaScript, run in the page by the popup) on product
 * pages parsed by happy-dom: what it reads, and that what it posts is what the API accepts.
 */

const page = (html: string) => new DOMParser().parseFromString(`<!doctype html><html>${html}</html>`, 'text/html');

describe('collector extractor', () => {
  it('reads a 1688 page’s embedded offer with its SKU matrix (as the samples of the server’s parsers)', () => {
    const init = {
      globalData: {
        tempModel: {
          offerId: 612345678901,
          offerTitle: '加厚保温杯 304 不锈钢',
          companyName: '永康市某某杯业',
          sellerWinportUrl: '//yongkang.1688.com',
        },
        images: [{ fullPathImageURI: 'https://cbu01.alicdn.com/img/a.jpg' }],
        skuModel: {
          skuProps: [
            { prop: '颜色', value: [{ name: '黑色', imageUrl: '//cbu01.alicdn.com/img/black.jpg' }, { name: '白色' }] },
            { prop: '容量', value: [{ name: '500ml' }] },
          ],
          skuInfoMap: {
            '黑色&gt;500ml': { specAttrs: '黑色&gt;500ml', price: '25.50', canBookCount: 120, skuId: 101 },
            '白色&gt;500ml': {
              specAttrs: '白色&gt;500ml',
              price: '23.00',
              discountPrice: '22.80',
              canBookCount: 0,
              skuId: 102,
            },
          },
        },
        offerDetail: { featureAttributes: [{ name: '材质', values: ['304 不锈钢'] }] },
      },
    };
    const doc = page(
      `<head><meta property="og:image" content="https://cbu01.alicdn.com/img/b.jpg"></head>
       <body><div id="mod-detail-description"><p>双层真空</p></div>
       <script>window.__INIT_DATA=${JSON.stringify(init)}</script></body>`,
    );
    const product = extractProduct(doc, 'https://detail.1688.com/offer/612345678901.html');
    expect(product).toEqual({
      sourcePlatform: '1688',
      sourceUrl: 'https://detail.1688.com/offer/612345678901.html',
      sourceItemId: '612345678901',
      title: '加厚保温杯 304 不锈钢',
      descriptionHtml: '<p>双层真空</p>',
      images: ['https://cbu01.alicdn.com/img/a.jpg', 'https://cbu01.alicdn.com/img/b.jpg'],
      priceMin: '22.8',
      priceMax: '25.5',
      currency: 'CNY',
      skus: [
        {
          sourceSkuId: '101',
          options: { 颜色: '黑色', 容量: '500ml' },
          price: '25.50',
          stock: 120,
          image: 'https://cbu01.alicdn.com/img/black.jpg',
        },
        { sourceSkuId: '102', options: { 颜色: '白色', 容量: '500ml' }, price: '22.80', stock: 0, image: null },
      ],
      attributes: [{ name: '材质', value: '304 不锈钢' }],
      supplierName: '永康市某某杯业',
      supplierShopUrl: 'https://yongkang.1688.com',
    });
    const body = gatherInput.safeParse(toGatherInput(product!));
    expect(body.success, JSON.stringify(body.error?.issues)).toBe(true);
    expect(body.data?.origin).toBe('extension');
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
      currency: 'usd',
      skus: [],
      attributes: [{ name: 'Capacity', value: '750 ml' }],
      supplierName: 'Hydro',
    });
    // the API takes the code in any case
    expect(gatherInput.parse(toGatherInput(product!)).currency).toBe('USD');
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
      priceMax: null,
      currency: 'USD',
    });
  });

  it('reads a Taobao page’s app context; a page without a readable context falls back on JSON-LD', () => {
    const context = {
      loaderData: {
        home: {
          data: {
            res: {
              item: { itemId: '678901234567', title: '儿童书包', images: ['//img.alicdn.com/bag.jpg'] },
              seller: { shopName: '书包小铺', shopUrl: '//shop1.taobao.com' },
              skuBase: {
                props: [
                  {
                    pid: '1',
                    name: '颜色',
                    values: [
                      { vid: '10', name: '蓝' },
                      { vid: '11', name: '粉' },
                    ],
                  },
                ],
                skus: [
                  { propPath: '1:10', skuId: 's1' },
                  { propPath: '1:11', skuId: 's2' },
                ],
              },
              skuCore: {
                sku2info: {
                  s1: { price: { priceText: '35.00' }, quantity: '9' },
                  s2: { price: { priceText: '48.00' } },
                },
              },
            },
          },
        },
      },
    };
    const url = 'https://item.taobao.com/item.htm?id=678901234567';
    const product = extractProduct(
      page(`<body><script>window.__ICE_APP_CONTEXT__=${JSON.stringify(context)};</script></body>`),
      url,
    );
    expect(product).toMatchObject({
      sourcePlatform: 'TAOBAO',
      sourceItemId: '678901234567',
      images: ['https://img.alicdn.com/bag.jpg'],
      priceMin: '35',
      priceMax: '48',
      currency: 'CNY',
      supplierName: '书包小铺',
      supplierShopUrl: 'https://shop1.taobao.com',
    });
    expect(product?.skus.map((s) => [s.options.颜色, s.price, s.stock])).toEqual([
      ['蓝', '35.00', 9],
      ['粉', '48.00', null],
    ]);
    expect(gatherInput.safeParse(toGatherInput(product!)).success).toBe(true);

    const ld = { '@type': 'Product', name: '儿童书包', offers: { price: '35', priceCurrency: 'CNY' } };
    const fallback = extractProduct(
      page(`<head><script type="application/ld+json">${JSON.stringify(ld)}</script></head>`),
      url,
    );
    expect(fallback).toMatchObject({ sourcePlatform: 'TAOBAO', sourceItemId: '678901234567', priceMin: '35' });
  });

  it('answers null on a page without a product', () => {
    expect(extractProduct(page('<body><p>hello</p></body>'), 'https://example.com/')).toBeNull();
  });
});

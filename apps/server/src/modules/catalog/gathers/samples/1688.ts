import { html, priceSpan, type SampleItem, type SamplePageOf, scriptJson } from './page-kit.ts';

/** A 1688 offer; one without SKUs has its price range (at the lowest and highest quantity tier). */
export interface Item1688 extends SampleItem {
  seller: { name: string; url: string };
  priceRange?: [low: string, high: string];
}

const CDN = 'https://cbu01.alicdn.com/img/ibank/';

/** A 1688 offer page: the data in `window.__INIT_DATA`, SKUs keyed by their values joined with `&gt;`. */
export function render1688({ id, url }: SamplePageOf, item: Item1688): string {
  const title = html(item.title);
  const image = (file: string) => CDN + file;
  const lowest = priceSpan(item.skus.map((s) => s.price))[0];
  const [low, high] = item.priceRange ?? [lowest, lowest];
  const data = {
    globalData: {
      tempModel: {
        offerId: Number(id),
        offerTitle: item.title,
        companyName: item.seller.name,
        sellerLoginId: item.seller.name.slice(0, 4),
        sellerWinportUrl: item.seller.url,
        offerUnit: '件',
      },
      images: item.images.map((file) => ({ fullPathImageURI: image(file), size310x310ImageURI: image(file) })),
      skuModel: {
        skuProps: item.options.map((option, i) => ({
          fid: 3216 + i,
          prop: option.name,
          value: option.values.map((v) => (v.image ? { name: v.name, imageUrl: image(v.image) } : { name: v.name })),
        })),
        skuInfoMap: Object.fromEntries(
          item.skus.map((sku, i) => {
            // 1688 writes the ">" between the values escaped, inside the JSON
            const key = sku.options.join('&gt;');
            const info = {
              specAttrs: key,
              price: sku.price,
              discountPrice: sku.price,
              canBookCount: sku.stock,
              saleCount: i * 37,
              skuId: Number(id) * 100 + i + 1,
            };
            return [key, info];
          }),
        ),
      },
      orderParamModel: {
        orderParam: {
          skuParam: {
            skuRangePrices: [
              { beginAmount: '2', price: low },
              { beginAmount: '100', price: high },
            ],
          },
        },
      },
      offerDetail: {
        featureAttributes: Object.entries(item.attributes).map(([name, value]) => ({ name, values: [value] })),
      },
      // an offer without SKUs is priced by quantity: the more, the cheaper
      ...(item.priceRange && {
        priceModel: {
          currentPrices: [
            { beginAmount: '1', price: high },
            { beginAmount: '200', price: low },
          ],
        },
      }),
    },
    data: {},
  };
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>${title} - 阿里巴巴</title>
<meta name="keywords" content="${title}">
<meta property="og:title" content="${title}">
<meta property="og:image" content="${html(image(item.images[0]))}">
<meta property="og:url" content="${html(url)}">
<link rel="canonical" href="${html(url)}">
</head>
<body>
<div id="header"><a href="https://www.1688.com">1688.com</a> <span class="company-name"><a href="${html(item.seller.url)}">${html(item.seller.name)}</a></span></div>
<div id="mod-detail-title"><h1 class="d-title">${title}</h1></div>
<div id="mod-detail-description"><div class="desc-content"><p>${title}</p><p>厂家直供，支持一件代发。</p><img src="${html(image(item.images[1]))}" alt="${title}"></div><!-- /desc-content --></div>
<script>window.__INIT_DATA=${scriptJson(data)};</script>
<script>window.__STORE_DATA={"components":{}};</script>
</body>
</html>
`;
}

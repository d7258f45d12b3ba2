import { html, priceSpan, type SampleItem, type SamplePageOf, scriptJson, valuePositions } from './page-kit.ts';

/** A Taobao or Tmall item; one without SKUs has its price range and stock. Shop URLs are protocol-relative. */
export interface ItemTaobao extends SampleItem {
  seller: { name: string; url: string };
  priceRange?: [low: string, high: string];
  stock?: number;
}

const CDN = '//img.alicdn.com/imgextra/i1/';
const fen = (price: string) => Math.round(Number(price) * 100);

/**
 * The Taobao/Tmall item page (one page, two sites: `siteName` in the title, the seller type
 * C for a Taobao shop, B for a Tmall store): the data in `window.__ICE_APP_CONTEXT__`, SKUs by
 * `propPath` (`pid:vid;pid:vid`), prices and stock in `skuCore.sku2info`, "0" for the whole item.
 */
export function taobaoPage(siteName: string, sellerType: 'B' | 'C') {
  return ({ id, url }: SamplePageOf, item: ItemTaobao): string => {
    const title = html(item.title);
    const pid = (i: number) => String(1627207 + 100 * i);
    const vid = (i: number, j: number) => String(28320 + 1000 * i + j);
    const skuId = (k: number) => `${id}${k + 1}`;
    const [low, high] = item.priceRange ?? priceSpan(item.skus.map((s) => s.price));
    const whole = {
      price: { priceText: low === high ? low : `${low}-${high}`, priceMoney: fen(low) },
      quantity: String(item.stock ?? item.skus.reduce((sum, s) => sum + s.stock, 0)),
    };
    const res = {
      item: {
        itemId: id,
        title: item.title,
        images: item.images.map((file) => CDN + file),
        qrCode: `https://h5.m.taobao.com/awp/core/detail.htm?id=${id}`,
      },
      seller: { shopName: item.seller.name, shopUrl: item.seller.url, sellerType },
      skuBase: {
        props: item.options.map((option, i) => ({
          pid: pid(i),
          name: option.name,
          values: option.values.map((v, j) => ({
            vid: vid(i, j),
            name: v.name,
            ...(v.image && { image: CDN + v.image }),
          })),
        })),
        skus: item.skus.map((sku, k) => ({
          propPath: valuePositions(item, sku)
            .map((j, i) => `${pid(i)}:${vid(i, j)}`)
            .join(';'),
          skuId: skuId(k),
        })),
      },
      skuCore: {
        sku2info: {
          '0': whole,
          ...Object.fromEntries(
            item.skus.map((sku, k) => [
              skuId(k),
              { price: { priceText: sku.price, priceMoney: fen(sku.price) }, quantity: String(sku.stock) },
            ]),
          ),
        },
      },
      plusViewVO: {
        industryParamVO: {
          basicParamList: Object.entries(item.attributes).map(([propertyName, valueName]) => ({
            propertyName,
            valueName,
          })),
        },
      },
    };
    const context = { appData: {}, loaderData: { home: { data: { res } } } };
    return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>${title}-${html(siteName)}</title>
<meta name="description" content="欢迎前来${html(siteName)}实力旺铺，选购${title}">
<link rel="canonical" href="${html(url)}">
</head>
<body>
<div id="ice-container"></div>
<script>window.__ICE_APP_CONTEXT__=${scriptJson(context)};</script>
<script src="//g.alicdn.com/code/npm/@ali/pc-detail/1.0.0/index.js"></script>
</body>
</html>
`;
  };
}

import { html, priceSpan, type SampleItem, type SamplePageOf, scriptJson, valuePositions } from './page-kit.ts';

/** An AliExpress item, priced in USD; one without SKUs has its price range. */
export interface ItemAliExpress extends SampleItem {
  seller: { name: string; storeId: number };
  priceRange?: [low: string, high: string];
}

const CDN = 'https://ae01.alicdn.com/kf/';
/** AliExpress's property ids of the first and second option (its ids of colour and size). */
const PROPERTY_IDS = [14, 5];
const usd = (price: string) => ({ currency: 'USD', value: Number(price) });

/** An AliExpress item page: the data in `window.runParams = { data: … }` (skuModule, priceModule, storeModule, specsModule). */
export function renderAliExpress({ id, url }: SamplePageOf, item: ItemAliExpress): string {
  const pageTitle = html(`${item.title} - AliExpress`);
  const valueId = (i: number, j: number) => 200003699 + 1000 * i + j;
  const [low, high] = item.priceRange ?? priceSpan(item.skus.map((s) => s.price));
  const data = {
    titleModule: { subject: item.title, tradeCount: 1200 },
    imageModule: { imagePathList: item.images.map((file) => CDN + file) },
    priceModule: {
      minAmount: usd(low),
      maxAmount: usd(high),
      formatedPrice: low === high ? `US $${low}` : `US $${low} - ${high}`,
    },
    skuModule: {
      productSKUPropertyList: item.options.map((option, i) => ({
        skuPropertyId: PROPERTY_IDS[i],
        skuPropertyName: option.name,
        order: i + 1,
        skuPropertyValues: option.values.map((v, j) => ({
          propertyValueId: valueId(i, j),
          propertyValueDisplayName: v.name,
          propertyValueName: v.name,
          ...(v.image && { skuPropertyImagePath: CDN + v.image }),
        })),
      })),
      skuPriceList: item.skus.map((sku, k) => ({
        skuIdStr: `${id}${k}`,
        skuPropIds: valuePositions(item, sku)
          .map((j, i) => valueId(i, j))
          .join(','),
        skuVal: {
          availQuantity: sku.stock,
          inventory: sku.stock,
          skuAmount: { currency: 'USD', formatedAmount: `US $${sku.price}`, value: Number(sku.price) },
        },
      })),
    },
    storeModule: {
      storeName: item.seller.name,
      storeURL: `//www.aliexpress.com/store/${item.seller.storeId}`,
      storeNum: item.seller.storeId,
    },
    specsModule: {
      props: Object.entries(item.attributes).map(([attrName, attrValue]) => ({ attrName, attrValue })),
    },
    descriptionModule: {
      descriptionUrl: `https://aeproductsourcesite.alicdn.com/product/description/pc/v2/en_US/desc.htm?productId=${id}`,
    },
  };
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${pageTitle}</title>
<meta property="og:title" content="${pageTitle}">
<meta property="og:image" content="${html(CDN + item.images[0])}">
<meta property="og:url" content="${html(url)}">
<meta name="description" content="Smarter Shopping, Better Living! Aliexpress.com">
</head>
<body>
<div id="root"></div>
<script>
window.runParams = {
  data: ${scriptJson(data)},
  csrfToken: 'sample'
};
</script>
</body>
</html>
`;
}

import { jsonLdPage, propertyValues, type SampleItem, type SamplePageOf } from './page-kit.ts';

/** A Shopee product in MYR, with its price range and the shop that sells it. */
export interface ItemShopee extends SampleItem {
  seller: { name: string; url: string };
  priceRange: [low: string, high: string];
}

const CDN = 'https://down-my.img.susercontent.com/file/';

/** A Shopee product page: schema.org JSON-LD, a `Product` with an `AggregateOffer`; the address carries the title. */
export function renderShopee({ id }: SamplePageOf, item: ItemShopee): string {
  const images = item.images.map((file) => CDN + file);
  const pageUrl = `https://shopee.com.my/${item.title.replace(/[^A-Za-z0-9]+/g, '-')}-i.1001001.${id}`;
  const [lowPrice, highPrice] = item.priceRange;
  const product = {
    '@context': 'http://schema.org',
    '@type': 'Product',
    name: item.title,
    description: item.title,
    image: images,
    url: pageUrl,
    productID: id,
    offers: {
      '@type': 'AggregateOffer',
      lowPrice,
      highPrice,
      priceCurrency: 'MYR',
      availability: 'http://schema.org/InStock',
      seller: { '@type': 'Organization', name: item.seller.name, url: item.seller.url },
    },
    additionalProperty: propertyValues(item.attributes),
  };
  return jsonLdPage({
    title: item.title,
    siteName: 'Shopee Malaysia',
    image: images[0],
    url: pageUrl,
    product,
    rootId: 'main',
  });
}

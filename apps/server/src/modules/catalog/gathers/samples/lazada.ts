import { jsonLdPage, priceSpan, propertyValues, type SampleItem, type SamplePageOf } from './page-kit.ts';

/** A Lazada product in MYR: with SKUs a product group, else one offer at `price`; `brand` if the page names one. */
export interface ItemLazada extends SampleItem {
  seller: { name: string; url: string };
  price?: string;
  brand?: string;
}

const CDN = 'https://img.lazcdn.com/g/p/';

/**
 * A Lazada product page: schema.org JSON-LD, a `ProductGroup` with a `Product` per SKU (its
 * options as schema.org properties, e.g. `color`) or one `Product`; the page's own address
 * carries a slug of the title.
 */
export function renderLazada({ id }: SamplePageOf, item: ItemLazada): string {
  const images = item.images.map((file) => CDN + file);
  const pageUrl = `https://www.lazada.com.my/products/${slug(item.title)}-i${id}.html`;
  const seller = { '@type': 'Organization', name: item.seller.name, url: item.seller.url };
  const brand = item.brand && { brand: { '@type': 'Brand', name: item.brand } };
  const additionalProperty = propertyValues(item.attributes);
  const property = (name: string) => name.toLowerCase();
  const [lowPrice, highPrice] = priceSpan(item.skus.map((s) => s.price));
  const product = item.skus.length
    ? {
        '@context': 'https://schema.org',
        '@type': 'ProductGroup',
        name: item.title,
        image: images,
        url: pageUrl,
        productGroupID: id,
        variesBy: item.options.map((o) => `https://schema.org/${property(o.name)}`),
        hasVariant: item.skus.map((sku, k) => {
          const values = item.options.map((o, i) => o.values.find((v) => v.name === sku.options[i]));
          const image = values.find((v) => v?.image)?.image;
          return {
            '@type': 'Product',
            sku: `${id}_${k + 1}`,
            name: [item.title, ...sku.options].join(' '),
            offers: {
              '@type': 'Offer',
              price: sku.price,
              priceCurrency: 'MYR',
              availability: 'http://schema.org/InStock',
              inventoryLevel: { '@type': 'QuantitativeValue', value: sku.stock },
            },
            ...Object.fromEntries(item.options.map((o, i) => [property(o.name), sku.options[i]])),
            ...(image && { image: CDN + image }),
          };
        }),
        ...brand,
        offers: { '@type': 'AggregateOffer', lowPrice, highPrice, priceCurrency: 'MYR', seller },
        additionalProperty,
      }
    : {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: item.title,
        image: images,
        url: pageUrl,
        sku: id,
        ...brand,
        offers: { '@type': 'Offer', price: item.price, priceCurrency: 'MYR', seller },
        additionalProperty,
      };
  return jsonLdPage({
    title: item.title,
    siteName: 'Lazada Malaysia',
    image: images[0],
    url: pageUrl,
    product,
    rootId: 'container',
  });
}

/** Lazada's slug: the title in lower case, words joined with "-". */
const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

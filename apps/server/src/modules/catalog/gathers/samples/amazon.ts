import { html, type SampleItem, type SamplePageOf, scriptJson } from './page-kit.ts';

/** An Amazon product: its brand (the byline's store) and the price the page shows, in USD. */
export interface ItemAmazon extends SampleItem {
  brand: string;
  price: string;
}

const CDN = 'https://m.media-amazon.com/images/I/';

/**
 * An Amazon product page: title, price, landing image, feature bullet and tech-spec table in the
 * HTML; the image block in a script; the variations (twister) as JSON, each with a child ASIN
 * `B0SAMPLEA<n>`, its price and stock, and an image per value of an option that has images.
 */
export function renderAmazon({ id, url }: SamplePageOf, item: ItemAmazon): string {
  const title = html(item.title);
  const image = (file: string) => CDN + file;
  const landing = image(item.images[0]);
  const [whole, fraction] = item.price.split('.');
  const asin = (k: number) => `B0SAMPLEA${k}`;
  const imageBlock = {
    initial: item.images.map((file, i) => ({
      hiRes: image(file),
      thumb: image(file),
      large: image(file),
      variant: i === 0 ? 'MAIN' : `PT${String(i).padStart(2, '0')}`,
    })),
  };
  const twister = {
    dimensionsDisplay: item.options.map((o) => o.name),
    dimensionValuesDisplayData: Object.fromEntries(item.skus.map((sku, k) => [asin(k), sku.options])),
    variationPrices: Object.fromEntries(
      item.skus.map((sku, k) => [asin(k), { price: sku.price, currency: 'USD', availability: sku.stock }]),
    ),
    variationImages: Object.fromEntries(
      item.options.flatMap((o) => o.values.flatMap((v) => (v.image ? [[v.name, [image(v.image)]]] : []))),
    ),
    currentAsin: id,
    parentAsin: id,
  };
  const specs = Object.entries(item.attributes)
    .map(
      ([name, value]) =>
        `<tr><th class="a-color-secondary a-size-base prodDetSectionEntry"> ${html(name)} </th><td class="a-size-base prodDetAttrValue"> ${html(value)} </td></tr>`,
    )
    .join('');
  const brand = html(item.brand);
  return `<!doctype html><html lang="en-US" class="a-no-js">
<head>
<meta charset="utf-8">
<title>Amazon.com: ${title}</title>
<meta name="title" content="Amazon.com: ${title}">
<link rel="canonical" href="${html(url)}">
</head>
<body>
<div id="dp-container">
<div id="bylineInfo_feature_div"><a id="bylineInfo" class="a-link-normal" href="/stores/${html(encodeURIComponent(item.brand))}/page/${html(id)}">Visit the ${brand} Store</a></div>
<div id="titleSection"><h1 id="title" class="a-size-large a-spacing-none"><span id="productTitle" class="a-size-large product-title-word-break">        ${title}       </span></h1></div>
<div id="corePrice_feature_div"><div class="a-section a-spacing-none"><span class="a-price aok-align-center" data-a-size="xl"><span class="a-offscreen">$${html(item.price)}</span><span aria-hidden="true"><span class="a-price-symbol">$</span><span class="a-price-whole">${html(whole)}<span class="a-price-decimal">.</span></span><span class="a-price-fraction">${html(fraction ?? '00')}</span></span></span></div></div>
<div id="imgTagWrapperId" class="imgTagWrapper"><img alt="${title}" src="${html(landing)}" data-old-hires="${html(landing)}" id="landingImage" data-a-dynamic-image="${html(`{${JSON.stringify(landing)}: [500, 500]}`)}"></div>
<div id="feature-bullets"><ul class="a-unordered-list a-vertical"><li><span class="a-list-item">${title}</span></li></ul></div>
<table id="productDetails_techSpec_section_1" class="a-keyvalue prodDetTable" role="presentation"><tbody>${specs}</tbody></table>
</div>
<script type="text/javascript">
P.when("A").register("ImageBlockATF", ()=> {
    var data = {
                'colorImages': ${scriptJson(imageBlock)},
                'heroImage': {},
                'enableS2WithoutS1': false
    };
    return data;
});
</script>
<script type="a-state" data-a-state="{&quot;key&quot;:&quot;twister-js-init-dpx-data&quot;}">${scriptJson(twister)}</script>
</body></html>
`;
}

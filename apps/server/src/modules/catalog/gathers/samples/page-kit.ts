/**
 * What every sample page is made of: the values of one product (`<site>.json`, one entry per item
 * id) and the escaping that puts them into a page. Each site's renderer (`<site>.ts`) is that
 * site's page, once, with the values filled in.
 */

/** A variation axis (colour, size…) with its values in the page's order; a value may have an image. */
export interface SampleOption {
  name: string;
  values: { name: string; image?: string }[];
}

/** One SKU: its value of each option (in the options' order), price as decimal text, stock. */
export interface SampleSku {
  options: string[];
  price: string;
  stock: number;
}

/**
 * The values every site's item has. Images are file names under `samples/images` (the renderer
 * puts the site's CDN in front); attributes are name → value, in the page's order.
 */
export interface SampleItem {
  title: string;
  images: string[];
  options: SampleOption[];
  skus: SampleSku[];
  attributes: Record<string, string>;
}

/** Where a page is served from; `url` is the address the samples fetcher answers for it. */
export interface SamplePageOf {
  id: string;
  url: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Text, or an attribute value in double quotes, written into HTML. */
export const html = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/**
 * A value as JSON inside a `<script>`: `<` is written `\u003c` so that no value can close the
 * script or open a comment, and the line separators JavaScript strings once refused are escaped
 * too; `JSON.parse` reads every one back as it was.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The position of each of a SKU's values in its option's values (the page's ids are built from them). */
export function valuePositions(item: SampleItem, sku: SampleSku): number[] {
  return sku.options.map((value, i) => {
    const at = item.options[i]?.values.findIndex((v) => v.name === value) ?? -1;
    if (at < 0) throw new Error(`sample "${item.title}": SKU value "${value}" is not one of option ${i}'s values`);
    return at;
  });
}

/** The lowest and highest of some prices, each as written. */
export function priceSpan(prices: string[]): [low: string, high: string] {
  const sorted = [...prices].sort((a, b) => Number(a) - Number(b));
  return [sorted[0], sorted[sorted.length - 1]];
}

/** An item's attributes as schema.org `additionalProperty`. */
export const propertyValues = (attributes: Record<string, string>) =>
  Object.entries(attributes).map(([name, value]) => ({ '@type': 'PropertyValue', name, value }));

/**
 * A page that carries its product as schema.org JSON-LD (Lazada, Shopee): the title with the
 * site's name, `og:` meta and the JSON-LD in the head, an empty root the site's app renders into.
 */
export function jsonLdPage(page: {
  title: string;
  siteName: string;
  image: string;
  url: string;
  product: unknown;
  rootId: string;
}): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${html(page.title)} | ${html(page.siteName)}</title>
<meta property="og:title" content="${html(page.title)}">
<meta property="og:image" content="${html(page.image)}">
<meta property="og:url" content="${html(page.url)}">
<script type="application/ld+json">${scriptJson(page.product)}</script>
</head>
<body><div id="${html(page.rootId)}"></div></body>
</html>
`;
}

import { type GatherInput, type GatherPlatform, gatherInput, platformOfUrl } from '@seller/contracts/catalog';
import type { z } from 'zod';
import { absoluteUrl, attribute, innerById, jsonAfter, jsonLd, meta, tagById, textOf } from './html.ts';
import { itemIdOf } from './sources.ts';

/**
 * Parsers of product pages, one per platform, reading the data the page embeds the way that
 * platform does (1688 `window.__INIT_DATA`, Taobao/Tmall `window.__ICE_APP_CONTEXT__`,
 * AliExpress `window.runParams`, Amazon's title, price, image block and twister JSON) and, for
 * any other site, schema.org JSON-LD and `og:` meta. Each gives the create body of a gathered
 * item; `parsePage` checks it with the contract, so a page that yields no valid product is an
 * error, never half an item.
 */

type Raw = z.input<typeof gatherInput>;
type RawSku = NonNullable<Raw['skus']>[number];

// biome-ignore lint/suspicious/noExplicitAny: embedded page data is untyped JSON, read defensively
type Any = any;

const str = (v: unknown): string | null =>
  typeof v === 'string' ? v.trim() || null : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
/** A price as decimal text: the first amount in "US $12.99", "¥29.90-32.00", 12.5… */
const price = (v: unknown): string | null => {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? String(Math.round(v * 10000) / 10000) : null;
  const m = typeof v === 'string' ? v.replace(/,/g, '').match(/\d+(\.\d{1,4})?/) : null;
  return m ? m[0] : null;
};
const stock = (v: unknown) => {
  const n = num(v);
  return n === null ? null : Math.max(0, Math.trunc(n));
};
const list = (v: unknown): Any[] => (Array.isArray(v) ? v : []);
const uniq = (urls: (string | null | undefined)[]) => [...new Set(urls.filter((u): u is string => !!u))];

function pricesOf(skus: RawSku[]) {
  const values = skus.map((s) => Number(s.price)).filter(Number.isFinite);
  return values.length ? { min: Math.min(...values), max: Math.max(...values) } : null;
}

// ---------- 1688 ----------

function parse1688(html: string, url: string): Raw | null {
  const data = jsonAfter(html, 'window.__INIT_DATA') as Any;
  const g = data?.globalData;
  if (!g) return null;
  const temp = g.tempModel ?? {};
  const abs = (u: unknown) => (str(u) ? absoluteUrl(String(u), url) : null);
  const props = list(g.skuModel?.skuProps);
  const imageOf = new Map<string, string>();
  for (const p of props)
    for (const v of list(p.value)) if (v.imageUrl) imageOf.set(`${p.prop}\u0000${v.name}`, abs(v.imageUrl)!);
  const skus: RawSku[] = [];
  for (const info of Object.values(g.skuModel?.skuInfoMap ?? {}) as Any[]) {
    // the key joins the values in the order of skuProps with ">" (escaped as &gt; in the page)
    const values = String(info.specAttrs ?? '')
      .split(/&gt;|>/)
      .map((s) => s.trim());
    if (values.length !== props.length) continue;
    const options = Object.fromEntries(props.map((p, i) => [String(p.prop), values[i]]));
    const image = props.map((p, i) => imageOf.get(`${p.prop}\u0000${values[i]}`)).find(Boolean) ?? null;
    skus.push({
      sourceSkuId: str(info.skuId),
      options,
      price: price(info.discountPrice ?? info.price) ?? '',
      stock: stock(info.canBookCount),
      image,
    });
  }
  const ranges = [
    ...list(g.orderParamModel?.orderParam?.skuParam?.skuRangePrices),
    ...list(g.priceModel?.currentPrices),
  ]
    .map((r) => price(r.price))
    .filter((p): p is string => p !== null)
    .map(Number);
  const fromSkus = pricesOf(skus);
  const min = fromSkus?.min ?? (ranges.length ? Math.min(...ranges) : null);
  const max = fromSkus?.max ?? (ranges.length ? Math.max(...ranges) : null);
  const description = innerById(html, 'mod-detail-description');
  return {
    sourcePlatform: '1688',
    sourceUrl: url,
    sourceItemId: str(temp.offerId) ?? undefined,
    title: str(temp.offerTitle) ?? meta(html, 'og:title') ?? '',
    descriptionHtml: description?.trim() || null,
    images: uniq([...list(g.images).map((i) => abs(i.fullPathImageURI)), abs(meta(html, 'og:image'))]),
    priceMin: min === null ? null : String(min),
    priceMax: max === null ? null : String(max),
    currency: 'CNY',
    skus,
    attributes: list(g.offerDetail?.featureAttributes).map((a) => ({
      name: String(a.name ?? ''),
      value: list(a.values).join(', '),
    })),
    supplierName: str(temp.companyName),
    supplierShopUrl: abs(temp.sellerWinportUrl),
  };
}

// ---------- Taobao and Tmall ----------

function parseTaobao(html: string, url: string, platform: GatherPlatform): Raw | null {
  const context = jsonAfter(html, 'window.__ICE_APP_CONTEXT__') as Any;
  const res = context?.loaderData?.home?.data?.res;
  if (!res?.item) return null;
  const abs = (u: unknown) => (str(u) ? absoluteUrl(String(u), url) : null);
  const props = list(res.skuBase?.props);
  const valueById = new Map<string, { prop: string; name: string; image: string | null }>();
  for (const p of props) {
    for (const v of list(p.values))
      valueById.set(`${p.pid}:${v.vid}`, { prop: String(p.name), name: String(v.name), image: abs(v.image) });
  }
  const info = res.skuCore?.sku2info ?? {};
  const skus: RawSku[] = [];
  for (const s of list(res.skuBase?.skus)) {
    const parts = String(s.propPath ?? '')
      .split(';')
      .filter(Boolean)
      .map((pv) => valueById.get(pv));
    if (!parts.length || parts.some((p) => !p)) continue;
    const row = info[String(s.skuId)] ?? {};
    skus.push({
      sourceSkuId: str(s.skuId),
      options: Object.fromEntries(parts.map((p) => [p!.prop, p!.name])),
      price: price(row.price?.priceText) ?? '',
      stock: stock(row.quantity),
      image: parts.map((p) => p!.image).find(Boolean) ?? null,
    });
  }
  const whole = String(info['0']?.price?.priceText ?? '')
    .split('-')
    .map((p) => price(p))
    .filter((p): p is string => p !== null)
    .map(Number);
  const fromSkus = pricesOf(skus);
  return {
    sourcePlatform: platform,
    sourceUrl: url,
    sourceItemId: str(res.item.itemId) ?? undefined,
    title: str(res.item.title) ?? '',
    images: uniq(list(res.item.images).map(abs)),
    priceMin: String(fromSkus?.min ?? (whole.length ? Math.min(...whole) : '')) || null,
    priceMax: String(fromSkus?.max ?? (whole.length ? Math.max(...whole) : '')) || null,
    currency: 'CNY',
    skus,
    attributes: list(res.plusViewVO?.industryParamVO?.basicParamList).map((a) => ({
      name: String(a.propertyName ?? ''),
      value: String(a.valueName ?? ''),
    })),
    supplierName: str(res.seller?.shopName),
    supplierShopUrl: abs(res.seller?.shopUrl),
  };
}

// ---------- AliExpress ----------

function parseAliExpress(html: string, url: string): Raw | null {
  const params = jsonAfter(html, /window\.runParams\s*=\s*\{\s*data\s*:/) as Any;
  const d = params;
  if (!d?.titleModule) return null;
  const abs = (u: unknown) => (str(u) ? absoluteUrl(String(u), url) : null);
  const props = list(d.skuModule?.productSKUPropertyList);
  const valueById = new Map<string, { prop: string; name: string; image: string | null }>();
  for (const p of props) {
    for (const v of list(p.skuPropertyValues)) {
      valueById.set(String(v.propertyValueId), {
        prop: String(p.skuPropertyName),
        name: String(v.propertyValueDisplayName ?? v.propertyValueName),
        image: abs(v.skuPropertyImagePath),
      });
    }
  }
  let currency: string | null = str(d.priceModule?.minAmount?.currency);
  const skus: RawSku[] = [];
  for (const s of list(d.skuModule?.skuPriceList)) {
    const parts = String(s.skuPropIds ?? '')
      .split(',')
      .filter(Boolean)
      .map((id) => valueById.get(id));
    if (!parts.length || parts.some((p) => !p)) continue;
    currency ??= str(s.skuVal?.skuAmount?.currency);
    skus.push({
      sourceSkuId: str(s.skuIdStr ?? s.skuId),
      options: Object.fromEntries(parts.map((p) => [p!.prop, p!.name])),
      price: price(s.skuVal?.skuActivityAmount?.value ?? s.skuVal?.skuAmount?.value) ?? '',
      stock: stock(s.skuVal?.availQuantity),
      image: parts.map((p) => p!.image).find(Boolean) ?? null,
    });
  }
  const store = d.storeModule ?? {};
  return {
    sourcePlatform: 'ALIEXPRESS',
    sourceUrl: url,
    title: str(d.titleModule.subject) ?? '',
    images: uniq(list(d.imageModule?.imagePathList).map(abs)),
    priceMin: price(d.priceModule?.minAmount?.value),
    priceMax: price(d.priceModule?.maxAmount?.value),
    currency: currency ?? 'USD',
    skus,
    attributes: list(d.specsModule?.props).map((a) => ({
      name: String(a.attrName ?? ''),
      value: String(a.attrValue ?? ''),
    })),
    supplierName: str(store.storeName),
    supplierShopUrl: abs(store.storeURL),
  };
}

// ---------- Amazon ----------

const CURRENCY_OF: Record<string, string> = { $: 'USD', '£': 'GBP', '€': 'EUR', '¥': 'JPY', C$: 'CAD', A$: 'AUD' };

function parseAmazon(html: string, url: string): Raw | null {
  const titleHtml = innerById(html, 'productTitle');
  if (!titleHtml) return null;
  const abs = (u: unknown) => (str(u) ? absoluteUrl(String(u), url) : null);
  const offscreen = html.match(/<span class="a-offscreen">([^<]+)<\/span>/)?.[1]?.trim() ?? '';
  const symbol = offscreen.match(/^[^\d]+/)?.[0]?.trim() ?? '$';
  const currency = CURRENCY_OF[symbol] ?? 'USD';
  const twister = jsonAfter(html, 'twister-js-init-dpx-data') as Any;
  const dims = list(twister?.dimensionsDisplay).map(String);
  const skus: RawSku[] = [];
  for (const [asin, values] of Object.entries(twister?.dimensionValuesDisplayData ?? {}) as [string, Any][]) {
    if (!Array.isArray(values) || values.length !== dims.length) continue;
    const options = Object.fromEntries(dims.map((d, i) => [d, String(values[i])]));
    const offer = twister.variationPrices?.[asin] ?? {};
    const color = dims.indexOf('Color');
    const image = color >= 0 ? abs(list(twister.variationImages?.[String(values[color])])[0]) : null;
    skus.push({ sourceSkuId: asin, options, price: price(offer.price) ?? '', stock: stock(offer.availability), image });
  }
  const block = jsonAfter(html, "'colorImages'") as Any;
  const landing = tagById(html, 'landingImage');
  const images = uniq([
    ...list(block?.initial).map((i) => abs(i.hiRes ?? i.large)),
    landing ? abs(attribute(landing, 'data-old-hires')) : null,
  ]);
  const specs: { name: string; value: string }[] = [];
  const table = innerById(html, 'productDetails_techSpec_section_1') ?? '';
  for (const m of table.matchAll(/<th[^>]*>([\s\S]*?)<\/th>\s*<td[^>]*>([\s\S]*?)<\/td>/gi)) {
    specs.push({ name: textOf(m[1]), value: textOf(m[2]) });
  }
  const byline = tagById(html, 'bylineInfo');
  const brand = textOf(innerById(html, 'bylineInfo') ?? '')
    .replace(/^Visit the\s+/i, '')
    .replace(/\s+Store$/i, '')
    .replace(/^Brand:\s*/i, '');
  const bullets = innerById(html, 'feature-bullets');
  const one = price(offscreen);
  return {
    sourcePlatform: 'AMAZON',
    sourceUrl: url,
    title: textOf(titleHtml),
    descriptionHtml: bullets?.trim() || null,
    images,
    priceMin: skus.length ? null : one,
    priceMax: skus.length ? null : one,
    currency,
    skus,
    attributes: specs,
    supplierName: brand || null,
    supplierShopUrl: byline ? abs(attribute(byline, 'href')) : null,
  };
}

// ---------- any other site: JSON-LD, then og: meta ----------

const PROPERTY_NAMES: Record<string, string> = {
  color: 'Color',
  size: 'Size',
  material: 'Material',
  pattern: 'Pattern',
};

function ldProduct(html: string): Any {
  for (const node of jsonLd(html) as Any[]) {
    const candidates = [node, ...list(node?.['@graph'])];
    const found = candidates.find((n) => ['Product', 'ProductGroup'].includes(String(n?.['@type'])));
    if (found) return found;
  }
  return null;
}

function parseGeneric(html: string, url: string, platform: GatherPlatform): Raw | null {
  const ld = ldProduct(html);
  const abs = (u: unknown) => (str(u) ? absoluteUrl(String(u), url) : null);
  const images = (v: unknown) => (Array.isArray(v) ? v : [v]).map((i: Any) => abs(typeof i === 'string' ? i : i?.url));
  if (!ld) {
    const title = meta(html, 'og:title');
    const amount = meta(html, 'product:price:amount') ?? meta(html, 'og:price:amount');
    if (!title || !amount) return null;
    return {
      sourcePlatform: platform,
      sourceUrl: url,
      title,
      images: uniq([abs(meta(html, 'og:image'))]),
      priceMin: price(amount),
      currency: meta(html, 'product:price:currency') ?? meta(html, 'og:price:currency') ?? 'USD',
    };
  }
  const offers = Array.isArray(ld.offers) ? ld.offers[0] : ld.offers;
  const skus: RawSku[] = [];
  let currency: string | null = str(offers?.priceCurrency);
  const varies = list(ld.variesBy).map((v) => String(v).replace(/^https?:\/\/schema\.org\//, ''));
  for (const v of list(ld.hasVariant)) {
    const offer = Array.isArray(v.offers) ? v.offers[0] : v.offers;
    currency ??= str(offer?.priceCurrency);
    const options = Object.fromEntries(
      varies.filter((k) => str(v[k])).map((k) => [PROPERTY_NAMES[k] ?? k, String(v[k])]),
    );
    if (!Object.keys(options).length) continue;
    skus.push({
      sourceSkuId: str(v.sku),
      options,
      price: price(offer?.price) ?? '',
      stock: stock(offer?.inventoryLevel?.value),
      image: images(v.image)[0] ?? null,
    });
  }
  const seller = offers?.seller ?? ld.brand;
  return {
    sourcePlatform: platform,
    sourceUrl: url,
    title: str(ld.name) ?? meta(html, 'og:title') ?? '',
    descriptionHtml: str(ld.description),
    images: uniq([...images(ld.image), abs(meta(html, 'og:image'))]),
    priceMin: skus.length ? null : price(offers?.lowPrice ?? offers?.price),
    priceMax: skus.length ? null : price(offers?.highPrice ?? offers?.price),
    currency: currency ?? 'USD',
    skus,
    attributes: list(ld.additionalProperty).map((p) => ({ name: String(p.name ?? ''), value: String(p.value ?? '') })),
    supplierName: str(seller?.name),
    supplierShopUrl: abs(seller?.url),
  };
}

const PARSERS: Partial<Record<GatherPlatform, (html: string, url: string, platform: GatherPlatform) => Raw | null>> = {
  '1688': parse1688,
  TAOBAO: parseTaobao,
  TMALL: parseTaobao,
  ALIEXPRESS: parseAliExpress,
  AMAZON: parseAmazon,
};

export type ParseResult = { ok: true; input: GatherInput } | { ok: false; errorKey: string; errorParams: string[] };

/**
 * The product on a page: the platform's parser, else the generic one; checked with the create
 * body's rules. `url` is the address the page was fetched from (after redirects).
 */
export function parsePage(html: string, url: string): ParseResult {
  const platform = platformOfUrl(url);
  const raw = PARSERS[platform]?.(html, url, platform) ?? parseGeneric(html, url, platform);
  if (!raw) return { ok: false, errorKey: 'Catalog::Gather:NoProduct', errorParams: [] };
  // options without a value, empty attribute names: the page's noise, not a reason to refuse it
  raw.attributes = (raw.attributes ?? []).filter((a) => a.name.trim()).slice(0, 100);
  raw.sourceItemId ??= itemIdOf(platform, url) ?? undefined;
  const parsed = gatherInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, errorKey: 'Catalog::Gather:NoProduct', errorParams: [issue.path.join('.')] };
  }
  return { ok: true, input: parsed.data };
}

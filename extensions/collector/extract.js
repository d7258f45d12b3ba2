/**
 * Reads the product shown on the current page.
 *
 * The popup injects this function into the active tab with `chrome.scripting.executeScript`,
 * which sends the function's source text only: so everything it uses is declared inside it,
 * and it returns plain JSON.
 *
 * Sources, most precise first:
 *   1. the platform's embedded data: a `<script type="application/json">` holding a product with a
 *      SKU matrix (`data-gather="product"`, `id="__GATHER_DATA__"`, or a `window.__INIT_DATA__ = {…}`
 *      assignment), as the 1688, Taobao, AliExpress and Amazon detail pages carry in some form;
 *   2. a schema.org `Product` in JSON-LD (title, images, offers with price and currency, sku, brand, seller);
 *   3. Open Graph and product meta tags (`og:title`, `og:image`, `product:price:amount`, …);
 *   4. the document title and the first large images.
 *
 * @param {Document} [doc] the page (the current document when injected)
 * @param {string} [url] its address
 * @returns {import('./extract').ExtractedProduct | null} null when the page shows no product
 */
export function extractProduct(doc = document, url = doc.location?.href ?? '') {
  const text = (v) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  const list = (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
  const absolute = (src) => {
    const s = text(src);
    if (!s) return '';
    try {
      return new URL(s.startsWith('//') ? `https:${s}` : s, url || undefined).href;
    } catch {
      return '';
    }
  };
  /** A price as an exact decimal string ("¥ 12.50" → "12.50"), or null. */
  const price = (v) => {
    const m = text(v)
      .replace(/,/g, '')
      .match(/\d+(\.\d+)?/);
    return m ? m[0] : null;
  };
  const meta = (name) =>
    text(doc.querySelector(`meta[property="${name}"], meta[name="${name}"]`)?.getAttribute('content'));
  const parseJson = (s) => {
    try {
      return JSON.parse(s);
    } catch {
      return undefined;
    }
  };

  // Which platform, and the item's id there, from the address.
  const platformOf = (href) => {
    let host = '';
    let path = '';
    let query = new URLSearchParams();
    try {
      const u = new URL(href);
      host = u.hostname.toLowerCase();
      path = u.pathname;
      query = u.searchParams;
    } catch {
      return { platform: 'OTHER', itemId: '' };
    }
    const find = (re) => path.match(re)?.[1] ?? '';
    if (host.endsWith('1688.com')) return { platform: '1688', itemId: find(/\/offer\/(\d+)\.html/) };
    if (host.endsWith('taobao.com')) return { platform: 'TAOBAO', itemId: query.get('id') ?? '' };
    if (host.endsWith('tmall.com')) return { platform: 'TMALL', itemId: query.get('id') ?? '' };
    if (host.includes('aliexpress.')) return { platform: 'ALIEXPRESS', itemId: find(/\/item\/(\d+)\.html/) };
    if (host.includes('amazon.')) return { platform: 'AMAZON', itemId: find(/\/(?:dp|gp\/product)\/([A-Z0-9]{10})/i) };
    return { platform: 'OTHER', itemId: '' };
  };

  // 1. The platform's embedded data.
  const embedded = () => {
    const tagged = doc.querySelector(
      'script[type="application/json"][data-gather="product"], script[type="application/json"]#__GATHER_DATA__',
    );
    if (tagged) return parseJson(tagged.textContent ?? '');
    for (const script of doc.querySelectorAll('script:not([src])')) {
      const m = (script.textContent ?? '').match(/window\.__INIT_DATA__\s*=\s*(\{[\s\S]*\})\s*;?\s*$/);
      if (m) return parseJson(m[1]);
    }
    return undefined;
  };

  // 2. A schema.org Product in JSON-LD (possibly inside an @graph or a list).
  const jsonLdProduct = () => {
    for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
      const data = parseJson(script.textContent ?? '');
      const queue = list(data);
      while (queue.length) {
        const node = queue.shift();
        if (!node || typeof node !== 'object') continue;
        if (list(node['@type']).includes('Product')) return node;
        queue.push(...list(node['@graph']));
      }
    }
    return undefined;
  };

  /** A SKU of the embedded data: its options (name → value), price, stock and image. */
  const sku = (s) => {
    const options = {};
    const raw = s.options ?? s.attributes ?? s.props ?? {};
    if (Array.isArray(raw)) {
      for (const o of raw) if (o && text(o.name)) options[text(o.name)] = text(o.value);
    } else if (raw && typeof raw === 'object') {
      for (const [k, v] of Object.entries(raw)) options[text(k)] = text(v);
    }
    const stock = Number(s.stock ?? s.quantity ?? s.inventory);
    return {
      sourceSkuId: text(s.skuId ?? s.sourceSkuId ?? s.id) || null,
      options,
      price: price(s.price),
      stock: Number.isFinite(stock) ? Math.max(0, Math.trunc(stock)) : null,
      image: absolute(s.image ?? s.imageUrl) || null,
    };
  };
  const attributesOf = (raw) => {
    if (Array.isArray(raw)) {
      return raw.filter((a) => a && text(a.name)).map((a) => ({ name: text(a.name), value: text(a.value) }));
    }
    if (raw && typeof raw === 'object') {
      return Object.entries(raw).map(([name, value]) => ({ name: text(name), value: text(value) }));
    }
    return [];
  };

  const data = embedded() ?? {};
  const ld = jsonLdProduct() ?? {};
  const offers = list(ld.offers);
  const offer = offers[0] ?? {};

  const { platform, itemId } = platformOf(url);
  const title = text(data.title ?? data.subject ?? data.name) || text(ld.name) || meta('og:title') || text(doc.title);
  const images = [
    ...list(data.images ?? data.imageList),
    ...list(ld.image).map((i) => (typeof i === 'object' && i ? i.url : i)),
    meta('og:image'),
  ]
    .map(absolute)
    .filter((src, i, all) => src && all.indexOf(src) === i);
  const skus = list(data.skus ?? data.skuList)
    .filter((s) => s && typeof s === 'object')
    .map(sku);

  // The price range: the embedded one, the SKUs', the offers', then the meta tags'.
  const skuPrices = skus.map((s) => s.price).filter((p) => p !== null);
  const byValue = (a, b) => Number(a) - Number(b);
  const lows = [data.priceMin, data.minPrice, skuPrices.sort(byValue)[0], offer.lowPrice, offer.price];
  const highs = [data.priceMax, data.maxPrice, skuPrices.at(-1), offer.highPrice, offer.price];
  const priceMin = lows.map(price).find((p) => p !== null) ?? price(meta('product:price:amount'));
  const priceMax = highs.map(price).find((p) => p !== null) ?? priceMin;
  const currency = (
    text(data.currency) ||
    text(offer.priceCurrency) ||
    meta('product:price:currency') ||
    meta('og:price:currency') ||
    (['1688', 'TAOBAO', 'TMALL'].includes(platform) ? 'CNY' : '')
  ).toUpperCase();

  const seller = data.supplier ?? data.seller ?? data.shop ?? {};
  const supplierName =
    text(typeof seller === 'string' ? seller : (seller.name ?? seller.companyName)) ||
    text(offer.seller?.name) ||
    text(ld.brand?.name ?? ld.brand);
  const supplierShopUrl = absolute(typeof seller === 'object' ? (seller.url ?? seller.shopUrl) : '') || null;

  if (!title && images.length === 0) return null;
  return {
    sourcePlatform: text(data.platform).toUpperCase() || platform,
    sourceUrl: url,
    sourceItemId: text(data.itemId ?? data.offerId ?? data.id) || itemId || text(ld.sku) || null,
    title,
    images,
    priceMin,
    priceMax,
    currency: currency || null,
    skus,
    attributes: [...attributesOf(data.attributes ?? data.props), ...attributesOf(ld.additionalProperty)],
    supplierName: supplierName || null,
    supplierShopUrl,
  };
}

/**
 * The body of `POST /api/catalog/gathers` for an extracted product, within the API's limits
 * (30 images, 500 SKUs, 3 options, 100 attributes): a SKU without a price is left out, since the
 * server would refuse the whole item for it.
 *
 * @param {import('./extract').ExtractedProduct} product
 * @returns {import('./extract').GatherBody}
 */
export function toGatherInput(product) {
  const skus = product.skus.filter((s) => s.price !== null && Object.keys(s.options).length > 0).slice(0, 500);
  const options = skus.length ? Object.keys(skus[0].options) : [];
  return {
    origin: 'extension',
    sourcePlatform: product.sourcePlatform,
    sourceUrl: product.sourceUrl,
    ...(product.sourceItemId ? { sourceItemId: product.sourceItemId } : {}),
    title: product.title.slice(0, 500),
    images: product.images.slice(0, 30),
    priceMin: product.priceMin,
    priceMax: product.priceMax,
    ...(product.currency ? { currency: product.currency } : {}),
    skus: options.length <= 3 ? skus : [],
    attributes: product.attributes.filter((a) => a.name).slice(0, 100),
    supplierName: product.supplierName,
    supplierShopUrl: product.supplierShopUrl,
  };
}

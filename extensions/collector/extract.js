/**
 * Reads the product shown on the current page.
 *
 * The popup injects this function into the active tab with `chrome.scripting.executeScript`,
 * which sends the function's source text only: so everything it uses is declared inside it,
 * and it returns plain JSON.
 *
 * It reads the data each platform embeds in its product pages, as the admin's own page parsers
 * do (`apps/server/src/modules/catalog/gathers/parsers.ts`; a test runs both on every sample
 * page and expects the same product):
 *   - 1688: `window.__INIT_DATA` (offer, images, `skuModel`);
 *   - Taobao and Tmall: `window.__ICE_APP_CONTEXT__` (item, `skuBase`, `skuCore`, seller);
 *   - AliExpress: `window.runParams = { data: … }` (title, images, price and SKU modules, store);
 *   - Amazon: the title, price, image block, twister (variations) data and tech-spec table;
 *   - any other page: a schema.org `Product` or `ProductGroup` in JSON-LD, else `og:` and
 *     `product:price:*` meta tags.
 * Scripts are read as text (the isolated world of an extension does not see the page's variables).
 *
 * @param {Document} [doc] the page (the current document when injected)
 * @param {string} [url] its address
 * @returns {import('./extract').ExtractedProduct | null} null when the page shows no product
 */
export function extractProduct(doc = document, url = doc.location?.href ?? '') {
  // ---------- small readers ----------
  const str = (v) =>
    typeof v === 'string' ? v.trim() || null : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
  const num = (v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
    return Number.isFinite(n) ? n : null;
  };
  /** A price as decimal text: the first amount in "US $12.99", "¥29.90-32.00", 12.5… */
  const price = (v) => {
    if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? String(Math.round(v * 10000) / 10000) : null;
    const m = typeof v === 'string' ? v.replace(/,/g, '').match(/\d+(\.\d{1,4})?/) : null;
    return m ? m[0] : null;
  };
  const stock = (v) => {
    const n = num(v);
    return n === null ? null : Math.max(0, Math.trunc(n));
  };
  const list = (v) => (Array.isArray(v) ? v : []);
  const uniq = (urls) => [...new Set(urls.filter(Boolean))];
  const abs = (u) => {
    const s = str(u);
    if (!s) return null;
    if (s.startsWith('//')) return `https:${s}`;
    try {
      return new URL(s, url).toString();
    } catch {
      return s;
    }
  };
  const collapse = (s) => (s ?? '').replace(/\s+/g, ' ').trim();
  const meta = (key) => {
    for (const tag of doc.querySelectorAll('meta')) {
      if (tag.getAttribute('property') === key || tag.getAttribute('name') === key) {
        const content = tag.getAttribute('content');
        if (content !== null) return content.trim() || null;
      }
    }
    return null;
  };
  const byId = (id) => doc.getElementById(id);
  const inlineScripts = [...doc.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '').join('\n');

  /** The JSON object or array starting at the first `{`/`[` after `marker`, to its matching close. */
  const jsonAfter = (text, marker) => {
    const found =
      typeof marker === 'string' ? { index: text.indexOf(marker), length: marker.length } : marker.exec(text);
    if (!found || found.index < 0) return null;
    const at = found.index + (typeof marker === 'string' ? marker.length : found[0].length);
    const rest = text.slice(at).search(/[{[]/);
    if (rest < 0) return null;
    const start = at + rest;
    let depth = 0;
    let quote = null;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = null;
        continue;
      }
      if (c === '"') quote = c;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) {
          try {
            return JSON.parse(text.slice(start, i + 1));
          } catch {
            return null;
          }
        }
      }
    }
    return null;
  };
  const pricesOf = (skus) => {
    const values = skus.map((s) => Number(s.price)).filter(Number.isFinite);
    return values.length ? { min: Math.min(...values), max: Math.max(...values) } : null;
  };

  /** Which platform, by host (as the API's `platformOfUrl`), and the item id its URLs carry. */
  const platformOf = (href) => {
    let u;
    try {
      u = new URL(href);
    } catch {
      return { platform: 'OTHER', itemId: null };
    }
    const host = u.hostname.toLowerCase();
    const on = (domain) => host === domain || host.endsWith(`.${domain}`);
    const path = u.pathname;
    const find = (re) => path.match(re)?.[1] ?? null;
    const pick = (platform, id) => ({ platform, itemId: id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null });
    if (on('1688.com')) return pick('1688', find(/\/offer\/(\d+)\.html$/));
    if (on('tmall.com')) return pick('TMALL', u.searchParams.get('id'));
    if (on('taobao.com')) return pick('TAOBAO', u.searchParams.get('id'));
    if (on('aliexpress.com') || on('aliexpress.us')) return pick('ALIEXPRESS', find(/\/(?:item|i)\/(\d+)\.html$/));
    if (host.includes('shopee.')) return pick('SHOPEE', find(/-i\.\d+\.(\d+)/) ?? find(/\/product\/\d+\/(\d+)/));
    if (host.includes('lazada.')) return pick('LAZADA', find(/-i(\d+)(?:-s\d+)?\.html$/));
    if (host.includes('amazon.')) {
      return pick('AMAZON', find(/\/(?:dp|gp\/product)\/([A-Z0-9]{10})(?:[/?]|$)/i)?.toUpperCase() ?? null);
    }
    return { platform: 'OTHER', itemId: null };
  };

  // ---------- 1688 ----------
  const read1688 = () => {
    const g = jsonAfter(inlineScripts, 'window.__INIT_DATA')?.globalData;
    if (!g) return null;
    const temp = g.tempModel ?? {};
    const props = list(g.skuModel?.skuProps);
    const imageOf = new Map();
    for (const p of props)
      for (const v of list(p.value)) if (v.imageUrl) imageOf.set(`${p.prop}\u0000${v.name}`, abs(v.imageUrl));
    const skus = [];
    for (const info of Object.values(g.skuModel?.skuInfoMap ?? {})) {
      // the key joins the values in the order of skuProps with ">" (escaped as &gt; in the page)
      const values = String(info.specAttrs ?? '')
        .split(/&gt;|>/)
        .map((s) => s.trim());
      if (values.length !== props.length) continue;
      skus.push({
        sourceSkuId: str(info.skuId),
        options: Object.fromEntries(props.map((p, i) => [String(p.prop), values[i]])),
        price: price(info.discountPrice ?? info.price) ?? '',
        stock: stock(info.canBookCount),
        image: props.map((p, i) => imageOf.get(`${p.prop}\u0000${values[i]}`)).find(Boolean) ?? null,
      });
    }
    const ranges = [
      ...list(g.orderParamModel?.orderParam?.skuParam?.skuRangePrices),
      ...list(g.priceModel?.currentPrices),
    ]
      .map((r) => price(r.price))
      .filter((p) => p !== null)
      .map(Number);
    const fromSkus = pricesOf(skus);
    const min = fromSkus?.min ?? (ranges.length ? Math.min(...ranges) : null);
    const max = fromSkus?.max ?? (ranges.length ? Math.max(...ranges) : null);
    return {
      sourcePlatform: '1688',
      sourceItemId: str(temp.offerId),
      title: str(temp.offerTitle) ?? meta('og:title') ?? '',
      descriptionHtml: byId('mod-detail-description')?.innerHTML.trim() || null,
      images: uniq([...list(g.images).map((i) => abs(i.fullPathImageURI)), abs(meta('og:image'))]),
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
  };

  // ---------- Taobao and Tmall ----------
  const readTaobao = (platform) => {
    const res = jsonAfter(inlineScripts, 'window.__ICE_APP_CONTEXT__')?.loaderData?.home?.data?.res;
    if (!res?.item) return null;
    const valueById = new Map();
    for (const p of list(res.skuBase?.props)) {
      for (const v of list(p.values)) {
        valueById.set(`${p.pid}:${v.vid}`, { prop: String(p.name), name: String(v.name), image: abs(v.image) });
      }
    }
    const info = res.skuCore?.sku2info ?? {};
    const skus = [];
    for (const s of list(res.skuBase?.skus)) {
      const parts = String(s.propPath ?? '')
        .split(';')
        .filter(Boolean)
        .map((pv) => valueById.get(pv));
      if (!parts.length || parts.some((p) => !p)) continue;
      const row = info[String(s.skuId)] ?? {};
      skus.push({
        sourceSkuId: str(s.skuId),
        options: Object.fromEntries(parts.map((p) => [p.prop, p.name])),
        price: price(row.price?.priceText) ?? '',
        stock: stock(row.quantity),
        image: parts.map((p) => p.image).find(Boolean) ?? null,
      });
    }
    const whole = String(info['0']?.price?.priceText ?? '')
      .split('-')
      .map((p) => price(p))
      .filter((p) => p !== null)
      .map(Number);
    const fromSkus = pricesOf(skus);
    return {
      sourcePlatform: platform,
      sourceItemId: str(res.item.itemId),
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
  };

  // ---------- AliExpress ----------
  const readAliExpress = () => {
    const d = jsonAfter(inlineScripts, /window\.runParams\s*=\s*\{\s*data\s*:/);
    if (!d?.titleModule) return null;
    const valueById = new Map();
    for (const p of list(d.skuModule?.productSKUPropertyList)) {
      for (const v of list(p.skuPropertyValues)) {
        valueById.set(String(v.propertyValueId), {
          prop: String(p.skuPropertyName),
          name: String(v.propertyValueDisplayName ?? v.propertyValueName),
          image: abs(v.skuPropertyImagePath),
        });
      }
    }
    let currency = str(d.priceModule?.minAmount?.currency);
    const skus = [];
    for (const s of list(d.skuModule?.skuPriceList)) {
      const parts = String(s.skuPropIds ?? '')
        .split(',')
        .filter(Boolean)
        .map((id) => valueById.get(id));
      if (!parts.length || parts.some((p) => !p)) continue;
      currency ??= str(s.skuVal?.skuAmount?.currency);
      skus.push({
        sourceSkuId: str(s.skuIdStr ?? s.skuId),
        options: Object.fromEntries(parts.map((p) => [p.prop, p.name])),
        price: price(s.skuVal?.skuActivityAmount?.value ?? s.skuVal?.skuAmount?.value) ?? '',
        stock: stock(s.skuVal?.availQuantity),
        image: parts.map((p) => p.image).find(Boolean) ?? null,
      });
    }
    const store = d.storeModule ?? {};
    return {
      sourcePlatform: 'ALIEXPRESS',
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
  };

  // ---------- Amazon ----------
  const readAmazon = () => {
    const titleEl = byId('productTitle');
    if (!titleEl) return null;
    const CURRENCY_OF = { $: 'USD', '£': 'GBP', '€': 'EUR', '¥': 'JPY', C$: 'CAD', A$: 'AUD' };
    const offscreen = doc.querySelector('span.a-offscreen')?.textContent?.trim() ?? '';
    const symbol = offscreen.match(/^[^\d]+/)?.[0]?.trim() ?? '$';
    const twisterEl = [...doc.querySelectorAll('script[data-a-state]')].find((s) =>
      (s.getAttribute('data-a-state') ?? '').includes('twister-js-init-dpx-data'),
    );
    const twister = twisterEl ? jsonAfter(twisterEl.textContent ?? '', '') : null;
    const dims = list(twister?.dimensionsDisplay).map(String);
    const skus = [];
    for (const [asin, values] of Object.entries(twister?.dimensionValuesDisplayData ?? {})) {
      if (!Array.isArray(values) || values.length !== dims.length) continue;
      const offer = twister.variationPrices?.[asin] ?? {};
      const color = dims.indexOf('Color');
      skus.push({
        sourceSkuId: asin,
        options: Object.fromEntries(dims.map((d, i) => [d, String(values[i])])),
        price: price(offer.price) ?? '',
        stock: stock(offer.availability),
        image: color >= 0 ? abs(list(twister.variationImages?.[String(values[color])])[0]) : null,
      });
    }
    const block = jsonAfter(inlineScripts, "'colorImages'");
    const images = uniq([
      ...list(block?.initial).map((i) => abs(i.hiRes ?? i.large)),
      abs(byId('landingImage')?.getAttribute('data-old-hires')),
    ]);
    const attributes = [...(byId('productDetails_techSpec_section_1')?.querySelectorAll('tr') ?? [])]
      .map((tr) => ({ th: tr.querySelector('th'), td: tr.querySelector('td') }))
      .filter((r) => r.th && r.td)
      .map((r) => ({ name: collapse(r.th.textContent), value: collapse(r.td.textContent) }));
    const byline = byId('bylineInfo');
    const brand = collapse(byline?.textContent)
      .replace(/^Visit the\s+/i, '')
      .replace(/\s+Store$/i, '')
      .replace(/^Brand:\s*/i, '');
    const one = price(offscreen);
    return {
      sourcePlatform: 'AMAZON',
      title: collapse(titleEl.textContent),
      descriptionHtml: byId('feature-bullets')?.innerHTML.trim() || null,
      images,
      priceMin: skus.length ? null : one,
      priceMax: skus.length ? null : one,
      currency: CURRENCY_OF[symbol] ?? 'USD',
      skus,
      attributes,
      supplierName: brand || null,
      supplierShopUrl: byline ? abs(byline.getAttribute('href')) : null,
    };
  };

  // ---------- any other page: JSON-LD, then meta tags ----------
  const readGeneric = (platform) => {
    let ld = null;
    for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
      let data;
      try {
        data = JSON.parse(script.textContent ?? '');
      } catch {
        continue;
      }
      for (const node of Array.isArray(data) ? data : [data]) {
        ld ??= [node, ...list(node?.['@graph'])].find((n) =>
          ['Product', 'ProductGroup'].includes(String(n?.['@type'])),
        );
      }
    }
    const imagesOf = (v) => (Array.isArray(v) ? v : [v]).map((i) => abs(typeof i === 'string' ? i : i?.url));
    if (!ld) {
      const title = meta('og:title');
      const amount = meta('product:price:amount') ?? meta('og:price:amount');
      if (!title || !amount) return null;
      return {
        sourcePlatform: platform,
        title,
        images: uniq([abs(meta('og:image'))]),
        priceMin: price(amount),
        currency: meta('product:price:currency') ?? meta('og:price:currency') ?? 'USD',
      };
    }
    const NAMES = { color: 'Color', size: 'Size', material: 'Material', pattern: 'Pattern' };
    const offers = Array.isArray(ld.offers) ? ld.offers[0] : ld.offers;
    const varies = list(ld.variesBy).map((v) => String(v).replace(/^https?:\/\/schema\.org\//, ''));
    let currency = str(offers?.priceCurrency);
    const skus = [];
    for (const v of list(ld.hasVariant)) {
      const offer = Array.isArray(v.offers) ? v.offers[0] : v.offers;
      currency ??= str(offer?.priceCurrency);
      const options = Object.fromEntries(varies.filter((k) => str(v[k])).map((k) => [NAMES[k] ?? k, String(v[k])]));
      if (!Object.keys(options).length) continue;
      skus.push({
        sourceSkuId: str(v.sku),
        options,
        price: price(offer?.price) ?? '',
        stock: stock(offer?.inventoryLevel?.value),
        image: imagesOf(v.image)[0] ?? null,
      });
    }
    const seller = offers?.seller ?? ld.brand;
    return {
      sourcePlatform: platform,
      title: str(ld.name) ?? meta('og:title') ?? '',
      descriptionHtml: str(ld.description),
      images: uniq([...imagesOf(ld.image), abs(meta('og:image'))]),
      priceMin: skus.length ? null : price(offers?.lowPrice ?? offers?.price),
      priceMax: skus.length ? null : price(offers?.highPrice ?? offers?.price),
      currency: currency ?? 'USD',
      skus,
      attributes: list(ld.additionalProperty).map((p) => ({
        name: String(p.name ?? ''),
        value: String(p.value ?? ''),
      })),
      supplierName: str(seller?.name),
      supplierShopUrl: abs(seller?.url),
    };
  };

  const { platform, itemId } = platformOf(url);
  const readers = {
    1688: read1688,
    TAOBAO: () => readTaobao('TAOBAO'),
    TMALL: () => readTaobao('TMALL'),
    ALIEXPRESS: readAliExpress,
    AMAZON: readAmazon,
  };
  const found = readers[platform]?.() ?? readGeneric(platform);
  if (!found?.title) return null;
  return {
    sourcePlatform: found.sourcePlatform,
    sourceUrl: url,
    sourceItemId: found.sourceItemId ?? itemId,
    title: found.title,
    descriptionHtml: found.descriptionHtml ?? null,
    images: found.images ?? [],
    priceMin: found.priceMin ?? null,
    priceMax: found.priceMax ?? null,
    currency: found.currency ?? null,
    skus: found.skus ?? [],
    attributes: found.attributes ?? [],
    supplierName: found.supplierName ?? null,
    supplierShopUrl: found.supplierShopUrl ?? null,
  };
}

/**
 * The body of `POST /api/catalog/gathers` for an extracted product, within the API's limits
 * (30 images, 500 SKUs, 100 attributes, attributes with a name): the server checks the rest and
 * answers which member is wrong.
 *
 * @param {import('./extract').ExtractedProduct} product
 * @returns {import('./extract').GatherBody}
 */
export function toGatherInput(product) {
  return {
    origin: 'extension',
    sourcePlatform: product.sourcePlatform,
    sourceUrl: product.sourceUrl,
    ...(product.sourceItemId ? { sourceItemId: product.sourceItemId } : {}),
    title: product.title.slice(0, 500),
    descriptionHtml: product.descriptionHtml,
    images: product.images.slice(0, 30),
    priceMin: product.priceMin,
    priceMax: product.priceMax,
    ...(product.currency ? { currency: product.currency } : {}),
    skus: product.skus.slice(0, 500),
    attributes: product.attributes.filter((a) => a.name.trim()).slice(0, 100),
    supplierName: product.supplierName,
    supplierShopUrl: product.supplierShopUrl,
  };
}

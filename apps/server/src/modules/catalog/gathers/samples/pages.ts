import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { render1688 } from './1688.ts';
import { renderAliExpress } from './aliexpress.ts';
import { renderAmazon } from './amazon.ts';
import { renderLazada } from './lazada.ts';
import type { SamplePageOf } from './page-kit.ts';
import { renderShopee } from './shopee.ts';
import { taobaoPage } from './taobao.ts';

/**
 * The sample pages the samples fetcher serves in place of the outside sites: for each site
 * (the platform in lower case) its page, once (`<site>.ts`), and its products' values
 * (`<site>.json`, one entry per item id); the images the pages name are in `images/`.
 */

/** This folder: the sites' data files and `images/`. */
export const SAMPLES_DIR = new URL('.', import.meta.url).pathname;

interface SampleSite {
  /** The address the samples fetcher answers for item `id` (the platform's own form of URL). */
  url: (id: string) => string;
  render: (page: SamplePageOf, item: unknown) => string;
}

/** A site whose data file holds items of type `T` (the renderer's input; the file is ours, not read defensively). */
function site<T>(url: (id: string) => string, render: (page: SamplePageOf, item: T) => string): SampleSite {
  return { url, render: (page, item) => render(page, item as T) };
}

const SITES: Record<string, SampleSite> = {
  '1688': site((id) => `https://detail.1688.com/offer/${id}.html`, render1688),
  aliexpress: site((id) => `https://www.aliexpress.com/item/${id}.html`, renderAliExpress),
  amazon: site((id) => `https://www.amazon.com/dp/${id}`, renderAmazon),
  lazada: site((id) => `https://www.lazada.com.my/products/product-i${id}.html`, renderLazada),
  shopee: site((id) => `https://shopee.com.my/product-i.1001001.${id}`, renderShopee),
  taobao: site((id) => `https://item.taobao.com/item.htm?id=${id}`, taobaoPage('淘宝网', 'C')),
  tmall: site((id) => `https://detail.tmall.com/item.htm?id=${id}`, taobaoPage('天猫Tmall.com', 'B')),
};

const siteOf = (name: string) => (Object.hasOwn(SITES, name) ? SITES[name] : null);

/** A site's products by item id, from its data file; none when the site has no file. */
async function itemsOf(dir: string, name: string): Promise<Record<string, unknown>> {
  const text = await readFile(join(dir, `${name}.json`), 'utf8').catch(() => null);
  return text === null ? {} : (JSON.parse(text) as Record<string, unknown>);
}

/**
 * Every sample: its site, item id and the address the samples fetcher answers for it (what the
 * seed gathers and the tests parse), in the order of `<site>-<id>` (the seed's order).
 */
export async function samplePages(dir = SAMPLES_DIR): Promise<{ site: string; id: string; url: string }[]> {
  const pages = [];
  for (const [name, s] of Object.entries(SITES)) {
    for (const id of Object.keys(await itemsOf(dir, name))) pages.push({ site: name, id, url: s.url(id) });
  }
  return pages.sort((a, b) => (`${a.site}-${a.id}` < `${b.site}-${b.id}` ? -1 : 1));
}

/** The page of `site`'s item `id`, rendered from the site's page and the item's values; null when there is no such sample. */
export async function renderSamplePage(site: string, id: string, dir = SAMPLES_DIR): Promise<string | null> {
  const s = siteOf(site);
  if (!s) return null;
  const items = await itemsOf(dir, site);
  return Object.hasOwn(items, id) ? s.render({ id, url: s.url(id) }, items[id]) : null;
}

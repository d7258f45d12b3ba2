import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplesFetcher } from '../fetcher.ts';
import { parsePage } from '../parsers.ts';
import { SAMPLES_DIR, samplePages } from './pages.ts';

/**
 * The pages are rendered from values, so a value with markup or quotes in it must come back from
 * the parsers exactly as written: escaped for HTML in the markup, for a script in the embedded JSON.
 */
const TRICKY = `Tom & Jerry's "best" <b>mug</b> </script><!-- -->`;
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gather-samples-'));
  // each site's first item, with the tricky text as its title and as an attribute's value
  for (const site of ['1688', 'aliexpress', 'amazon', 'lazada', 'shopee', 'taobao', 'tmall']) {
    const items = JSON.parse(await readFile(join(SAMPLES_DIR, `${site}.json`), 'utf8'));
    const [id, item] = Object.entries(items)[0] as [string, { attributes: Record<string, string> }];
    const tricky = { ...item, title: TRICKY, attributes: { ...item.attributes, Note: TRICKY } };
    await writeFile(join(dir, `${site}.json`), JSON.stringify({ [id]: tricky }));
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('sample pages rendered from data', () => {
  it('list every sample once, in the order of site and id, each at an address the fetcher answers', async () => {
    const pages = await samplePages();
    const keys = pages.map((p) => `${p.site}-${p.id}`);
    expect(keys).toEqual([...new Set(keys)].sort());
    expect(new Set(pages.map((p) => p.site))).toEqual(
      new Set(['1688', 'aliexpress', 'amazon', 'lazada', 'shopee', 'taobao', 'tmall']),
    );
    const fetcher = samplesFetcher();
    for (const { url } of pages) expect((await fetcher.fetch(url)).html).toMatch(/^<!doctype html>/i);
  });

  it('give back values with markup and quotes exactly, on every site', async () => {
    const fetcher = samplesFetcher(dir);
    const pages = await samplePages(dir);
    expect(pages).toHaveLength(7);
    for (const { site, url } of pages) {
      const { html, finalUrl } = await fetcher.fetch(url);
      expect(html, site).not.toContain('<b>');
      expect(html.match(/<\/script>/g)?.length, site).toBe(html.match(/<script/g)?.length);
      const parsed = parsePage(html, finalUrl);
      if (!parsed.ok) throw new Error(`${site}: ${parsed.errorKey} ${parsed.errorParams}`);
      expect(parsed.input.title, site).toBe(TRICKY);
      expect(parsed.input.attributes, site).toContainEqual({ name: 'Note', value: TRICKY });
    }
  });

  it('answer an id the data does not hold, or a key of every object, with "page not found"', async () => {
    const fetcher = samplesFetcher();
    for (const url of ['https://www.amazon.com/dp/B0SAMPLE99', 'https://www.amazon.com/dp/constructor']) {
      await expect(fetcher.fetch(url)).rejects.toMatchObject({ key: 'Catalog::Gather:PageNotFound' });
    }
  });
});

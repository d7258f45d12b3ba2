import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGatherInput, gatherInput } from '@seller/contracts/catalog';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { extractProduct, toGatherInput } from '../../../../../../extensions/collector/extract.js';
import { SAMPLES_DIR } from './fetcher.ts';
import { parsePage } from './parsers.ts';

/**
 * The collector extension reads a page in the browser (a DOM) as the server's parsers read it as
 * text: on every sample page both give the same product, and the extension's body is one the
 * create endpoint takes. The description is left out of the comparison: the DOM writes its HTML
 * back in its own way.
 */

/** The address of a sample `<platform>-<id>.html`, as the samples fetcher maps them. */
const URL_OF: Record<string, (id: string) => string> = {
  '1688': (id) => `https://detail.1688.com/offer/${id}.html`,
  taobao: (id) => `https://item.taobao.com/item.htm?id=${id}`,
  tmall: (id) => `https://detail.tmall.com/item.htm?id=${id}`,
  aliexpress: (id) => `https://www.aliexpress.com/item/${id}.html`,
  amazon: (id) => `https://www.amazon.com/dp/${id}`,
  shopee: (id) => `https://shopee.com.my/Sample-Item-i.1001001.${id}`,
  lazada: (id) => `https://www.lazada.com.my/products/sample-item-i${id}.html`,
};

const samples = readdirSync(SAMPLES_DIR)
  .filter((f) => f.endsWith('.html'))
  .map((file) => {
    const [, platform, id] = file.match(/^([a-z0-9]+)-(.+)\.html$/) ?? [];
    return { file, url: URL_OF[platform]?.(id) ?? '' };
  });

const withoutDescription = <T extends { descriptionHtml?: unknown }>(v: T) => ({ ...v, descriptionHtml: undefined });

describe('collector extension on the sample pages', () => {
  it('has samples of every platform', () => {
    expect(samples.length).toBeGreaterThanOrEqual(7);
    expect(samples.every((s) => s.url)).toBe(true);
  });

  it.each(samples)('reads $file as the server does', async ({ file, url }) => {
    const html = readFileSync(join(SAMPLES_DIR, file), 'utf8');
    const server = parsePage(html, url);
    expect(server.ok).toBe(true);
    // a browser's DOM (the web tests' happy-dom), scripts not run: the extension reads their text
    const window = new Window({ url, settings: { disableJavaScriptEvaluation: true } });
    const doc = new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
    const product = extractProduct(doc, url);
    await window.happyDOM.close();
    expect(product).not.toBeNull();
    const body = toGatherInput(product!);
    const created = createGatherInput.safeParse(body);
    expect(created.success, JSON.stringify(created.error?.issues)).toBe(true);
    const read = gatherInput.parse(body);
    if (server.ok) expect(withoutDescription(read)).toEqual(withoutDescription(server.input));
    expect(Boolean(read.descriptionHtml)).toBe(Boolean(server.ok && server.input.descriptionHtml));
  });
});

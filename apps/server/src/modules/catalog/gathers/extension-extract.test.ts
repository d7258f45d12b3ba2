import { createGatherInput, gatherInput } from '@seller/contracts/catalog';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { extractProduct, toGatherInput } from '../../../../../../extensions/collector/extract.js';
import { samplesFetcher } from './fetcher.ts';
import { parsePage } from './parsers.ts';
import { samplePages } from './samples/pages.ts';

/**
 * The collector extension reads a page in the browser (a DOM) as the server's parsers read it as
 * text: on every sample page both give the same product, and the extension's body is one the
 * create endpoint takes. The description is left out of the comparison: the DOM writes its HTML
 * back in its own way.
 */

/** Every sample page, served as the samples fetcher serves it to the URL job. */
const samples = await samplePages();
const fetcher = samplesFetcher();

const withoutDescription = <T extends { descriptionHtml?: unknown }>(v: T) => ({ ...v, descriptionHtml: undefined });

describe('collector extension on the sample pages', () => {
  it('has samples of every platform', () => {
    expect(samples.length).toBeGreaterThanOrEqual(7);
    expect(samples.every((s) => s.url)).toBe(true);
  });

  it.each(samples)('reads $site $id as the server does', async ({ url }) => {
    const { html } = await fetcher.fetch(url);
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

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import type { ClaimResultDto, GatherBatchDto, GatherDetailDto } from '@seller/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCatalogApp } from '../test-support.ts';
import { httpFetcher, useGatherFetcher } from './fetcher.ts';

/**
 * The three server-side fetches of a user-given URL (gathering by URLs, the image proxy, the
 * image copy of a claim) with the HTTP fetcher as production configures it, against a server on
 * this machine listening on every address (so each spelling of "this machine" would reach it):
 * every spelling, a redirect to it and a name resolving to it are refused with one text, and the
 * server is never asked.
 */
const api = useCatalogApp({ GATHER_FETCHER: 'http', GATHER_HTTP_TIMEOUT_MS: '5000' });
const base = '/api/catalog/gathers';
const UNAVAILABLE = 'The address could not be fetched: it did not answer, or it is not a public web address.';
const UNAVAILABLE_ZH = '无法获取该地址：它没有应答，或不是公网地址。';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A server with a request counter, on `host` (`::` is every address, IPv4 too). */
async function serve(host: string, answer: (url: string, res: import('node:http').ServerResponse) => void) {
  const s = { hits: 0, port: 0, server: undefined as unknown as Server };
  s.server = createServer((req, res) => {
    s.hits++;
    answer(req.url ?? '/', res);
  });
  await new Promise<void>((resolve) => s.server.listen(0, host, resolve));
  s.port = (s.server.address() as AddressInfo).port;
  return s;
}
const stop = (s: { server: Server } | undefined) =>
  new Promise<void>((resolve) => {
    if (!s) return resolve();
    s.server.closeAllConnections();
    s.server.close(() => resolve());
  });

let inside: Awaited<ReturnType<typeof serve>>;
let redirector: Awaited<ReturnType<typeof serve>>;
let stalled: Awaited<ReturnType<typeof serve>>;
let closedPort = 0;

beforeAll(async () => {
  // what a fetch that got in would see: a product page, an image
  inside = await serve('::', (url, res) => {
    if (url.endsWith('.png')) return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        '<html><head><meta property="og:title" content="INSIDE SECRET"><meta property="product:price:amount" content="1"></head></html>',
      );
  });
  redirector = await serve('127.0.0.1', (url, res) => {
    const to = new URL(url, 'http://x').searchParams.get('to') ?? '/';
    if (to === 'image') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    res.writeHead(302, { location: to }).end();
  });
  stalled = await serve('127.0.0.1', () => {
    // never answers: the fetch's time limit ends it
  });
  const probe = await serve('127.0.0.1', () => {});
  closedPort = probe.port;
  await stop(probe);
});
afterAll(async () => {
  await stop(inside);
  await stop(redirector);
  await stop(stalled);
});

/** This machine, spelled every way that reached it before. */
const spellings = (path = '/') => [
  `http://127.0.0.1:${inside.port}${path}`,
  `http://[::ffff:127.0.0.1]:${inside.port}${path}`,
  `http://[0:0:0:0:0:ffff:7f00:1]:${inside.port}${path}`,
  `http://[::]:${inside.port}${path}`,
  `http://[::1]:${inside.port}${path}`,
  `http://0.0.0.0:${inside.port}${path}`,
  `http://2130706433:${inside.port}${path}`,
  `http://[::127.0.0.1]:${inside.port}${path}`,
  `http://localhost:${inside.port}${path}`,
  `http://${hostname()}:${inside.port}${path}`,
  `https://${hostname()}:${inside.port}${path}`,
];

/** Polls the batch until its job has finished (the job runs in the test app's worker). */
async function finished(id: string): Promise<GatherBatchDto> {
  for (let i = 0; i < 600; i++) {
    const batch = (await api.get(api.demoAdmin, `${base}/batches/${id}`)).json() as GatherBatchDto;
    if (batch.status === 'Completed') return batch;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the batch did not finish');
}

async function gatherUrls(urls: string[]) {
  const res = await api.post(api.demoAdmin, `${base}/by-urls`, { urls });
  expect(res.statusCode, res.body).toBe(200);
  return finished((res.json() as GatherBatchDto).id);
}

async function claimImages(urls: string[]): Promise<ClaimResultDto> {
  const cat = await api.post(api.demoAdmin, '/api/catalog/categories', {
    code: `SSRF${Math.floor(Math.random() * 1e6)}`,
    name: `SSRF${Math.random()}`,
  });
  expect(cat.statusCode, cat.body).toBe(200);
  const created = await api.post(api.demoAdmin, base, {
    sourceUrl: `https://shop.example/item/${Math.floor(Math.random() * 1e9)}`,
    title: 'lamp',
    priceMin: '1.00',
    currency: 'USD',
    images: urls.slice(0, 30),
  });
  expect(created.statusCode, created.body).toBe(200);
  const g = created.json() as GatherDetailDto;
  const res = await api.post(api.demoAdmin, `${base}/${g.id}/claim`, {
    categoryIds: [cat.json().id],
    skuPrefix: 'ss',
    weightG: 100,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const image = (url: string, culture = 'en') =>
  api.t.app.inject({
    method: 'GET',
    url: `${base}/image?url=${encodeURIComponent(url)}`,
    headers: { authorization: `Bearer ${api.demoAdmin}`, 'accept-language': culture },
  });

describe('server-side fetches as configured for production (GATHER_FETCHER=http)', () => {
  it('gathering by URLs: every spelling of this machine fails with the one text, like a closed port; nothing is asked', async () => {
    const urls = [...spellings(), `http://127.0.0.1:${closedPort}/`];
    const batch = await gatherUrls(urls);
    expect(batch).toMatchObject({ succeeded: 0, failed: urls.length });
    expect(batch.rows.map((r) => r.error)).toEqual(urls.map(() => UNAVAILABLE));
    const zh = await api.t.app.inject({
      method: 'GET',
      url: `${base}/batches/${batch.id}`,
      headers: { authorization: `Bearer ${api.demoAdmin}`, 'accept-language': 'zh-Hans' },
    });
    expect(zh.json().rows.map((r: { error: string }) => r.error)).toEqual(urls.map(() => UNAVAILABLE_ZH));
    expect(inside.hits).toBe(0);
  });

  it('the image proxy: every spelling answers 502 with the one text, like a closed port; nothing is asked', async () => {
    for (const url of [...spellings('/a.png'), `http://127.0.0.1:${closedPort}/a.png`]) {
      const res = await image(url);
      expect(res.statusCode, url).toBe(502);
      expect(res.json().error.message, url).toBe(UNAVAILABLE);
    }
    expect((await image(spellings('/a.png')[1], 'zh-Hans')).json().error.message).toBe(UNAVAILABLE_ZH);
    expect(inside.hits).toBe(0);
  });

  it('a claim copies no image from this machine: every one is skipped; nothing is asked', async () => {
    const urls = spellings('/a.png');
    const claim = await claimImages(urls);
    expect(claim).toMatchObject({ imagesCopied: 0, imagesSkipped: urls });
    expect(inside.hits).toBe(0);
  });
});

describe('redirects, and a stalled image (the fetcher admitting only the test redirector, by code)', () => {
  const hop = (to: string) => `http://127.0.0.1:${redirector.port}/go?to=${encodeURIComponent(to)}`;

  beforeAll(() => {
    useGatherFetcher(
      api.t.services,
      httpFetcher({
        timeoutMs: 1000,
        maxBytes: 100_000,
        unsafeTestAllowance: { allow: (_address, port) => port === redirector.port || port === stalled.port },
      }),
    );
  });

  it('the allowance reaches the redirector (the image through it comes back)', async () => {
    const res = await image(hop('image'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('every hop is checked: a redirect to any spelling of this machine is refused on all three paths', async () => {
    const before = redirector.hits;
    const pages = spellings().map(hop);
    const batch = await gatherUrls(pages);
    expect(batch.rows.map((r) => r.error)).toEqual(pages.map(() => UNAVAILABLE));
    for (const url of spellings('/a.png').map(hop)) {
      const res = await image(url);
      expect(res.statusCode, url).toBe(502);
      expect(res.json().error.message).toBe(UNAVAILABLE);
    }
    const images = spellings('/a.png').map(hop);
    expect(await claimImages(images)).toMatchObject({ imagesCopied: 0, imagesSkipped: images });
    // the redirector was asked every time; the server behind it never
    expect(redirector.hits - before).toBe(pages.length * 3);
    expect(inside.hits).toBe(0);
  });

  it('a stalled image answers 504 with the one text', async () => {
    const res = await image(`http://127.0.0.1:${stalled.port}/slow.png`);
    expect(res.statusCode, res.body).toBe(504);
    expect(res.json().error.message).toBe(UNAVAILABLE);
    expect(stalled.hits).toBe(1);
  });
});

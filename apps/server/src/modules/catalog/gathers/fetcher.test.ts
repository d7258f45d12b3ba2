import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFetcher } from './fetcher.ts';
import { parsePage } from './parsers.ts';

/** The real HTTP fetcher against a local server (the only site a test may reach). */
let server: Server;
let origin = '';
const page =
  '<html><head><meta property="og:title" content="Local lamp"><meta property="product:price:amount" content="12.50"></head></html>';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    if (req.url === '/moved') return res.writeHead(302, { location: '/page' }).end();
    if (req.url === '/inside') return res.writeHead(302, { location: 'http://10.0.0.8/admin' }).end();
    if (req.url === '/big') return res.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(5000));
    if (req.url === '/zipped') return res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(page));
    // small on the wire, past the limit once unpacked
    if (req.url === '/bomb') return res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('x'.repeat(1e6)));
    if (req.url === '/slow') return; // never answers: the time limit ends it
    if (req.url === '/broken') return res.writeHead(500).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('the HTTP fetcher', () => {
  // the test server's port admitted by code (production builds the fetcher without an allowance)
  const port = () => Number(new URL(origin).port);
  const local = () =>
    httpFetcher({ timeoutMs: 500, maxBytes: 1000, unsafeTestAllowance: { allow: (_a, p) => p === port() } });

  it('fetches a page (following a redirect) that the parsers read', async () => {
    const { html, finalUrl } = await local().fetch(`${origin}/moved`);
    expect(finalUrl).toBe(`${origin}/page`);
    expect(parsePage(html, finalUrl)).toMatchObject({ ok: true, input: { title: 'Local lamp', priceMin: '12.50' } });
    expect((await local().fetch(`${origin}/zipped`)).html).toBe(page);
  });

  it('turns every failure into a row error: not found, server error, too large, too slow', async () => {
    await expect(local().fetch(`${origin}/nothing`)).rejects.toMatchObject({ key: 'Catalog::Gather:PageNotFound' });
    await expect(local().fetch(`${origin}/broken`)).rejects.toMatchObject({
      key: 'Outbound::Unavailable',
      params: [],
      timedOut: false,
    });
    await expect(local().fetch(`${origin}/big`)).rejects.toMatchObject({ key: 'Catalog::Gather:PageTooLarge' });
    await expect(local().fetch(`${origin}/bomb`)).rejects.toMatchObject({ key: 'Catalog::Gather:PageTooLarge' });
    await expect(local().fetch(`${origin}/slow`)).rejects.toMatchObject({
      key: 'Outbound::Unavailable',
      params: [],
      timedOut: true,
    });
    await expect(local().fetchImage(`${origin}/nothing.png`)).rejects.toMatchObject({
      key: 'Catalog::Gather:ImageUnavailable',
    });
  });

  it('does not follow a redirect into a private network', async () => {
    await expect(local().fetch(`${origin}/inside`)).rejects.toMatchObject({ key: 'Outbound::Unavailable', params: [] });
  });

  it('never reaches this machine or a private network as configured for production', async () => {
    const real = httpFetcher({ timeoutMs: 500, maxBytes: 1000 });
    for (const url of [
      `${origin}/page`,
      'http://localhost/x',
      'http://10.0.0.8/x',
      'http://192.168.1.1/',
      'http://[::1]/',
      'ftp://example.com/x',
    ]) {
      await expect(real.fetch(url), url).rejects.toMatchObject({ key: 'Outbound::Unavailable', params: [] });
    }
  });
});

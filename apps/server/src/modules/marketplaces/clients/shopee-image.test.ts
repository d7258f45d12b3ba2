import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketplaceError } from './errors.ts';
import { ShopeeClient } from './shopee.ts';

/**
 * Shopee takes a product image as a file, so the server fetches the product's image URL itself (a
 * URL a user may have typed): through the outbound guard, never from this machine.
 */
let images: Server;
let marketplace: Server;
const hits = { images: 0, marketplace: 0 };
const port = (s: Server) => (s.address() as AddressInfo).port;

beforeAll(async () => {
  images = createServer((_req, res) => {
    hits.images++;
    res.writeHead(200, { 'content-type': 'image/png' }).end('png');
  });
  marketplace = createServer((_req, res) => {
    hits.marketplace++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"error":"","response":{}}');
  });
  await new Promise<void>((r) => images.listen(0, '::', r));
  await new Promise<void>((r) => marketplace.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  for (const s of [images, marketplace]) await new Promise<void>((r) => s.close(() => r()));
});

describe('the Shopee image upload', () => {
  it('refuses an image on this machine, however spelled, with one message; nothing is fetched or sent', async () => {
    const client = new ShopeeClient({
      partner: { partnerId: '1', partnerKey: 'k', timeoutMs: 2000 },
      region: 'MY',
      host: () => `http://127.0.0.1:${port(marketplace)}`,
      accessToken: 't',
      shopId: '1',
      imageUpload: 'file',
    });
    const p = port(images);
    for (const url of [
      `http://127.0.0.1:${p}/a.png`,
      `http://[::ffff:127.0.0.1]:${p}/a.png`,
      `http://[::]:${p}/a.png`,
      `http://localhost:${p}/a.png`,
      `http://${hostname()}:${p}/a.png`,
      `http://169.254.169.254/latest/meta-data/`,
    ]) {
      const error = await client.uploadImage(url).then(
        () => null,
        (e) => e,
      );
      expect(error, url).toBeInstanceOf(MarketplaceError);
      expect(error, url).toMatchObject({
        kind: 'permanent',
        code: 'IMAGE',
        message: `Image ${url} could not be fetched`,
      });
    }
    expect(hits).toEqual({ images: 0, marketplace: 0 });
  });
});

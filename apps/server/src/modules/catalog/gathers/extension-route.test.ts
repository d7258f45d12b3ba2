import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { as } from '../../../../test/harness.ts';
import { useCatalogApp } from '../test-support.ts';

/** The collector extension's download: the folder's files and a config naming this admin and the tenant. */

const URL_ = '/api/catalog/gathers/extension.zip';

/** The entries of a ZIP (read from its central directory; archiver writes sizes there, not before the data). */
function unzip(zip: Buffer): Map<string, string> {
  const entries = new Map<string, string>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + compressed);
    entries.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

describe('collector extension download', () => {
  const app = useCatalogApp();

  it('answers the extension’s files and a config with the admin’s address and the tenant', async () => {
    const res = await as(
      app.t.app,
      app.demoAdmin,
    )({ method: 'GET', url: `${URL_}?server=https://admin.example.com/x` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('seller-collector.zip');
    const files = unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      expect.arrayContaining([
        'collector/manifest.json',
        'collector/popup.html',
        'collector/popup.js',
        'collector/extract.js',
      ]),
    );
    // the types the web tests use are not part of the extension
    expect(files.has('collector/extract.d.ts')).toBe(false);
    const manifest = JSON.parse(files.get('collector/manifest.json') ?? '{}');
    expect(manifest).toMatchObject({
      manifest_version: 3,
      permissions: expect.arrayContaining(['activeTab', 'scripting']),
    });
    expect(JSON.parse(files.get('collector/config.json') ?? '{}')).toEqual({
      server: 'https://admin.example.com',
      tenant: 'demo',
    });
  });

  it('uses the request’s own address without one given', async () => {
    const res = await as(app.t.app, app.demoAdmin)({ method: 'GET', url: URL_ });
    expect(res.statusCode).toBe(200);
    const config = JSON.parse(unzip(res.rawPayload).get('collector/config.json') ?? '{}');
    expect(config.server).toMatch(/^http:\/\/localhost/);
  });

  it('refuses a caller without the gathers permission and a bad address', async () => {
    expect((await as(app.t.app, null)({ method: 'GET', url: URL_ })).statusCode).toBe(401);
    expect((await as(app.t.app, app.nobody)({ method: 'GET', url: URL_ })).statusCode).toBe(403);
    const bad = await as(app.t.app, app.demoAdmin)({ method: 'GET', url: `${URL_}?server=javascript:alert(1)` });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('server');
  });
});

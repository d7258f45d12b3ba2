import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, members, type TestApp } from '../../../test/harness.ts';
import { token } from '../permission-management/test-support.ts';
import { placeholderPng } from './png.ts';
import { PUBLIC_LINK_SECONDS, publicFileLink } from './public-links.ts';

let t: TestApp;
let dataDir: string;
let demoAdmin: string;
let otherAdmin: string;

function upload(who: string | undefined, content: Buffer, type = 'image/png', field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(content)], { type }), 'picture.png');
  const request = { method: 'POST' as const, url: '/api/files', payload: form };
  return who ? as(t.app, who)(request) : t.app.inject(request);
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'files-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  demoAdmin = await token(t.app, 'demo');
  otherAdmin = await token(t.app, 'other');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('files', () => {
  it('stores an image and serves it back to the same tenant with its type', async () => {
    const png = placeholderPng(8, 6, [200, 40, 40]);
    const res = await upload(demoAdmin, png);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(file).toMatchObject({ contentType: 'image/png', size: png.length });
    expect(file.url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png$/);

    const back = await as(t.app, demoAdmin)({ method: 'GET', url: file.url });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(back.rawPayload.equals(png)).toBe(true);
  });

  it('keeps tenants apart: another tenant’s file is not found', async () => {
    const file = (await upload(demoAdmin, placeholderPng(4, 4, [0, 0, 0]))).json();
    expect((await as(t.app, otherAdmin)({ method: 'GET', url: file.url })).statusCode).toBe(404);
    expect((await as(t.app, demoAdmin)({ method: 'GET', url: '/api/files/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
      404,
    );
  });

  it('serves a file to anyone with its signed link, until it expires; nothing else opens with it', async () => {
    const png = placeholderPng(5, 5, [10, 120, 40]);
    const file = (await upload(demoAdmin, png)).json();
    const link = await publicFileLink(t.services, t.demo.id, file.url);
    expect(link).toMatch(new RegExp(`^/api/files/public/${t.demo.id}/[0-9a-f-]{36}\\.png\\?exp=\\d+&sig=`));
    const open = await t.app.inject({ method: 'GET', url: link! });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/png');
    expect(open.rawPayload.equals(png)).toBe(true);

    const url = new URL(link!, 'http://x');
    const sig = url.searchParams.get('sig')!;
    // another signature: its first character changed (always a different one, unlike a fixed suffix)
    const otherSig = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const tries = [
      // another signature, another expiry, another owner, another file under the same signature
      `${url.pathname}?exp=${url.searchParams.get('exp')}&sig=${otherSig}`,
      `${url.pathname}?exp=${Number(url.searchParams.get('exp')) + 1}&sig=${sig}`,
      `${url.pathname.replace(t.demo.id, t.other.id)}${url.search}`,
      `${url.pathname.replace(/[0-9a-f-]{36}\.png$/, '00000000-0000-4000-8000-000000000000.png')}${url.search}`,
    ];
    for (const u of tries) expect((await t.app.inject({ method: 'GET', url: u })).statusCode, u).toBe(404);
    // expired: a link made long enough ago
    const old = await publicFileLink(t.services, t.demo.id, file.url, Date.now() - (PUBLIC_LINK_SECONDS + 60) * 1000);
    expect((await t.app.inject({ method: 'GET', url: old! })).statusCode).toBe(404);
    // not a file of ours: no link
    expect(await publicFileLink(t.services, t.demo.id, 'https://example.com/a.png')).toBeNull();
    // bad input: 400 naming the query members
    const bad = await t.app.inject({ method: 'GET', url: `${url.pathname}?exp=soon` });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses what is not an accepted image, too large a file, a missing file part (400 naming the field)', async () => {
    const text = await upload(demoAdmin, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(members(text)).toEqual(['file']);

    const big = Buffer.concat([placeholderPng(2, 2, [1, 2, 3]), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload(demoAdmin, big);
    expect(tooLarge.statusCode).toBe(400);
    expect(members(tooLarge)).toEqual(['file']);

    const wrongField = await upload(demoAdmin, placeholderPng(2, 2, [1, 2, 3]), 'image/png', 'other');
    expect(members(wrongField)).toEqual(['file']);
    const json = await as(t.app, demoAdmin)({ method: 'POST', url: '/api/files', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
  });

  it('needs a signed-in caller (401)', async () => {
    expect((await upload(undefined, placeholderPng(2, 2, [1, 2, 3]))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/x.png' })).statusCode).toBe(401);
  });
});

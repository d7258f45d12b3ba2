import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_SHEET_HEADERS } from '../src/modules/catalog/test-support.ts';
import { as, createTestApp, type InjectedResponse, members, signIn, type TestApp } from './harness.ts';

/**
 * Text PostgreSQL cannot store (U+0000 anywhere, an unpaired UTF-16 surrogate in jsonb, which text
 * columns would silently turn into U+FFFD) is refused at the edge: a 400 naming the field, before
 * tenant resolution or any handler runs.
 */
let t: TestApp;
let demoToken: string;
let hostToken: string;
beforeAll(async () => {
  t = await createTestApp();
  demoToken = (await signIn(t.app, { tenant: 'demo' })).access_token;
  hostToken = (await signIn(t.app)).access_token;
});
afterAll(() => t.close());

/** A 400 in the ABP envelope whose validation errors name exactly `member`. */
function expectRefused(res: InjectedResponse, member: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers._abperrorformat).toBe('true');
  expect(members(res)).toEqual([member]);
  return res.json().error as { message: string; validationErrors: { message: string }[] };
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('text PostgreSQL cannot store', () => {
  it('a NUL in a path parameter of an anonymous route is a 400 naming it, in either language', async () => {
    const en = expectRefused(
      await as(t.app, null)({ method: 'GET', url: '/api/abp/multi-tenancy/tenants/by-name/%00' }),
      'name',
    );
    expect(en.validationErrors[0].message).toBe('This contains a character that cannot be stored.');
    const zh = expectRefused(
      await as(t.app, null, 'zh-Hans')({ method: 'GET', url: '/api/abp/multi-tenancy/tenants/by-name/a%00' }),
      'name',
    );
    expect(zh.message).toBe('您的请求无效!');
    expect(zh.validationErrors[0].message).toBe('含有无法保存的字符。');
  });

  it('a NUL in a form field of the token endpoint is a 400 naming it', async () => {
    const res = await as(
      t.app,
      null,
    )({
      method: 'POST',
      url: '/connect/token',
      headers: { ...form, __tenant: 'demo' },
      payload: 'grant_type=password&client_id=web-admin&username=a%00b&password=x&scope=openid',
    });
    expectRefused(res, 'username');
    const revoke = await as(
      t.app,
      null,
    )({
      method: 'POST',
      url: '/connect/revocation',
      headers: form,
      payload: 'token=%00&client_id=web-admin',
    });
    expectRefused(revoke, 'token');
  });

  it('a NUL or an unpaired surrogate in a JSON string is a 400 naming its member path; nothing is stored', async () => {
    const demo = as(t.app, demoToken);
    const json = { 'content-type': 'application/json' };
    expectRefused(await demo({ method: 'POST', url: '/api/identity/roles', payload: { name: 'a\u0000b' } }), 'name');
    // JSON.stringify writes a lone surrogate as the escape `\ud800`, exactly as a client would send it
    expectRefused(
      await demo({ method: 'POST', url: '/api/identity/roles', headers: json, payload: '{"name":"x\\ud800y"}' }),
      'name',
    );
    expectRefused(
      await demo({ method: 'POST', url: '/api/identity/roles', headers: json, payload: '{"name":"x\\udc00"}' }),
      'name',
    );
    const roles = await demo({ method: 'GET', url: '/api/identity/roles?filter=x' });
    expect(roles.json().items).toEqual([]);

    const nested = await demo({
      method: 'PUT',
      url: '/api/permission-management/permissions?providerName=R&providerKey=admin',
      payload: {
        permissions: [
          { name: 'AbpIdentity.Roles', isGranted: true },
          { name: 'b\u0000', isGranted: false },
        ],
      },
    });
    expectRefused(nested, 'permissions.1.name');
    // a well-formed pair (an emoji) is ordinary text
    const emoji = await demo({ method: 'POST', url: '/api/identity/roles', payload: { name: 'role 😀' } });
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect(emoji.json().name).toBe('role 😀');
  });

  it('a NUL or an unpaired surrogate in a JSON key is refused too (jsonb cannot hold either)', async () => {
    const demo = as(t.app, demoToken);
    const json = { 'content-type': 'application/json' };
    const nulKey = await demo({
      method: 'POST',
      url: '/api/identity/roles',
      headers: json,
      payload: '{"name":"r1","extraProperties":{"a\\u0000":1}}',
    });
    expect(nulKey.statusCode).toBe(400);
    expect(members(nulKey)).toEqual(['extraProperties.a\ufffd']);
    const surrogateKey = await demo({
      method: 'POST',
      url: '/api/identity/roles',
      headers: json,
      payload: '{"name":"r2","extraProperties":{"\\ud800":1}}',
    });
    expect(members(surrogateKey)).toEqual(['extraProperties.\ufffd']);
  });

  it('a NUL in a query parameter is a 400 naming it, on lists and anonymous reads', async () => {
    const demo = as(t.app, demoToken);
    expectRefused(await demo({ method: 'GET', url: '/api/identity/users?filter=a%00b' }), 'filter');
    expectRefused(await demo({ method: 'GET', url: '/api/catalog/products?filter=%00' }), 'filter');
    expectRefused(await demo({ method: 'GET', url: '/api/auditing/audit-log?userName=%00' }), 'userName');
    const host = as(t.app, hostToken);
    expectRefused(await host({ method: 'GET', url: '/api/tenant-management/tenants?filter=%00' }), 'filter');
    expectRefused(
      await as(t.app, null)({ method: 'GET', url: '/api/abp/application-configuration?__tenant=%00' }),
      '__tenant',
    );
    // a repeated parameter names the refused occurrence
    expectRefused(await demo({ method: 'GET', url: '/api/identity/users?filter=a&filter=%00' }), 'filter.1');
  });

  it('a NUL in the __tenant header or cookie is a 400 before the tenant is looked up', async () => {
    const anon = as(t.app, null);
    expectRefused(
      await anon({ method: 'GET', url: '/api/abp/application-configuration', headers: { cookie: '__tenant=de%00mo' } }),
      '__tenant',
    );
    expectRefused(
      await anon({ method: 'GET', url: '/api/abp/application-configuration', headers: { __tenant: 'de\u0000mo' } }),
      '__tenant',
    );
  });

  it('a NUL in a multipart text field is a 400 naming the field', async () => {
    const boundary = 'x-boundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="note"',
      '',
      'a\u0000b',
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="a.png"',
      'Content-Type: image/png',
      '',
      'not really a png',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await as(
      t.app,
      demoToken,
    )({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expectRefused(res, 'note');
  });

  it('a cell of an uploaded spreadsheet that holds such text is a 400 naming the upload', async () => {
    await as(
      t.app,
      demoToken,
    )({ method: 'POST', url: '/api/catalog/categories', payload: { code: 'C', name: 'Cups' } });
    // `_x0000_` is how OOXML writes a character XML cannot carry; `_xD800_` half a surrogate pair
    for (const name of ['abc_x0000_def', 'abc_xD800_def']) {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('商品');
      sheet.addRow(PRODUCT_SHEET_HEADERS);
      sheet.addRow(['SKU-1', name, 'C', '', 10, 'd', 100, 'MY', '2026-01-05', '2026-02-01', 'normal', 'selfDeveloped']);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), 'products.xlsx');
      const res = await as(t.app, demoToken)({ method: 'POST', url: '/api/catalog/products/import', payload: form });
      expectRefused(res, 'file');
    }
  });

  it('a URL the router cannot take answers with the envelope, naming url', async () => {
    const anon = as(t.app, null);
    const malformed = await anon({ method: 'GET', url: '/api/identity/users/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers._abperrorformat).toBe('true');
    expect(members(malformed)).toEqual(['url']);
    expect(malformed.json().error.validationErrors[0].message).toBe('The address of the request is not valid.');
    const long = await anon({ method: 'GET', url: `/api/abp/multi-tenancy/tenants/by-name/${'x'.repeat(500)}` });
    expect(long.statusCode).toBe(400);
    expect(members(long)).toEqual(['url']);
    // an unknown address stays a 404, whatever it holds
    const unknown = await anon({ method: 'GET', url: '/api/no-such-thing/%00' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers._abperrorformat).toBe('true');
  });

  it('ordinary text passes untouched', async () => {
    const res = await as(t.app, null)({ method: 'GET', url: '/api/abp/multi-tenancy/tenants/by-name/demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    const users = await as(t.app, demoToken)({ method: 'GET', url: '/api/identity/users?filter=%E7%AE%A1' });
    expect(users.statusCode).toBe(200);
  });
});

describe('an empty body sent as application/json', () => {
  const uuid = '5b0e8a4c-1f7e-4f43-9d0b-3c1f3a2e9d11';
  const json = { 'content-type': 'application/json' };

  it('is no body: every write route without a body answers as it does without the header', async () => {
    const routes = t.services.routes.filter(
      (r) => ['PUT', 'POST', 'DELETE'].includes(r.method) && !r.schema?.body && r.url.startsWith('/api/'),
    );
    expect(routes.length).toBeGreaterThan(40);
    const differing: string[] = [];
    for (const r of routes) {
      const side = (r.config as { side?: string } | undefined)?.side;
      const call = as(t.app, side === 'host' ? hostToken : demoToken);
      const url = r.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'seconds' ? '60' : uuid));
      const plain = await call({ method: r.method as 'PUT', url });
      const withHeader = await call({ method: r.method as 'PUT', url, headers: json, payload: '' });
      const withLength = await call({
        method: r.method as 'PUT',
        url,
        headers: { ...json, 'content-length': '0' },
      });
      for (const res of [withHeader, withLength]) {
        if (res.statusCode !== plain.statusCode || res.body.includes('Body cannot be empty'))
          differing.push(`${r.method} ${r.url}: ${plain.statusCode} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(differing).toEqual([]);
  });

  it('on a route that needs a body is the usual 400 naming the body', async () => {
    const res = await as(t.app, demoToken)({ method: 'POST', url: '/api/identity/roles', headers: json, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(members(res)).toEqual(['body']);
    expect(res.json().error.validationErrors[0].message).toBe('The request has no body.');
  });

  it('a body the server cannot read is a 400 naming body, in the caller language', async () => {
    const post = (headers: Record<string, string>, payload: string, culture = 'en') =>
      as(t.app, demoToken, culture)({ method: 'POST', url: '/api/identity/roles', headers, payload });
    const broken = await post(json, '{"name":');
    expect(broken.statusCode).toBe(400);
    expect(broken.headers._abperrorformat).toBe('true');
    expect(members(broken)).toEqual(['body']);
    expect(broken.json().error.validationErrors[0].message).toBe('The body of the request is not valid.');
    const polluting = await post(json, '{"name":"r","__proto__":{"admin":true}}', 'zh-Hans');
    expect(members(polluting)).toEqual(['body']);
    expect(polluting.json().error.validationErrors[0].message).toBe('请求正文无效。');
    const tooLarge = await post(json, JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    expect(tooLarge.statusCode).toBe(413);
    expect(members(tooLarge)).toEqual(['body']);
    const plain = await post({ 'content-type': 'text/plain' }, 'name=x');
    expect(plain.statusCode).toBe(400);
    expect(members(plain)).toEqual(['body']);
  });
});

import { GATHER_IMPORT_MAX_BYTES } from '@seller/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT, JSON_BODY_BOUNDS } from '../src/core/json-bounds.ts';
import { GATHER_IMPORT_JSON_BOUNDS } from '../src/modules/catalog/gathers/import.ts';
import { as, createSignedInTestApp, type InjectedResponse, members, type SignedInTestApp } from './harness.ts';

/**
 * Every route that takes a body reads at most its declared `bodyLimit` (1 MB unless it declares
 * more) and every JSON body is bounded in depth and in values before it is parsed: the answer is
 * a 413 or a 400 naming `body`, never a 500 and never a body accepted.
 */
let t: SignedInTestApp;
beforeAll(async () => {
  t = await createSignedInTestApp();
}, 120_000);
afterAll(() => t?.close());

const json = { 'content-type': 'application/json' };
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/** `[[[…]]]` nested `depth` deep. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** An array of `count` empty arrays: shallow, every value tiny. */
const wide = (count: number) => `[${Array(count).fill('[]').join(',')}]`;

/** Every route that may be sent a body (any write method), with the caller its access rule lets in. */
function bodyRoutes() {
  return t.services.routes
    .filter((r) => WRITE.has(r.method) && !r.url.includes('*'))
    .map((r) => ({
      ...r,
      path: r.url.replace(/:\w+/g, ANY_ID),
      token: r.config?.anonymous
        ? null
        : (r.config as { side?: string } | undefined)?.side === 'host'
          ? ('host' as const)
          : ('tenant' as const),
    }));
}

/** Sends `payload` as JSON to a route, as the demo admin, or the host admin when the tenant's is refused. */
async function send(route: ReturnType<typeof bodyRoutes>[number], payload: string): Promise<InjectedResponse> {
  const call = (token: string | null) =>
    as(t.app, token)({ method: route.method as 'POST', url: route.path, headers: json, payload });
  if (route.token === null) return call(null);
  const res = await call(t.tokens[route.token]);
  return res.statusCode === 403 ? call(t.tokens.host) : res;
}

/**
 * Whether an answer is `status` naming `body`. The marketplace simulator answers in the
 * marketplaces' own formats: only its status is checked.
 */
const refusedAs = (route: { url: string }, res: InjectedResponse, status: number) =>
  res.statusCode === status &&
  (route.url.startsWith('/marketplace-sim/') ||
    (
      res.json() as { error?: { validationErrors?: { members: string[] }[] } }
    ).error?.validationErrors?.[0]?.members.join() === 'body');

const refusal = (res: InjectedResponse) =>
  `${res.statusCode} ${(res.json() as { error?: { validationErrors?: { message: string }[] } }).error?.validationErrors?.[0]?.message}`;

describe('every route that takes a body', () => {
  it('has a body limit: 1 MB unless it declares more', () => {
    const routes = bodyRoutes();
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => r.bodyLimit > DEFAULT_BODY_LIMIT).map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /api/logistics/channels/:id/rates',
    ]);
  });

  it('answers a body over its limit with a 413 naming body, before reading it', async () => {
    const wrong: string[] = [];
    for (const route of bodyRoutes()) {
      const res = await send(route, JSON.stringify({ x: 'x'.repeat(route.bodyLimit) }));
      if (!refusedAs(route, res, 413))
        wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers JSON nested deeper than the bound with a 400 naming body, in the caller language', async () => {
    const wrong: string[] = [];
    for (const route of bodyRoutes()) {
      const res = await send(route, nested(JSON_BODY_BOUNDS.maxDepth + 1));
      if (!refusedAs(route, res, 400))
        wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    const [route] = bodyRoutes().filter((r) => r.url === '/api/identity/roles' && r.method === 'POST');
    expect(refusal(await send(route, nested(100_000)))).toBe('400 Nested more than 32 levels deep.');
    const zh = await as(
      t.app,
      t.tokens.tenant,
      'zh-Hans',
    )({
      method: 'POST',
      url: '/api/identity/roles',
      headers: json,
      payload: nested(100),
    });
    expect(refusal(zh)).toBe('400 嵌套超过 32 层。');
  });

  it('answers JSON of more values than the bound with a 413 naming body', async () => {
    const wrong: string[] = [];
    const payload = wide(JSON_BODY_BOUNDS.maxValues);
    expect(payload.length).toBeLessThan(DEFAULT_BODY_LIMIT);
    for (const route of bodyRoutes()) {
      const res = await send(route, payload);
      if (!refusedAs(route, res, 413))
        wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('still takes JSON at the bounds: brackets and commas inside strings do not count', async () => {
    const api = as(t.app, t.tokens.tenant);
    const name = `r[{,${'['.repeat(40)}`.slice(0, 30);
    const res = await api({ method: 'POST', url: '/api/identity/roles', headers: json, payload: { name } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe(name);
    // as deep as allowed: the schema answers (an array where an object is expected), not the bound
    const deep = await api({
      method: 'POST',
      url: '/api/identity/roles',
      headers: json,
      payload: nested(JSON_BODY_BOUNDS.maxDepth),
    });
    expect(deep.statusCode).toBe(400);
    expect(refusal(deep)).not.toContain('nested');
  });
});

describe('a JSON file uploaded to the gathers import', () => {
  const upload = (content: string | Buffer, filename = 'gathers.json') => {
    const boundary = '----bounds';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return as(
      t.app,
      t.tokens.tenant,
    )({
      method: 'POST',
      url: '/api/catalog/gathers/import',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  };

  it('nested deeper than the bound is a 400 naming file, whatever its name', async () => {
    for (const name of ['gathers.json', 'gathers.txt']) {
      const res = await upload(nested(2_000_000), name);
      expect(refusal(res)).toBe('400 Nested more than 16 levels deep.');
      expect(members(res)).toEqual(['file']);
    }
  });

  it('of more values than the bound is a 413 naming file', async () => {
    const res = await upload(wide(GATHER_IMPORT_JSON_BOUNDS.maxValues));
    expect(refusal(res)).toBe(`413 Holds more than ${GATHER_IMPORT_JSON_BOUNDS.maxValues} values.`);
    expect(members(res)).toEqual(['file']);
  });

  it('over the size limit is a 400 naming file; a file within the bounds is imported', async () => {
    const big = await upload(Buffer.alloc(GATHER_IMPORT_MAX_BYTES + 1, 0x20));
    expect(refusal(big)).toBe('400 The file is larger than 5 MB.');
    const item = { sourceUrl: 'https://detail.1688.com/offer/9000001.html', title: 'Bounded [{,', priceMin: '1.00' };
    const ok = await upload(`\uFEFF ${JSON.stringify([item])}`, 'gathers.txt');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ total: 1, created: 1, errors: [] });
  });
});

import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from './harness.ts';
import { describeOperations, type Operation, valid } from './openapi-cases.ts';

/**
 * Schema-driven fuzzing of every route: malformed input derived from each operation's OpenAPI
 * description (the same Zod schemas the routes validate with), sent anonymously, as demo's admin
 * and as the host's admin. Whatever arrives, the server answers below 500, every 4xx carries the
 * ABP error envelope (or the OAuth error of `/connect/*`), nothing is logged as an error, and the
 * server still answers ordinary requests afterwards.
 *
 * Bounded and reproducible: a fixed seed and a few cases per route and caller
 * (`FUZZ_RUNS`, `FUZZ_SEED` to search further).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_601);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);

// ------------------------------------------------------------------------------------------------
// JSON Schema (as @fastify/swagger publishes it) → arbitraries

// ------------------------------------------------------------------------------------------------
// Hostile values

const nest = (depth: number, wrap: (v: unknown) => unknown) => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = wrap(v);
  return v;
};
const ONE_MB = 'm'.repeat(1 << 20);
const BIG = 'b'.repeat(100_000);
/** Text that does not compress, so it reaches an index or column at its full size. */
const NOISE = Array.from({ length: 1000 }, (_, i) => createHash('sha256').update(String(i)).digest('base64'))
  .join('')
  .slice(0, 20_000);
const DEEP_OBJECT = nest(1000, (v) => ({ a: v }));
const DEEP_ARRAY = nest(1000, (v) => [v]);
const LONG_ARRAY = Array.from({ length: 70_000 }, () => 0);

const HOSTILE_TEXT = [
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udfff',
  '\ud83d',
  '',
  ' ',
  '\t\n',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
  '0x1F',
  "' OR '1'='1' --",
  '"; DROP TABLE identity_users; --',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '%00',
  '%',
  '\\',
  'null',
  '__proto__',
  'constructor',
  '😀😀😀',
  '\u202Eevil',
  '0000-00-00',
  '2024-02-30T25:61:61Z',
  '0000-01-01T00:00:00.000Z',
  '0000-01-01',
  '-000001-01-01T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  'name desc; select 1',
];
const HOSTILE_NUMBERS = [-1, 0, -2_147_483_649, 2_147_483_648, 2 ** 53 + 2, 1e308, -1e308, 1.5, -0.000_1];

/** Any UTF-16 code unit, so NULs and unpaired surrogates turn up anywhere in a string. */
const anyUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 12,
});

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 3, arbitrary: anyUnits },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(true, false, null, {}, [], [null], { a: 1 }, ['a\u0000']) },
  { weight: 1, arbitrary: fc.constantFrom(BIG, ONE_MB) },
  { weight: 1, arbitrary: fc.constantFrom(DEEP_OBJECT, DEEP_ARRAY) },
  { weight: 1, arbitrary: fc.constant(LONG_ARRAY) },
);

/** Bytes of the URL a client could send, well-formed or not; `Raw` goes out as written. */
class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
const MALFORMED_IDS = [
  new Raw('%00'),
  new Raw('a%00b'),
  new Raw('%ED%A0%80'),
  new Raw('%E0%A4%A'),
  new Raw('%zz'),
  new Raw('..%2F..%2Fetc%2Fpasswd'),
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  "1' OR '1'='1",
  '-1',
  '1e309',
  'x'.repeat(300),
  '😀',
];
/** The n-th id of an entity the caller can see (harvested from earlier answers), resolved when sent. */
class PoolId {
  readonly n: number;
  constructor(n: number) {
    this.n = n;
  }
}

const urlValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...MALFORMED_IDS) },
  { weight: 3, arbitrary: hostile.filter((v) => typeof v !== 'object' || v === null) },
);

/** Percent-encodes a value for the URL; unpaired surrogates go out as their (invalid) UTF-8 bytes. */
function encode(v: unknown): string {
  if (v instanceof Raw) return v.text;
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  return s.replace(/[\ud800-\udfff]{1,2}|[^\ud800-\udfff]+/g, (part) => {
    try {
      return encodeURIComponent(part);
    } catch {
      const c = part.charCodeAt(0);
      const bytes = [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
      return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('') + encode(part.slice(1));
    }
  });
}

// ------------------------------------------------------------------------------------------------
// Requests

interface Case {
  kind: string;
  params: Record<string, unknown>;
  query: [string, unknown][];
  contentType?: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

/** Every member path of a value (root first), for picking one to corrupt. */
function memberPaths(v: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  if (out.length >= 200) return out;
  out.push(path);
  const entries = Array.isArray(v) ? v.entries() : v && typeof v === 'object' ? Object.entries(v) : [];
  for (const [k, x] of entries) {
    if (out.length >= 200) break;
    memberPaths(x, [...path, k], out);
  }
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1] as string] = value;
  return copy;
}

/** Every array grown to as many copies of its first item as fit in a body the server accepts. */
function longArrays(v: unknown): unknown {
  if (Array.isArray(v)) {
    if (!v.length) return v;
    const item = longArrays(v[0]);
    const count = Math.min(70_000, Math.floor(800_000 / ((JSON.stringify(item) ?? '').length + 1)));
    return Array.from({ length: count }, () => item);
  }
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, longArrays(x)]));
  return v;
}

/** Every leaf replaced by `fn(leaf)`. */
function mapLeaves(v: unknown, fn: (leaf: unknown) => unknown): unknown {
  if (Array.isArray(v)) return v.length ? v.map((x) => mapLeaves(x, fn)) : fn(v);
  if (v && typeof v === 'object') {
    const entries = Object.entries(v);
    return entries.length ? Object.fromEntries(entries.map(([k, x]) => [k, mapLeaves(x, fn)])) : fn(v);
  }
  return fn(v);
}

const wrongType = (leaf: unknown): unknown =>
  typeof leaf === 'string' ? 12345 : typeof leaf === 'number' ? 'abc' : typeof leaf === 'boolean' ? 'yes' : {};

const json = (v: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(v) ?? 'null' });

function form(v: unknown) {
  const params = new URLSearchParams();
  if (v && typeof v === 'object' && !Array.isArray(v))
    for (const [k, x] of Object.entries(v)) params.append(k, typeof x === 'string' ? x : JSON.stringify(x));
  return { contentType: 'application/x-www-form-urlencoded', payload: params.toString() };
}

function multipart(v: unknown) {
  const boundary = 'fuzz-boundary';
  const fields = v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v) : [['value', v] as const];
  const parts = fields.map(
    ([k, x]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof x === 'string' ? x : JSON.stringify(x)}\r\n`,
  );
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nPK\u0003\u0004not a zip\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.from(`${parts.join('')}${file}--${boundary}--\r\n`),
  };
}

const RAW_BODIES = [
  '{',
  '{"a":',
  '[',
  'nul',
  '"\\u0000"',
  '{"a":"\\ud800"}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"skipCount":99999999999999999999999999}',
  '1e999',
  ' ',
  '',
];

const PAGING: Record<string, unknown[]> = {
  skipCount: [-1, -1_000_000_000, 1e20, 'abc', 2_147_483_648],
  maxResultCount: [-1, 0, 1001, 1e10, 'ten'],
  sorting: ['name; drop table x', 'id desc, name asc', 'x'.repeat(2000), 'creationTime sideways', ''],
};

/** Random cases for one operation, from its schema. */
function randomCase(op: Operation): fc.Arbitrary<Case> {
  const params = fc.record(
    Object.fromEntries(
      op.pathParams.map((p) => [
        p.name,
        fc.oneof(
          { weight: 2, arbitrary: valid(p.schema) },
          { weight: 2, arbitrary: fc.nat().map((n) => new PoolId(n)) },
          { weight: 3, arbitrary: urlValue },
        ),
      ]),
    ),
  );
  const query = fc
    .tuple(
      ...op.queryParams.map((p) =>
        fc.option(
          fc.oneof(
            { weight: 3, arbitrary: valid(p.schema) },
            { weight: 3, arbitrary: urlValue },
            { weight: PAGING[p.name] ? 2 : 0, arbitrary: fc.constantFrom<unknown>(...(PAGING[p.name] ?? [0])) },
          ),
          { freq: 3 },
        ),
      ),
      // an unknown parameter, or a known one given twice
      fc.option(
        fc.tuple(fc.constantFrom('extra', '__tenant', 'filter[]', ...op.queryParams.map((p) => p.name)), urlValue),
        { freq: 2 },
      ),
    )
    .map((values) => {
      const extra = values.pop() as [string, unknown] | null;
      const pairs = op.queryParams.flatMap((p, i) =>
        values[i] === null ? [] : [[p.name, values[i]] as [string, unknown]],
      );
      return extra ? [...pairs, extra] : pairs;
    });
  const base = op.body ? valid(op.body) : fc.constant<unknown>({});
  const body: fc.Arbitrary<Pick<Case, 'kind' | 'contentType' | 'payload'>> = fc.oneof(
    // one member corrupted
    fc.tuple(base, fc.nat(), hostile).map(([v, i, h]) => {
      const paths = memberPaths(v);
      return { kind: 'member', ...json(setAt(v, paths[i % paths.length] ?? [], h)) };
    }),
    // members the schema does not know
    fc
      .tuple(base, fc.dictionary(fc.string({ maxLength: 8 }), hostile, { minKeys: 1, maxKeys: 3 }))
      .map(([v, extra]) => ({
        kind: 'extra',
        ...json(v && typeof v === 'object' && !Array.isArray(v) ? { ...v, ...extra } : extra),
      })),
    // the whole body replaced
    hostile.map((h) => ({ kind: 'whole', ...json(h) })),
    fc.constantFrom(...RAW_BODIES).map((payload) => ({ kind: 'raw', contentType: 'application/json', payload })),
    // other encodings of the same members
    fc.tuple(base, fc.nat(), hostile).map(([v, i, h]) => {
      const paths = memberPaths(v);
      return { kind: 'form', ...form(setAt(v, paths[i % paths.length] ?? [], h)) };
    }),
    base.map((v) => ({ kind: 'multipart', ...multipart(v) })),
    fc
      .tuple(
        base,
        fc.constantFrom(
          'text/plain',
          'application/xml',
          'application/json; charset=latin1',
          'application/x-www-form-urlencoded',
        ),
      )
      .map(([v, contentType]) => ({ kind: 'content-type', contentType, payload: JSON.stringify(v) ?? '' })),
    fc.constant({ kind: 'none' }),
  );
  return fc
    .record({ params, query, body })
    .map(({ params, query, body }) => ({ ...body, params: params as Record<string, unknown>, query }));
}

/** Fixed cases every operation gets: the same corruption applied to every member at once. */
function fixedCases(op: Operation, full: unknown): Case[] {
  const allParams = (v: unknown) => Object.fromEntries(op.pathParams.map((p) => [p.name, v]));
  const allQuery = (v: unknown): [string, unknown][] => op.queryParams.map((p) => [p.name, v]);
  const nulls = (leaf: unknown) => (typeof leaf === 'string' ? `${leaf}\u0000` : leaf);
  return [
    {
      kind: 'nul everywhere',
      params: allParams(new Raw('a%00b')),
      query: allQuery('a\u0000b'),
      ...json(mapLeaves(full, nulls)),
    },
    {
      kind: 'surrogates everywhere',
      params: allParams(new Raw('%ED%A0%80')),
      query: allQuery('\ud800'),
      ...json(mapLeaves(full, (l) => (typeof l === 'string' ? '\udc00' : l))),
    },
    {
      kind: 'oversized strings',
      params: allParams('p'.repeat(5000)),
      query: allQuery(BIG),
      ...json(mapLeaves(full, (l) => (typeof l === 'string' ? NOISE : l))),
    },
    {
      kind: 'wrong types',
      params: allParams('-1'),
      query: allQuery('[object Object]'),
      ...json(mapLeaves(full, wrongType)),
    },
    {
      kind: 'huge numbers',
      params: allParams('1e309'),
      query: allQuery('99999999999999999999'),
      ...json(mapLeaves(full, (l) => (typeof l === 'number' ? 1e308 : l))),
    },
    {
      kind: 'edge dates',
      params: allParams(new PoolId(0)),
      query: allQuery('0000-01-01T00:00:00.000Z'),
      ...json(mapLeaves(full, (l) => (typeof l === 'string' && /^\d{4}-\d\d-\d\d/.test(l) ? `0000${l.slice(4)}` : l))),
    },
    { kind: 'long arrays', params: allParams(new PoolId(1)), query: [], ...json(longArrays(full)) },
    { kind: 'deep nesting', params: allParams('x'), query: allQuery(-1), ...json(DEEP_OBJECT) },
    {
      kind: 'empty json',
      params: allParams('00000000-0000-0000-0000-000000000000'),
      query: [],
      contentType: 'application/json',
      payload: '',
    },
  ];
}

// ------------------------------------------------------------------------------------------------
// The run

let t: TestApp;
let dataDir: string;
const tokens: Record<string, string | null> = { anonymous: null, demo: null, host: null };
const logLines: string[] = [];
let operations: Operation[] = [];
/**
 * What the fuzzing must not aim at with real ids, or it would end its own sessions: the signed-in
 * admins, their role, their tenant.
 */
const protectedIds = new Set<string>();

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fuzz-'));
  t = await createTestApp(
    { DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    { logStream: { write: (l: string) => logLines.push(l) } },
  );
  tokens.demo = (await signIn(t.app, { tenant: 'demo' })).access_token;
  tokens.host = (await signIn(t.app)).access_token;
  operations = describeOperations(t);
  protectedIds.add(t.demo.id).add(t.other.id);
  for (const token of [tokens.demo, tokens.host]) {
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json();
    protectedIds.add((await get('/api/identity/users/by-username/admin')).id);
    for (const role of (await get('/api/identity/roles/all')).items) protectedIds.add(role.id);
  }
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

function requestOf(op: Operation, c: Case, token: string | null, pool: string[]): InjectOptions {
  const resolve = (v: unknown) =>
    v instanceof PoolId ? (pool[v.n % pool.length] ?? '00000000-0000-4000-8000-000000000000') : v;
  const path = op.url.replace(/:(\w+)/g, (_m, name: string) => encode(resolve(c.params[name] ?? 'x')));
  const qs = c.query.map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`).join('&');
  const headers: Record<string, string> = { 'accept-language': 'en', ...c.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (c.contentType) headers['content-type'] = c.contentType;
  return {
    method: op.method as InjectOptions['method'],
    url: qs ? `${path}?${qs}` : path,
    headers,
    ...(c.payload !== undefined && op.method !== 'GET' ? { payload: c.payload } : {}),
  };
}

/** What is wrong with an answer, or null. */
function problem(
  op: Operation,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}`;
  if (res.statusCode < 400) return null;
  let body: { error?: unknown; error_description?: unknown };
  try {
    body = JSON.parse(res.body);
  } catch {
    return `HTTP ${res.statusCode} without a JSON body`;
  }
  if (op.url.startsWith('/connect/') && typeof body.error === 'string' && typeof body.error_description === 'string')
    return null; // the OAuth error of the token server (wire contract §8)
  const e = body.error as { message?: unknown; validationErrors?: unknown } | undefined;
  if (res.headers._abperrorformat !== 'true' || typeof e?.message !== 'string')
    return `HTTP ${res.statusCode} without the ABP envelope`;
  const v = e.validationErrors;
  if (v !== null && !(Array.isArray(v) && v.every((x) => typeof x?.message === 'string' && Array.isArray(x?.members))))
    return 'malformed validationErrors';
  return null;
}

const stats = { requests: 0, routes: new Set<string>(), statuses: new Map<number, number>() };

const UUID_VALUE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in an answer (`id` members), so later cases can aim at entities that exist. */
function harvest(body: string, pool: Set<string>) {
  if (pool.size >= 500 || !body.startsWith('{')) return;
  JSON.parse(body, (key, value) => {
    if (key === 'id' && typeof value === 'string' && UUID_VALUE.test(value) && !protectedIds.has(value))
      pool.add(value);
    return value;
  });
}

async function fuzz(mode: keyof typeof tokens): Promise<Map<string, string>> {
  const failures = new Map<string, string>();
  const pool = new Set<string>();
  let seed = SEED + mode.length;
  for (const op of operations) {
    seed++;
    const full = fc.sample(op.body ? valid(op.body, true) : fc.constant({}), { seed, numRuns: 1 })[0];
    const cases = [...fixedCases(op, full), ...fc.sample(randomCase(op), { seed, numRuns: RUNS })];
    // anonymous callers also name tenants, well or badly
    if (mode === 'anonymous') {
      cases.push({ kind: 'tenant header', params: {}, query: [], headers: { __tenant: 'de\u0000mo' } });
      cases.push({
        kind: 'tenant cookie',
        params: {},
        query: [],
        headers: { cookie: '__tenant=%ED%A0%80', __tenant: 'demo' },
      });
    }
    for (const c of cases) {
      const request = requestOf(op, c, tokens[mode], [...pool]);
      stats.requests++;
      stats.routes.add(`${op.method} ${op.url}`);
      const res = await t.app.inject(request).catch((err: Error) => ({
        statusCode: 599,
        headers: {},
        body: `connection aborted: ${err.message}`,
      }));
      stats.statuses.set(res.statusCode, (stats.statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 200 && op.method === 'GET') harvest(res.body, pool);
      const wrong = problem(op, res);
      const key = `${mode} ${op.method} ${op.url} [${c.kind}] ${wrong}`;
      if (wrong && !failures.has(key))
        failures.set(key, `${request.url?.toString().slice(0, 160)} → ${res.body.slice(0, 240)}`);
    }
  }
  return failures;
}

/** Error-level lines of the server log (an unhandled error, a failed audit write …). */
const errorLogs = () =>
  logLines
    .map((l) => JSON.parse(l) as { level: number; msg?: string; err?: { message?: string } })
    .filter((l) => l.level >= 50)
    .map((l) => `${l.msg}: ${l.err?.message?.slice(0, 300)}`);

describe('fuzzing every route from its schema', () => {
  for (const mode of ['anonymous', 'demo', 'host'] as const) {
    it(`answers every malformed request below 500 with the error envelope (${mode})`, {
      timeout: 120_000,
    }, async () => {
      const failures = await fuzz(mode);
      // the run did not end its own session (which would have turned its later cases into 401s)
      if (tokens[mode]) {
        const me = await t.app.inject({
          method: 'GET',
          url: '/api/abp/application-configuration',
          headers: { authorization: `Bearer ${tokens[mode]}` },
        });
        expect(me.json().currentUser.isAuthenticated).toBe(true);
      }
      expect([...failures].map(([k, v]) => `${k}: ${v}`)).toEqual([]);
    });
  }

  it('stays healthy, and logged no error', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/abp/application-configuration' });
    expect(anon.statusCode).toBe(200);
    const demo = await t.app.inject({
      method: 'GET',
      url: '/api/identity/users',
      headers: { authorization: `Bearer ${tokens.demo}` },
    });
    expect(demo.statusCode).toBe(200);
    const host = await t.app.inject({
      method: 'GET',
      url: '/api/tenant-management/tenants',
      headers: { authorization: `Bearer ${tokens.host}` },
    });
    expect(host.statusCode).toBe(200);
    // let audit writes of the last requests finish
    await new Promise((r) => setTimeout(r, 200));
    expect(errorLogs()).toEqual([]);
    console.log(
      `fuzz: ${stats.requests} requests over ${stats.routes.size} routes (3 callers, seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries([...stats.statuses].sort()))}`,
    );
  });
});

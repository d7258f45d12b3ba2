import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendXlsx } from '../src/core/export.ts';
import { as, createTestApp, members, signIn, type TestApp } from './harness.ts';

/**
 * How the server fails: unhandled errors are logged with their statement but never the values
 * bound to it (personal data), and an export never answers 200 with a file that looks complete
 * when it failed.
 */
const SECRET = 'jane.doe.secret@example.com';

let t: TestApp;
let demoToken: string;
const logLines: string[] = [];
const logged = () => logLines.join('');

/** Test-only routes, registered before the app starts, running real statements through the data layer. */
function addProbeRoutes(app: FastifyInstance) {
  const s = app.services;
  const anonymous = { anonymous: true };
  // PostgreSQL quotes the value in the message: invalid input syntax for type integer: "…"
  app.get('/api/test-failures/cast', { config: anonymous }, () =>
    s.data.unscoped((tx) => tx.execute(sql`select ${SECRET}::int as n`)),
  );
  // … and in `where` for jsonb: JSON data, line 1: …
  app.get('/api/test-failures/jsonb', { config: anonymous }, () =>
    s.data.unscoped((tx) => tx.execute(sql`select ${`{"mail":"${SECRET}\\u0000"}`}::jsonb as j`)),
  );
  // … and in `detail` for a unique violation: Key (mail)=(…) already exists (answered 409, below).
  app.get('/api/test-failures/unique', { config: anonymous }, () =>
    s.data.unscoped(async (tx) => {
      await tx.execute(sql`create temp table probe_mails (mail text primary key) on commit drop`);
      await tx.execute(sql`insert into probe_mails values (${SECRET})`);
      await tx.execute(sql`insert into probe_mails values (${SECRET})`);
    }),
  );

  type Row = { mail: string; n: number };
  const columns = [
    { header: 'Mail', value: (r: Row) => r.mail },
    { header: 'N', value: (r: Row) => r.n },
  ];
  // The first batch is sent, then the next read fails in the database.
  app.get('/api/test-failures/export-late', { config: anonymous }, (_req, reply) =>
    sendXlsx(
      reply,
      'late.xlsx',
      'Late',
      columns,
      (async function* () {
        yield Array.from({ length: 5000 }, (_, n) => ({ mail: `${n}.${SECRET}`, n }));
        await sleep(100); // the first bytes are on their way
        await s.data.unscoped((tx) => tx.execute(sql`select ${SECRET}::int`));
      })(),
    ),
  );
  // The first read fails: nothing has been sent yet.
  app.get('/api/test-failures/export-early', { config: anonymous }, (_req, reply) =>
    sendXlsx(
      reply,
      'early.xlsx',
      'Early',
      columns,
      (async function* () {
        yield (await s.data.unscoped((tx) => tx.execute(sql`select ${SECRET}::int`))) as never;
      })(),
    ),
  );
}

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line: string) => logLines.push(line) } });
  addProbeRoutes(t.app);
  demoToken = (await signIn(t.app, { tenant: 'demo' })).access_token;
});
afterAll(() => t.close());
beforeEach(() => {
  logLines.length = 0;
});

describe('unhandled errors in the log', () => {
  for (const probe of ['cast', 'jsonb']) {
    it(`keep the statement and drop the values bound to it (${probe})`, async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/test-failures/${probe}` });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).toBe('对不起,在处理您的请求期间产生了一个服务器内部错误!');
      const log = logged();
      expect(log).toContain('unhandled error');
      expect(log).toMatch(/select \$1::/);
      expect(log).not.toContain('jane.doe');
      expect(log).toMatch(/"code":"(22P02|22P05)"/);
    });
  }
});

describe('a value taken by a concurrent writer', () => {
  it('is a 409 saying so, whatever the module, never a 500, and names no value', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test-failures/unique',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'ValueTaken' });
    expect(res.json().error.message).toMatch(/taken by someone else/);
    expect(res.body).not.toContain('jane.doe');
  });

  it('leaves exactly one of several simultaneous creations of one role name; the others get a 4xx', async () => {
    const create = () =>
      as(t.app, demoToken)({ method: 'POST', url: '/api/identity/roles', payload: { name: 'same-time' } });
    const answers = await Promise.all(Array.from({ length: 6 }, create));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 400 || s === 409)).toBe(true);
  });
});

describe('exports', () => {
  it('refuse bad input before the first byte: the error envelope, never a 200 cut short', async () => {
    const res = await as(t.app, demoToken)({ method: 'GET', url: '/api/identity/users/export?filter=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(members(res)).toEqual(['filter']);
    const sorted = await as(t.app, demoToken)({ method: 'GET', url: '/api/identity/users/export?sorting=password' });
    expect(sorted.statusCode).toBe(400);
    expect(members(sorted)).toEqual(['sorting']);
  });

  it('a users export is a complete workbook', async () => {
    const res = await as(t.app, demoToken)({ method: 'GET', url: '/api/identity/users/export?filter=admin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.xlsx"/i);
    const body = res.rawPayload;
    expect(body.subarray(0, 2).toString()).toBe('PK');
    // the end-of-central-directory record closes a complete zip
    expect(body.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBeGreaterThan(body.length - 100);
  });

  it('whose first read fails answer with the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-failures/export-early' });
    expect(res.statusCode).toBe(500);
    expect(res.headers._abperrorformat).toBe('true');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(logged()).not.toContain('jane.doe');
  });

  it('that fail after the first byte abort the response and log the failure without personal data', async () => {
    await expect(t.app.inject({ method: 'GET', url: '/api/test-failures/export-late' })).rejects.toThrow(
      /destroyed|aborted|closed/i,
    );
    await sleep(50);
    const log = logged();
    expect(log).toContain('export failed after its first batch');
    expect(log).toContain('"rows":5000');
    expect(log).not.toContain('jane.doe');
    // the server carries on
    const after = await as(t.app, demoToken)({ method: 'GET', url: '/api/identity/users/export' });
    expect(after.statusCode).toBe(200);
  });
});

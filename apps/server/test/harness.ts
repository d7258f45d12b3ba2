import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { CurrentTenant } from '../src/core/context.ts';
import type { ModuleDefinition } from '../src/core/module.ts';
import type { Services } from '../src/core/services.ts';
import { openProductDatabase } from '../src/database.ts';
import { ensureTenant } from '../src/modules/tenants/service.ts';
import { seedAll } from '../src/seed.ts';

/**
 * A fresh, seeded application per test file: PGlite in memory by default, or a new
 * PostgreSQL database when TEST_DATABASE_URL is set (dropped again on close).
 */
export interface TestApp {
  app: FastifyInstance;
  services: Services;
  demo: CurrentTenant;
  /** A second tenant, for isolation tests. */
  other: CurrentTenant;
  close(): Promise<void>;
}

export const ADMIN_PASSWORD = '1q2w3E*';

export async function createTestApp(
  env: Record<string, string> = {},
  opts: { logStream?: DestinationStream; modules?: readonly ModuleDefinition[] } = {},
): Promise<TestApp> {
  // a custom module set seeds differently: it starts from an empty database
  const template = opts.modules ? undefined : await seededTemplate(env);
  const { url, drop: dropDatabase } = await freshDatabase(template?.database);
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_CRON: 'false', ...env }),
    databaseUrl: url,
  };
  let database: Awaited<ReturnType<typeof openProductDatabase>> | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let other: CurrentTenant;
  try {
    database = await openProductDatabase({ url, poolSize: 5, loadDataDir: template?.dump });
    app = await buildApp(config, database, { logStream: opts.logStream, modules: opts.modules });
    // on a copy of the seeded template these find everything there and add nothing
    await seedAll(app.services, { demo: true });
    other = await ensureTenant(app.services, 'other');
    await app.services.seedTenant(other);
  } catch (err) {
    // a failing start must not leave its database behind
    await app?.close();
    await database?.close();
    await dropDatabase();
    throw err;
  }
  const demo = (await app.services.tenants.find('demo'))!;
  return {
    app,
    services: app.services,
    demo,
    other,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/**
 * Migrating and seeding took most of a test file's start (tens of seconds on PGlite), so it is done
 * once: a database migrated and seeded (demo and `other`, no job run) is kept as a template — a
 * PostgreSQL template database, or a PGlite data-folder dump in the temp folder — and each test
 * app starts from a copy. The template's name carries a fingerprint of the server's and the
 * contracts' sources and migrations (paths, sizes, times), the day, the secrets key file and the
 * env that could change a seed, so any change builds a new one; templates of earlier days are dropped.
 */
async function seededTemplate(env: Record<string, string>): Promise<{ database?: string; dump?: Blob }> {
  const { JOBS_WORKER: _worker, LOG_LEVEL: _level, ...seedEnv } = env;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env, JOBS_WORKER: 'false' });
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const key = createHash('sha256')
    .update(sourceFingerprint())
    .update(JSON.stringify(Object.entries(seedEnv).sort()))
    .update(fileStamp(join(config.dataDir, 'secrets.key')))
    .digest('hex')
    .slice(0, 16);
  const name = `seller_tpl_${day}_${key}`;
  const build = async (url: string | undefined) => {
    const database = await openProductDatabase({ url, poolSize: 2 });
    const app = await buildApp({ ...config, databaseUrl: url }, database, {});
    try {
      await seedAll(app.services, { demo: true });
      await app.services.seedTenant(await ensureTenant(app.services, 'other'));
    } finally {
      await app.close();
    }
    return database;
  };

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const file = join(tmpdir(), `${name}.tar.gz`);
    if (!existsSync(file)) {
      const database = await build(undefined);
      try {
        const dump = await database.pglite!.dumpDataDir('gzip');
        // written aside, then renamed: a parallel worker reads a whole dump or none
        const aside = `${file}.${randomBytes(4).toString('hex')}`;
        writeFileSync(aside, Buffer.from(await dump.arrayBuffer()));
        renameSync(aside, file);
      } finally {
        await database.close();
      }
    }
    return { dump: new Blob([readFileSync(file)]) };
  }

  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    // one builder at a time; the others find it built
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) {
      const building = `${name}_b${randomBytes(3).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const u = new URL(baseUrl);
      u.pathname = `/${building}`;
      await (await build(u.toString())).close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      const old = await admin.query(
        `select datname from pg_database where datname like 'seller_tpl_%' and datname < $1`,
        [`seller_tpl_${day}`],
      );
      for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
  } finally {
    await admin.end();
  }
  return { database: name };
}

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const sourceRoots = [
  join(serverRoot, 'src'),
  join(serverRoot, 'drizzle'),
  join(serverRoot, '../../packages/contracts/src'),
];

/** Paths, sizes and modification times of every file the schema and the seeds come from. */
function sourceFingerprint(): string {
  const lines: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else lines.push(`${path}:${fileStamp(path)}`);
    }
  };
  for (const root of sourceRoots) walk(root);
  return lines.sort().join('\n');
}

const fileStamp = (path: string) => {
  try {
    const s = statSync(path);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return 'none';
  }
};

/**
 * A new, empty PostgreSQL database when TEST_DATABASE_URL is set (its URL, and how to drop it);
 * otherwise no URL: the caller opens an in-memory PGlite.
 */
export async function freshDatabase(template?: string): Promise<{ url?: string; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return { drop: async () => {} };
  const name = `seller_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Signs in through `/connect/token` (password grant, client `web-admin`). */
export async function signIn(
  app: FastifyInstance,
  opts: { tenant?: string | null; username?: string; password?: string } = {},
): Promise<{ access_token: string; refresh_token: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(opts.tenant ? { __tenant: opts.tenant } : {}) },
    payload: new URLSearchParams({
      grant_type: 'password',
      client_id: 'web-admin',
      username: opts.username ?? 'admin',
      password: opts.password ?? ADMIN_PASSWORD,
      scope: 'openid profile email phone roles offline_access',
    }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A test app with the access tokens of demo's administrator (`tenant`) and the host's (`host`). */
export interface SignedInTestApp extends TestApp {
  tokens: Record<'tenant' | 'host', string>;
}

/** `createTestApp`, then both administrators signed in: for sweeps that call routes of either side. */
export async function createSignedInTestApp(): Promise<SignedInTestApp> {
  const t = await createTestApp();
  const tenant = (await signIn(t.app, { tenant: 'demo' })).access_token;
  const host = (await signIn(t.app)).access_token;
  return { ...t, tokens: { tenant, host } };
}

/** An answer of `app.inject` (what `as(…)` calls resolve to). */
export type InjectedResponse = Awaited<ReturnType<FastifyInstance['inject']>>;

/** `app.inject` with a bearer token and JSON in/out. */
export function as(app: FastifyInstance, token: string | null, culture = 'en') {
  return (opts: InjectOptions) =>
    app.inject({
      ...opts,
      headers: {
        'accept-language': culture,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(opts.headers ?? {}),
      },
    });
}

/**
 * An update refused with a stale concurrency stamp (409), then taken with the row's own `stamp`
 * (200): `put` sends the change with the stamp it is given. The accepted answer.
 */
export async function expectStampChecked<R extends { statusCode: number; body: string }>(
  put: (concurrencyStamp: string) => Promise<R>,
  stamp: string,
): Promise<R> {
  expect((await put('f'.repeat(32))).statusCode).toBe(409);
  const updated = await put(stamp);
  expect(updated.statusCode, updated.body).toBe(200);
  return updated;
}

/** The `members` of a 400's validation errors: which fields were refused. */
export const members = (res: { json(): unknown }): string[] =>
  (res.json() as { error: { validationErrors: { members: string[] }[] } }).error.validationErrors.flatMap(
    (v) => v.members,
  );

/** Each sheet of a workbook by name, its rows as cell values (without ExcelJS's empty cell 0). */
export async function xlsxSheets(file: Buffer): Promise<{ name: string; rows: unknown[][] }[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  return book.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: sheet.name, rows };
  });
}

/** The rows of a workbook's first sheet, each cut to its first `columns` cells when given. */
export async function xlsxRows(file: Buffer, columns?: number): Promise<unknown[][]> {
  return (await xlsxSheets(file))[0].rows.map((row) => row.slice(0, columns));
}

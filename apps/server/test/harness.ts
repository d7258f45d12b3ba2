import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
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
  const baseUrl = process.env.TEST_DATABASE_URL;
  let url: string | undefined;
  let dropDatabase = async () => {};
  if (baseUrl) {
    const name = `seller_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }), databaseUrl: url };
  let database: Awaited<ReturnType<typeof openProductDatabase>> | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let other: CurrentTenant;
  try {
    database = await openProductDatabase({ url, poolSize: 5 });
    app = await buildApp(config, database, { logStream: opts.logStream, modules: opts.modules });
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

/** The `members` of a 400's validation errors: which fields were refused. */
export const members = (res: { json(): unknown }): string[] =>
  (res.json() as { error: { validationErrors: { members: string[] }[] } }).error.validationErrors.flatMap(
    (v) => v.members,
  );

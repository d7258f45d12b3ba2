/**
 * Every access token of a user belongs to a session recorded when it is issued, and revoking
 * the user ends all of that user's sessions: tokens issued without a refresh token and
 * impersonation tokens included, across a restart and across processes. Plus the checks every
 * bearer token passes: signature, expiry, issuer, audience and session.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, importJWK, type JWTPayload, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { CurrentTenant } from '../../core/context.ts';
import { openProductDatabase } from '../../database.ts';
import { seedAll } from '../../seed.ts';
import { createUser as createPhoneUser } from '../identity/test-support.ts';
import { createUser, token as fullSignIn, TEST_PASSWORD, userIdOf } from '../permission-management/test-support.ts';
import { signingKeys } from './schema.ts';
import { tokenServer } from './token-server.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A password sign-in WITHOUT offline_access: an access token and no refresh token. */
async function accessOnly(
  app: FastifyInstance,
  tenant: string | null,
  username: string,
  password = username === 'admin' ? ADMIN_PASSWORD : TEST_PASSWORD,
  headers: Record<string, string> = {},
): Promise<string> {
  app.services.rateLimiter.reset();
  const res = await app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { ...FORM, ...(tenant ? { __tenant: tenant } : {}), ...headers },
    payload: new URLSearchParams({
      grant_type: 'password',
      client_id: 'web-admin',
      username,
      password,
      scope: 'openid profile roles',
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().refresh_token).toBeUndefined();
  return res.json().access_token;
}

const listUsers = (app: FastifyInstance, tok: string, headers: Record<string, string> = {}) =>
  as(app, tok)({ method: 'GET', url: '/api/identity/users', headers });
const createRole = (app: FastifyInstance, tok: string) =>
  as(app, tok)({ method: 'POST', url: '/api/identity/roles', payload: { name: `r${randomBytes(4).toString('hex')}` } });

/** Impersonates `userId` with `tok` (an administrator's token); the impersonation access token. */
async function impersonate(app: FastifyInstance, tok: string, userId: string): Promise<string> {
  const res = await as(app, tok)({ method: 'POST', url: '/api/identity/impersonation/get-token', payload: { userId } });
  expect(res.statusCode, res.body).toBe(200);
  const redeemed = await as(app, null)({ method: 'GET', url: `/api/impersonation/${res.json().token}/access-token` });
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  return redeemed.json().accessToken;
}

/** Ends an impersonation the way the web app does: get-back-token, then redeeming it. */
async function endImpersonation(app: FastifyInstance, impersonated: string) {
  const claims = decodeJwt(impersonated);
  const back = await as(
    app,
    impersonated,
  )({
    method: 'GET',
    url: `/api/identity/impersonation/get-back-token/${claims.impersonator_userid}`,
  });
  expect(back.statusCode, back.body).toBe(200);
  const home = await as(app, null)({ method: 'GET', url: `/api/impersonation/${back.json().token}/access-token` });
  expect(home.statusCode, home.body).toBe(200);
}

function signOut(app: FastifyInstance, tok: string, url = '/connect/revocation') {
  return app.inject({
    method: 'POST',
    url,
    headers: FORM,
    payload: new URLSearchParams({ token: tok, token_type_hint: 'access_token', client_id: 'web-admin' }).toString(),
  });
}

/** The administrator's update body for a user, from its current state. */
async function userBody(app: FastifyInstance, admin: string, id: string, change: Record<string, unknown>) {
  const u = (await as(app, admin)({ method: 'GET', url: `/api/identity/users/${id}` })).json();
  return {
    userName: u.userName,
    email: u.email,
    isActive: u.isActive,
    lockoutEnabled: u.lockoutEnabled,
    concurrencyStamp: u.concurrencyStamp,
    ...change,
  };
}

describe('revoking a user ends every session of the user', () => {
  let t: TestApp;
  let demoAdmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    demoAdmin = await fullSignIn(t.app, 'demo');
  });
  afterAll(() => t.close());

  /** The administrator's edit of user `id`: its current body with `change`. */
  const updateUser = async (id: string, change: Record<string, unknown>) =>
    as(
      t.app,
      demoAdmin,
    )({
      method: 'PUT',
      url: `/api/identity/users/${id}`,
      payload: await userBody(t.app, demoAdmin, id, change),
    });
  const revocations: [string, (id: string) => Promise<{ statusCode: number; body: string }>][] = [
    ['deleted', (id) => as(t.app, demoAdmin)({ method: 'DELETE', url: `/api/identity/users/${id}` })],
    ['locked', (id) => as(t.app, demoAdmin)({ method: 'PUT', url: `/api/identity/users/${id}/lock/3600` })],
    ['deactivated', (id) => updateUser(id, { isActive: false })],
    ['given a new password by an administrator', (id) => updateUser(id, { password: 'Other1q2w3E*' })],
  ];

  it.each(revocations)('a token without a refresh token is refused once its user is %s', async (what, revoke) => {
    const userName = `admin-${what.split(' ')[0]}`;
    const id = await createUser(t.services, t.demo, userName, ['admin']);
    const tok = await accessOnly(t.app, 'demo', userName);
    expect((await listUsers(t.app, tok)).statusCode).toBe(200);

    const res = await revoke(id);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await listUsers(t.app, tok)).statusCode).toBe(401);
    expect((await createRole(t.app, tok)).statusCode).toBe(401);
  });

  it.each(revocations)('an impersonation token is refused once the impersonated user is %s', async (what, revoke) => {
    const id = await createUser(t.services, t.demo, `acted-${what.split(' ')[0]}`, ['admin']);
    const tok = await impersonate(t.app, demoAdmin, id);
    expect((await listUsers(t.app, tok)).statusCode).toBe(200);

    expect((await revoke(id)).statusCode).toBeLessThan(300);
    expect((await listUsers(t.app, tok)).statusCode).toBe(401);
    expect((await createRole(t.app, tok)).statusCode).toBe(401);
  });

  it.each(revocations)('an impersonation token is refused once the impersonator is %s', async (what, revoke) => {
    const bossName = `boss-${what.split(' ')[0]}`;
    const bossId = await createUser(t.services, t.demo, bossName, ['admin']);
    const workerId = await createUser(t.services, t.demo, `worker-${what.split(' ')[0]}`, ['admin']);
    const tok = await impersonate(t.app, await accessOnly(t.app, 'demo', bossName), workerId);
    expect((await listUsers(t.app, tok)).statusCode).toBe(200);

    expect((await revoke(bossId)).statusCode).toBeLessThan(300);
    expect((await listUsers(t.app, tok)).statusCode).toBe(401);
  });

  it('signing out with the access token ends that session, not the user’s other ones', async () => {
    await createUser(t.services, t.demo, 'leaver', ['admin']);
    for (const url of ['/connect/revocation', '/connect/revocat']) {
      const tok = await accessOnly(t.app, 'demo', 'leaver');
      const otherDevice = await accessOnly(t.app, 'demo', 'leaver');
      expect((await listUsers(t.app, tok)).statusCode).toBe(200);
      expect((await signOut(t.app, tok, url)).statusCode).toBe(200);
      expect((await listUsers(t.app, tok)).statusCode).toBe(401);
      expect((await listUsers(t.app, otherDevice)).statusCode).toBe(200);
    }
  });

  it('ending an impersonation refuses its token', async () => {
    const id = await createUser(t.services, t.demo, 'visited', ['admin']);
    const tok = await impersonate(t.app, demoAdmin, id);
    await endImpersonation(t.app, tok);
    expect((await listUsers(t.app, tok)).statusCode).toBe(401);
  });

  it('changing one’s own password ends the other sessions and keeps the current one', async () => {
    await createUser(t.services, t.demo, 'changer', ['admin']);
    const here = await accessOnly(t.app, 'demo', 'changer');
    const elsewhere = await accessOnly(t.app, 'demo', 'changer');
    const res = await as(
      t.app,
      here,
    )({
      method: 'POST',
      url: '/api/identity/my-profile/change-password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Changed1q2w3E*' },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await listUsers(t.app, elsewhere)).statusCode).toBe(401);
    expect((await listUsers(t.app, here)).statusCode).toBe(200);
  });

  it('resetting one’s password by phone ends every session', async () => {
    const phoneNumber = '13700000042';
    await createPhoneUser(t.services, t.demo, {
      userName: 'resetter',
      password: TEST_PASSWORD,
      phoneNumber,
      roles: ['admin'],
    });
    const tok = await accessOnly(t.app, 'demo', 'resetter');
    expect((await listUsers(t.app, tok)).statusCode).toBe(200);
    const account = (url: string, payload: object) =>
      t.app.inject({
        method: url.startsWith('send') ? 'POST' : 'PUT',
        url: `/api/account/phone/${url}`,
        payload,
        headers: { __tenant: 'demo' },
      });
    expect((await account('send-password-reset-code', { phoneNumber })).statusCode).toBe(204);
    const inbox = await t.app.inject({ method: 'GET', url: `/api/account/phone/dev-inbox?phoneNumber=${phoneNumber}` });
    const [message] = inbox.json().items as { code: string }[];
    const reset = await account('reset-password', { phoneNumber, newPassword: 'Reset1q2w3E*', code: message.code });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await listUsers(t.app, tok)).statusCode).toBe(401);
  });

  it('refuses a user token without a session', async () => {
    const tok = await accessOnly(t.app, 'demo', 'admin');
    const { iat: _iat, exp: _exp, jti: _jti, iss, aud, ...claims } = decodeJwt(tok);
    const sign = (c: JWTPayload) =>
      tokenServer(t.services).keys.sign(c, { issuer: String(iss), audience: aud as string, expiresInSeconds: 600 });
    // the same claims signed again are accepted: only the missing session_id differs
    expect((await listUsers(t.app, await sign(claims))).statusCode).toBe(200);
    const { session_id: _session, ...sessionless } = claims;
    expect((await listUsers(t.app, await sign(sessionless))).statusCode).toBe(401);
  });
});

/** Signs with the server's real private key (from the database), with any iss/aud/exp. */
async function signRaw(services: TestApp['services'], claims: JWTPayload, exp: number | null) {
  const [row] = await services.data.unscoped((tx) =>
    tx
      .select()
      .from(signingKeys)
      .where(eq(signingKeys.kid, tokenServer(services).keys.kid)),
  );
  const key = await importJWK(JSON.parse(row.privateJwk), 'RS256');
  const { exp: _exp, ...rest } = claims;
  const jwt = new SignJWT(rest).setProtectedHeader({ alg: 'RS256', kid: row.kid, typ: 'at+jwt' }).setIssuedAt();
  if (exp !== null) jwt.setExpirationTime(exp);
  return jwt.sign(key);
}

describe('token checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a token with a wrong issuer, a wrong audience or no expiry', async () => {
    const claims = decodeJwt(await accessOnly(t.app, null, 'admin'));
    expect(claims.aud).toBe('seller-api');
    const exp = claims.exp!;
    // the control: the real claims signed again this way are accepted
    expect((await listUsers(t.app, await signRaw(t.services, claims, exp))).statusCode).toBe(200);

    const refused = async (c: JWTPayload, e: number | null) =>
      expect((await listUsers(t.app, await signRaw(t.services, c, e))).statusCode).toBe(401);
    await refused({ ...claims, iss: 'https://evil.example' }, exp);
    await refused({ ...claims, iss: undefined }, exp);
    await refused({ ...claims, aud: 'other-api' }, exp);
    await refused({ ...claims, aud: undefined }, exp);
    await refused(claims, null);
    await refused(claims, Math.floor(Date.now() / 1000) - 5);
  });

  it('a client token is for this server’s API resource only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: FORM,
      payload: 'grant_type=client_credentials&client_id=seller-service&client_secret=1q2w3e*&scope=seller-api',
    });
    const claims = decodeJwt(res.json().access_token);
    const call = async (c: JWTPayload) =>
      (
        await as(
          t.app,
          await signRaw(t.services, c, claims.exp!),
        )({ method: 'GET', url: '/api/abp/application-configuration' })
      ).statusCode;
    expect(await call(claims)).toBe(200);
    expect(await call({ ...claims, aud: ['other-api', 'seller-api'] })).toBe(200);
    expect(await call({ ...claims, aud: ['other-api'] })).toBe(401);
  });

  it('without ISSUER, a token is good at the origin it was issued for (and loopback names)', async () => {
    t.services.rateLimiter.reset();
    const tok = await accessOnly(t.app, null, 'admin', ADMIN_PASSWORD, { host: 'admin.example.test' });
    expect(decodeJwt(tok).iss).toBe('http://admin.example.test');
    expect((await listUsers(t.app, tok, { host: 'admin.example.test' })).statusCode).toBe(200);
    expect((await listUsers(t.app, tok, { host: 'evil.example' })).statusCode).toBe(401);
    expect((await listUsers(t.app, tok)).statusCode).toBe(401);

    // a developer's machine answers under several loopback names (dev proxy, tests, the live hub)
    const local = await accessOnly(t.app, null, 'admin');
    expect(decodeJwt(local).iss).toBe('http://localhost:80');
    expect((await listUsers(t.app, local, { host: '127.0.0.1:9527' })).statusCode).toBe(200);
  });
});

describe('in production', () => {
  it('refuses to start without ISSUER', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ISSUER/);
    expect(() => loadConfig({ NODE_ENV: 'production', ISSUER: 'not a url' })).toThrow(/ISSUER/);
  });

  it('takes the issuer from ISSUER, never from the Host header', async () => {
    // production also asks for the key of secrets at rest
    const t = await createTestApp({
      NODE_ENV: 'production',
      ISSUER: 'https://admin.example.com/',
      SECRETS_KEY: randomBytes(32).toString('base64'),
    });
    try {
      const doc = await t.app.inject({
        method: 'GET',
        url: '/.well-known/openid-configuration',
        headers: { host: 'evil.example' },
      });
      expect(doc.json()).toMatchObject({
        issuer: 'https://admin.example.com',
        token_endpoint: 'https://admin.example.com/connect/token',
        jwks_uri: 'https://admin.example.com/.well-known/jwks',
      });
      const tok = await accessOnly(t.app, null, 'admin', ADMIN_PASSWORD, { host: 'evil.example' });
      const claims = decodeJwt(tok);
      expect(claims.iss).toBe('https://admin.example.com');
      // behind the proxy the Host may be anything: the configured issuer is what counts
      expect((await listUsers(t.app, tok, { host: 'internal:9527' })).statusCode).toBe(200);
      const local = await signRaw(t.services, { ...claims, iss: 'http://localhost:80' }, claims.exp!);
      expect((await listUsers(t.app, local)).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

/** A database that outlives the apps built on it: PostgreSQL when configured, else a PGlite folder. */
async function lastingDatabase() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const dir = mkdtempSync(join(tmpdir(), 'seller-sessions-'));
    return {
      open: () => openProductDatabase({ dir }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `seller_sessions_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
  return {
    url,
    open: () => openProductDatabase({ url, poolSize: 3 }),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function startApp(database: Awaited<ReturnType<typeof openProductDatabase>>, env: Record<string, string> = {}) {
  const app = await buildApp({ ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }) }, database);
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe('revocations outlive a restart', () => {
  it('a second app on the same database refuses what the first revoked', async () => {
    const db = await lastingDatabase();
    try {
      const first = await startApp(await db.open());
      await seedAll(first.app.services, { demo: false });
      const s = first.app.services;
      const hostAdmin = await accessOnly(first.app, null, 'admin');
      const goneId = await createUser(s, null, 'gone', ['admin']);
      const gone = await accessOnly(first.app, null, 'gone');
      const visitedId = await createUser(s, null, 'visited', ['admin']);
      const visit = await impersonate(first.app, hostAdmin, visitedId);
      const left = await accessOnly(first.app, null, 'visited');

      expect(
        (await as(first.app, hostAdmin)({ method: 'DELETE', url: `/api/identity/users/${goneId}` })).statusCode,
      ).toBe(204);
      await endImpersonation(first.app, visit);
      expect((await signOut(first.app, left)).statusCode).toBe(200);
      await first.close();

      const second = await startApp(await db.open());
      try {
        expect((await listUsers(second.app, hostAdmin)).statusCode).toBe(200);
        expect((await listUsers(second.app, gone)).statusCode).toBe(401);
        expect((await listUsers(second.app, visit)).statusCode).toBe(401);
        expect((await listUsers(second.app, left)).statusCode).toBe(401);
      } finally {
        await second.close();
      }
    } finally {
      await db.drop();
    }
  }, 60_000);
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!process.env.TEST_DATABASE_URL || !redisUrl)('two processes on one database and one Redis', () => {
  let db: Awaited<ReturnType<typeof lastingDatabase>>;
  let a: Awaited<ReturnType<typeof startApp>>;
  let b: Awaited<ReturnType<typeof startApp>>;
  let demo: CurrentTenant;
  let adminA: string;

  beforeAll(async () => {
    db = await lastingDatabase();
    a = await startApp(await db.open(), { REDIS_URL: redisUrl! });
    await seedAll(a.app.services, { demo: true });
    b = await startApp(await db.open(), { REDIS_URL: redisUrl! });
    demo = (await a.app.services.tenants.find('demo'))!;
    adminA = await fullSignIn(a.app, 'demo');
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('a user deleted through one is refused at once by the other', async () => {
    const id = await createUser(a.app.services, demo, 'roamer', ['admin']);
    const tok = await accessOnly(a.app, 'demo', 'roamer');
    const imp = await impersonate(a.app, adminA, await userIdOf(a.app.services, demo, 'roamer'));
    expect((await listUsers(b.app, tok)).statusCode).toBe(200);
    expect((await listUsers(b.app, imp)).statusCode).toBe(200);

    expect((await as(a.app, adminA)({ method: 'DELETE', url: `/api/identity/users/${id}` })).statusCode).toBe(204);
    expect((await listUsers(b.app, tok)).statusCode).toBe(401);
    expect((await listUsers(b.app, imp)).statusCode).toBe(401);
    expect((await listUsers(a.app, tok)).statusCode).toBe(401);
  });

  it('a sign-out through one is refused at once by the other, and by itself', async () => {
    const tok = await accessOnly(a.app, 'demo', 'admin');
    expect((await listUsers(a.app, tok)).statusCode).toBe(200);
    expect((await signOut(b.app, tok)).statusCode).toBe(200);
    expect((await listUsers(a.app, tok)).statusCode).toBe(401);
    expect((await listUsers(b.app, tok)).statusCode).toBe(401);
  });
});

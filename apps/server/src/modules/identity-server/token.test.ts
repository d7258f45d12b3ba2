import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, as, createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { createUser, findUser, securityLogRows, updateUser } from '../identity/test-support.ts';
import { tenants } from '../tenants/schema.ts';
import { ensureTenant } from '../tenants/service.ts';
import { REFRESH_REUSE_GRACE_MS, refreshTokens } from './schema.ts';
import { tokenServer } from './token-server.ts';
import { hashToken } from './tokens.ts';

let t: TestApp;
const PASSWORD = 'Passw0rd!';

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }); // the rate-limit test plays clients behind a proxy
  await createUser(t.services, t.demo, { userName: 'alice', email: 'alice@demo.test', password: PASSWORD });
});
afterAll(() => t.close());
beforeEach(() => t.services.rateLimiter.reset());

type Form = Record<string, string>;

function post(url: string, form: Form, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}

const token = (form: Form, headers: Record<string, string> = {}) => post('/connect/token', form, headers);

const password = (username: string, pwd: string, extra: Form = {}) => ({
  grant_type: 'password',
  client_id: 'web-admin',
  username,
  password: pwd,
  scope: 'openid profile roles offline_access',
  ...extra,
});

const demo = { __tenant: 'demo' };

describe('password grant', () => {
  it('signs in on the host with the contract claims', async () => {
    const res = await token(password('admin', ADMIN_PASSWORD));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid profile roles offline_access',
    });
    expect(body.refresh_token).toMatch(/^[\w-]{43}$/);
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ preferred_username: 'admin', client_id: 'web-admin', role: ['admin'] });
    expect(claims.tenantid).toBeUndefined();
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.iss).toBe('http://localhost:80');
  });

  it('signs in inside a tenant by user name or e-mail, and by host name', async () => {
    for (const username of ['alice', 'ALICE@demo.test']) {
      const res = await token(password(username, PASSWORD), demo);
      expect(res.statusCode).toBe(200);
      const claims = decodeJwt(res.json().access_token);
      expect(claims).toMatchObject({ preferred_username: 'alice', tenantid: t.demo.id, email: 'alice@demo.test' });
    }
    const byHost = await token(password('alice', PASSWORD), { host: 'demo.localhost' });
    expect(byHost.statusCode).toBe(200);
    expect(decodeJwt(byHost.json().access_token).tenantid).toBe(t.demo.id);
  });

  it('refuses a wrong password in en and zh-Hans and logs it in the tenant', async () => {
    const en = await token(password('alice', 'wrong'), demo);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid username or password!' });
    const zh = await token(password('nobody', 'wrong'), { ...demo, 'accept-language': 'zh-Hans' });
    expect(zh.json()).toEqual({ error: 'invalid_grant', error_description: '用户名或密码错误!' });
    const rows = await securityLogRows(t.services, t.demo);
    expect(rows.some((r) => r.action === 'LoginInvalidUserNameOrPassword' && r.userName === 'alice')).toBe(true);
    expect(rows.some((r) => r.action === 'LoginInvalidUserName' && r.userName === 'nobody')).toBe(true);
    expect(rows.some((r) => r.action === 'LoginSucceeded' && r.clientId === 'web-admin')).toBe(true);
    const hostRows = await securityLogRows(t.services, null);
    expect(hostRows.some((r) => r.userName === 'alice')).toBe(false);
  });

  it('locks the account after 5 failures, for 5 minutes, and resets on success', async () => {
    const user = await createUser(t.services, t.demo, { userName: 'locky', password: PASSWORD });
    for (let i = 1; i <= 4; i++) {
      const res = await token(password('locky', 'bad'), demo);
      expect(res.json().error_description).toBe('Invalid username or password!');
    }
    const fifth = await token(password('locky', 'bad'), demo);
    expect(fifth.json().error_description).toMatch(/locked out due to invalid login attempts/);
    const right = await token(password('locky', PASSWORD), { ...demo, 'accept-language': 'zh-Hans' });
    expect(right.statusCode).toBe(400);
    expect(right.json().error_description).toBe('由于多次登录失败，用户帐户已被锁定，请稍后再试。');
    const locked = await findUser(t.services, t.demo, 'locky');
    const minutes = (locked!.lockoutEnd!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4.9);
    expect(minutes).toBeLessThanOrEqual(5);
    expect((await securityLogRows(t.services, t.demo, 'LoginLockedout')).length).toBeGreaterThanOrEqual(2);

    await updateUser(t.services, t.demo, user.id, { lockoutEnd: new Date(Date.now() - 1000), accessFailedCount: 3 });
    expect((await token(password('locky', PASSWORD), demo)).statusCode).toBe(200);
    expect((await findUser(t.services, t.demo, 'locky'))!.accessFailedCount).toBe(0);
  });

  it('refuses an inactive user', async () => {
    await createUser(t.services, t.demo, { userName: 'sleepy', password: PASSWORD, isActive: false });
    const res = await token(password('sleepy', PASSWORD), demo);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(
      'You are not allowed to login! Your account is inactive or needs to confirm your email/phone number.',
    );
    expect((await securityLogRows(t.services, t.demo, 'LoginNotAllowed')).length).toBe(1);
  });

  it("keeps tenants apart: demo's credentials fail in tenant other, unknown tenants are 404", async () => {
    const other = await token(password('alice', PASSWORD), { __tenant: 'other' });
    expect(other.json().error).toBe('invalid_grant');
    const host = await token(password('alice', PASSWORD));
    expect(host.json().error).toBe('invalid_grant');
    const unknown = await token(password('alice', PASSWORD), { __tenant: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('the given tenant is not available (nope)');
    expect(unknown.headers['abp-tenant-resolve-error']).toBeTruthy();
  });

  it('answers OAuth errors for bad requests', async () => {
    const noGrant = await token({ client_id: 'web-admin' });
    expect(noGrant.json()).toMatchObject({ error: 'invalid_request' });
    const weird = await token({ grant_type: 'authorization_code', client_id: 'web-admin' });
    expect(weird.statusCode).toBe(400);
    expect(weird.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const noClient = await token({ ...password('admin', ADMIN_PASSWORD), client_id: 'nope' });
    expect(noClient.statusCode).toBe(401);
    expect(noClient.json().error).toBe('invalid_client');
    const scope = await token(password('admin', ADMIN_PASSWORD, { scope: 'openid admin-everything' }));
    expect(scope.json()).toMatchObject({ error: 'invalid_scope' });
    expect(scope.json().error_description).toContain('admin-everything');
    const noPassword = await token({ grant_type: 'password', client_id: 'web-admin', username: 'admin' });
    expect(noPassword.json()).toMatchObject({ error: 'invalid_request' });
    const notAllowed = await token({ grant_type: 'client_credentials', client_id: 'web-admin' });
    expect(notAllowed.json()).toMatchObject({ error: 'unauthorized_client' });
  });

  it('limits sign-in attempts per account and per IP with 429', async () => {
    const ip = { ...demo, 'x-forwarded-for': '10.0.0.1' };
    for (let i = 0; i < 10; i++) expect((await token(password('ghost', 'x'), ip)).statusCode).toBe(400);
    const limited = await token(password('ghost', 'x'), { ...ip, 'accept-language': 'zh-Hans' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('您的操作过快,请稍后再试!');

    t.services.rateLimiter.reset();
    const ip2 = { ...demo, 'x-forwarded-for': '10.0.0.2' };
    for (let i = 0; i < 30; i++) expect((await token(password(`ghost${i}`, 'x'), ip2)).statusCode).toBe(400);
    expect((await token(password('alice', PASSWORD), ip2)).statusCode).toBe(429);
    expect((await token(password('alice', PASSWORD), { ...demo, 'x-forwarded-for': '10.0.0.3' })).statusCode).toBe(200);
  });
});

describe('refresh tokens', () => {
  const refresh = (refreshToken: string, headers: Record<string, string> = {}) =>
    token({ grant_type: 'refresh_token', client_id: 'web-admin', refresh_token: refreshToken }, headers);
  const userinfo = (accessToken: string) => as(t.app, accessToken)({ method: 'GET', url: '/connect/userinfo' });
  /** Moves the token server's clock `ms` ahead of the real one (instead of waiting). */
  const later = (ms: number) => {
    tokenServer(t.services).now = () => Date.now() + ms;
  };
  afterEach(() => {
    tokenServer(t.services).now = () => Date.now();
  });

  it('rotates: each refresh token works once and the session carries over', async () => {
    const first = await signIn(t.app, { tenant: 'demo' });
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const body = second.json();
    expect(body.refresh_token).not.toBe(first.refresh_token);
    const a = decodeJwt(first.access_token);
    const b = decodeJwt(body.access_token);
    expect(b.session_id).toBe(a.session_id);
    expect(b.tenantid).toBe(t.demo.id);
    expect(b.scope).toBe('openid profile email phone roles offline_access');
    expect((await userinfo(body.access_token)).statusCode).toBe(200);
    expect((await refresh(body.refresh_token)).statusCode).toBe(200);
  });

  it('five concurrent refreshes of one token all get the same pair, and the session lives on', async () => {
    const first = await signIn(t.app, { tenant: 'demo' });
    const replies = await Promise.all(Array.from({ length: 5 }, () => refresh(first.refresh_token)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const pairs = replies.map((r) => r.json());
    for (const p of pairs) {
      expect(p.access_token).toBe(pairs[0].access_token);
      expect(p.refresh_token).toBe(pairs[0].refresh_token);
    }
    expect(pairs[0].refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(pairs[0].access_token).session_id).toBe(decodeJwt(first.access_token).session_id);

    // a late tab, still within the window: the same pair again, its access token's remaining life
    later(REFRESH_REUSE_GRACE_MS - 5_000);
    const late = await refresh(first.refresh_token);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ access_token: pairs[0].access_token, refresh_token: pairs[0].refresh_token });
    expect(late.json().expires_in).toBeLessThan(pairs[0].expires_in);

    expect((await userinfo(first.access_token)).statusCode).toBe(200);
    expect((await userinfo(pairs[0].access_token)).statusCode).toBe(200);
    const next = await refresh(pairs[0].refresh_token);
    expect(next.statusCode).toBe(200);
    expect((await userinfo(next.json().access_token)).statusCode).toBe(200);
  });

  it('keeps the successor pair encrypted, and only for its window', async () => {
    const first = await signIn(t.app, { tenant: 'demo' });
    const second = (await refresh(first.refresh_token)).json();
    const kept = async () => {
      const [row] = await t.services.data.unscoped((tx) =>
        tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(first.refresh_token))),
      );
      return row!.successor;
    };
    const stored = await kept();
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(second.refresh_token);
    expect(stored).not.toContain(second.access_token.split('.')[1]);
    // the next rotation anywhere after the window clears it
    later(REFRESH_REUSE_GRACE_MS + 1_000);
    expect((await refresh(second.refresh_token)).statusCode).toBe(200);
    expect(await kept()).toBeNull();
  });

  it('a signed-out session is not answered within the window', async () => {
    const first = await signIn(t.app, { tenant: 'demo' });
    const second = (await refresh(first.refresh_token)).json();
    const signOut = await post('/connect/revocation', {
      token: second.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: 'web-admin',
    });
    expect(signOut.statusCode).toBe(200);
    expect((await refresh(first.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('a refresh token reused after the window revokes the family and its access tokens at once', async () => {
    const first = await signIn(t.app, { tenant: 'demo' });
    const second = (await refresh(first.refresh_token)).json();
    expect((await userinfo(second.access_token)).statusCode).toBe(200);

    later(REFRESH_REUSE_GRACE_MS + 1_000);
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token is invalid, revoked or expired.',
    });
    expect((await refresh(second.refresh_token)).statusCode).toBe(400);
    expect((await userinfo(second.access_token)).statusCode).toBe(401);
    expect((await userinfo(first.access_token)).statusCode).toBe(401);
    expect((await securityLogRows(t.services, t.demo, 'LoginFailed')).length).toBeGreaterThanOrEqual(1);

    const other = await signIn(t.app, { tenant: 'demo' });
    expect((await userinfo(other.access_token)).statusCode).toBe(200);
  });

  it('refuses a refresh token presented for another tenant or by another client', async () => {
    const s = await signIn(t.app, { tenant: 'demo' });
    expect((await refresh(s.refresh_token, { __tenant: 'other' })).json().error).toBe('invalid_grant');
    const asService = await token({
      grant_type: 'refresh_token',
      client_id: 'seller-service',
      client_secret: '1q2w3e*',
      refresh_token: s.refresh_token,
    });
    expect(asService.json().error).toBe('unauthorized_client');
    expect((await refresh('not-a-token')).json().error).toBe('invalid_grant');
    expect((await refresh(s.refresh_token, demo)).statusCode).toBe(200);
  });

  it('refuses refresh for a user deactivated since', async () => {
    const user = await createUser(t.services, t.demo, { userName: 'fading', password: PASSWORD });
    const s = (await token(password('fading', PASSWORD), demo)).json();
    await updateUser(t.services, t.demo, user.id, { isActive: false });
    expect((await refresh(s.refresh_token)).json().error_description).toMatch(/not allowed to login/);
  });

  it('refuses refresh once the tenant is deactivated', async () => {
    const gamma = await ensureTenant(t.services, 'gamma');
    await createUser(t.services, gamma, { userName: 'gus', password: PASSWORD });
    const s = (await token(password('gus', PASSWORD), { __tenant: 'gamma' })).json();
    await t.services.data.unscoped((tx) => tx.update(tenants).set({ isActive: false }).where(eq(tenants.id, gamma.id)));
    await t.services.tenants.invalidate();
    const res = await refresh(s.refresh_token);
    expect(res.json().error_description).toMatch(/not allowed to login/);
    expect((await refresh(s.refresh_token, { __tenant: 'gamma' })).statusCode).toBe(404);
    expect((await userinfo(s.access_token)).statusCode).toBe(401);
  });

  it('no refresh token without offline_access', async () => {
    const res = await token(password('alice', PASSWORD, { scope: 'openid profile' }), demo);
    expect(res.statusCode).toBe(200);
    expect(res.json().refresh_token).toBeUndefined();
  });
});

describe('revocation', () => {
  const refresh = (refreshToken: string) =>
    token({ grant_type: 'refresh_token', client_id: 'web-admin', refresh_token: refreshToken });
  const userinfo = (accessToken: string) => as(t.app, accessToken)({ method: 'GET', url: '/connect/userinfo' });

  it('revoking the refresh token signs the session out', async () => {
    const s = await signIn(t.app, { tenant: 'demo' });
    const res = await post('/connect/revocation', {
      token: s.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: 'web-admin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect((await refresh(s.refresh_token)).statusCode).toBe(400);
    expect((await userinfo(s.access_token)).statusCode).toBe(401);
    const logouts = await securityLogRows(t.services, t.demo, 'Logout');
    expect(logouts.some((r) => r.userName === 'admin')).toBe(true);
  });

  it('revoking the access token (alias /connect/revocat) refuses it and its refresh token', async () => {
    const s = await signIn(t.app, { tenant: 'demo' });
    const res = await post('/connect/revocat', { token: s.access_token, token_type_hint: 'access_token' });
    expect(res.statusCode).toBe(200);
    expect((await userinfo(s.access_token)).statusCode).toBe(401);
    expect((await refresh(s.refresh_token)).statusCode).toBe(400);
  });

  it('ignores unknown tokens and wants a token', async () => {
    expect((await post('/connect/revocation', { token: 'garbage' })).statusCode).toBe(200);
    expect((await post('/connect/revocation', {})).json()).toMatchObject({ error: 'invalid_request' });
    const wrongClient = await post('/connect/revocation', { token: 'x', client_id: 'nope' });
    expect(wrongClient.statusCode).toBe(401);
  });
});

describe('client_credentials', () => {
  const form = { grant_type: 'client_credentials', client_id: 'seller-service', scope: 'seller-api' };

  it('refuses a wrong or missing secret', async () => {
    expect((await token({ ...form, client_secret: 'wrong' })).statusCode).toBe(401);
    expect((await token(form)).json()).toMatchObject({ error: 'invalid_client' });
  });

  it('issues a client token (form secret or HTTP Basic) without a user', async () => {
    const res = await token({ ...form, client_secret: '1q2w3e*' }, demo);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.refresh_token).toBeUndefined();
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ client_id: 'seller-service', scope: 'seller-api', aud: 'seller-api' });
    expect(claims.tenantid).toBe(t.demo.id);
    expect(claims.sub).toBeUndefined();
    expect((await as(t.app, body.access_token)({ method: 'GET', url: '/connect/userinfo' })).statusCode).toBe(401);

    const basic = Buffer.from('seller-service:1q2w3e*').toString('base64');
    const viaBasic = await token({ grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
    expect(viaBasic.statusCode).toBe(200);
    expect(decodeJwt(viaBasic.json().access_token).tenantid).toBeUndefined();
    const offline = await token({ ...form, client_secret: '1q2w3e*', scope: 'offline_access' });
    expect(offline.json().error).toBe('invalid_scope');
  });
});

describe('userinfo and discovery', () => {
  it('answers the current user, whatever tenant the request names', async () => {
    const s = await signIn(t.app, { tenant: 'demo', username: 'alice', password: PASSWORD });
    for (const method of ['GET', 'POST'] as const) {
      const res = await as(t.app, s.access_token)({ method, url: '/connect/userinfo', headers: { __tenant: 'other' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'alice',
        tenantid: t.demo.id,
        email: 'alice@demo.test',
        email_verified: false,
        phone_number_verified: false,
        role: [],
      });
    }
    expect((await as(t.app, null)({ method: 'GET', url: '/connect/userinfo' })).statusCode).toBe(401);
    expect((await as(t.app, 'not.a.jwt')({ method: 'GET', url: '/connect/userinfo' })).statusCode).toBe(401);
  });

  it('publishes discovery and keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      issuer: 'http://localhost:80',
      token_endpoint: 'http://localhost:80/connect/token',
      jwks_uri: 'http://localhost:80/.well-known/jwks',
      id_token_signing_alg_values_supported: ['RS256'],
    });
    expect(doc.grant_types_supported).toEqual(['password', 'phone_verify', 'refresh_token', 'client_credentials']);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'roles', 'offline_access', 'seller-api']));
    const keys = (await t.app.inject({ method: 'GET', url: '/.well-known/jwks' })).json().keys;
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: tokenServer(t.services).keys.kid });
    expect(keys[0].d).toBeUndefined();
  });
});

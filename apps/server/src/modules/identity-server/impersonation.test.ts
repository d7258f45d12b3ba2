import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLogs } from '../auditing/schema.ts';
import { securityLogRows } from '../identity/test-support.ts';
import { createUser, token, userIdOf } from '../permission-management/test-support.ts';
import { impersonationTokens } from './impersonation-schema.ts';

const GET_TOKEN = '/api/identity/impersonation/get-token';
const backUrl = (id: string) => `/api/identity/impersonation/get-back-token/${id}`;
const accessUrl = (tok: string) => `/api/impersonation/${tok}/access-token`;

let t: TestApp;
let hostAdmin: string;
let demoAdmin: string;
let alice: string;
let aliceId: string;
let bobId: string;
let demoAdminId: string;
let hostAdminId: string;
let otherUserId: string;

beforeAll(async () => {
  t = await createTestApp();
  aliceId = await createUser(t.services, t.demo, 'alice');
  bobId = await createUser(t.services, t.demo, 'bob', ['admin']);
  otherUserId = await createUser(t.services, t.other, 'olga');
  demoAdminId = await userIdOf(t.services, t.demo, 'admin');
  hostAdminId = await userIdOf(t.services, null, 'admin');
  hostAdmin = await token(t.app, null);
  demoAdmin = await token(t.app, 'demo');
  alice = await token(t.app, 'demo', 'alice');
});
afterAll(() => t.close());

async function getToken(tok: string, payload: Record<string, unknown>) {
  return as(t.app, tok)({ method: 'POST', url: GET_TOKEN, payload });
}

async function redeem(tok: string, tenant?: string) {
  return as(t.app, null)({ method: 'GET', url: accessUrl(tok), headers: tenant ? { __tenant: tenant } : {} });
}

/** Impersonates `userId` as `tok` and returns the impersonated access token. */
async function impersonate(tok: string, payload: Record<string, unknown>): Promise<string> {
  const res = await getToken(tok, payload);
  expect(res.statusCode, res.body).toBe(200);
  const redeemed = await redeem(res.json().token);
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  return redeemed.json().accessToken;
}

describe('impersonation inside a tenant', () => {
  it('an administrator acts as another user, with the contract claims, and comes back', async () => {
    const res = await getToken(demoAdmin, { userId: aliceId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ userId: aliceId, userName: 'alice', tenantId: t.demo.id, tenantName: 'demo' });
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.expiresIn).toBeLessThanOrEqual(300);

    const redeemed = await redeem(body.token);
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.headers['cache-control']).toBe('no-store');
    const r = redeemed.json();
    expect(r).toMatchObject({ isBack: false, tokenType: 'Bearer', userName: 'alice', tenantId: t.demo.id });
    expect(r).not.toHaveProperty('refreshToken');
    const claims = decodeJwt(r.accessToken);
    expect(claims).toMatchObject({
      sub: aliceId,
      preferred_username: 'alice',
      tenantid: t.demo.id,
      impersonator_userid: demoAdminId,
      impersonator_username: 'admin',
      impersonator_tenantid: t.demo.id,
      impersonator_tenantname: 'demo',
      client_id: 'web-admin',
    });
    expect(String(claims.scope)).not.toContain('offline_access');

    // the configuration names both people
    const config = (
      await as(t.app, r.accessToken)({ method: 'GET', url: '/api/abp/application-configuration' })
    ).json();
    expect(config.currentUser).toMatchObject({
      userName: 'alice',
      impersonatorUserId: demoAdminId,
      impersonatorUserName: 'admin',
    });

    // a write while impersonating is audited with the impersonator
    await as(
      t.app,
      r.accessToken,
    )({
      method: 'PUT',
      url: '/api/identity/my-profile',
      headers: { 'x-correlation-id': 'imp-write-1' },
      payload: { userName: 'alice', name: 'Alice' },
    });
    let audit: (typeof auditLogs.$inferSelect)[] = [];
    for (let i = 0; i < 50 && !audit.length; i++) {
      audit = await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
        tx.select().from(auditLogs).where(eq(auditLogs.correlationId, 'imp-write-1')),
      );
      if (!audit.length) await new Promise((res) => setTimeout(res, 50));
    }
    expect(audit[0]).toMatchObject({
      userId: aliceId,
      userName: 'alice',
      impersonatorUserId: demoAdminId,
      impersonatorUserName: 'admin',
      impersonatorTenantId: t.demo.id,
    });

    // security log: one row for each person, each naming the other
    const started = await securityLogRows(t.services, t.demo, 'ImpersonationStarted');
    expect(started.map((s) => s.userName).sort()).toEqual(['admin', 'alice']);
    for (const s of started) {
      expect(s.extraProperties).toMatchObject({ impersonatorUserName: 'admin', impersonatedUserName: 'alice' });
    }

    // the way back: a token id for the impersonator, redeemed as isBack, ending the session
    const back = await as(t.app, r.accessToken)({ method: 'GET', url: backUrl(demoAdminId) });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ userId: demoAdminId, userName: 'admin', tenantId: t.demo.id });
    const home = await redeem(back.json().token);
    expect(home.statusCode).toBe(200);
    const h = home.json();
    expect(h).toMatchObject({ isBack: true, userName: 'admin' });
    const hc = decodeJwt(h.accessToken);
    expect(hc).toMatchObject({ sub: demoAdminId, tenantid: t.demo.id });
    expect(hc.impersonator_userid).toBeUndefined();
    expect((await as(t.app, r.accessToken)({ method: 'GET', url: '/connect/userinfo' })).statusCode).toBe(401);
    expect((await as(t.app, h.accessToken)({ method: 'GET', url: '/connect/userinfo' })).statusCode).toBe(200);
    const ended = await securityLogRows(t.services, t.demo, 'ImpersonationEnded');
    expect(ended.map((s) => s.userName).sort()).toEqual(['admin', 'alice']);
  });

  it('a token works once, and not after it expired', async () => {
    const { token: tok } = (await getToken(demoAdmin, { userId: aliceId })).json();
    expect((await redeem(tok)).statusCode).toBe(200);
    const again = await redeem(tok);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'AbpIdentity::ImpersonationTokenInvalid',
      message: 'The impersonation token is invalid, used or expired.',
    });
    expect((await redeem('x'.repeat(43))).statusCode).toBe(400);

    const { token: late } = (await getToken(demoAdmin, { userId: aliceId })).json();
    await t.services.data.unscoped((tx) =>
      tx.update(impersonationTokens).set({ expiresAt: new Date(Date.now() - 1000) }),
    );
    expect((await redeem(late)).statusCode).toBe(400);
  });

  it('is 403 without AbpIdentity.Users.Impersonation, 401 anonymous', async () => {
    const res = await getToken(alice, { userId: bobId });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('Volo.Authorization:010001');
    expect((await getToken('', { userId: bobId })).statusCode).toBe(401);
  });

  it("another tenant's user is 404 and another tenant is refused, nothing leaked", async () => {
    const res = await getToken(demoAdmin, { userId: otherUserId });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('olga');
    const cross = await getToken(demoAdmin, { userId: otherUserId, tenantId: t.other.id });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().error.code).toBe('AbpIdentity::ImpersonateOtherTenantNotAllowed');
  });

  it('refuses impersonating yourself and nested impersonation, with localized texts', async () => {
    const self = await as(
      t.app,
      demoAdmin,
      'zh-Hans',
    )({ method: 'POST', url: GET_TOKEN, payload: { userId: demoAdminId } });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toMatchObject({
      code: 'AbpIdentity::ImpersonateSelfNotAllowed',
      message: '不能模拟您自己。',
    });

    // bob is an administrator too: acting as bob, the admin may not impersonate again
    const asBob = await impersonate(demoAdmin, { userId: bobId });
    const nested = await getToken(asBob, { userId: aliceId });
    expect(nested.statusCode).toBe(403);
    expect(nested.json().error).toMatchObject({
      code: 'AbpIdentity::NestedImpersonationNotAllowed',
      message: 'You are already impersonating a user: go back to your own account first.',
    });
  });

  it('answers 400 with field errors for bad input', async () => {
    const bad = await getToken(demoAdmin, { userId: 'not-a-guid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members).toEqual(['userId']);
    const missing = await getToken(demoAdmin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.validationErrors[0].members).toEqual(['userId']);
    const badBack = await as(t.app, demoAdmin)({ method: 'GET', url: backUrl('nope') });
    expect(badBack.statusCode).toBe(400);
  });

  it('get-back-token only while impersonating, and only for the impersonator', async () => {
    const notNow = await as(t.app, demoAdmin)({ method: 'GET', url: backUrl(demoAdminId) });
    expect(notNow.statusCode).toBe(403);
    expect(notNow.json().error.code).toBe('AbpIdentity::NotImpersonating');
    const asAlice = await impersonate(demoAdmin, { userId: aliceId });
    const wrong = await as(t.app, asAlice)({ method: 'GET', url: backUrl(bobId) });
    expect(wrong.statusCode).toBe(404);
    expect((await as(t.app, null)({ method: 'GET', url: backUrl(demoAdminId) })).statusCode).toBe(401);
  });
});

describe('host administrator', () => {
  it("acts as a tenant's admin (tenantId given), logged in both tenants; audit names the host admin", async () => {
    const res = await getToken(hostAdmin, { tenantId: t.demo.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: demoAdminId,
      userName: 'admin',
      tenantId: t.demo.id,
      tenantName: 'demo',
    });
    const r = (await redeem(res.json().token)).json();
    const claims = decodeJwt(r.accessToken);
    expect(claims).toMatchObject({
      sub: demoAdminId,
      tenantid: t.demo.id,
      impersonator_userid: hostAdminId,
      impersonator_username: 'admin',
    });
    expect(claims.impersonator_tenantid).toBeUndefined();

    // the impersonated session sees the tenant's data, not the host's
    const users = await as(
      t.app,
      r.accessToken,
    )({ method: 'GET', url: '/api/auditing/security-log?action=ImpersonationStarted' });
    expect(users.statusCode).toBe(200);
    expect(users.json().items.every((i: { tenantId: string }) => i.tenantId === t.demo.id)).toBe(true);

    const hostRows = await securityLogRows(t.services, null, 'ImpersonationStarted');
    expect(hostRows).toHaveLength(1);
    expect(hostRows[0]).toMatchObject({ userId: hostAdminId, tenantId: null });
    expect(hostRows[0].extraProperties).toMatchObject({
      impersonatedTenantName: 'demo',
      impersonatedUserName: 'admin',
    });

    // back to the host
    const back = await as(t.app, r.accessToken)({ method: 'GET', url: backUrl(hostAdminId) });
    expect(back.json()).toMatchObject({ tenantId: null, tenantName: null });
    const home = (await redeem(back.json().token, 'demo')).json();
    expect(home.isBack).toBe(true);
    const hc = decodeJwt(home.accessToken);
    expect(hc.sub).toBe(hostAdminId);
    expect(hc.tenantid).toBeUndefined();
    expect(await securityLogRows(t.services, null, 'ImpersonationEnded')).toHaveLength(1);
  });

  it('a host user by id, a given user of a tenant; unknown tenants and users are 404', async () => {
    const hostUser = await createUser(t.services, null, 'hostie');
    expect((await getToken(hostAdmin, { userId: hostUser })).statusCode).toBe(200);
    const inTenant = await getToken(hostAdmin, { tenantId: t.demo.id, userId: aliceId });
    expect(inTenant.json()).toMatchObject({ userName: 'alice', tenantName: 'demo' });
    expect((await getToken(hostAdmin, { tenantId: t.demo.id, userId: otherUserId })).statusCode).toBe(404);
    expect((await getToken(hostAdmin, { userId: aliceId })).statusCode).toBe(404);
    expect((await getToken(hostAdmin, { tenantId: '00000000-0000-0000-0000-000000000042' })).statusCode).toBe(404);
  });
});

/**
 * The README's "Try the API" story with plain fetch against a freshly started product: a token for
 * tenant demo's admin, the application configuration, a refresh, a revocation — after which the
 * refresh is refused and the session's access tokens get 401.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADMIN, apiJson, jwtClaims, passwordToken, refreshRequest, revoke, type TokenReply } from '../support/app.ts';
import { useServer } from '../support/suite.ts';

const app = useServer();

interface AppConfig {
  auth: { grantedPolicies: Record<string, boolean> };
  currentUser: { isAuthenticated: boolean; userName: string; tenantId: string | null };
  currentTenant: { id: string | null; name: string | null; isAvailable: boolean };
}

const userinfo = (token: string) =>
  fetch(`${app.server.url}/connect/userinfo`, { headers: { authorization: `Bearer ${token}` } });

test('token → configuration → refresh → revoke: the refresh is refused and the access token dies', {
  timeout: 60_000,
}, async () => {
  // 1. password grant for tenant demo's admin
  const first = await passwordToken(app.server.url, { tenant: 'demo', ...ADMIN });
  assert.equal(first.token_type, 'Bearer');
  assert.ok(first.expires_in > 0);
  assert.ok(first.refresh_token, 'offline_access gives a refresh token');
  const claims = jwtClaims(first.access_token);
  assert.equal(claims.preferred_username, 'admin');
  assert.equal(claims.client_id, 'web-admin');

  // 2. what the web app loads first
  const config = await apiJson<AppConfig>(app.server.url, '/api/abp/application-configuration', {
    token: first.access_token,
  });
  assert.equal(config.status, 200);
  assert.equal(config.body.auth.grantedPolicies['AbpIdentity.Users'], true);
  assert.equal(config.body.currentUser.isAuthenticated, true);
  assert.equal(config.body.currentUser.userName, 'admin');
  assert.equal(config.body.currentTenant.name, 'demo');
  assert.equal(config.body.currentUser.tenantId, config.body.currentTenant.id);
  // anonymous: the same endpoint answers, signed out
  const anonymous = await apiJson<AppConfig>(app.server.url, '/api/abp/application-configuration');
  assert.equal(anonymous.status, 200);
  assert.equal(anonymous.body.currentUser.isAuthenticated, false);

  const me = await userinfo(first.access_token);
  assert.equal(me.status, 200);
  assert.equal(((await me.json()) as { preferred_username: string }).preferred_username, 'admin');

  // 3. rotate the refresh token
  const rotated = await refreshRequest(app.server.url, first.refresh_token);
  assert.equal(rotated.status, 200);
  const second = (await rotated.json()) as TokenReply;
  assert.ok(second.access_token && second.refresh_token);
  assert.notEqual(second.refresh_token, first.refresh_token, 'refresh tokens are one-time');
  assert.equal(jwtClaims(second.access_token).session_id, claims.session_id, 'same sign-in session');
  assert.equal((await userinfo(second.access_token)).status, 200);

  // 4. revoke (sign out): the whole session goes
  await revoke(app.server.url, second.refresh_token!);
  const refused = await refreshRequest(app.server.url, second.refresh_token!);
  assert.equal(refused.status, 400);
  assert.equal(((await refused.json()) as { error: string }).error, 'invalid_grant');
  assert.equal((await userinfo(second.access_token)).status, 401);
  assert.equal((await userinfo(first.access_token)).status, 401);
  const afterRevoke = await apiJson(app.server.url, '/api/abp/application-configuration', {
    token: second.access_token,
  });
  assert.equal(afterRevoke.status, 401);
});

test('a used refresh token presented again at once gets the same successor (two tabs), not a second one', {
  timeout: 60_000,
}, async () => {
  const first = await passwordToken(app.server.url, { tenant: 'demo', ...ADMIN });
  const rotated = await refreshRequest(app.server.url, first.refresh_token!);
  assert.equal(rotated.status, 200);
  const second = (await rotated.json()) as TokenReply;
  // within the grace window (30 s) the replay is answered with the pair the rotation made; past it
  // the replay is refused and ends the session (apps/server token.test.ts, on a moved clock)
  const replay = await refreshRequest(app.server.url, first.refresh_token!);
  assert.equal(replay.status, 200);
  assert.equal(((await replay.json()) as TokenReply).refresh_token, second.refresh_token);
  assert.equal((await userinfo(second.access_token)).status, 200);
  // a refresh token that was never issued is refused
  assert.equal((await refreshRequest(app.server.url, `${second.refresh_token}x`)).status, 400);
});

test('a wrong password, and a token from another tenant, are refused', { timeout: 60_000 }, async () => {
  const bad = await fetch(`${app.server.url}/connect/token`, {
    method: 'POST',
    headers: { __tenant: 'demo' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'web-admin', username: 'admin', password: 'nope' }),
  });
  assert.equal(bad.status, 400);
  assert.equal(((await bad.json()) as { error: string }).error, 'invalid_grant');

  const host = await passwordToken(app.server.url, { ...ADMIN });
  const demoRefresh = await refreshRequest(app.server.url, host.refresh_token!, 'demo');
  assert.equal(demoRefresh.status, 400, "the host's refresh token is not valid in tenant demo");
});

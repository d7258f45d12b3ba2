import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/harness.ts';
import { tokenServer } from './token-server.ts';

/** A standard OIDC client library against a real listening server. */
let t: TestApp;
let base: URL;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
});
afterAll(() => t.close());

async function discover(tenant?: string) {
  const config = await oidc.discovery(base, 'web-admin', undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
  if (tenant) {
    config[oidc.customFetch] = (url, options) =>
      fetch(url, {
        ...(options as RequestInit),
        headers: { ...(options.headers as Record<string, string>), __tenant: tenant },
      });
  }
  return config;
}

it('discovers, signs in with the password grant and verifies the token against the JWKS', async () => {
  const config = await discover();
  const meta = config.serverMetadata();
  expect(meta.issuer).toBe(base.origin);
  expect(meta.jwks_uri).toBe(`${base.origin}/.well-known/jwks`);

  const tokens = await oidc.genericGrantRequest(config, 'password', {
    username: 'admin',
    password: ADMIN_PASSWORD,
    scope: 'openid profile roles offline_access',
  });
  expect(tokens.token_type).toBe('bearer');
  expect(tokens.refresh_token).toBeTruthy();

  const jwks = createRemoteJWKSet(new URL(meta.jwks_uri!));
  const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
    issuer: meta.issuer,
    algorithms: ['RS256'],
  });
  expect(protectedHeader.kid).toBe(tokenServer(t.services).keys.kid);
  expect(payload).toMatchObject({ preferred_username: 'admin', client_id: 'web-admin', role: ['admin'] });

  const info = await oidc.fetchUserInfo(config, tokens.access_token, payload.sub!);
  expect(info.name).toBe('admin');
});

it('signs in to a tenant, refreshes and revokes through the library', async () => {
  const config = await discover('demo');
  const tokens = await oidc.genericGrantRequest(config, 'password', {
    username: 'admin',
    password: ADMIN_PASSWORD,
    scope: 'openid profile offline_access',
  });
  const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!));
  const { payload } = await jwtVerify(tokens.access_token, jwks);
  expect(payload.tenantid).toBe(t.demo.id);

  const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

  await oidc.tokenRevocation(config, refreshed.refresh_token!);
  await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
    error: 'invalid_grant',
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identity } from '../src/modules/identity/index.ts';
import { identityServer } from '../src/modules/identity-server/index.ts';
import { tenants } from '../src/modules/tenants/index.ts';
import { as, createTestApp, signIn, type TestApp } from './harness.ts';

/**
 * The app is built from the modules it is given, with their dependencies, and nothing else:
 * core + identity + tenants, and the token server that signs users in, serve sign-in and the
 * profile; without permission-management nothing is granted; the catalogue, menus and notifications are simply not there.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { modules: [identity, tenants, identityServer] });
});
afterAll(async () => {
  await t?.close();
});

describe('an app of a few modules', () => {
  it('runs exactly those modules and their dependencies, dependencies first', () => {
    expect(t.services.modules.map((m) => m.name)).toEqual([
      'settings',
      'features',
      'identity',
      'tenants',
      'account',
      'identity-server',
    ]);
  });

  it('signs in on the host and on a tenant, and serves the profile', async () => {
    const host = await signIn(t.app);
    const profile = await as(t.app, host.access_token)({ method: 'GET', url: '/api/identity/my-profile' });
    expect(profile.statusCode, profile.body).toBe(200);
    // nothing is granted without the permission-management module, so permission-checked routes refuse
    const users = await as(t.app, host.access_token)({ method: 'GET', url: '/api/identity/users' });
    expect(users.statusCode, users.body).toBe(403);

    const demo = await signIn(t.app, { tenant: 'demo' });
    const me = await as(t.app, demo.access_token)({ method: 'GET', url: '/api/identity/my-profile' });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().userName).toBe('admin');

    // the tenants module finds tenants by name for anonymous callers
    const lookup = await as(t.app, null)({ method: 'GET', url: '/api/abp/multi-tenancy/tenants/by-name/demo' });
    expect(lookup.json()).toMatchObject({ success: true, name: 'demo' });
  });

  it('has no route of a module it does not run', async () => {
    const { access_token } = await signIn(t.app, { tenant: 'demo' });
    for (const url of ['/api/catalog/products', '/api/platform/menus', '/api/notifications/my-notifications']) {
      const res = await as(t.app, access_token)({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    expect(t.services.routes.some((r) => r.url.startsWith('/api/catalog'))).toBe(false);
  });

  it('knows only the permissions of the modules it runs', async () => {
    const { permissionDefinition } = await import('../src/core/definitions/permissions.ts');
    expect(permissionDefinition('AbpIdentity.Users')).toBeDefined();
    expect(permissionDefinition('Catalog.Products')).toBeUndefined();
  });
});

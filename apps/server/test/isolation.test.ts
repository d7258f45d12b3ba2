import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '../src/modules/identity/schema.ts';
import { menus } from '../src/modules/platform/schema.ts';
import { as, createTestApp, signIn, type TestApp } from './harness.ts';

/**
 * A sweep over every registered API route: a token of tenant `demo`'s admin, whatever
 * id or `__tenant` it sends, never receives a row of tenant `other` or of the host, and
 * host-only routes refuse it.
 */
let t: TestApp;
let token: string;
let foreignIds: string[];
let otherIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, { tenant: 'demo' })).access_token;
  const read = <T>(
    tenant: TestApp['other'] | null,
    fn: (tx: Parameters<Parameters<TestApp['services']['data']['inTenant']>[1]>[0]) => Promise<T>,
  ) => t.services.data.inTenant({ tenant }, fn);
  const otherUsers = await read(t.other, (tx) => tx.select({ id: users.id }).from(users));
  const otherRoles = await read(t.other, (tx) => tx.select({ id: roles.id }).from(roles));
  const otherMenus = await read(t.other, (tx) => tx.select({ id: menus.id }).from(menus));
  const hostUsers = await read(null, (tx) => tx.select({ id: users.id }).from(users));
  const hostRoles = await read(null, (tx) => tx.select({ id: roles.id }).from(roles));
  foreignIds = [t.other.id, ...[otherUsers, otherRoles, otherMenus, hostUsers, hostRoles].flat().map((r) => r.id)];
  otherIds = { user: otherUsers[0].id, role: otherRoles[0].id, menu: otherMenus[0]?.id ?? otherRoles[0].id };
});
afterAll(() => t.close());

/** Fills `:param` segments with ids of the other tenant (or plain names). */
function fill(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    const n = name.toLowerCase();
    if (n.includes('user')) return otherIds.user;
    if (n.includes('role') && !n.includes('name')) return otherIds.role;
    if (n === 'id') return otherIds.menu;
    if (n.includes('name') || n === 'role') return 'admin';
    if (n.includes('platform')) return '56';
    return otherIds.user;
  });
}

describe('tenant isolation across every endpoint', () => {
  it('never returns another tenant or host record to a tenant token', async () => {
    const request = as(t.app, token);
    const apiRoutes = t.services.routes.filter((r) => r.url.startsWith('/api/') && r.method === 'GET');
    expect(apiRoutes.length).toBeGreaterThan(5);
    for (const route of apiRoutes) {
      for (const idSet of [[otherIds.user], [otherIds.role], [otherIds.menu]]) {
        const url = fill(route.url).replaceAll(otherIds.menu, idSet[0]);
        for (const headers of [{}, { __tenant: t.other.name }, { __tenant: t.other.id }]) {
          const res = await request({ method: 'GET', url, headers });
          expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
          const leaked = foreignIds.filter((id) => !url.includes(id) && res.body.includes(id));
          expect(leaked, `${route.method} ${url} leaked ${leaked.join(', ')}`).toEqual([]);
        }
      }
    }
  });

  it('refuses host-only routes to a tenant token', async () => {
    const request = as(t.app, token);
    const hostOnly = t.services.routes.filter(
      (r) => r.url.startsWith('/api/') && (r.config as { side?: string })?.side === 'host',
    );
    for (const route of hostOnly) {
      const res = await request({
        method: route.method as 'GET',
        url: fill(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('changes nothing of another tenant through write routes', async () => {
    const request = as(t.app, token);
    const snapshot = () =>
      t.services.data.inTenant({ tenant: t.other }, async (tx) =>
        JSON.stringify([await tx.select().from(users), await tx.select().from(roles), await tx.select().from(menus)]),
      );
    const before = await snapshot();
    const writes = t.services.routes.filter(
      (r) => r.url.startsWith('/api/') && r.url.includes(':') && ['PUT', 'DELETE', 'POST'].includes(r.method),
    );
    for (const route of writes) {
      const res = await request({ method: route.method as 'PUT', url: fill(route.url), payload: {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBeGreaterThanOrEqual(400);
    }
    expect(await snapshot()).toBe(before);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, token as tokenOf } from '../src/modules/permission-management/test-support.ts';
import { as, createTestApp, type TestApp } from './harness.ts';

/**
 * A sweep over every registered API route, whatever module declares it: without a token every
 * route that is not anonymous answers 401, and a signed-in user holding no role answers 403 on
 * every route that names a permission, before any input is read (the access rule runs on
 * `onRequest`). A new module's routes are covered the moment they are mounted.
 */
let t: TestApp;
let nobody: string;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.services, t.demo, 'nobody');
  nobody = await tokenOf(t.app, 'demo', 'nobody');
}, 120_000);
afterAll(() => t.close());

type Access = { anonymous?: boolean; authenticated?: boolean; permission?: unknown; side?: string };
const api = () =>
  t.services.routes.filter((r) => r.url.startsWith('/api/') && !r.url.includes('*') && r.method !== 'OPTIONS');
const filled = (url: string) => url.replace(/:(\w+)/g, () => randomUUID());

/** Calls every route (random ids in its path) with `token`: each one that did not answer `status`. */
async function answersOtherThan(routes: ReturnType<typeof api>, token: string | null, status: number) {
  const wrong: string[] = [];
  for (const r of routes) {
    const res = await as(t.app, token)({ method: r.method as 'GET', url: filled(r.url), payload: {} });
    if (res.statusCode !== status) wrong.push(`${r.method} ${r.url} → ${res.statusCode}`);
  }
  return wrong;
}

describe('access rules across every API route', () => {
  it('answers 401 without a token on every route that is not anonymous', async () => {
    const routes = api().filter((r) => !(r.config as Access | undefined)?.anonymous);
    expect(routes.length).toBeGreaterThan(200);
    expect(await answersOtherThan(routes, null, 401)).toEqual([]);
  });

  it('answers 403 to a tenant user without roles on every route that names a permission', async () => {
    const routes = api().filter((r) => {
      const c = r.config as Access | undefined;
      return c?.permission && !c.anonymous;
    });
    expect(routes.length).toBeGreaterThan(200);
    expect(await answersOtherThan(routes, nobody, 403)).toEqual([]);
  });
});

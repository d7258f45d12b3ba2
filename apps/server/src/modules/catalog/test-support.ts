import { afterAll, beforeAll } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, token } from '../permission-management/test-support.ts';

/** The spec §5 fields every valid product carries (region, both dates, a type, the resource). */
export const productFacts = {
  region: 'MY',
  developmentDate: '2026-01-05',
  launchDate: '2026-02-01',
  salesTypes: ['normal'],
  resource: 'selfDeveloped',
};

/** A valid product input with `sku` in `categoryId`; `extra` overrides any field. */
export const productBody = (categoryId: string, sku: string, extra: object = {}) => ({
  name: '测试商品',
  sku,
  categoryIds: [categoryId],
  description: '测试描述',
  price: 10,
  ...productFacts,
  ...extra,
});

/**
 * A test app for the catalogue's API tests (started before the file's tests, closed after): the
 * admins of tenants `demo` and `other`, `nobody` (a demo salesman without catalogue permissions)
 * and request helpers taking the caller's token.
 */
export function useCatalogApp(env: Record<string, string> = {}) {
  const app = {} as { t: TestApp; demoAdmin: string; otherAdmin: string; nobody: string };
  beforeAll(async () => {
    app.t = await createTestApp(env);
    await createUser(app.t.services, app.t.demo, 'nobody', ['salesman']);
    app.demoAdmin = await token(app.t.app, 'demo');
    app.otherAdmin = await token(app.t.app, 'other');
    app.nobody = await token(app.t.app, 'demo', 'nobody');
  });
  afterAll(async () => {
    await app.t?.close();
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') => (who: string, url: string, payload?: object) =>
    as(app.t.app, who)({ method, url, payload });
  return Object.assign(app, { get: call('GET'), post: call('POST'), put: call('PUT'), del: call('DELETE') });
}

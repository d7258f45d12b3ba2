import { expect } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, token } from '../permission-management/test-support.ts';

/** What every logistics API test signs in as. */
export interface LogisticsUsers {
  t: TestApp;
  demoAdmin: string;
  otherAdmin: string;
  /** A demo user without any logistics permission. */
  nobody: string;
  /** A demo user holding only the area's read permission. */
  reader: string;
}

/** One app per test file, with both tenants' admins, `nobody` and a `reader` of `readPermission`. */
export async function logisticsUsers(readPermission: string): Promise<LogisticsUsers> {
  const t = await createTestApp();
  await createUser(t.services, t.demo, 'nobody', ['salesman']);
  await createUser(t.services, t.demo, 'reader');
  const demoAdmin = await token(t.app, 'demo');
  const call = as(t.app, demoAdmin);
  const readerId = (await call({ method: 'GET', url: '/api/identity/users?filter=reader' })).json().items[0].id;
  const granted = await call({
    method: 'PUT',
    url: `/api/permission-management/permissions?providerName=U&providerKey=${readerId}`,
    payload: { permissions: [{ name: readPermission, isGranted: true }] },
  });
  expect(granted.statusCode).toBe(204);
  return {
    t,
    demoAdmin,
    otherAdmin: await token(t.app, 'other'),
    nobody: await token(t.app, 'demo', 'nobody'),
    reader: await token(t.app, 'demo', 'reader'),
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Each route answers 401 without a token and 403 to `nobody`; the `reader` may GET (200) and
 * nothing else (403). Writes carry `payload`.
 */
export async function expectGuarded(
  users: Pick<LogisticsUsers, 't' | 'nobody' | 'reader'>,
  routes: readonly (readonly [Method, string])[],
  payload: object,
) {
  for (const [method, url] of routes) {
    const body = method === 'GET' ? undefined : payload;
    const status = async (who: string | null) =>
      (await as(users.t.app, who)({ method, url, payload: body })).statusCode;
    expect(await status(users.nobody), `${method} ${url}`).toBe(403);
    expect(await status(null), `${method} ${url}`).toBe(401);
    expect(await status(users.reader), `${method} ${url}`).toBe(method === 'GET' ? 200 : 403);
  }
}

import { expect } from 'vitest';
import { as, createTestApp, expectStampChecked, type TestApp } from '../../../test/harness.ts';
import type { CurrentTenant } from '../../core/context.ts';
import { createUser, token } from '../permission-management/test-support.ts';
import { carriers, channels } from './schema.ts';

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
type Stamped = { id: string; concurrencyStamp: string };

const send = (t: TestApp, who: string | null, method: Method, url: string, payload?: object) =>
  as(t.app, who)({ method, url, payload });

/**
 * Requests to the resource at `url` in the app `app()` answers (a test file starts it in
 * `beforeAll`): `call` as any caller, and `create`, a POST as `who` that must succeed, its row.
 */
export function resourceCalls<Row>(app: () => TestApp, url: string) {
  const call = (who: string | null, method: Method, path: string, payload?: object) =>
    send(app(), who, method, path, payload);
  const create = async (who: string, body: object) => {
    const res = await call(who, 'POST', url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Row;
  };
  return { call, create };
}

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
    const status = async (who: string | null) => (await send(users.t, who, method, url, body)).statusCode;
    expect(await status(users.nobody), `${method} ${url}`).toBe(403);
    expect(await status(null), `${method} ${url}`).toBe(401);
    expect(await status(users.reader), `${method} ${url}`).toBe(method === 'GET' ? 200 : 403);
  }
}

/** {@link expectGuarded} over the list kit's routes of the resource at `url`, with its row `id`. */
export const expectCrudGuarded = (
  users: Pick<LogisticsUsers, 't' | 'nobody' | 'reader'>,
  url: string,
  id: string,
  payload: object,
) =>
  expectGuarded(
    users,
    [
      ['GET', url],
      ['GET', `${url}/all`],
      ['GET', `${url}/${id}`],
      ['GET', `${url}/export`],
      ['POST', url],
      ['PUT', `${url}/${id}`],
      ['DELETE', `${url}/${id}`],
    ],
    payload,
  );

/**
 * The demo admin updates `row` to `change`: refused (409) with a stale stamp, taken (200, with
 * its modifier) with the row's own. The updated DTO.
 */
export async function expectStampedUpdate(
  users: Pick<LogisticsUsers, 't' | 'demoAdmin'>,
  url: string,
  row: Stamped,
  change: object,
): Promise<Record<string, unknown>> {
  const updated = await expectStampChecked(
    (concurrencyStamp) => send(users.t, users.demoAdmin, 'PUT', `${url}/${row.id}`, { ...change, concurrencyStamp }),
    row.concurrencyStamp,
  );
  expect(updated.json().lastModifierId).toBeTruthy();
  return updated.json();
}

/** The demo admin deletes row `id` (204); it is gone (404). */
export async function expectDeleted(users: Pick<LogisticsUsers, 't' | 'demoAdmin'>, url: string, id: string) {
  expect((await send(users.t, users.demoAdmin, 'DELETE', `${url}/${id}`)).statusCode).toBe(204);
  expect((await send(users.t, users.demoAdmin, 'GET', `${url}/${id}`)).statusCode).toBe(404);
}

/**
 * The other tenant's row `theirs` is out of the demo admin's reach: 404 to read, update (with
 * `change`) or delete, absent from the page filtered by `filter`. Its owner still reads it as
 * `expected`, its stamp unchanged.
 */
export async function expectOutOfReach(
  users: Pick<LogisticsUsers, 't' | 'demoAdmin' | 'otherAdmin'>,
  url: string,
  theirs: Stamped,
  { change, filter, expected }: { change: object; filter: string; expected: object },
) {
  const { t, demoAdmin, otherAdmin } = users;
  expect((await send(t, demoAdmin, 'GET', `${url}/${theirs.id}`)).statusCode).toBe(404);
  expect((await send(t, demoAdmin, 'PUT', `${url}/${theirs.id}`, change)).statusCode).toBe(404);
  expect((await send(t, demoAdmin, 'DELETE', `${url}/${theirs.id}`)).statusCode).toBe(404);
  expect((await send(t, demoAdmin, 'GET', `${url}?filter=${filter}`)).json().totalCount).toBe(0);
  expect((await send(t, otherAdmin, 'GET', `${url}/${theirs.id}`)).json()).toMatchObject({
    ...expected,
    concurrencyStamp: theirs.concurrencyStamp,
  });
}

/**
 * A carrier of `tenant` with an air channel per code, written directly (the carriers' own API is
 * tested beside it); the channels' ids.
 */
export function insertChannels(
  t: TestApp,
  tenant: CurrentTenant,
  carrier: { code: string; name: string },
  codes: string[],
) {
  return t.services.data.inTenant({ tenant }, async (tx) => {
    const [row] = await tx
      .insert(carriers)
      .values({ tenantId: tenant.id, ...carrier, type: 'EXPRESS' })
      .returning();
    const rows = await tx
      .insert(channels)
      .values(
        codes.map((code) => ({
          tenantId: tenant.id,
          carrierId: row.id,
          code,
          name: code,
          mode: 'AIR' as const,
          transitDaysMin: 3,
          transitDaysMax: 7,
          volumeMode: 'NONE' as const,
          volumeDivisor: 5000,
          currency: 'CNY',
          fuelSurchargePct: '0',
          registrationFee: '0',
          limits: {} as never,
        })),
      )
      .returning();
    return rows.map((r) => r.id);
  });
}

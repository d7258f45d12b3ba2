import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import type { CurrentTenant } from '../../core/context.ts';
import { securityLogs } from '../identity/schema.ts';
import { createUser, token, userIdOf } from '../permission-management/test-support.ts';
import { auditLogs, type EntityChange } from './schema.ts';
import { auditUrl } from './service.ts';

const AUDIT = '/api/auditing/audit-log';
const SECURITY = '/api/auditing/security-log';

let t: TestApp;
let hostAdmin: string;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let reader: string;
let nobodyId: string;

const changes: EntityChange[] = [
  {
    changeTime: '2030-01-01T00:00:00.000Z',
    changeType: 1,
    entityId: '00000000-0000-0000-0000-000000000001',
    entityTypeFullName: 'IdentityUser',
    propertyChanges: [{ propertyName: 'name', originalValue: 'Old', newValue: 'New' }],
  },
];

/** Inserts audit rows straight into a tenant (or the host): deterministic filter fixtures. */
async function seedAudit(tenant: CurrentTenant | null, rows: Partial<typeof auditLogs.$inferInsert>[]) {
  return t.services.data.inTenant({ tenant }, (tx) =>
    tx
      .insert(auditLogs)
      .values(
        rows.map((r, i) => ({
          tenantId: tenant?.id ?? null,
          tenantName: tenant?.name ?? null,
          applicationName: 'seller-admin',
          userName: 'fixture',
          executionTime: new Date(Date.UTC(2030, 0, 1, 0, i)),
          executionDuration: 10 * (i + 1),
          httpMethod: 'POST',
          url: `/api/fixture/${i}`,
          httpStatusCode: 200,
          correlationId: `fixture-${tenant?.name ?? 'host'}-${i}`,
          ...r,
        })),
      )
      .returning({ id: auditLogs.id }),
  );
}

async function seedSecurity(tenant: CurrentTenant | null, rows: Partial<typeof securityLogs.$inferInsert>[]) {
  return t.services.data.inTenant({ tenant }, (tx) =>
    tx
      .insert(securityLogs)
      .values(
        rows.map((r) => ({
          tenantId: tenant?.id ?? null,
          tenantName: tenant?.name ?? null,
          applicationName: 'seller-admin',
          identity: 'OpenIddict',
          action: 'LoginSucceeded',
          userName: 'fixture',
          ...r,
        })),
      )
      .returning({ id: securityLogs.id }),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function eventually<T>(check: () => Promise<T | undefined>): Promise<NonNullable<T>> {
  for (let i = 0; i < 100; i++) {
    const v = await check();
    if (v !== undefined && v !== null) return v;
    await sleep(50);
  }
  throw new Error('condition not met');
}

async function grant(userId: string, names: string[]) {
  const res = await as(
    t.app,
    demoAdmin,
  )({
    method: 'PUT',
    url: `/api/permission-management/permissions?providerName=U&providerKey=${userId}`,
    payload: { permissions: names.map((name) => ({ name, isGranted: true })) },
  });
  expect(res.statusCode).toBe(204);
}

async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  nobodyId = await createUser(t.services, t.demo, 'nobody');
  await createUser(t.services, t.demo, 'reader');
  hostAdmin = await token(t.app, null);
  demoAdmin = await token(t.app, 'demo');
  otherAdmin = await token(t.app, 'other');
  nobody = await token(t.app, 'demo', 'nobody');
  await grant(await userIdOf(t.services, t.demo, 'reader'), ['AbpAuditing.AuditLog', 'AbpAuditing.SecurityLog']);
  reader = await token(t.app, 'demo', 'reader');
});
afterAll(() => t.close());

describe('audit writer', () => {
  it('records a write with its entity changes, user and tenant', async () => {
    const res = await as(
      t.app,
      demoAdmin,
    )({
      method: 'POST',
      url: '/api/platform/layouts',
      headers: { 'x-correlation-id': 'audit-writer-1' },
      payload: { name: 'AuditedLayout', displayName: 'Audited', path: 'Layout', platformType: 56, meta: {} },
    });
    expect(res.statusCode).toBe(200);
    const list = await eventually(async () => {
      const r = await as(t.app, demoAdmin)({ method: 'GET', url: `${AUDIT}?correlationId=audit-writer-1` });
      const body = r.json() as { totalCount: number; items: Record<string, unknown>[] };
      return body.totalCount === 1 ? body : undefined;
    });
    const row = list.items[0];
    expect(row).toMatchObject({
      userName: 'admin',
      tenantId: t.demo.id,
      tenantName: 'demo',
      httpMethod: 'POST',
      url: '/api/platform/layouts',
      httpStatusCode: 200,
      exceptions: null,
      impersonatorUserId: null,
      entityChangeCount: 1,
    });
    const detail = (await as(t.app, demoAdmin)({ method: 'GET', url: `${AUDIT}/${row.id}` })).json();
    expect(detail.entityChanges[0]).toMatchObject({ changeType: 0, entityTypeFullName: 'Layout' });
    const props = detail.entityChanges[0].propertyChanges.map((p: { propertyName: string }) => p.propertyName);
    expect(props).toContain('name');
  });

  it('masks secret query values and records failed writes as exceptions', async () => {
    expect(auditUrl('/api/x?password=abc&name=bob&refresh_token=zz')).toBe(
      '/api/x?password=***&name=bob&refresh_token=***',
    );
    expect(auditUrl('/api/x')).toBe('/api/x');
    await as(
      t.app,
      demoAdmin,
    )({
      method: 'DELETE',
      url: '/api/platform/layouts/00000000-0000-0000-0000-00000000beef?secret=s3',
      headers: { 'x-correlation-id': 'audit-writer-2' },
    });
    const row = await eventually(async () => {
      const r = await as(t.app, demoAdmin)({ method: 'GET', url: `${AUDIT}?correlationId=audit-writer-2` });
      return r.json().items[0];
    });
    expect(row).toMatchObject({ httpStatusCode: 404, exceptions: 'HTTP 404' });
    expect(row.url).toContain('secret=***');
    expect(row.url).not.toContain('s3');
  });
});

describe('GET /api/auditing/audit-log', () => {
  let demoIds: string[];
  let otherIds: string[];
  beforeAll(async () => {
    demoIds = (
      await seedAudit(t.demo, [
        { httpMethod: 'GET', httpStatusCode: 200, userName: 'alice' },
        { httpMethod: 'PUT', httpStatusCode: 500, exceptions: 'HTTP 500', userName: 'bob' },
        { httpMethod: 'DELETE', httpStatusCode: 204, entityChanges: changes, userName: 'alice' },
      ])
    ).map((r) => r.id);
    otherIds = (await seedAudit(t.other, [{ userName: 'carol' }])).map((r) => r.id);
    await seedAudit(null, [{ userName: 'hostfixture' }]);
  });

  const list = async (tok: string, qs: string) => {
    const res = await as(t.app, tok)({ method: 'GET', url: `${AUDIT}?url=/api/fixture/&${qs}` });
    expect(res.statusCode).toBe(200);
    return res.json() as { totalCount: number; items: Record<string, unknown>[] };
  };

  it('lists the tenant’s rows only, newest first by default', async () => {
    const r = await list(demoAdmin, '');
    expect(r.totalCount).toBe(3);
    expect(r.items.map((i) => i.id)).toEqual([...demoIds].reverse());
    expect(r.items.every((i) => i.tenantId === t.demo.id)).toBe(true);
    expect(r.items[0]).not.toHaveProperty('entityChanges');
    const other = await list(otherAdmin, '');
    expect(other.items.map((i) => i.id)).toEqual(otherIds);
    const host = await list(hostAdmin, '');
    expect(host.items.map((i) => i.userName)).toEqual(['hostfixture']);
  });

  it('filters by method, status, user, exception, duration, time range, correlation id', async () => {
    expect((await list(demoAdmin, 'httpMethod=put')).items.map((i) => i.userName)).toEqual(['bob']);
    expect((await list(demoAdmin, 'httpStatusCode=204')).items.map((i) => i.httpMethod)).toEqual(['DELETE']);
    expect((await list(demoAdmin, 'userName=ALI')).totalCount).toBe(2);
    expect((await list(demoAdmin, 'hasException=true')).items.map((i) => i.userName)).toEqual(['bob']);
    expect((await list(demoAdmin, 'hasException=false')).totalCount).toBe(2);
    expect((await list(demoAdmin, 'minExecutionDuration=15&maxExecutionDuration=25')).items[0].executionDuration).toBe(
      20,
    );
    const range = await list(demoAdmin, 'startTime=2030-01-01T00:01:00Z&endTime=2030-01-01T00:02:00Z');
    expect(range.totalCount).toBe(2);
    expect((await list(demoAdmin, 'correlationId=fixture-demo-0')).totalCount).toBe(1);
    expect((await list(demoAdmin, 'clientIpAddress=nothing-like-this')).totalCount).toBe(0);
  });

  it('sorts over the allow-list and pages', async () => {
    const r = await list(demoAdmin, 'sorting=executionDuration asc&maxResultCount=2&skipCount=1');
    expect(r.totalCount).toBe(3);
    expect(r.items.map((i) => i.executionDuration)).toEqual([20, 30]);
    const past = await list(demoAdmin, 'skipCount=10');
    expect(past).toEqual({ totalCount: 3, items: [] });
  });

  it('answers 400 with field errors for bad input', async () => {
    for (const [qs, member] of [
      ['sorting=password desc', 'sorting'],
      ['maxResultCount=5000', 'maxResultCount'],
      ['httpStatusCode=abc', 'httpStatusCode'],
      ['httpMethod=TRACE', 'httpMethod'],
      ['startTime=not-a-date', 'startTime'],
    ]) {
      const res = await as(t.app, demoAdmin)({ method: 'GET', url: `${AUDIT}?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.validationErrors[0].members).toEqual([member]);
    }
  });

  it('is 403 without AbpAuditing.AuditLog and 401 anonymous', async () => {
    expect((await as(t.app, nobody)({ method: 'GET', url: AUDIT })).statusCode).toBe(403);
    expect((await as(t.app, null)({ method: 'GET', url: AUDIT })).statusCode).toBe(401);
    expect((await as(t.app, reader)({ method: 'GET', url: AUDIT })).statusCode).toBe(200);
  });

  it('GET /{id} carries entity changes; another tenant’s id is 404', async () => {
    const res = await as(t.app, demoAdmin)({ method: 'GET', url: `${AUDIT}/${demoIds[2]}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().entityChanges).toEqual(changes);
    const foreign = await as(t.app, demoAdmin)({ method: 'GET', url: `${AUDIT}/${otherIds[0]}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('carol');
    expect((await as(t.app, nobody)({ method: 'GET', url: `${AUDIT}/${demoIds[0]}` })).statusCode).toBe(403);
    expect((await as(t.app, demoAdmin)({ method: 'GET', url: `${AUDIT}/nope` })).statusCode).toBe(400);
  });

  it('exports the filtered list as xlsx', async () => {
    const res = await as(
      t.app,
      demoAdmin,
    )({ method: 'GET', url: `${AUDIT}/export?url=/api/fixture/&httpMethod=DELETE` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const rows = await readXlsx(res.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Method');
    expect(rows[1]).toContain('DELETE');
    expect(rows[1]).toContain('alice');
    expect((await as(t.app, nobody)({ method: 'GET', url: `${AUDIT}/export` })).statusCode).toBe(403);
    const bad = await as(t.app, demoAdmin)({ method: 'GET', url: `${AUDIT}/export?sorting=x` });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes one (204, then 404) and in bulk, never another tenant’s rows', async () => {
    const [a, b, c] = (
      await seedAudit(t.demo, [{ url: '/api/del/1' }, { url: '/api/del/2' }, { url: '/api/del/3' }])
    ).map((r) => r.id);
    expect((await as(t.app, reader)({ method: 'DELETE', url: `${AUDIT}/${a}` })).statusCode).toBe(403);
    expect((await as(t.app, demoAdmin)({ method: 'DELETE', url: `${AUDIT}/${a}` })).statusCode).toBe(204);
    expect((await as(t.app, demoAdmin)({ method: 'DELETE', url: `${AUDIT}/${a}` })).statusCode).toBe(404);
    expect((await as(t.app, demoAdmin)({ method: 'DELETE', url: `${AUDIT}/${otherIds[0]}` })).statusCode).toBe(404);

    const bulk = await as(t.app, demoAdmin)({ method: 'DELETE', url: `${AUDIT}?ids=${b}&ids=${c}&ids=${otherIds[0]}` });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toEqual({ deletedCount: 2 });
    expect((await as(t.app, otherAdmin)({ method: 'GET', url: `${AUDIT}/${otherIds[0]}` })).statusCode).toBe(200);
    const none = await as(t.app, demoAdmin)({ method: 'DELETE', url: AUDIT });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.validationErrors[0].members).toEqual(['ids']);
    expect((await as(t.app, reader)({ method: 'DELETE', url: `${AUDIT}?ids=${b}` })).statusCode).toBe(403);
  });
});

describe('GET /api/auditing/security-log', () => {
  let demoIds: string[];
  let otherIds: string[];
  beforeAll(async () => {
    demoIds = (
      await seedSecurity(t.demo, [
        { action: 'LoginFailed', userName: 'mallory', clientIpAddress: '10.9.9.9', correlationId: 'sec-1' },
        { action: 'Logout', userName: 'nobody', userId: nobodyId, clientId: 'web-admin', correlationId: 'sec-2' },
      ])
    ).map((r) => r.id);
    otherIds = (await seedSecurity(t.other, [{ action: 'LoginFailed', userName: 'eve' }])).map((r) => r.id);
  });

  it('lists the tenant’s rows (sign-ins included) with filters', async () => {
    const all = (await as(t.app, demoAdmin)({ method: 'GET', url: SECURITY })).json();
    expect(all.totalCount).toBeGreaterThanOrEqual(5); // the test's own sign-ins + fixtures
    expect(all.items.every((i: { tenantId: string }) => i.tenantId === t.demo.id)).toBe(true);
    const failed = (await as(t.app, demoAdmin)({ method: 'GET', url: `${SECURITY}?action=LoginFailed` })).json();
    expect(failed.items.map((i: { userName: string }) => i.userName)).toEqual(['mallory']);
    const byIp = (await as(t.app, demoAdmin)({ method: 'GET', url: `${SECURITY}?clientIpAddress=10.9.9` })).json();
    expect(byIp.totalCount).toBe(1);
    const byUser = (
      await as(t.app, demoAdmin)({ method: 'GET', url: `${SECURITY}?userName=admin&identity=OpenIddict` })
    ).json();
    expect(byUser.items.every((i: { userName: string }) => i.userName === 'admin')).toBe(true);
    const byClient = (
      await as(t.app, demoAdmin)({ method: 'GET', url: `${SECURITY}?correlationId=sec-2&clientId=web-admin` })
    ).json();
    expect(byClient.totalCount).toBe(1);
    const sorted = (await as(t.app, demoAdmin)({ method: 'GET', url: `${SECURITY}?sorting=action asc` })).json();
    const actions = sorted.items.map((i: { action: string }) => i.action);
    expect(actions).toEqual([...actions].sort());
    const host = (await as(t.app, hostAdmin)({ method: 'GET', url: SECURITY })).json();
    expect(host.items.every((i: { tenantId: string | null }) => i.tenantId === null)).toBe(true);
  });

  it('answers 400, 403 and 404 as it should', async () => {
    const bad = await as(t.app, demoAdmin)({ method: 'GET', url: `${SECURITY}?sorting=browserInfo asc` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members).toEqual(['sorting']);
    const badTime = await as(t.app, demoAdmin)({ method: 'GET', url: `${SECURITY}?endTime=yesterday` });
    expect(badTime.json().error.validationErrors[0].members).toEqual(['endTime']);
    expect((await as(t.app, nobody)({ method: 'GET', url: SECURITY })).statusCode).toBe(403);
    expect((await as(t.app, demoAdmin)({ method: 'GET', url: `${SECURITY}/${demoIds[0]}` })).json()).toMatchObject({
      action: 'LoginFailed',
      userName: 'mallory',
    });
    const foreign = await as(t.app, demoAdmin)({ method: 'GET', url: `${SECURITY}/${otherIds[0]}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('eve');
  });

  it('exports as xlsx', async () => {
    const res = await as(t.app, demoAdmin, 'zh-Hans')({ method: 'GET', url: `${SECURITY}/export?action=LoginFailed` });
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toContain('操作');
    expect(rows.slice(1).map((r) => r[3])).toEqual(['mallory']);
    expect(rows[1]).toContain('登录失败');
    expect((await as(t.app, nobody)({ method: 'GET', url: `${SECURITY}/export` })).statusCode).toBe(403);
  });

  it('deletes one and in bulk with the permission only', async () => {
    const [a, b] = (await seedSecurity(t.demo, [{ action: 'X1' }, { action: 'X2' }])).map((r) => r.id);
    expect((await as(t.app, reader)({ method: 'DELETE', url: `${SECURITY}/${a}` })).statusCode).toBe(403);
    expect((await as(t.app, demoAdmin)({ method: 'DELETE', url: `${SECURITY}/${a}` })).statusCode).toBe(204);
    expect((await as(t.app, demoAdmin)({ method: 'DELETE', url: `${SECURITY}/${a}` })).statusCode).toBe(404);
    expect((await as(t.app, demoAdmin)({ method: 'DELETE', url: `${SECURITY}/${otherIds[0]}` })).statusCode).toBe(404);
    const bulk = await as(t.app, demoAdmin)({ method: 'DELETE', url: `${SECURITY}?ids=${b},${otherIds[0]}` });
    expect(bulk.json()).toEqual({ deletedCount: 1 });
    expect((await as(t.app, otherAdmin)({ method: 'GET', url: `${SECURITY}/${otherIds[0]}` })).statusCode).toBe(200);
    const bad = await as(t.app, demoAdmin)({ method: 'DELETE', url: `${SECURITY}?ids=zzz` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members[0]).toMatch(/^ids/);
  });

  it('GET /my shows the signed-in user their own rows only, without any permission', async () => {
    const res = await as(t.app, nobody)({ method: 'GET', url: `${SECURITY}/my` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBeGreaterThanOrEqual(2); // the sign-in + the fixture Logout
    expect(body.items.every((i: { userId: string }) => i.userId === nobodyId)).toBe(true);
    const logout = (await as(t.app, nobody)({ method: 'GET', url: `${SECURITY}/my?action=Logout` })).json();
    expect(logout.items.map((i: { id: string }) => i.id)).toEqual([demoIds[1]]);
    expect((await as(t.app, null)({ method: 'GET', url: `${SECURITY}/my` })).statusCode).toBe(401);
    const bad = await as(t.app, nobody)({ method: 'GET', url: `${SECURITY}/my?maxResultCount=0` });
    expect(bad.json().error.validationErrors[0].members).toEqual(['maxResultCount']);
    // on the kit: its export holds the user's own rows only, and needs no permission either
    const exported = await as(t.app, nobody)({ method: 'GET', url: `${SECURITY}/my/export?action=Logout` });
    expect(exported.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(2); // the header and the one Logout
    expect((await as(t.app, null)({ method: 'GET', url: `${SECURITY}/my/export` })).statusCode).toBe(401);
  });
});

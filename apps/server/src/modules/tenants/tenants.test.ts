import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, members, type TestApp } from '../../../test/harness.ts';
import { createUser, token } from '../permission-management/test-support.ts';

const URL = '/api/tenant-management/tenants';
const GHOST = '00000000-0000-4000-8000-000000000000';

type Tenant = { id: string; name: string; isActive: boolean; hasOwnDatabase: boolean; concurrencyStamp: string };

let t: TestApp;
let hostAdmin: string;
let demoAdmin: string;
/** Host user holding only AbpTenantManagement.Tenants (no children). */
let viewer: string;

const host = (opts: Parameters<ReturnType<typeof as>>[0]) => as(t.app, hostAdmin)(opts);

async function grant(userId: string, names: string[]) {
  const res = await host({
    method: 'PUT',
    url: `/api/permission-management/permissions?providerName=U&providerKey=${userId}`,
    payload: { permissions: names.map((name) => ({ name, isGranted: true })) },
  });
  expect(res.statusCode).toBe(204);
}

async function create(name: string, password = 'Pass1word!') {
  const res = await host({
    method: 'POST',
    url: URL,
    payload: { name, adminEmailAddress: `boss@${name}.test`, adminPassword: password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Tenant;
}

beforeAll(async () => {
  t = await createTestApp();
  hostAdmin = await token(t.app, null);
  demoAdmin = await token(t.app, 'demo');
  const viewerId = await createUser(t.services, null, 'viewer');
  await grant(viewerId, ['AbpTenantManagement.Tenants']);
  viewer = await token(t.app, null, 'viewer');
});
afterAll(async () => {
  await t?.close();
});

describe('tenant list and get', () => {
  it('lists tenants with filter, sorting and paging', async () => {
    const all = await host({ method: 'GET', url: URL });
    expect(all.statusCode).toBe(200);
    expect(all.json().items.map((x: Tenant) => x.name)).toEqual(expect.arrayContaining(['demo', 'other']));
    expect(all.json().items[0]).toMatchObject({ isActive: true, hasOwnDatabase: false, normalizedName: 'DEMO' });
    expect(all.json().items[0]).not.toHaveProperty('connectionStrings');

    const filtered = await host({ method: 'GET', url: `${URL}?filter=%20DEM%20` });
    expect(filtered.json()).toMatchObject({ totalCount: 1, items: [{ name: 'demo' }] });

    const sorted = await host({ method: 'GET', url: `${URL}?sorting=name%20desc&maxResultCount=1&skipCount=0` });
    expect(sorted.json().totalCount).toBeGreaterThanOrEqual(2);
    expect(sorted.json().items).toHaveLength(1);
    expect(sorted.json().items[0].name).toBe('other');
  });

  it('exports the filtered list as xlsx (host only, same filters)', async () => {
    const res = await host({ method: 'GET', url: `${URL}/export?filter=o&sorting=name%20desc` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('Tenants-');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0][0]).toBe('Name');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['other', 'demo']);
    expect((await as(t.app, demoAdmin)({ method: 'GET', url: `${URL}/export` })).statusCode).toBe(403);
    expect(members(await host({ method: 'GET', url: `${URL}/export?sorting=bogus` }))).toEqual(['sorting']);
  });

  it('gets one tenant; an unknown id is a 404', async () => {
    const res = await host({ method: 'GET', url: `${URL}/${t.demo.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: t.demo.id, name: 'demo' });
    const missing = await host({ method: 'GET', url: `${URL}/${GHOST}` });
    expect(missing.statusCode).toBe(404);
    // the answer says the record is not there or not the caller's, never which table or id
    expect(missing.json().error.message).toBe('This record does not exist, or you have no access to it.');
    expect(missing.body).not.toContain(GHOST);
  });

  it('rejects bad paging, sorting and ids with field errors', async () => {
    expect(members(await host({ method: 'GET', url: `${URL}?sorting=password%20asc` }))).toEqual(['sorting']);
    expect(members(await host({ method: 'GET', url: `${URL}?maxResultCount=5000` }))).toEqual(['maxResultCount']);
    expect((await host({ method: 'GET', url: `${URL}/not-a-guid` })).statusCode).toBe(400);
  });

  it('is host side only and needs the permission', async () => {
    // a tenant administrator holds no tenant-management grant and the routes are host only
    for (const url of [URL, `${URL}/${t.demo.id}`, `${URL}/${t.other.id}`, `${URL}/${t.demo.id}/connection-string`]) {
      const res = await as(t.app, demoAdmin)({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
    }
    const nobody = await token(t.app, null, await createUser(t.services, null, 'nobody').then(() => 'nobody'));
    expect((await as(t.app, nobody)({ method: 'GET', url: URL })).statusCode).toBe(403);
    expect((await as(t.app, null)({ method: 'GET', url: URL })).statusCode).toBe(401);
    // the viewer may list but not change anything
    expect((await as(t.app, viewer)({ method: 'GET', url: URL })).statusCode).toBe(200);
    const writes = [
      { method: 'POST', url: URL, payload: { name: 'x1', adminEmailAddress: 'a@b.c', adminPassword: 'Pass1word!' } },
      { method: 'PUT', url: `${URL}/${t.other.id}`, payload: { name: 'other', isActive: false } },
      { method: 'DELETE', url: `${URL}/${t.other.id}` },
      { method: 'GET', url: `${URL}/${t.other.id}/connection-string` },
      { method: 'PUT', url: `${URL}/${t.other.id}/connection-string`, payload: { name: 'X', value: 'postgres://h/d' } },
      { method: 'DELETE', url: `${URL}/${t.other.id}/connection-string/Default` },
    ] as const;
    for (const w of writes) {
      const res = await as(t.app, viewer)(w);
      expect(res.statusCode, `${w.method} ${w.url}`).toBe(403);
    }
    expect((await host({ method: 'GET', url: `${URL}/${t.other.id}` })).json().isActive).toBe(true);
  });
});

describe('creating a tenant', () => {
  it('creates the record, its admin, roles, grants and menus', async () => {
    const acme = await create('acme');
    expect(acme).toMatchObject({ name: 'acme', isActive: true, hasOwnDatabase: false });
    expect(acme.concurrencyStamp).toMatch(/^[0-9a-f]{32}$/);

    const lookup = await as(t.app, null)({ method: 'GET', url: '/api/abp/multi-tenancy/tenants/by-name/ACME' });
    expect(lookup.json()).toMatchObject({ success: true, tenantId: acme.id });

    const admin = await token(t.app, 'acme', 'admin', 'Pass1word!');
    const me = await as(t.app, admin)({ method: 'GET', url: '/api/identity/my-profile' });
    expect(me.json()).toMatchObject({ userName: 'admin', email: 'boss@acme.test' });
    const config = await as(t.app, admin)({ method: 'GET', url: '/api/abp/application-configuration' });
    expect(config.json().currentTenant).toMatchObject({ id: acme.id, name: 'acme', isAvailable: true });
    expect(config.json().auth.grantedPolicies['AbpIdentity.Users']).toBe(true);
    expect(config.json().auth.grantedPolicies['AbpTenantManagement.Tenants']).toBeUndefined();
    const menus = await as(t.app, admin)({ method: 'GET', url: '/api/platform/menus/by-current-user' });
    const names = menus.json().items.map((m: { name: string }) => m.name);
    expect(names).toEqual(expect.arrayContaining(['Dashboard', 'Users', 'Roles', 'Menus']));
    expect(names).not.toContain('Tenants');
    // the default password of seeded tenants does not open it
    t.app.services.rateLimiter.reset();
    await expect(token(t.app, 'acme', 'admin', '1q2w3E*')).rejects.toThrow(/sign-in failed/);
  });

  it('records the creation in the audit log without secrets', async () => {
    await create('audited');
    // the audit row is written after the response
    let text = '';
    for (let i = 0; i < 50 && !text.includes('audited'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      const rows = await t.services.data.unscoped((tx) =>
        tx.execute<{ url: string; entity_changes: unknown }>(
          "select url, entity_changes from audit_logs where url = '/api/tenant-management/tenants' and http_method = 'POST'",
        ),
      );
      text = JSON.stringify(rows.rows);
    }
    expect(text).toContain('audited');
    expect(text).not.toContain('Pass1word!');
  });

  it('rejects bad input with field errors and writes nothing', async () => {
    const before = (await host({ method: 'GET', url: URL })).json().totalCount;
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ['name', 'adminEmailAddress', 'adminPassword']],
      [{ name: 'has space', adminEmailAddress: 'a@b.cd', adminPassword: 'Pass1word!' }, ['name']],
      [{ name: GHOST, adminEmailAddress: 'a@b.cd', adminPassword: 'Pass1word!' }, ['name']],
      [{ name: 'x'.repeat(65), adminEmailAddress: 'a@b.cd', adminPassword: 'Pass1word!' }, ['name']],
      [{ name: 'okname', adminEmailAddress: 'not-an-email', adminPassword: 'Pass1word!' }, ['adminEmailAddress']],
      [{ name: 'okname', adminEmailAddress: 'a@b.cd', adminPassword: 'short' }, ['adminPassword']],
      [{ name: 'DEMO', adminEmailAddress: 'a@b.cd', adminPassword: 'Pass1word!' }, ['name']],
      [
        {
          name: 'okname',
          adminEmailAddress: 'a@b.cd',
          adminPassword: 'Pass1word!',
          defaultConnectionString: 'mysql://x',
        },
        ['defaultConnectionString'],
      ],
      [
        {
          name: 'okname',
          adminEmailAddress: 'a@b.cd',
          adminPassword: 'Pass1word!',
          defaultConnectionString: 'postgres://nobody:pw@127.0.0.1:1/none',
        },
        ['defaultConnectionString'],
      ],
      [
        {
          name: 'okname',
          adminEmailAddress: 'a@b.cd',
          adminPassword: 'Pass1word!',
          defaultConnectionString: 'pglite:rel',
        },
        ['defaultConnectionString'],
      ],
    ];
    for (const [payload, expected] of cases) {
      const res = await host({ method: 'POST', url: URL, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(new Set(members(res)), JSON.stringify(payload)).toEqual(new Set(expected));
    }
    const dup = await as(
      t.app,
      hostAdmin,
      'zh-Hans',
    )({
      method: 'POST',
      url: URL,
      payload: { name: 'Demo', adminEmailAddress: 'a@b.cd', adminPassword: 'Pass1word!' },
    });
    expect(dup.json().error.validationErrors[0].message).toBe('租户名称 Demo 已被使用。');
    expect((await host({ method: 'GET', url: URL })).json().totalCount).toBe(before);
  });
});

describe('updating and deleting a tenant', () => {
  it('renames, deactivates and reactivates; inactive tenants cannot be used', async () => {
    const beta = await create('beta');
    const betaAdmin = await token(t.app, 'beta', 'admin', 'Pass1word!');
    const off = await host({
      method: 'PUT',
      url: `${URL}/${beta.id}`,
      payload: { name: 'beta2', isActive: false, concurrencyStamp: beta.concurrencyStamp },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ name: 'beta2', isActive: false });
    expect(off.json().concurrencyStamp).not.toBe(beta.concurrencyStamp);

    // takes effect at once: tokens stop working, sign-in and look-up say inactive
    expect((await as(t.app, betaAdmin)({ method: 'GET', url: '/api/identity/my-profile' })).statusCode).toBe(401);
    const lookup = await as(t.app, null)({ method: 'GET', url: '/api/abp/multi-tenancy/tenants/by-name/beta2' });
    expect(lookup.json()).toMatchObject({ success: true, isActive: false });
    t.app.services.rateLimiter.reset();
    await expect(token(t.app, 'beta2', 'admin', 'Pass1word!')).rejects.toThrow();

    // a stale stamp is a 409 and changes nothing
    const stale = await host({
      method: 'PUT',
      url: `${URL}/${beta.id}`,
      payload: { name: 'beta3', isActive: true, concurrencyStamp: beta.concurrencyStamp },
    });
    expect(stale.statusCode).toBe(409);
    expect((await host({ method: 'GET', url: `${URL}/${beta.id}` })).json()).toMatchObject({
      name: 'beta2',
      isActive: false,
    });

    const on = await host({
      method: 'PUT',
      url: `${URL}/${beta.id}`,
      payload: { name: 'beta2', isActive: true, concurrencyStamp: off.json().concurrencyStamp },
    });
    expect(on.statusCode).toBe(200);
    await token(t.app, 'beta2', 'admin', 'Pass1word!');
  });

  it('rejects bad updates: field errors, duplicate names, unknown ids', async () => {
    expect(new Set(members(await host({ method: 'PUT', url: `${URL}/${t.other.id}`, payload: { name: '' } })))).toEqual(
      new Set(['name']),
    );
    expect(
      members(await host({ method: 'PUT', url: `${URL}/${t.other.id}`, payload: { name: 'demo', isActive: true } })),
    ).toEqual(['name']);
    const missing = await host({ method: 'PUT', url: `${URL}/${GHOST}`, payload: { name: 'ghost', isActive: true } });
    expect(missing.statusCode).toBe(404);
  });

  it('soft-deletes: the tenant disappears, its sessions end, the name stays taken', async () => {
    const gamma = await create('gamma');
    const gammaAdmin = await token(t.app, 'gamma', 'admin', 'Pass1word!');
    const del = await host({ method: 'DELETE', url: `${URL}/${gamma.id}` });
    expect(del.statusCode).toBe(204);
    expect((await host({ method: 'GET', url: `${URL}/${gamma.id}` })).statusCode).toBe(404);
    expect((await host({ method: 'DELETE', url: `${URL}/${gamma.id}` })).statusCode).toBe(404);
    expect((await host({ method: 'GET', url: `${URL}?filter=gamma` })).json().totalCount).toBe(0);
    expect((await as(t.app, gammaAdmin)({ method: 'GET', url: '/api/identity/my-profile' })).statusCode).toBe(401);
    const lookup = await as(t.app, null)({ method: 'GET', url: '/api/abp/multi-tenancy/tenants/by-name/gamma' });
    expect(lookup.json().success).toBe(false);
    // the row is kept (soft delete)
    const rows = await t.services.data.unscoped((tx) =>
      tx.execute<{ is_deleted: boolean }>(`select is_deleted from tenants where id = '${gamma.id}'`),
    );
    expect(rows.rows[0].is_deleted).toBe(true);
    const again = await host({
      method: 'POST',
      url: URL,
      payload: { name: 'gamma', adminEmailAddress: 'a@b.cd', adminPassword: 'Pass1word!' },
    });
    expect(members(again)).toEqual(['name']);
  });
});

describe('connection strings', () => {
  it('adds, reads, checks and deletes named connection strings', async () => {
    const delta = await create('delta');
    const base = `${URL}/${delta.id}/connection-string`;
    expect((await host({ method: 'GET', url: base })).json()).toEqual({ items: [] });

    const put = await host({
      method: 'PUT',
      url: base,
      payload: { name: 'Reporting', value: 'postgres://reader:secret@127.0.0.1:1/reports' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ name: 'Reporting', value: 'postgres://reader:secret@127.0.0.1:1/reports' });
    // a name is matched case-insensitively: this replaces it
    await host({ method: 'PUT', url: base, payload: { name: 'reporting', value: 'postgres://127.0.0.1:1/r2' } });
    expect((await host({ method: 'GET', url: base })).json()).toEqual({
      items: [{ name: 'Reporting', value: 'postgres://127.0.0.1:1/r2' }],
    });
    expect((await host({ method: 'GET', url: `${base}/REPORTING` })).json()).toEqual({
      name: 'Reporting',
      value: 'postgres://127.0.0.1:1/r2',
    });
    const check = await host({ method: 'GET', url: `${base}/Reporting/check` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ name: 'Reporting', reachable: false });
    expect(check.json().message).toBeTruthy();
    // other connection strings do not move the tenant
    expect((await host({ method: 'GET', url: `${URL}/${delta.id}` })).json().hasOwnDatabase).toBe(false);

    expect((await host({ method: 'DELETE', url: `${base}/Reporting` })).statusCode).toBe(204);
    expect((await host({ method: 'GET', url: `${base}/Reporting` })).statusCode).toBe(404);
    expect((await host({ method: 'DELETE', url: `${base}/Reporting` })).statusCode).toBe(404);
  });

  it('refuses a Default database that is not usable, with the reason on the value field', async () => {
    const base = `${URL}/${t.other.id}/connection-string`;
    for (const value of ['mysql://h/d', 'pglite:relative/dir', 'postgres://nobody:pw@127.0.0.1:1/none']) {
      const res = await host({ method: 'PUT', url: base, payload: { name: 'Default', value } });
      expect(res.statusCode, value).toBe(400);
      expect(members(res), value).toEqual(['value']);
    }
    expect((await host({ method: 'GET', url: base })).json()).toEqual({ items: [] });
    const check = await host({
      method: 'POST',
      url: `${URL}/check-connection-string`,
      payload: { value: 'postgres://nobody:pw@127.0.0.1:1/none' },
    });
    expect(check.json()).toMatchObject({ reachable: false });
  });

  it('rejects bad names and values, and unknown tenants', async () => {
    const base = `${URL}/${t.other.id}/connection-string`;
    expect(members(await host({ method: 'PUT', url: base, payload: { name: '1bad name', value: 'x' } }))).toEqual([
      'name',
    ]);
    expect(members(await host({ method: 'PUT', url: base, payload: { name: 'Ok', value: '' } }))).toEqual(['value']);
    expect((await host({ method: 'GET', url: `${URL}/${GHOST}/connection-string` })).statusCode).toBe(404);
    expect(
      (await host({ method: 'PUT', url: `${URL}/${GHOST}/connection-string`, payload: { name: 'A', value: 'b' } }))
        .statusCode,
    ).toBe(404);
    expect((await host({ method: 'GET', url: `${base}/Nothing` })).statusCode).toBe(404);
    expect((await host({ method: 'GET', url: `${base}/Nothing/check` })).statusCode).toBe(404);
  });
});

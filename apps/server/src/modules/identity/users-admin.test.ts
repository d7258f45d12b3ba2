import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, expectStampChecked, type TestApp } from '../../../test/harness.ts';
import { createUser, TEST_PASSWORD, token, userIdOf } from '../permission-management/test-support.ts';

const URL = '/api/identity/users';

type User = { id: string; userName: string; concurrencyStamp: string; lockoutEnd: string | null; email: string };
type Err = {
  error: { code: string | null; message: string; validationErrors: { message: string; members: string[] }[] };
};
const members = (body: Err) => body.error.validationErrors.map((v) => v.members[0]);

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let adminId: string;
let otherUserId: string;
let nobodyId: string;

const api = (tok: string, culture = 'en') => as(t.app, tok, culture);

beforeAll(async () => {
  t = await createTestApp();
  nobodyId = await createUser(t.services, t.demo, 'nobody');
  otherUserId = await createUser(t.services, t.other, 'outsider');
  demoAdmin = await token(t.app, 'demo');
  otherAdmin = await token(t.app, 'other');
  nobody = await token(t.app, 'demo', 'nobody');
  adminId = await userIdOf(t.services, t.demo, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const newUser = (userName: string, extra: Record<string, unknown> = {}) => ({
  userName,
  name: 'Test',
  surname: 'User',
  email: `${userName}@example.com`,
  password: 'Str0ng#pass',
  ...extra,
});

describe('users list', () => {
  it('pages, filters and sorts (default creationTime desc) within the tenant', async () => {
    const res = await api(demoAdmin)({ method: 'GET', url: `${URL}?maxResultCount=2` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { totalCount: number; items: User[] };
    expect(body.totalCount).toBeGreaterThanOrEqual(5); // admin, 3 demo users, nobody
    expect(body.items).toHaveLength(2);
    expect(body.items[0].userName).toBe('nobody'); // newest first

    const filtered = (await api(demoAdmin)({ method: 'GET', url: `${URL}?filter=%20ZHANG%20` })).json();
    expect(filtered).toMatchObject({ totalCount: 1, items: [{ userName: 'zhang.wei', surname: 'Zhang' }] });
    const byPhone = (await api(demoAdmin)({ method: 'GET', url: `${URL}?filter=13900000102` })).json();
    expect(byPhone.items.map((u: User) => u.userName)).toEqual(['li.na']);
    const sorted = (
      await api(demoAdmin)({ method: 'GET', url: `${URL}?sorting=userName asc&maxResultCount=1000` })
    ).json();
    const names = sorted.items.map((u: User) => u.userName);
    expect(names).toEqual([...names].sort());
    expect(names).not.toContain('outsider');

    const page2 = (await api(demoAdmin)({ method: 'GET', url: `${URL}?skipCount=1&maxResultCount=1` })).json();
    expect(page2.totalCount).toBe(body.totalCount);

    const salesmen = (await api(demoAdmin)({ method: 'GET', url: `${URL}/by-rolename/salesman` })).json();
    expect(salesmen.items.map((u: User) => u.userName).sort()).toEqual(['chen.jing', 'liu.yang', 'zhang.wei']);
    const all = (await api(demoAdmin)({ method: 'GET', url: `${URL}/all` })).json();
    expect(all.items.length).toBe(body.totalCount);
    const tenantUsers = await api(demoAdmin)({ method: 'GET', url: `${URL}/${nobodyId}/tenant-users` });
    expect(tenantUsers.json().items.length).toBe(body.totalCount);
    const byName = await api(demoAdmin)({ method: 'GET', url: `${URL}/by-username/NOBODY` });
    expect(byName.json()).toMatchObject({ id: nobodyId, userName: 'nobody' });
    const byIds = await api(demoAdmin)({
      method: 'POST',
      url: `${URL}/by-ids`,
      payload: { ids: [nobodyId, otherUserId] },
    });
    expect(byIds.json().items.map((u: User) => u.id)).toEqual([nobodyId]);
  });

  it('filters only within the tenant, and filtered totals follow creates, edits and deletes', async () => {
    const outsider = (await api(demoAdmin)({ method: 'GET', url: `${URL}?filter=outsider` })).json();
    expect(outsider).toEqual({ totalCount: 0, items: [] });
    const fromOther = (await api(otherAdmin)({ method: 'GET', url: `${URL}?filter=zhang` })).json();
    expect(fromOther).toEqual({ totalCount: 0, items: [] });

    // a second page makes the list count instead of reading the total off the first page
    const page2 = (filter: string) =>
      api(demoAdmin)({ method: 'GET', url: `${URL}?filter=${filter}&skipCount=1&maxResultCount=1` });
    const before = (await page2('counted.example')).json().totalCount as number;
    const created = (
      await api(demoAdmin)({
        method: 'POST',
        url: URL,
        payload: newUser('counted1', { email: 'counted1@counted.example' }),
      })
    ).json() as User;
    await api(demoAdmin)({
      method: 'POST',
      url: URL,
      payload: newUser('counted2', { email: 'counted2@counted.example' }),
    });
    expect((await page2('counted.example')).json().totalCount).toBe(before + 2);
    await api(demoAdmin)({
      method: 'PUT',
      url: `${URL}/${created.id}`,
      payload: {
        ...newUser('counted1', { email: 'moved@elsewhere.example' }),
        concurrencyStamp: created.concurrencyStamp,
      },
    });
    expect((await page2('counted.example')).json().totalCount).toBe(before + 1);
    await api(demoAdmin)({ method: 'DELETE', url: `${URL}/${created.id}` });
    expect((await page2('elsewhere.example')).json().totalCount).toBe(0);
  });

  it('rejects bad paging and sorting, and callers without the permission', async () => {
    const bad = await api(demoAdmin)({ method: 'GET', url: `${URL}?maxResultCount=5000&sorting=passwordHash` });
    expect(bad.statusCode).toBe(400);
    expect(members(bad.json())).toContain('maxResultCount');
    const badSort = await api(demoAdmin)({ method: 'GET', url: `${URL}?sorting=passwordHash desc` });
    expect(badSort.statusCode).toBe(400);
    expect(members(badSort.json())).toEqual(['sorting']);
    for (const url of [URL, `${URL}/all`, `${URL}/${adminId}`, `${URL}/export`]) {
      expect((await api(nobody)({ method: 'GET', url })).statusCode).toBe(403);
    }
    expect((await as(t.app, null)({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('exports the filtered list as xlsx', async () => {
    const res = await api(demoAdmin)({ method: 'GET', url: `${URL}/export?filter=demo.local&sorting=userName asc` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('User name');
    expect(sheet.getRow(2).getCell(1).value).toBe('admin');
    expect(sheet.getRow(3).getCell(1).value).toBe('chen.jing');
    expect(sheet.getRow(4).getCell(1).value).toBe('li.na');
    expect(sheet.rowCount).toBe(7);
  });
});

describe('user CRUD', () => {
  it('creates with roles, reads, updates with the stamp and soft-deletes', async () => {
    const created = await api(demoAdmin)({
      method: 'POST',
      url: URL,
      payload: newUser('alice', { roleNames: ['salesman', 'STOCKMAN'], phoneNumber: '13700000001' }),
    });
    expect(created.statusCode).toBe(200);
    const alice = created.json() as User;
    expect(alice).toMatchObject({
      userName: 'alice',
      email: 'alice@example.com',
      isActive: true,
      lockoutEnabled: true,
    });
    expect(alice).not.toHaveProperty('passwordHash');
    const roles = (await api(demoAdmin)({ method: 'GET', url: `${URL}/${alice.id}/roles` })).json();
    expect(roles.items.map((r: { name: string }) => r.name)).toEqual(['salesman', 'stockman']);

    // the new user can sign in with the given password
    t.app.services.rateLimiter.reset();
    expect(await token(t.app, 'demo', 'alice', 'Str0ng#pass')).toBeTruthy();

    const body = { ...newUser('alice2'), password: '', roleNames: ['finance'] };
    const updated = await expectStampChecked(
      (concurrencyStamp) =>
        api(demoAdmin)({ method: 'PUT', url: `${URL}/${alice.id}`, payload: { ...body, concurrencyStamp } }),
      alice.concurrencyStamp,
    );
    expect(updated.json()).toMatchObject({ userName: 'alice2', email: 'alice2@example.com', emailConfirmed: false });
    expect(updated.json().concurrencyStamp).not.toBe(alice.concurrencyStamp);
    const roles2 = (await api(demoAdmin)({ method: 'GET', url: `${URL}/${alice.id}/roles` })).json();
    expect(roles2.items.map((r: { name: string }) => r.name)).toEqual(['finance']);

    const del = await api(demoAdmin)({ method: 'DELETE', url: `${URL}/${alice.id}` });
    expect(del.statusCode).toBe(204);
    expect((await api(demoAdmin)({ method: 'GET', url: `${URL}/${alice.id}` })).statusCode).toBe(404);
    // the name is free again
    const again = await api(demoAdmin)({ method: 'POST', url: URL, payload: newUser('alice2') });
    expect(again.statusCode).toBe(200);
  });

  it('gives default roles when no role names are sent', async () => {
    const roles = (await api(demoAdmin)({ method: 'GET', url: '/api/identity/roles/all' })).json().items as {
      id: string;
      name: string;
    }[];
    const finance = roles.find((r) => r.name === 'finance')!;
    await api(demoAdmin)({
      method: 'PUT',
      url: `/api/identity/roles/${finance.id}/set-default`,
      payload: { isDefault: true },
    });
    const created = (await api(demoAdmin)({ method: 'POST', url: URL, payload: newUser('bob') })).json() as User;
    const held = (await api(demoAdmin)({ method: 'GET', url: `${URL}/${created.id}/roles` })).json();
    expect(held.items.map((r: { name: string }) => r.name)).toEqual(['finance']);
    await api(demoAdmin)({
      method: 'PUT',
      url: `/api/identity/roles/${finance.id}/set-default`,
      payload: { isDefault: false },
    });
  });

  it('answers 400 with field errors: policy, duplicates, unknown roles, bad input', async () => {
    const weak = await api(demoAdmin)({ method: 'POST', url: URL, payload: newUser('weak', { password: 'abc' }) });
    expect(weak.statusCode).toBe(400);
    const weakBody = weak.json() as Err;
    expect(members(weakBody).every((m) => m === 'password')).toBe(true);
    expect(weakBody.error.validationErrors.map((v) => v.message)).toContain('Passwords must be at least 6 characters.');
    const zh = await api(
      demoAdmin,
      'zh-Hans',
    )({ method: 'POST', url: URL, payload: newUser('weak', { password: 'abcdefgh' }) });
    expect(zh.json().error.validationErrors.map((v: { message: string }) => v.message)).toContain(
      "密码至少包含一位数字 ('0'-'9')。",
    );

    const dup = await api(demoAdmin)({ method: 'POST', url: URL, payload: newUser('ADMIN') });
    expect(dup.statusCode).toBe(400);
    expect(members(dup.json())).toEqual(['userName']);
    const dupEmail = await api(demoAdmin)({
      method: 'POST',
      url: URL,
      payload: newUser('carol', { email: 'zhang.wei@demo.local' }),
    });
    expect(members(dupEmail.json())).toEqual(['email']);
    const role = await api(demoAdmin)({
      method: 'POST',
      url: URL,
      payload: newUser('carol', { roleNames: ['ghost'] }),
    });
    expect(role.statusCode).toBe(400);
    expect(members(role.json())).toEqual(['roleNames']);
    const bad = await api(demoAdmin)({
      method: 'POST',
      url: URL,
      payload: { userName: 'bad name', email: 'nope', phoneNumber: 'x', password: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(members(bad.json())).toEqual(expect.arrayContaining(['userName', 'email', 'phoneNumber', 'password']));
  });

  it('answers 404 for another tenant’s user on every route, and 403 without the permission', async () => {
    const paths: [string, string, unknown?][] = [
      ['GET', `${URL}/${otherUserId}`],
      ['PUT', `${URL}/${otherUserId}`, newUser('x')],
      ['DELETE', `${URL}/${otherUserId}`],
      ['PUT', `${URL}/${otherUserId}/lock/60`],
      ['PUT', `${URL}/${otherUserId}/unlock`],
      ['GET', `${URL}/${otherUserId}/roles`],
      ['PUT', `${URL}/${otherUserId}/roles`, { roleNames: [] }],
      ['GET', `${URL}/${otherUserId}/claims`],
      ['GET', `${URL}/${otherUserId}/organization-units`],
      ['GET', `${URL}/${otherUserId}/tenant-users`],
      ['PUT', `${URL}/organization-units/${otherUserId}`, { organizationUnitIds: [] }],
      ['GET', `${URL}/by-username/outsider`],
    ];
    for (const [method, url, payload] of paths) {
      const res = await api(demoAdmin)({ method: method as 'GET', url, payload: payload as object });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('outsider@test.local');
    }
    const outsider = (await api(otherAdmin)({ method: 'GET', url: `${URL}/${otherUserId}` })).json();
    expect(outsider).toMatchObject({ userName: 'outsider', isDeleted: false, lockoutEnd: null });

    for (const [method, url] of [
      ['POST', URL],
      ['PUT', `${URL}/${nobodyId}`],
      ['DELETE', `${URL}/${adminId}`],
      ['PUT', `${URL}/${adminId}/lock/60`],
      ['PUT', `${URL}/${adminId}/roles`],
      ['GET', `${URL}/${adminId}/claims`],
    ]) {
      const res = await api(nobody)({ method: method as 'GET', url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('user rules', () => {
  it('refuses to delete or lock yourself', async () => {
    const del = await api(demoAdmin)({ method: 'DELETE', url: `${URL}/${adminId}` });
    expect(del.statusCode).toBe(403);
    expect(del.json().error).toMatchObject({
      code: 'AbpIdentity::CannotDeleteYourself',
      message: 'You cannot delete your own account!',
    });
    const lock = await api(demoAdmin)({ method: 'PUT', url: `${URL}/${adminId}/lock/60` });
    expect(lock.statusCode).toBe(403);
    expect(lock.json().error.code).toBe('AbpIdentity::CannotLockYourself');
  });

  it('keeps the last admin in the admin role', async () => {
    const res = await api(demoAdmin)({
      method: 'PUT',
      url: `${URL}/${adminId}/roles`,
      payload: { roleNames: ['salesman'] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('AbpIdentity::LastAdminRole');
    const zh = await api(
      demoAdmin,
      'zh-Hans',
    )({ method: 'PUT', url: `${URL}/${adminId}/roles`, payload: { roleNames: [] } });
    expect(zh.json().error.message).toContain('最后一个用户');

    // with a second admin, the first may lose the role
    const second = (
      await api(demoAdmin)({ method: 'POST', url: URL, payload: newUser('admin2', { roleNames: ['admin'] }) })
    ).json() as User;
    const ok = await api(demoAdmin)({
      method: 'PUT',
      url: `${URL}/${second.id}/roles`,
      payload: { roleNames: ['finance'] },
    });
    expect(ok.statusCode).toBe(204);
  });

  it('locks for a period and unlocks; a locked user cannot sign in', async () => {
    const id = await createUser(t.services, t.demo, 'locky');
    const lock = await api(demoAdmin)({ method: 'PUT', url: `${URL}/${id}/lock/3600` });
    expect(lock.statusCode).toBe(204);
    const locked = (await api(demoAdmin)({ method: 'GET', url: `${URL}/${id}` })).json() as User;
    expect(new Date(locked.lockoutEnd!).getTime()).toBeGreaterThan(Date.now() + 3500_000);
    t.app.services.rateLimiter.reset();
    await expect(token(t.app, 'demo', 'locky', TEST_PASSWORD)).rejects.toThrow(/locked|锁定/i);
    const unlock = await api(demoAdmin)({ method: 'PUT', url: `${URL}/${id}/unlock` });
    expect(unlock.statusCode).toBe(204);
    expect((await api(demoAdmin)({ method: 'GET', url: `${URL}/${id}` })).json().lockoutEnd).toBeNull();
    expect(await token(t.app, 'demo', 'locky', TEST_PASSWORD)).toBeTruthy();
    const badSeconds = await api(demoAdmin)({ method: 'PUT', url: `${URL}/${id}/lock/0` });
    expect(badSeconds.statusCode).toBe(400);
    expect(members(badSeconds.json())).toEqual(['seconds']);
  });

  it('applies role changes to permissions at once', async () => {
    const id = await createUser(t.services, t.demo, 'promoted');
    const tok = await token(t.app, 'demo', 'promoted');
    expect((await api(tok)({ method: 'GET', url: URL })).statusCode).toBe(403);
    await api(demoAdmin)({ method: 'PUT', url: `${URL}/${id}/roles`, payload: { roleNames: ['admin'] } });
    expect((await api(tok)({ method: 'GET', url: URL })).statusCode).toBe(200);
    await api(demoAdmin)({ method: 'PUT', url: `${URL}/${id}/roles`, payload: { roleNames: [] } });
    expect((await api(tok)({ method: 'GET', url: URL })).statusCode).toBe(403);
  });

  it('drops the grants of a deleted user', async () => {
    const id = await createUser(t.services, t.demo, 'granted');
    const put = await api(demoAdmin)({
      method: 'PUT',
      url: `/api/permission-management/permissions?providerName=U&providerKey=${id}`,
      payload: { permissions: [{ name: 'AbpIdentity.Users', isGranted: true }] },
    });
    expect(put.statusCode).toBe(204);
    await api(demoAdmin)({ method: 'DELETE', url: `${URL}/${id}` });
    const { permissionGrants } = await import('../permission-management/schema.ts');
    const { eq } = await import('drizzle-orm');
    const rows = await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
      tx.select().from(permissionGrants).where(eq(permissionGrants.providerKey, id)),
    );
    expect(rows).toHaveLength(0);
  });

  it('enforces the tenant’s Identity.MaxUserCount feature', async () => {
    const hostAdmin = await token(t.app, null);
    const count = (await api(demoAdmin)({ method: 'GET', url: URL })).json().totalCount as number;
    const setMax = (value: string) =>
      api(hostAdmin)({
        method: 'PUT',
        url: `/api/feature-management/features?providerName=T&providerKey=${t.demo.id}`,
        payload: { features: [{ name: 'Identity.MaxUserCount', value }] },
      });
    expect((await setMax(String(count))).statusCode).toBe(204);
    const refused = await api(demoAdmin)({ method: 'POST', url: URL, payload: newUser('toomany') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain(String(count));
    await setMax('0');
    expect((await api(demoAdmin)({ method: 'POST', url: URL, payload: newUser('toomany') })).statusCode).toBe(200);
  });
});

describe('user claims and organization units', () => {
  it('validates claims against claim types and edits them', async () => {
    const ct = await api(demoAdmin)({
      method: 'POST',
      url: '/api/identity/claim-types',
      payload: {
        name: 'employee_no',
        required: true,
        regex: '^E\\d{4}$',
        regexDescription: 'E + 4 digits',
        valueType: 0,
      },
    });
    expect(ct.statusCode).toBe(200);
    await api(demoAdmin)({
      method: 'POST',
      url: '/api/identity/claim-types',
      payload: { name: 'level', valueType: 1 },
    });

    const claims = `${URL}/${nobodyId}/claims`;
    const unknown = await api(demoAdmin)({
      method: 'POST',
      url: claims,
      payload: { claimType: 'ghost', claimValue: 'x' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(members(unknown.json())).toEqual(['claimType']);
    const empty = await api(demoAdmin)({
      method: 'POST',
      url: claims,
      payload: { claimType: 'employee_no', claimValue: '' },
    });
    expect(members(empty.json())).toEqual(['claimValue']);
    const mismatch = await api(demoAdmin)({
      method: 'POST',
      url: claims,
      payload: { claimType: 'employee_no', claimValue: 'X1' },
    });
    expect(mismatch.json().error.validationErrors[0].message).toContain('E + 4 digits');
    const notInt = await api(demoAdmin)({
      method: 'POST',
      url: claims,
      payload: { claimType: 'level', claimValue: 'high' },
    });
    expect(notInt.json().error.validationErrors[0]).toMatchObject({ members: ['claimValue'] });

    expect(
      (
        await api(demoAdmin)({
          method: 'POST',
          url: claims,
          payload: { claimType: 'employee_no', claimValue: 'E0001' },
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await api(demoAdmin)({ method: 'POST', url: claims, payload: { claimType: 'level', claimValue: '3' } }))
        .statusCode,
    ).toBe(204);
    const dup = await api(demoAdmin)({ method: 'POST', url: claims, payload: { claimType: 'level', claimValue: '3' } });
    expect(dup.statusCode).toBe(400);
    const upd = await api(demoAdmin)({
      method: 'PUT',
      url: claims,
      payload: { claimType: 'level', claimValue: '3', newClaimValue: '4' },
    });
    expect(upd.statusCode).toBe(204);
    const list = (await api(demoAdmin)({ method: 'GET', url: claims })).json();
    expect(list.items.map((c: { claimType: string; claimValue: string }) => `${c.claimType}=${c.claimValue}`)).toEqual([
      'employee_no=E0001',
      'level=4',
    ]);
    const del = await api(demoAdmin)({ method: 'DELETE', url: `${claims}?claimType=level&claimValue=4` });
    expect(del.statusCode).toBe(204);
    expect((await api(demoAdmin)({ method: 'GET', url: claims })).json().items).toHaveLength(1);
    const types = (await api(demoAdmin)({ method: 'GET', url: `${URL}/available-claim-types` })).json();
    expect(types.items.map((c: { name: string }) => c.name)).toContain('employee_no');
  });

  it('sets, lists and removes a user’s organization units', async () => {
    const ou = (name: string) =>
      api(demoAdmin)({ method: 'POST', url: '/api/identity/organization-units', payload: { displayName: name } });
    const a = (await ou('Sales dept')).json();
    const b = (await ou('Warehouse')).json();
    const otherOu = (
      await api(otherAdmin)({
        method: 'POST',
        url: '/api/identity/organization-units',
        payload: { displayName: 'Other' },
      })
    ).json();
    const set = await api(demoAdmin)({
      method: 'PUT',
      url: `${URL}/organization-units/${nobodyId}`,
      payload: { organizationUnitIds: [a.id, b.id] },
    });
    expect(set.statusCode).toBe(204);
    const list = (await api(demoAdmin)({ method: 'GET', url: `${URL}/${nobodyId}/organization-units` })).json();
    expect(list.items.map((o: { displayName: string }) => o.displayName)).toEqual(['Sales dept', 'Warehouse']);
    const inUnit = (await api(demoAdmin)({ method: 'GET', url: `${URL}?organizationUnitId=${a.id}` })).json();
    expect(inUnit.items.map((u: User) => u.userName)).toEqual(['nobody']);
    // the unit filter's picker: this tenant's units only, by name
    const options = await api(demoAdmin)({ method: 'GET', url: `${URL}/organization-unit-options` });
    const names = options.json().items.map((o: { name: string }) => o.name);
    expect(names).toEqual(expect.arrayContaining(['Sales dept', 'Warehouse']));
    expect(names).not.toContain('Other');
    expect((await api(nobody)({ method: 'GET', url: `${URL}/organization-unit-options` })).statusCode).toBe(403);
    const badUnit = await api(demoAdmin)({ method: 'GET', url: `${URL}?organizationUnitId=nope` });
    expect(members(badUnit.json())).toEqual(['organizationUnitId']);
    const foreign = await api(demoAdmin)({
      method: 'PUT',
      url: `${URL}/organization-units/${nobodyId}`,
      payload: { organizationUnitIds: [otherOu.id] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(members(foreign.json())).toEqual(['organizationUnitIds']);
    const del = await api(demoAdmin)({ method: 'DELETE', url: `${URL}/${nobodyId}/organization-units/${a.id}` });
    expect(del.statusCode).toBe(204);
    const foreignDel = await api(demoAdmin)({
      method: 'DELETE',
      url: `${URL}/${nobodyId}/organization-units/${otherOu.id}`,
    });
    expect(foreignDel.statusCode).toBe(404);
    const after = (await api(demoAdmin)({ method: 'GET', url: `${URL}/${nobodyId}/organization-units` })).json();
    expect(after.items.map((o: { displayName: string }) => o.displayName)).toEqual(['Warehouse']);
  });
});

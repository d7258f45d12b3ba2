import { PlatformType } from '@seller/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, expectStampChecked, type TestApp } from '../../../test/harness.ts';
import { createUser, token, userIdOf } from '../permission-management/test-support.ts';
import { roleHasMenu, seedMenus } from './seed.ts';

const URL = '/api/platform/menus';

type Menu = {
  id: string;
  parentId: string | null;
  code: string;
  name: string;
  path: string;
  component: string;
  platformType: number;
  isPublic: boolean;
  startup: boolean;
  concurrencyStamp: string;
  meta: Record<string, unknown>;
};

let t: TestApp;
let hostAdmin: string;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let sally: string;
let sallyId: string;
let otherUserId: string;

const mine = async (tok: string, query = '') => {
  const res = await as(t.app, tok)({ method: 'GET', url: `${URL}/by-current-user${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().items as Menu[];
};
const names = (items: Menu[]) => items.map((m) => m.name);
/** A request of the demo tenant's admin. */
const asDemoAdmin = (opts: InjectOptions) => as(t.app, demoAdmin)(opts);
/** The demo admin grants user `userId` one permission of its own. */
const grantUser = (userId: string, permission: string) =>
  asDemoAdmin({
    method: 'PUT',
    url: `/api/permission-management/permissions?providerName=U&providerKey=${userId}`,
    payload: { permissions: [{ name: permission, isGranted: true }] },
  });
const all = async (tok: string) => (await as(t.app, tok)({ method: 'GET', url: `${URL}/all` })).json().items as Menu[];
const byName = async (tok: string, name: string) => (await all(tok)).find((m) => m.name === name)!;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.services, t.demo, 'nobody');
  sallyId = await createUser(t.services, t.demo, 'sally', ['salesman']);
  hostAdmin = await token(t.app, null);
  demoAdmin = await token(t.app, 'demo');
  otherAdmin = await token(t.app, 'other');
  nobody = await token(t.app, 'demo', 'nobody');
  sally = await token(t.app, 'demo', 'sally');
  otherUserId = await userIdOf(t.services, t.other, 'admin');
});
afterAll(async () => {
  await t?.close();
});

describe('seeded menus', () => {
  it('seeds the existing pages per tenant, idempotently, linked to admin', async () => {
    const demo = await all(demoAdmin);
    expect(names(demo)).toEqual(
      expect.arrayContaining([
        'Dashboard',
        'Profile',
        'Admin',
        'Users',
        'Roles',
        'Settings',
        'AuditLog',
        'Layouts',
        'Menus',
      ]),
    );
    expect(names(demo)).not.toContain('Tenants'); // host only
    expect(names(await all(hostAdmin))).toContain('Tenants');
    const users = demo.find((m) => m.name === 'Users')!;
    expect(users).toMatchObject({
      code: '00003.00001',
      path: 'users',
      component: 'admin/users/index',
      platformType: PlatformType.Web,
      meta: { title: 'Menus::Users', permission: 'AbpIdentity.Users' },
    });
    expect(users.parentId).toBe(demo.find((m) => m.name === 'Admin')!.id);
    expect(demo.find((m) => m.name === 'Dashboard')).toMatchObject({
      path: '/dashboard',
      component: 'dashboard/index',
      isPublic: true,
      meta: { affix: true },
    });
    expect(await roleHasMenu(t.services, t.demo, 'admin', '00003.00001')).toBe(true);

    await seedMenus(t.services, t.demo);
    expect((await all(demoAdmin)).length).toBe(demo.length);
  });
});

describe('menus of the current user', () => {
  it('gives the admin the admin pages of the side', async () => {
    const demo = names(await mine(demoAdmin));
    expect(demo).toEqual(expect.arrayContaining(['Dashboard', 'Admin', 'Users', 'Roles', 'Settings', 'Container']));
    expect(demo).not.toContain('Tenants');
    expect(names(await mine(hostAdmin))).toContain('Tenants');
  });

  it('gives a user without roles only the public menus', async () => {
    expect(names(await mine(nobody)).sort()).toEqual([
      'Dashboard',
      'Message',
      'Notification',
      'PersonalInfo',
      'PersonalSetting',
      'Profile',
    ]);
  });

  it('adds role and user links, drops entries the user lacks the permission for', async () => {
    const users = await byName(demoAdmin, 'Users');
    const settings = await byName(demoAdmin, 'Settings');
    const auditLog = await byName(demoAdmin, 'AuditLog');
    const put = await asDemoAdmin({
      method: 'PUT',
      url: `${URL}/by-role`,
      payload: { roleName: 'salesman', menuIds: [users.id, settings.id], startupMenuId: settings.id },
    });
    expect(put.statusCode).toBe(204);
    const items = await mine(sally);
    // salesman holds AbpSettingManagement.Settings but not AbpIdentity.Users
    expect(names(items)).toEqual(expect.arrayContaining(['Admin', 'Settings']));
    expect(names(items)).not.toContain('Users');
    expect(items.find((m) => m.name === 'Settings')!.startup).toBe(true);
    expect(items.find((m) => m.name === 'Admin')!.startup).toBe(false);

    const byRole = await asDemoAdmin({ method: 'GET', url: `${URL}/by-role/salesman/${PlatformType.Web}` });
    expect(byRole.statusCode).toBe(200);
    expect(names(byRole.json().items).sort()).toEqual(['Settings', 'Users']);

    // a user link to the audit log shows up once the user holds its permission
    const link = await asDemoAdmin({
      method: 'PUT',
      url: `${URL}/by-user`,
      payload: { userId: sallyId, menuIds: [auditLog.id] },
    });
    expect(link.statusCode).toBe(204);
    expect(names(await mine(sally))).not.toContain('AuditLog');
    await grantUser(sallyId, 'AbpAuditing.AuditLog');
    expect(names(await mine(sally))).toEqual(expect.arrayContaining(['Auditing', 'AuditLog']));
    const byUser = await asDemoAdmin({ method: 'GET', url: `${URL}/by-user/${sallyId}/${PlatformType.Web}` });
    expect(names(byUser.json().items)).toEqual(['AuditLog']);
  });

  it('marks one startup (home) menu: the user’s own before the role’s, only a page the user may open', async () => {
    const homerId = await createUser(t.services, t.demo, 'homer', ['stockman']);
    await grantUser(homerId, 'AbpIdentity.Users');
    const homer = await token(t.app, 'demo', 'homer');
    const [dashboard, admin, users, roles, auditLog] = await Promise.all(
      ['Dashboard', 'Admin', 'Users', 'Roles', 'AuditLog'].map((n) => byName(demoAdmin, n)),
    );
    const put = async (url: string, payload: Record<string, unknown>) => {
      const res = await asDemoAdmin({ method: 'PUT', url: `${URL}/${url}`, payload });
      expect(res.statusCode, res.body).toBe(204);
    };
    const home = async () => (await mine(homer)).filter((m) => m.startup).map((m) => m.name);

    await put('by-role', { roleName: 'stockman', menuIds: [users.id, roles.id], startupMenuId: users.id });
    expect(await home()).toEqual(['Users']);
    // the role's home page is one the user may not open: none
    await put('by-role', { roleName: 'stockman', menuIds: [users.id, roles.id], startupMenuId: roles.id });
    expect(names(await mine(homer))).not.toContain('Roles');
    expect(await home()).toEqual([]);
    // the user's own startup menu wins over the role's
    await put('by-role', { roleName: 'stockman', menuIds: [users.id, roles.id], startupMenuId: users.id });
    await put('by-user', { userId: homerId, menuIds: [dashboard.id], startupMenuId: dashboard.id });
    expect(await home()).toEqual(['Dashboard']);
    // … unless the user may not open it: then the role's
    await put('by-user', { userId: homerId, menuIds: [auditLog.id], startupMenuId: auditLog.id });
    expect(await home()).toEqual(['Users']);
    // a group has no page to open
    await put('by-role', { roleName: 'stockman', menuIds: [admin.id, users.id], startupMenuId: admin.id });
    expect(await home()).toEqual([]);
  });

  it('filters by platform type flags', async () => {
    const created = await asDemoAdmin({
      method: 'POST',
      url: URL,
      payload: {
        name: 'Scanner',
        displayName: '扫码',
        path: '/scanner',
        component: 'mobile/scanner',
        platformType: PlatformType.Android,
        isPublic: true,
      },
    });
    expect(created.statusCode).toBe(200);
    expect(names(await mine(nobody))).not.toContain('Scanner');
    expect(names(await mine(nobody, `?platformType=${PlatformType.Mobile}`))).toEqual(['Scanner']);
    expect(names(await mine(nobody, `?platformType=${PlatformType.iOS}`))).toEqual([]);
    const bad = await as(t.app, nobody)({ method: 'GET', url: `${URL}/by-current-user?platformType=999` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members).toEqual(['platformType']);
  });

  it('never returns another tenant’s menus', async () => {
    const res = await as(
      t.app,
      otherAdmin,
    )({
      method: 'POST',
      url: URL,
      payload: { name: 'OtherSecret', displayName: 'x', path: '/secret', component: 'x/index', isPublic: true },
    });
    expect(res.statusCode).toBe(200);
    expect(names(await mine(demoAdmin))).not.toContain('OtherSecret');
    expect(names(await mine(nobody))).not.toContain('OtherSecret');
    expect(names(await all(demoAdmin))).not.toContain('OtherSecret');
  });

  it('needs a sign-in', async () => {
    expect((await as(t.app, null)({ method: 'GET', url: `${URL}/by-current-user` })).statusCode).toBe(401);
  });
});

describe('menu management', () => {
  it('creates under a parent with the next code; sibling names are unique', async () => {
    const admin = await byName(demoAdmin, 'Admin');
    const res = await asDemoAdmin({
      method: 'POST',
      url: URL,
      payload: {
        parentId: admin.id,
        name: 'Reports',
        displayName: '报表',
        path: 'reports',
        component: 'admin/reports/index',
        meta: { title: 'Reports', icon: 'BarChartOutlined' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: '00003.00007', parentId: admin.id, level: 1, platformType: 56 });
    expect(res.json().concurrencyStamp).toMatch(/^[0-9a-f]{32}$/);

    const dup = await asDemoAdmin({
      method: 'POST',
      url: URL,
      payload: { parentId: admin.id, name: 'reports', displayName: 'x', path: 'x' },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.validationErrors[0]).toMatchObject({
      members: ['name'],
      message: 'A menu named reports already exists at this level.',
    });
    // the same name elsewhere is fine
    const top = await asDemoAdmin({
      method: 'POST',
      url: URL,
      payload: { name: 'Reports', displayName: '报表', path: '/reports', component: 'Layout' },
    });
    expect(top.statusCode).toBe(200);
    expect(top.json().code).toMatch(/^\d{5}$/);
  });

  it('updates with the concurrency stamp, moves children along, refuses cycles', async () => {
    const group = (
      await asDemoAdmin({
        method: 'POST',
        url: URL,
        payload: { name: 'Tools', displayName: '工具', path: '/tools', component: 'Layout' },
      })
    ).json() as Menu;
    const child = (
      await asDemoAdmin({
        method: 'POST',
        url: URL,
        payload: { parentId: group.id, name: 'Export', displayName: '导出', path: 'export', component: 'tools/export' },
      })
    ).json() as Menu;
    expect(child.code).toBe(`${group.code}.00001`);
    const container = await byName(demoAdmin, 'Container');

    const body = { name: 'Tools', displayName: '工具箱', path: '/tools', component: 'Layout', parentId: container.id };
    const moved = await expectStampChecked(
      (concurrencyStamp) =>
        asDemoAdmin({ method: 'PUT', url: `${URL}/${group.id}`, payload: { ...body, concurrencyStamp } }),
      group.concurrencyStamp,
    );
    expect(moved.json()).toMatchObject({ displayName: '工具箱', parentId: container.id, code: '00005.00003' });
    const movedChild = (await asDemoAdmin({ method: 'GET', url: `${URL}/${child.id}` })).json();
    expect(movedChild.code).toBe('00005.00003.00001');

    const cycle = await asDemoAdmin({
      method: 'PUT',
      url: `${URL}/${group.id}`,
      payload: { ...body, parentId: child.id },
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error.validationErrors[0].members).toEqual(['parentId']);

    const del = await asDemoAdmin({ method: 'DELETE', url: `${URL}/${group.id}` });
    expect(del.statusCode).toBe(204);
    expect((await asDemoAdmin({ method: 'GET', url: `${URL}/${child.id}` })).statusCode).toBe(404);
  });

  it('pages, filters and sorts with validated input', async () => {
    const res = await asDemoAdmin({
      method: 'GET',
      url: `${URL}?filter=-log&maxResultCount=1&sorting=name desc`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalCount).toBe(2); // AuditLog, SecurityLog
    expect(names(res.json().items)).toEqual(['SecurityLog']);

    const tooMany = await asDemoAdmin({ method: 'GET', url: `${URL}?maxResultCount=5000` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.validationErrors[0].members).toEqual(['maxResultCount']);
    const badSort = await asDemoAdmin({ method: 'GET', url: `${URL}?sorting=passwordHash` });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error.validationErrors[0].members).toEqual(['sorting']);
    const badAllSort = await asDemoAdmin({ method: 'GET', url: `${URL}/all?sorting=name;drop` });
    expect(badAllSort.statusCode).toBe(400);

    const reversed = (await asDemoAdmin({ method: 'GET', url: `${URL}/all?reverse=true` })).json().items as Menu[];
    const forward = await all(demoAdmin);
    expect(reversed.map((m) => m.id)).toEqual(forward.map((m) => m.id).reverse());
    // the paged list on the kit keeps ABP's reverse (the display order turned round) and exports
    const pageOf = async (query: string) =>
      names((await asDemoAdmin({ method: 'GET', url: `${URL}?maxResultCount=1000${query}` })).json().items);
    expect(await pageOf('&reverse=true')).toEqual((await pageOf('')).reverse());
    const exported = await asDemoAdmin({ method: 'GET', url: `${URL}/export?filter=-log` });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('rejects bad input with field errors', async () => {
    const res = await asDemoAdmin({
      method: 'POST',
      url: URL,
      payload: { name: '', displayName: 'x'.repeat(200), path: '/x', platformType: 4096, parentId: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    const members = res.json().error.validationErrors.map((v: { members: string[] }) => v.members[0]);
    expect(members).toEqual(expect.arrayContaining(['name', 'displayName', 'platformType', 'parentId']));
    const badId = await asDemoAdmin({ method: 'GET', url: `${URL}/not-a-guid` });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.validationErrors[0].members).toEqual(['id']);
  });

  it('answers 404 for another tenant’s menus, roles and users, and changes nothing there', async () => {
    const theirs = (await all(otherAdmin)).find((m) => m.name === 'Users')!;
    const call = as(t.app, demoAdmin);
    expect((await call({ method: 'GET', url: `${URL}/${theirs.id}` })).statusCode).toBe(404);
    expect(
      (
        await call({
          method: 'PUT',
          url: `${URL}/${theirs.id}`,
          payload: { name: 'Hacked', displayName: 'x', path: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call({ method: 'DELETE', url: `${URL}/${theirs.id}` })).statusCode).toBe(404);
    const mine_ = await byName(demoAdmin, 'Roles');
    expect(
      (
        await call({
          method: 'POST',
          url: URL,
          payload: { parentId: theirs.id, name: 'X', displayName: 'x', path: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call({
          method: 'PUT',
          url: `${URL}/by-role`,
          payload: { roleName: 'salesman', menuIds: [mine_.id, theirs.id] },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call({ method: 'GET', url: `${URL}/by-user/${otherUserId}/56` })).statusCode).toBe(404);
    expect(
      (await call({ method: 'PUT', url: `${URL}/by-user`, payload: { userId: otherUserId, menuIds: [mine_.id] } }))
        .statusCode,
    ).toBe(404);
    expect((await call({ method: 'GET', url: `${URL}/by-role/ghost/56` })).statusCode).toBe(404);
    expect((await byName(otherAdmin, 'Users')).concurrencyStamp).toBe(theirs.concurrencyStamp);
    // the salesman role kept its links (the failed PUT wrote nothing)
    expect((await call({ method: 'GET', url: `${URL}/by-role/salesman/56` })).json().items.length).toBe(2);
  });

  it('needs the menu permissions', async () => {
    const menu = await byName(demoAdmin, 'Roles');
    for (const [method, url, payload] of [
      ['GET', URL, undefined],
      ['GET', `${URL}/all`, undefined],
      ['GET', `${URL}/${menu.id}`, undefined],
      ['POST', URL, { name: 'X', displayName: 'x', path: 'x' }],
      ['PUT', `${URL}/${menu.id}`, { name: 'X', displayName: 'x', path: 'x' }],
      ['DELETE', `${URL}/${menu.id}`, undefined],
      ['GET', `${URL}/by-role/admin/56`, undefined],
      ['PUT', `${URL}/by-role`, { roleName: 'salesman', menuIds: [] }],
      ['GET', `${URL}/by-user/${sallyId}/56`, undefined],
      ['PUT', `${URL}/by-user`, { userId: sallyId, menuIds: [] }],
    ] as const) {
      expect((await as(t.app, nobody)({ method, url, payload })).statusCode, `${method} ${url}`).toBe(403);
      expect((await as(t.app, null)({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

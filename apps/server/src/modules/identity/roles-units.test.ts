import { describe, expect, it } from 'vitest';
import { as, expectStampChecked } from '../../../test/harness.ts';
import { createUser, token, useApiApp } from '../permission-management/test-support.ts';

type Err = {
  error: { code: string | null; message: string; validationErrors: { message: string; members: string[] }[] };
};
type Role = {
  id: string;
  name: string;
  isDefault: boolean;
  isStatic: boolean;
  isPublic: boolean;
  concurrencyStamp: string;
};
type Unit = { id: string; parentId: string | null; code: string; displayName: string; concurrencyStamp: string };
const members = (body: Err) => body.error.validationErrors.map((v) => v.members[0]);

/** The admins of both tenants, and `nobody`: a demo user without any permission. */
const app = useApiApp({ nobody: [] });
const api = (tok: string, culture = 'en') => as(app.t.app, tok, culture);

describe('roles', () => {
  const URL = '/api/identity/roles';

  it('lists the seeded roles, paged and filtered', async () => {
    const res = await api(app.demoAdmin)({ method: 'GET', url: `${URL}?sorting=name asc` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { totalCount: number; items: Role[] };
    expect(body.items.map((r) => r.name)).toEqual(['admin', 'finance', 'salesman', 'stockman']);
    expect(body.items[0]).toMatchObject({ isStatic: true, isPublic: true, isDefault: false });
    const filtered = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}?filter=MAN` })).json();
    expect(filtered.items.map((r: Role) => r.name)).toEqual(['salesman', 'stockman']);
    expect((await api(app.demoAdmin)({ method: 'GET', url: `${URL}/all` })).json().items).toHaveLength(4);
    for (const url of [URL, `${URL}/all`, `${URL}/${body.items[0].id}`, `${URL}/export`]) {
      expect((await api(app.nobody)({ method: 'GET', url })).statusCode).toBe(403);
    }
    const badSort = await api(app.demoAdmin)({ method: 'GET', url: `${URL}?sorting=evil` });
    expect(badSort.statusCode).toBe(400);
    expect(members(badSort.json())).toEqual(['sorting']);
    const badSkip = await api(app.demoAdmin)({ method: 'GET', url: `${URL}?skipCount=-1` });
    expect(members(badSkip.json())).toEqual(['skipCount']);
    // another tenant sees its own roles only
    const other = (await api(app.otherAdmin)({ method: 'GET', url: `${URL}?filter=salesman` })).json();
    expect(other.items.every((r: Role) => !body.items.some((mine) => mine.id === r.id))).toBe(true);
  });

  it('exports the filtered roles as xlsx', async () => {
    const res = await api(app.demoAdmin)({ method: 'GET', url: `${URL}/export?filter=man&sorting=name desc` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Role name');
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value]).toEqual(['stockman', 'salesman']);
    expect(sheet.rowCount).toBe(3);
  });

  it('creates, renames (grants and menus follow), sets default and deletes', async () => {
    const created = await api(app.demoAdmin)({ method: 'POST', url: URL, payload: { name: 'buyer', isPublic: false } });
    expect(created.statusCode).toBe(200);
    const role = created.json() as Role;
    expect(role).toMatchObject({ name: 'buyer', isStatic: false, isDefault: false, isPublic: false });

    const grant = await api(app.demoAdmin)({
      method: 'PUT',
      url: '/api/permission-management/permissions?providerName=R&providerKey=buyer',
      payload: { permissions: [{ name: 'AbpIdentity.Roles', isGranted: true }] },
    });
    expect(grant.statusCode).toBe(204);
    const menus = (await api(app.demoAdmin)({ method: 'GET', url: '/api/platform/menus/all' })).json().items as {
      id: string;
    }[];
    await api(app.demoAdmin)({
      method: 'PUT',
      url: '/api/platform/menus/by-role',
      payload: { roleName: 'buyer', menuIds: [menus[0].id] },
    });

    const renamed = await expectStampChecked(
      (concurrencyStamp) =>
        api(app.demoAdmin)({
          method: 'PUT',
          url: `${URL}/${role.id}`,
          payload: { name: 'purchaser', isPublic: true, concurrencyStamp },
        }),
      role.concurrencyStamp,
    );
    expect(renamed.json()).toMatchObject({ name: 'purchaser', isPublic: true });
    const perms = (
      await api(app.demoAdmin)({
        method: 'GET',
        url: '/api/permission-management/permissions?providerName=R&providerKey=purchaser',
      })
    ).json();
    const granted = perms.groups.flatMap((g: { permissions: { name: string; isGranted: boolean }[] }) =>
      g.permissions.filter((p) => p.isGranted).map((p) => p.name),
    );
    expect(granted).toEqual(['AbpIdentity.Roles']);
    const roleMenus = await api(app.demoAdmin)({ method: 'GET', url: '/api/platform/menus/by-role/purchaser/0' });
    expect(roleMenus.json().items.map((m: { id: string }) => m.id)).toEqual([menus[0].id]);

    // a member gets the renamed role's permission at once
    await createUser(app.t.services, app.t.demo, 'pat', ['purchaser']);
    const pat = await token(app.t.app, 'demo', 'pat');
    expect((await api(pat)({ method: 'GET', url: URL })).statusCode).toBe(200);

    const setDefault = await api(app.demoAdmin)({
      method: 'PUT',
      url: `${URL}/${role.id}/set-default`,
      payload: { isDefault: true },
    });
    expect(setDefault.statusCode).toBe(204);
    expect((await api(app.demoAdmin)({ method: 'GET', url: `${URL}/${role.id}` })).json().isDefault).toBe(true);

    const del = await api(app.demoAdmin)({ method: 'DELETE', url: `${URL}/${role.id}` });
    expect(del.statusCode).toBe(204);
    expect((await api(app.demoAdmin)({ method: 'GET', url: `${URL}/${role.id}` })).statusCode).toBe(404);
    expect((await api(pat)({ method: 'GET', url: URL })).statusCode).toBe(403);
    const gone = await api(app.demoAdmin)({
      method: 'GET',
      url: '/api/permission-management/permissions?providerName=R&providerKey=purchaser',
    });
    expect(gone.statusCode).toBe(404);
  });

  it('protects static roles and validates names (localized)', async () => {
    const admin = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}/all` }))
      .json()
      .items.find((r: Role) => r.name === 'admin');
    const rename = await api(app.demoAdmin)({ method: 'PUT', url: `${URL}/${admin.id}`, payload: { name: 'boss' } });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().error.code).toBe('AbpIdentity::StaticRoleRenaming');
    const keep = await api(app.demoAdmin)({
      method: 'PUT',
      url: `${URL}/${admin.id}`,
      payload: { name: 'admin', isPublic: false },
    });
    expect(keep.statusCode).toBe(200);
    const del = await api(app.demoAdmin)({ method: 'DELETE', url: `${URL}/${admin.id}` });
    expect(del.statusCode).toBe(403);
    expect(del.json().error.message).toBe('The static roles cannot be deleted.');

    const empty = await api(app.demoAdmin)({ method: 'POST', url: URL, payload: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.validationErrors).toEqual([
      { message: 'The role name cannot be empty.', members: ['name'] },
    ]);
    const zh = await api(app.demoAdmin, 'zh-Hans')({ method: 'POST', url: URL, payload: {} });
    expect(zh.json().error.validationErrors).toEqual([{ message: '角色名称不能为空。', members: ['name'] }]);
    const dup = await api(app.demoAdmin)({ method: 'POST', url: URL, payload: { name: 'Finance' } });
    expect(dup.statusCode).toBe(400);
    expect(members(dup.json())).toEqual(['name']);
    expect((await api(app.nobody)({ method: 'POST', url: URL, payload: { name: 'x' } })).statusCode).toBe(403);
  });

  it('answers 404 for another tenant’s role', async () => {
    const foreign = (await api(app.otherAdmin)({ method: 'GET', url: `${URL}/all` })).json().items[1] as Role;
    for (const [method, url, payload] of [
      ['GET', `${URL}/${foreign.id}`],
      ['PUT', `${URL}/${foreign.id}`, { name: 'hacked' }],
      ['DELETE', `${URL}/${foreign.id}`],
      ['PUT', `${URL}/${foreign.id}/set-default`, { isDefault: true }],
      ['GET', `${URL}/${foreign.id}/claims`],
    ] as [string, string, object?][]) {
      expect((await api(app.demoAdmin)({ method: method as 'GET', url, payload })).statusCode, `${method} ${url}`).toBe(
        404,
      );
    }
    const still = (await api(app.otherAdmin)({ method: 'GET', url: `${URL}/${foreign.id}` })).json();
    expect(still).toMatchObject({ name: foreign.name, isDefault: false });
  });

  it('manages role claims with claim-type validation', async () => {
    const finance = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}/all` }))
      .json()
      .items.find((r: Role) => r.name === 'finance') as Role;
    const claims = `${URL}/${finance.id}/claims`;
    const bad = await api(app.demoAdmin)({
      method: 'POST',
      url: claims,
      payload: { claimType: 'birthdate', claimValue: 'soon' },
    });
    expect(bad.statusCode).toBe(400);
    expect(members(bad.json())).toEqual(['claimValue']);
    expect(
      (
        await api(app.demoAdmin)({
          method: 'POST',
          url: claims,
          payload: { claimType: 'role', claimValue: 'accounting' },
        })
      ).statusCode,
    ).toBe(204);
    const upd = await api(app.demoAdmin)({
      method: 'PUT',
      url: claims,
      payload: { claimType: 'role', claimValue: 'accounting', newClaimValue: 'treasury' },
    });
    expect(upd.statusCode).toBe(204);
    expect((await api(app.demoAdmin)({ method: 'GET', url: claims })).json().items).toMatchObject([
      { claimType: 'role', claimValue: 'treasury' },
    ]);
    expect(
      (await api(app.demoAdmin)({ method: 'DELETE', url: `${claims}?claimType=role&claimValue=treasury` })).statusCode,
    ).toBe(204);
    expect((await api(app.demoAdmin)({ method: 'GET', url: claims })).json().items).toEqual([]);
    expect((await api(app.nobody)({ method: 'GET', url: claims })).statusCode).toBe(403);
  });
});

describe('organization units', () => {
  const URL = '/api/identity/organization-units';
  const create = (displayName: string, parentId?: string) =>
    api(app.demoAdmin)({ method: 'POST', url: URL, payload: { displayName, parentId } });

  it('builds a tree with codes, renames, moves a subtree and deletes with children', async () => {
    const head = (await create('Head office')).json() as Unit;
    const sales = (await create('Sales', head.id)).json() as Unit;
    const east = (await create('East', sales.id)).json() as Unit;
    const branch = (await create('Branch')).json() as Unit;
    expect(head.code).toBe('00001');
    expect(sales.code).toBe('00001.00001');
    expect(east.code).toBe('00001.00001.00001');
    expect(branch.code).toBe('00002');

    const roots = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}/root` })).json().items as Unit[];
    expect(roots.map((u) => u.displayName)).toEqual(['Head office', 'Branch']);
    const kids = (
      await api(app.demoAdmin)({ method: 'GET', url: `${URL}/find-children?id=${head.id}&recursive=true` })
    ).json();
    expect(kids.items.map((u: Unit) => u.displayName)).toEqual(['Sales', 'East']);
    const direct = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}/${head.id}/children` })).json();
    expect(direct.items.map((u: Unit) => u.displayName)).toEqual(['Sales']);

    const dup = await create('sales', head.id);
    expect(dup.statusCode).toBe(400);
    expect(members(dup.json())).toEqual(['displayName']);
    const renamed = await expectStampChecked(
      (concurrencyStamp) =>
        api(app.demoAdmin)({
          method: 'PUT',
          url: `${URL}/${sales.id}`,
          payload: { displayName: 'Sales dept', concurrencyStamp },
        }),
      sales.concurrencyStamp,
    );
    expect(renamed.json()).toMatchObject({ displayName: 'Sales dept', code: '00001.00001' });

    const intoChild = await api(app.demoAdmin)({
      method: 'PUT',
      url: `${URL}/${sales.id}/move`,
      payload: { parentId: east.id },
    });
    expect(intoChild.statusCode).toBe(400);
    expect(members(intoChild.json())).toEqual(['parentId']);
    const move = await api(app.demoAdmin)({
      method: 'PUT',
      url: `${URL}/${sales.id}/move`,
      payload: { parentId: branch.id },
    });
    expect(move.statusCode).toBe(204);
    const all = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}/all` })).json().items as Unit[];
    expect(all.map((u) => `${u.code} ${u.displayName}`)).toEqual([
      '00001 Head office',
      '00002 Branch',
      '00002.00001 Sales dept',
      '00002.00001.00001 East',
    ]);
    const toRoot = await api(app.demoAdmin)({
      method: 'PUT',
      url: `${URL}/${east.id}/move`,
      payload: { parentId: null },
    });
    expect(toRoot.statusCode).toBe(204);
    expect((await api(app.demoAdmin)({ method: 'GET', url: `${URL}/${east.id}` })).json()).toMatchObject({
      code: '00003',
      parentId: null,
    });

    const paged = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}?filter=dept` })).json();
    expect(paged).toMatchObject({ totalCount: 1, items: [{ id: sales.id }] });

    const del = await api(app.demoAdmin)({ method: 'DELETE', url: `${URL}/${branch.id}` });
    expect(del.statusCode).toBe(204);
    const left = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}/all` })).json().items as Unit[];
    expect(left.map((u) => u.displayName)).toEqual(['Head office', 'East']);
  });

  it('adds and removes user and role members', async () => {
    const unit = (await create('Warehouse')).json() as Unit;
    const users = (await api(app.demoAdmin)({ method: 'GET', url: '/api/identity/users/all' })).json().items as {
      id: string;
      userName: string;
    }[];
    const li = users.find((u) => u.userName === 'li.na')!;
    const unadded = (
      await api(app.demoAdmin)({ method: 'GET', url: `${URL}/${unit.id}/unadded-users?filter=li.na` })
    ).json();
    expect(unadded.items.map((u: { id: string }) => u.id)).toEqual([li.id]);
    expect(
      (await api(app.demoAdmin)({ method: 'POST', url: `${URL}/${unit.id}/users`, payload: { userIds: [li.id] } }))
        .statusCode,
    ).toBe(204);
    const added = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}/${unit.id}/users` })).json();
    expect(added).toMatchObject({ totalCount: 1, items: [{ userName: 'li.na' }] });
    const foreignUser = (await api(app.otherAdmin)({ method: 'GET', url: '/api/identity/users/all' })).json().items[0];
    const bad = await api(app.demoAdmin)({
      method: 'POST',
      url: `${URL}/${unit.id}/users`,
      payload: { userIds: [foreignUser.id] },
    });
    expect(bad.statusCode).toBe(400);
    expect(members(bad.json())).toEqual(['userIds']);

    const stockman = (await api(app.demoAdmin)({ method: 'GET', url: '/api/identity/roles/all' }))
      .json()
      .items.find((r: Role) => r.name === 'stockman') as Role;
    expect(
      (
        await api(app.demoAdmin)({
          method: 'POST',
          url: `${URL}/${unit.id}/roles`,
          payload: { roleIds: [stockman.id] },
        })
      ).statusCode,
    ).toBe(204);
    const roles = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}/${unit.id}/roles` })).json();
    expect(roles.items.map((r: Role) => r.name)).toEqual(['stockman']);
    const unaddedRoles = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}/${unit.id}/unadded-roles` })).json();
    expect(unaddedRoles.items.map((r: Role) => r.name)).not.toContain('stockman');

    expect((await api(app.demoAdmin)({ method: 'DELETE', url: `${URL}/${unit.id}/users/${li.id}` })).statusCode).toBe(
      204,
    );
    expect(
      (await api(app.demoAdmin)({ method: 'DELETE', url: `${URL}/${unit.id}/roles/${stockman.id}` })).statusCode,
    ).toBe(204);
    // the members' export is the unit's members only
    const exported = await api(app.demoAdmin)({ method: 'GET', url: `${URL}/${unit.id}/roles/export` });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const paged = (
      await api(app.demoAdmin)({ method: 'GET', url: `${URL}?filter=Warehouse&sorting=displayName desc` })
    ).json();
    expect(paged.items.map((u: Unit) => u.id)).toContain(unit.id);
    expect((await api(app.demoAdmin)({ method: 'GET', url: `${URL}/${unit.id}/users` })).json().totalCount).toBe(0);
    expect((await api(app.demoAdmin)({ method: 'GET', url: `${URL}/${unit.id}/roles` })).json().totalCount).toBe(0);
  });

  it('answers 403 without the permission, 404 for another tenant’s unit, 400 on bad input', async () => {
    const foreign = (
      await api(app.otherAdmin)({ method: 'POST', url: URL, payload: { displayName: 'Foreign' } })
    ).json() as Unit;
    for (const [method, url, payload] of [
      ['GET', `${URL}/${foreign.id}`],
      ['PUT', `${URL}/${foreign.id}`, { displayName: 'x' }],
      ['PUT', `${URL}/${foreign.id}/move`, { parentId: null }],
      ['DELETE', `${URL}/${foreign.id}`],
      ['GET', `${URL}/${foreign.id}/users`],
      ['GET', `${URL}/${foreign.id}/roles`],
      ['GET', `${URL}/${foreign.id}/unadded-users`],
      ['GET', `${URL}/${foreign.id}/unadded-roles`],
      ['GET', `${URL}/${foreign.id}/users/export`],
      ['GET', `${URL}/find-children?id=${foreign.id}`],
    ] as [string, string, object?][]) {
      expect((await api(app.demoAdmin)({ method: method as 'GET', url, payload })).statusCode, `${method} ${url}`).toBe(
        404,
      );
    }
    expect((await api(app.otherAdmin)({ method: 'GET', url: `${URL}/${foreign.id}` })).json().displayName).toBe(
      'Foreign',
    );
    const badParent = await create('Child', foreign.id);
    expect(badParent.statusCode).toBe(400);
    expect(members(badParent.json())).toEqual(['parentId']);
    const badId = await api(app.demoAdmin)({ method: 'GET', url: `${URL}/not-a-guid/users` });
    expect(badId.statusCode).toBe(400);
    expect(members(badId.json())).toEqual(['id']);
    const badSort = await api(app.demoAdmin)({ method: 'GET', url: `${URL}/${foreign.id}/users?sorting=passwordHash` });
    expect(members(badSort.json())).toEqual(['sorting']);
    expect((await api(app.nobody)({ method: 'GET', url: `${URL}/${foreign.id}/users` })).statusCode).toBe(403);
    const empty = await api(app.demoAdmin)({ method: 'POST', url: URL, payload: { displayName: '' } });
    expect(members(empty.json())).toEqual(['displayName']);
    for (const [method, url] of [
      ['GET', `${URL}/all`],
      ['POST', URL],
    ]) {
      expect((await api(app.nobody)({ method: method as 'GET', url, payload: { displayName: 'x' } })).statusCode).toBe(
        403,
      );
    }
  });
});

describe('claim types', () => {
  const URL = '/api/identity/claim-types';

  it('lists the static types, creates, updates and deletes custom ones', async () => {
    const list = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}?maxResultCount=100` })).json();
    expect(list.items.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['email', 'phone_number', 'role', 'birthdate']),
    );
    const found = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}?filter=PHONE&sorting=name desc` })).json();
    expect(found.items.map((c: { name: string }) => c.name)).toContain('phone_number');
    expect(
      found.items.every((c: { name: string; description: string | null }) =>
        /phone/i.test(`${c.name} ${c.description}`),
      ),
    ).toBe(true);
    const badSort = await api(app.demoAdmin)({ method: 'GET', url: `${URL}?sorting=regex asc` });
    expect(badSort.statusCode).toBe(400);
    expect(members(badSort.json())).toEqual(['sorting']);
    expect((await api(app.nobody)({ method: 'GET', url: URL })).statusCode).toBe(403);
    expect((await api(app.nobody)({ method: 'GET', url: `${URL}/export` })).statusCode).toBe(403);
    const created = await api(app.demoAdmin)({
      method: 'POST',
      url: URL,
      payload: { name: 'department', required: true, regex: '^[A-Z]+$', regexDescription: 'upper case', valueType: 0 },
    });
    expect(created.statusCode).toBe(200);
    const ct = created.json();
    expect(ct).toMatchObject({ name: 'department', isStatic: false, valueType: 0, valueTypeAsString: 'String' });
    const updated = await expectStampChecked(
      (concurrencyStamp) =>
        api(app.demoAdmin)({
          method: 'PUT',
          url: `${URL}/${ct.id}`,
          payload: { name: 'dept', valueType: 1, concurrencyStamp },
        }),
      ct.concurrencyStamp,
    );
    expect(updated.json()).toMatchObject({ name: 'dept', valueType: 1, regex: null, required: false });
    const filtered = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}?filter=dep` })).json();
    expect(filtered.totalCount).toBe(1);
    expect((await api(app.demoAdmin)({ method: 'DELETE', url: `${URL}/${ct.id}` })).statusCode).toBe(204);
    expect((await api(app.demoAdmin)({ method: 'GET', url: `${URL}/${ct.id}` })).statusCode).toBe(404);
  });

  it('protects static types, validates input, isolates tenants and checks permissions', async () => {
    const email = (await api(app.demoAdmin)({ method: 'GET', url: `${URL}/all` }))
      .json()
      .items.find((c: { name: string }) => c.name === 'email');
    const del = await api(app.demoAdmin)({ method: 'DELETE', url: `${URL}/${email.id}` });
    expect(del.statusCode).toBe(403);
    expect(del.json().error.message).toBe("The static claim type 'email' cannot be deleted.");
    expect(
      (await api(app.demoAdmin)({ method: 'PUT', url: `${URL}/${email.id}`, payload: { name: 'mail' } })).statusCode,
    ).toBe(403);

    const bad = await api(app.demoAdmin)({
      method: 'POST',
      url: URL,
      payload: { name: '', regex: '([', valueType: 9 },
    });
    expect(bad.statusCode).toBe(400);
    expect(members(bad.json())).toEqual(expect.arrayContaining(['name', 'regex', 'valueType']));
    const dup = await api(app.demoAdmin)({ method: 'POST', url: URL, payload: { name: 'EMAIL' } });
    expect(members(dup.json())).toEqual(['name']);

    const foreign = (await api(app.otherAdmin)({ method: 'POST', url: URL, payload: { name: 'foreign' } })).json();
    for (const [method, url] of [
      ['GET', `${URL}/${foreign.id}`],
      ['PUT', `${URL}/${foreign.id}`],
      ['DELETE', `${URL}/${foreign.id}`],
    ]) {
      expect((await api(app.demoAdmin)({ method: method as 'GET', url, payload: { name: 'x' } })).statusCode).toBe(404);
    }
    expect((await api(app.otherAdmin)({ method: 'GET', url: `${URL}/${foreign.id}` })).json().name).toBe('foreign');
    expect((await api(app.nobody)({ method: 'GET', url: URL })).statusCode).toBe(403);
    expect((await api(app.nobody)({ method: 'POST', url: URL, payload: { name: 'x' } })).statusCode).toBe(403);
  });
});

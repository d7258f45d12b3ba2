import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { allPermissionDefinitions } from '../../core/definitions/permissions.ts';
import { allResources } from '../../core/localization/index.ts';
import { createUser, token, userIdOf } from './test-support.ts';

const URL = '/api/permission-management/permissions';

let t: TestApp;
let hostAdmin: string;
let demoAdmin: string;
let nobody: string;
let roleManager: string;
let salesman: string;
let demoAdminId: string;
let otherAdminId: string;
let salesmanId: string;

type Group = {
  name: string;
  displayName: string;
  permissions: {
    name: string;
    displayName: string;
    parentName: string | null;
    isGranted: boolean;
    grantedProviders: { providerName: string; providerKey: string }[];
  }[];
};
const find = (groups: Group[], name: string) => groups.flatMap((g) => g.permissions).find((p) => p.name === name);

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.services, t.demo, 'nobody');
  salesmanId = await createUser(t.services, t.demo, 'sally', ['salesman']);
  await createUser(t.services, t.demo, 'rolemgr', ['salesman']);
  // rolemgr may manage role permissions only
  const demoAdminTok = await token(t.app, 'demo');
  await as(
    t.app,
    demoAdminTok,
  )({
    method: 'PUT',
    url: `${URL}?providerName=U&providerKey=${await userIdOf(t.services, t.demo, 'rolemgr')}`,
    payload: {
      permissions: [
        { name: 'AbpIdentity.Roles', isGranted: true },
        { name: 'AbpIdentity.Roles.ManagePermissions', isGranted: true },
      ],
    },
  });
  hostAdmin = await token(t.app, null);
  demoAdmin = demoAdminTok;
  nobody = await token(t.app, 'demo', 'nobody');
  roleManager = await token(t.app, 'demo', 'rolemgr');
  salesman = await token(t.app, 'demo', 'sally');
  demoAdminId = await userIdOf(t.services, t.demo, 'admin');
  otherAdminId = await userIdOf(t.services, t.other, 'admin');
});
afterAll(async () => {
  await t?.close();
});

describe('permission display names', () => {
  it('has an en and a zh-Hans text for every permission', () => {
    const en = allResources('en').Permissions;
    const zh = allResources('zh-Hans').Permissions;
    for (const p of allPermissionDefinitions()) {
      expect(en[`Permission:${p.name}`], p.name).toBeTruthy();
      expect(zh[`Permission:${p.name}`], p.name).toBeTruthy();
    }
  });
});

describe('GET permissions', () => {
  it('lists the tenant side for a role, localized, with granted providers', async () => {
    const res = await as(t.app, demoAdmin)({ method: 'GET', url: `${URL}?providerName=R&providerKey=admin` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { entityDisplayName: string; groups: Group[] };
    expect(body.entityDisplayName).toBe('admin');
    const names = body.groups.map((g) => g.name);
    expect(names).toContain('AbpIdentity');
    expect(names).not.toContain('AbpTenantManagement'); // host-only
    expect(names).not.toContain('AbpIdentityServer');
    const users = find(body.groups, 'AbpIdentity.Users')!;
    expect(users).toMatchObject({
      displayName: 'Users',
      parentName: null,
      isGranted: true,
      grantedProviders: [{ providerName: 'R', providerKey: 'admin' }],
    });
    expect(find(body.groups, 'AbpIdentity.Users.Create')).toMatchObject({
      displayName: 'Create',
      parentName: 'AbpIdentity.Users',
    });
    expect(body.groups.find((g) => g.name === 'AbpIdentity')!.displayName).toBe('Identity management');
  });

  it('answers in zh-Hans', async () => {
    const res = await as(
      t.app,
      demoAdmin,
      'zh-Hans',
    )({ method: 'GET', url: `${URL}?providerName=R&providerKey=admin` });
    const body = res.json() as { groups: Group[] };
    expect(find(body.groups, 'AbpIdentity.Users')!.displayName).toBe('用户管理');
    expect(find(body.groups, 'AbpIdentity.Users.Create')!.displayName).toBe('新增');
  });

  it('lists host-only permissions on the host', async () => {
    const res = await as(t.app, hostAdmin)({ method: 'GET', url: `${URL}?providerName=R&providerKey=admin` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { groups: Group[] };
    expect(find(body.groups, 'AbpTenantManagement.Tenants')?.isGranted).toBe(true);
  });

  it('shows a user’s role grants as inherited', async () => {
    const res = await as(t.app, demoAdmin)({ method: 'GET', url: `${URL}?providerName=U&providerKey=${demoAdminId}` });
    expect(res.statusCode).toBe(200);
    const users = find((res.json() as { groups: Group[] }).groups, 'AbpIdentity.Users')!;
    expect(users.isGranted).toBe(true);
    expect(users.grantedProviders).toEqual([{ providerName: 'R', providerKey: 'admin' }]);
  });

  it('is a 404 for an unknown role or user, and for another tenant’s user', async () => {
    for (const q of [
      'providerName=R&providerKey=ghost',
      `providerName=U&providerKey=${otherAdminId}`,
      'providerName=U&providerKey=00000000-0000-4000-8000-000000000000',
      'providerName=U&providerKey=not-a-guid',
    ]) {
      const res = await as(t.app, demoAdmin)({ method: 'GET', url: `${URL}?${q}` });
      expect(res.statusCode, q).toBe(404);
      expect(JSON.stringify(res.json()), q).not.toContain('other');
    }
  });

  it('rejects a bad provider name or a missing key with field errors', async () => {
    const res = await as(t.app, demoAdmin)({ method: 'GET', url: `${URL}?providerName=X` });
    expect(res.statusCode).toBe(400);
    const members = res.json().error.validationErrors.flatMap((v: { members: string[] }) => v.members);
    expect(members).toEqual(expect.arrayContaining(['providerName', 'providerKey']));
  });

  it('needs a sign-in and the manage permission of the provider', async () => {
    expect((await as(t.app, null)({ method: 'GET', url: `${URL}?providerName=R&providerKey=admin` })).statusCode).toBe(
      401,
    );
    expect(
      (await as(t.app, nobody)({ method: 'GET', url: `${URL}?providerName=R&providerKey=admin` })).statusCode,
    ).toBe(403);
    const rolesOk = await as(t.app, roleManager)({ method: 'GET', url: `${URL}?providerName=R&providerKey=admin` });
    expect(rolesOk.statusCode).toBe(200);
    const usersDenied = await as(
      t.app,
      roleManager,
    )({
      method: 'GET',
      url: `${URL}?providerName=U&providerKey=${demoAdminId}`,
    });
    expect(usersDenied.statusCode).toBe(403);
    expect(usersDenied.json().error.code).toBe('Volo.Authorization:010001');
  });
});

describe('PUT permissions', () => {
  const config = async (tok: string) =>
    (
      await as(
        t.app,
        tok,
      )({ method: 'GET', url: '/api/abp/application-configuration?includeLocalizationResources=false' })
    ).json().auth.grantedPolicies as Record<string, boolean>;

  it('grants and revokes a role permission; the configuration follows at once', async () => {
    expect(await config(salesman)).not.toHaveProperty(['AbpIdentity.Users']);
    const grant = await as(
      t.app,
      demoAdmin,
    )({
      method: 'PUT',
      url: `${URL}?providerName=R&providerKey=salesman`,
      payload: { permissions: [{ name: 'AbpIdentity.Users', isGranted: true }] },
    });
    expect(grant.statusCode).toBe(204);
    expect(await config(salesman)).toHaveProperty(['AbpIdentity.Users'], true);
    const listed = await as(t.app, demoAdmin)({ method: 'GET', url: `${URL}?providerName=R&providerKey=salesman` });
    expect(find(listed.json().groups, 'AbpIdentity.Users')).toMatchObject({
      isGranted: true,
      grantedProviders: [{ providerName: 'R', providerKey: 'salesman' }],
    });

    const revoke = await as(
      t.app,
      demoAdmin,
    )({
      method: 'PUT',
      url: `${URL}?providerName=R&providerKey=salesman`,
      payload: { permissions: [{ name: 'AbpIdentity.Users', isGranted: false }] },
    });
    expect(revoke.statusCode).toBe(204);
    expect(await config(salesman)).not.toHaveProperty(['AbpIdentity.Users']);
  });

  it('grants to a user directly', async () => {
    const res = await as(
      t.app,
      demoAdmin,
    )({
      method: 'PUT',
      url: `${URL}?providerName=U&providerKey=${salesmanId}`,
      payload: {
        permissions: [
          { name: 'AbpAuditing.AuditLog', isGranted: true },
          { name: 'AbpAuditing.AuditLog', isGranted: true },
        ],
      },
    });
    expect(res.statusCode).toBe(204);
    expect(await config(salesman)).toHaveProperty(['AbpAuditing.AuditLog'], true);
    const listed = await as(
      t.app,
      demoAdmin,
    )({ method: 'GET', url: `${URL}?providerName=U&providerKey=${salesmanId}` });
    expect(find(listed.json().groups, 'AbpAuditing.AuditLog')!.grantedProviders).toEqual([
      { providerName: 'U', providerKey: salesmanId },
    ]);
  });

  it('rejects unknown and host-only names with a field error and writes nothing', async () => {
    const res = await as(
      t.app,
      demoAdmin,
    )({
      method: 'PUT',
      url: `${URL}?providerName=R&providerKey=salesman`,
      payload: {
        permissions: [
          { name: 'AbpIdentity.Roles', isGranted: true },
          { name: 'No.Such.Permission', isGranted: true },
          { name: 'AbpTenantManagement.Tenants', isGranted: true },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().error.validationErrors as { members: string[]; message: string }[];
    expect(errors.map((e) => e.members[0])).toEqual(['permissions.1.name', 'permissions.2.name']);
    expect(errors[0].message).toContain('No.Such.Permission');
    expect(await config(salesman)).not.toHaveProperty(['AbpIdentity.Roles']);
  });

  it('rejects a malformed body', async () => {
    const res = await as(
      t.app,
      demoAdmin,
    )({
      method: 'PUT',
      url: `${URL}?providerName=R&providerKey=salesman`,
      payload: { permissions: [{ name: 'AbpIdentity.Roles', isGranted: 'yes' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validationErrors[0].members).toEqual(['permissions.0.isGranted']);
  });

  it('is a 404 for another tenant’s user and changes nothing there', async () => {
    const res = await as(
      t.app,
      demoAdmin,
    )({
      method: 'PUT',
      url: `${URL}?providerName=U&providerKey=${otherAdminId}`,
      payload: { permissions: [{ name: 'AbpIdentity.Users', isGranted: false }] },
    });
    expect(res.statusCode).toBe(404);
    const otherAdmin = await token(t.app, 'other');
    expect(await config(otherAdmin)).toHaveProperty(['AbpIdentity.Users'], true);
  });

  it('needs the manage permission of the provider', async () => {
    const put = (tok: string, q: string) =>
      as(
        t.app,
        tok,
      )({
        method: 'PUT',
        url: `${URL}?${q}`,
        payload: { permissions: [{ name: 'AbpIdentity.Users', isGranted: true }] },
      });
    expect((await put(nobody, 'providerName=R&providerKey=salesman')).statusCode).toBe(403);
    expect((await put(roleManager, `providerName=U&providerKey=${salesmanId}`)).statusCode).toBe(403);
    expect((await put(roleManager, 'providerName=R&providerKey=finance')).statusCode).toBe(204);
    expect(
      (await as(t.app, null)({ method: 'PUT', url: `${URL}?providerName=R&providerKey=x`, payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('role and user clean-up helpers', () => {
  it('moves grants with a renamed role and drops them with a deleted one', async () => {
    const { permissionCommands } = await import('./commands.ts');
    const { deleteProviderGrants, renameRoleGrants } = permissionCommands(t.services);
    const { permissionGrants } = await import('./schema.ts');
    const { and, eq } = await import('drizzle-orm');
    const keysOf = (key: string) =>
      t.services.data.inTenant({ tenant: t.demo }, (tx) =>
        tx
          .select({ name: permissionGrants.name })
          .from(permissionGrants)
          .where(and(eq(permissionGrants.providerName, 'R'), eq(permissionGrants.providerKey, key))),
      );
    const before = (await keysOf('stockman')).length;
    expect(before).toBeGreaterThan(0);
    await t.services.data.inTenant({ tenant: t.demo }, (tx) => renameRoleGrants(tx, t.demo.id, 'stockman', 'keeper'));
    expect(await keysOf('stockman')).toHaveLength(0);
    expect(await keysOf('keeper')).toHaveLength(before);
    // other tenants keep theirs
    const other = await t.services.data.inTenant({ tenant: t.other }, (tx) =>
      tx
        .select()
        .from(permissionGrants)
        .where(and(eq(permissionGrants.providerName, 'R'), eq(permissionGrants.providerKey, 'stockman'))),
    );
    expect(other.length).toBe(before);
    await t.services.data.inTenant({ tenant: t.demo }, (tx) => deleteProviderGrants(tx, t.demo.id, 'R', 'keeper'));
    expect(await keysOf('keeper')).toHaveLength(0);
  });
});

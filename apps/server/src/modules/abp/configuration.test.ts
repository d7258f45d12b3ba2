import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, token } from '../permission-management/test-support.ts';

const URL = '/api/abp/application-configuration';

let t: TestApp;
let demoAdmin: string;
let hostAdmin: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.services, t.demo, 'fiona', ['finance']);
  demoAdmin = await token(t.app, 'demo');
  hostAdmin = await token(t.app, null);
  finance = await token(t.app, 'demo', 'fiona');
});
afterAll(async () => {
  await t?.close();
});

describe('application configuration', () => {
  it('answers anonymous callers on the host in the contract’s shape', async () => {
    const res = await as(t.app, null)({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const c = res.json();
    expect(Object.keys(c).sort()).toEqual(
      [
        'auth',
        'clock',
        'currentTenant',
        'currentUser',
        'extraProperties',
        'features',
        'globalFeatures',
        'localization',
        'multiTenancy',
        'objectExtensions',
        'setting',
        'timing',
      ].sort(),
    );
    expect(c.auth).toEqual({ grantedPolicies: {}, policies: {} });
    expect(c.currentUser).toEqual({
      isAuthenticated: false,
      id: null,
      tenantId: null,
      impersonatorUserId: null,
      impersonatorTenantId: null,
      impersonatorUserName: null,
      impersonatorTenantName: null,
      userName: null,
      name: null,
      surName: null,
      email: null,
      emailVerified: false,
      phoneNumber: null,
      phoneNumberVerified: false,
      roles: [],
    });
    expect(c.currentTenant).toEqual({ id: null, name: null, isAvailable: false });
    expect(c.multiTenancy).toEqual({ isEnabled: true });
    expect(c.clock).toEqual({ kind: 'Utc' });
    expect(c.globalFeatures).toEqual({ enabledFeatures: [] });
    expect(c.objectExtensions).toEqual({ modules: {}, enums: {} });
    expect(c.timing.timeZone).toEqual({
      iana: { timeZoneName: 'Asia/Shanghai' },
      windows: { timeZoneId: 'China Standard Time' },
    });
    expect(c.setting.values['Abp.Localization.DefaultLanguage']).toBe('zh-Hans');
    expect(c.setting.values).not.toHaveProperty(['Abp.Identity.Lockout.MaxFailedAccessAttempts']);
    expect(c.features.values['App.SiteName']).toBe('Seller Admin');

    const l = c.localization;
    expect(l.defaultResourceName).toBeTruthy();
    expect(l.resources).toEqual({});
    expect(l.languages).toEqual([
      expect.objectContaining({ cultureName: 'zh-Hans', displayName: '简体中文', flagIcon: expect.any(String) }),
      expect.objectContaining({ cultureName: 'en', displayName: 'English', twoLetterISOLanguageName: 'en' }),
    ]);
    expect(l.currentCulture).toMatchObject({
      cultureName: 'en',
      name: 'en',
      twoLetterIsoLanguageName: 'en',
      threeLetterIsoLanguageName: 'eng',
      isRightToLeft: false,
      dateTimeFormat: expect.objectContaining({ shortDatePattern: expect.any(String), dateSeparator: '/' }),
    });
    expect(Object.keys(l.values)).toEqual(
      expect.arrayContaining(['Platform', 'Permissions', 'Menus', 'AbpSettingManagement', 'AbpFeatureManagement']),
    );
    expect(l.languagesMap).toBeTypeOf('object');
    expect(l.languageFilesMap).toBeTypeOf('object');
  });

  it('names the tenant an anonymous caller asks for', async () => {
    const res = await as(t.app, null)({ method: 'GET', url: URL, headers: { __tenant: 'demo' } });
    expect(res.json().currentTenant).toEqual({ id: t.demo.id, name: 'demo', isAvailable: true });
    const unknown = await as(t.app, null)({ method: 'GET', url: URL, headers: { __tenant: 'nowhere' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('shows the demo admin’s grants, user and tenant', async () => {
    const c = (await as(t.app, demoAdmin)({ method: 'GET', url: URL })).json();
    expect(c.auth.grantedPolicies['AbpIdentity.Users']).toBe(true);
    expect(c.auth.grantedPolicies['AbpIdentity.Users.ManagePermissions']).toBe(true);
    expect(c.auth.grantedPolicies).not.toHaveProperty(['AbpTenantManagement.Tenants']); // host only
    expect(c.auth.policies).toEqual(c.auth.grantedPolicies);
    expect(c.currentUser).toMatchObject({ isAuthenticated: true, userName: 'admin', tenantId: t.demo.id });
    expect(c.currentUser.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(c.currentUser.roles).toContain('admin');
    expect(c.currentTenant).toEqual({ id: t.demo.id, name: 'demo', isAvailable: true });

    const host = (await as(t.app, hostAdmin)({ method: 'GET', url: URL })).json();
    expect(host.auth.grantedPolicies['AbpTenantManagement.Tenants']).toBe(true);
    expect(host.currentTenant).toEqual({ id: null, name: null, isAvailable: false });
  });

  it('speaks the request’s language', async () => {
    const en = (await as(t.app, null, 'en')({ method: 'GET', url: URL })).json();
    const zh = (await as(t.app, null, 'zh-CN')({ method: 'GET', url: URL })).json();
    expect(en.localization.values.Menus.Dashboard).toBe('Dashboard');
    expect(zh.localization.values.Menus.Dashboard).toBe('仪表盘');
    expect(en.localization.values.Permissions['Permission:AbpIdentity.Users']).toBe('Users');
    expect(zh.localization.values.Permissions['Permission:AbpIdentity.Users']).toBe('用户管理');
    expect(zh.localization.currentCulture.cultureName).toBe('zh-Hans');
  });

  it('leaves the texts out on request, and rejects a bad flag', async () => {
    const res = await as(t.app, null)({ method: 'GET', url: `${URL}?includeLocalizationResources=false` });
    expect(res.json().localization.values).toEqual({});
    expect(res.json().localization.languages).toHaveLength(2);
    const bad = await as(t.app, null)({ method: 'GET', url: `${URL}?includeLocalizationResources=maybe` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members).toEqual(['includeLocalizationResources']);
  });

  it('is cached, and follows grant changes at once', async () => {
    const policies = async () => (await as(t.app, finance)({ method: 'GET', url: URL })).json().auth.grantedPolicies;
    const first = await as(t.app, finance)({ method: 'GET', url: URL });
    const second = await as(t.app, finance)({ method: 'GET', url: URL });
    expect(second.body).toBe(first.body);
    expect(await policies()).not.toHaveProperty(['AbpIdentity.Roles']);

    const put = await as(
      t.app,
      demoAdmin,
    )({
      method: 'PUT',
      url: '/api/permission-management/permissions?providerName=R&providerKey=finance',
      payload: { permissions: [{ name: 'AbpIdentity.Roles', isGranted: true }] },
    });
    expect(put.statusCode).toBe(204);
    expect(await policies()).toHaveProperty(['AbpIdentity.Roles'], true);
  });

  it('follows grant invalidations made elsewhere', async () => {
    const key = 'AbpIdentity.OrganizationUnits';
    const policies = async () => (await as(t.app, finance)({ method: 'GET', url: URL })).json().auth.grantedPolicies;
    expect(await policies()).not.toHaveProperty([key]);
    // a module writing grants itself and calling only the permission checker's invalidation
    const { permissionGrants } = await import('../permission-management/schema.ts');
    await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
      tx.insert(permissionGrants).values({ tenantId: t.demo.id, name: key, providerName: 'R', providerKey: 'finance' }),
    );
    await t.services.permissions.invalidate(t.demo.id);
    expect(await policies()).toHaveProperty([key], true);
  });

  it('also serves the texts through application-localization', async () => {
    const res = await as(t.app, null)({ method: 'GET', url: '/api/abp/application-localization?cultureName=zh-Hans' });
    expect(res.statusCode).toBe(200);
    expect(res.json().resources.Menus.texts.Dashboard).toBe('仪表盘');
    expect(res.json().currentCulture.cultureName).toBe('zh-Hans');
    const dynamics = await as(
      t.app,
      null,
    )({ method: 'GET', url: '/api/abp/application-localization?onlyDynamics=true' });
    expect(dynamics.json().resources).toEqual({});
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, token } from '../permission-management/test-support.ts';
import { getSetting, getSettingNumber } from './service.ts';

const BASE = '/api/setting-management/settings';
const LOCKOUT = 'Abp.Identity.Lockout.MaxFailedAccessAttempts';

let t: TestApp;
let hostAdmin: string;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let nobodyId: string;

type Groups = { items: { name: string; displayName: string; settings: { name: string; value: string }[] }[] };
const settingValue = (body: Groups, name: string) =>
  body.items.flatMap((g) => g.settings).find((s) => s.name === name)?.value;
/** `who` (null: anonymous) changes `settings` at a level. */
const change = (
  who: string | null,
  level: 'global' | 'current-tenant' | 'current-user',
  settings: { name: string; value: unknown }[],
) => as(t.app, who)({ method: 'PUT', url: `${BASE}/change-${level}`, payload: { settings } });

beforeAll(async () => {
  t = await createTestApp();
  nobodyId = await createUser(t.services, t.demo, 'nobody');
  hostAdmin = await token(t.app, null);
  demoAdmin = await token(t.app, 'demo');
  otherAdmin = await token(t.app, 'other');
  nobody = await token(t.app, 'demo', 'nobody');
});
afterAll(async () => {
  await t?.close();
});

describe('reading settings', () => {
  it('lists the tenant level with localized groups and defaults', async () => {
    const res = await as(t.app, demoAdmin)({ method: 'GET', url: `${BASE}/by-current-tenant` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Groups;
    const identity = body.items.find((g) => g.name === 'Identity')!;
    expect(identity.displayName).toBe('Identity management');
    expect(identity.settings.find((s) => s.name === LOCKOUT)).toMatchObject({
      displayName: 'Max failed access attempts',
      value: '5',
      defaultValue: '5',
      valueType: 1,
      isVisibleToClients: false,
    });
    expect(settingValue(body, 'Abp.Localization.DefaultLanguage')).toBe('zh-Hans');
    expect(settingValue(body, 'Abp.Timing.TimeZone')).toBe('Asia/Shanghai');

    const zh = await as(t.app, demoAdmin, 'zh-Hans')({ method: 'GET', url: `${BASE}/by-current-tenant` });
    expect((zh.json() as Groups).items.find((g) => g.name === 'Identity')!.displayName).toBe('身份标识管理');
  });

  it('lists only user-level settings for the current user', async () => {
    const res = await as(t.app, nobody)({ method: 'GET', url: `${BASE}/by-current-user` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Groups;
    expect(settingValue(body, 'App.Theme.Color')).toBe('#409EFF');
    expect(settingValue(body, LOCKOUT)).toBeUndefined();
  });

  it('keeps each level to its side and permission', async () => {
    expect((await as(t.app, null)({ method: 'GET', url: `${BASE}/by-current-user` })).statusCode).toBe(401);
    expect((await as(t.app, nobody)({ method: 'GET', url: `${BASE}/by-current-tenant` })).statusCode).toBe(403);
    expect((await as(t.app, demoAdmin)({ method: 'GET', url: `${BASE}/by-global` })).statusCode).toBe(403);
    expect((await as(t.app, hostAdmin)({ method: 'GET', url: `${BASE}/by-current-tenant` })).statusCode).toBe(403);
    expect((await as(t.app, hostAdmin)({ method: 'GET', url: `${BASE}/by-global` })).statusCode).toBe(200);
  });
});

describe('changing settings', () => {
  it('stores a tenant value for that tenant only', async () => {
    const res = await change(demoAdmin, 'current-tenant', [{ name: LOCKOUT, value: '3' }]);
    expect(res.statusCode).toBe(200);
    expect(settingValue(res.json(), LOCKOUT)).toBe('3');
    expect(await getSettingNumber(t.services, { tenant: t.demo, user: null }, LOCKOUT)).toBe(3);
    expect(await getSetting(t.services, { tenant: t.other, user: null }, LOCKOUT)).toBe('5');
    const other = await as(t.app, otherAdmin)({ method: 'GET', url: `${BASE}/by-current-tenant` });
    expect(settingValue(other.json(), LOCKOUT)).toBe('5');
  });

  it('resolves user over tenant over global over default', async () => {
    const ctx = { tenant: t.demo, user: { id: nobodyId } as never };
    const name = 'Abp.Localization.DefaultLanguage';
    expect(await getSetting(t.services, ctx, name)).toBe('zh-Hans');

    const global = await change(hostAdmin, 'global', [{ name, value: 'en' }]);
    expect(global.statusCode).toBe(200);
    expect(await getSetting(t.services, ctx, name)).toBe('en');

    await change(demoAdmin, 'current-tenant', [{ name, value: 'zh-Hans' }]);
    expect(await getSetting(t.services, ctx, name)).toBe('zh-Hans');
    expect(await getSetting(t.services, { tenant: t.other, user: null }, name)).toBe('en');

    const mine = await change(nobody, 'current-user', [{ name, value: 'en' }]);
    expect(mine.statusCode).toBe(200);
    expect(settingValue(mine.json(), name)).toBe('en');
    expect(await getSetting(t.services, ctx, name)).toBe('en');
    expect(await getSetting(t.services, { tenant: t.demo, user: null }, name)).toBe('zh-Hans');

    // null removes the user's value: the tenant's applies again
    await change(nobody, 'current-user', [{ name, value: null }]);
    expect(await getSetting(t.services, ctx, name)).toBe('zh-Hans');
    await change(hostAdmin, 'global', [{ name, value: null }]);
  });

  it('shows client-visible values in the application configuration of the user', async () => {
    const put = await change(nobody, 'current-user', [{ name: 'App.Theme.Color', value: '#13c2c2' }]);
    expect(put.statusCode).toBe(200);
    const config = async (tok: string) =>
      (
        await as(
          t.app,
          tok,
        )({
          method: 'GET',
          url: '/api/abp/application-configuration?includeLocalizationResources=false',
        })
      ).json().setting.values as Record<string, string>;
    const mine = await config(nobody);
    expect(mine['App.Theme.Color']).toBe('#13c2c2');
    expect(mine).not.toHaveProperty([LOCKOUT]); // not visible to clients
    expect((await config(demoAdmin))['App.Theme.Color']).toBe('#409EFF');
  });

  it('rejects unknown names, wrong levels and bad values with field errors', async () => {
    const res = await change(demoAdmin, 'current-tenant', [
      { name: 'No.Such.Setting', value: '1' },
      { name: LOCKOUT, value: 'abc' },
      { name: LOCKOUT, value: '1000' },
      { name: 'Abp.Timing.TimeZone', value: 'Mars/Olympus' },
      { name: 'App.Theme.Color', value: '#123456' },
      { name: 'Abp.Account.IsSelfRegistrationEnabled', value: 'yes' },
    ]);
    expect(res.statusCode).toBe(400);
    const errors = res.json().error.validationErrors as { members: string[]; message: string }[];
    expect(errors.map((e) => e.members[0])).toEqual([
      'settings.0.name',
      'settings.1.value',
      'settings.2.value',
      'settings.3.value',
      'settings.4.value',
      'settings.5.value',
    ]);
    expect(errors[0].message).toBe('The setting No.Such.Setting does not exist.');
    // nothing was written
    expect(await getSetting(t.services, { tenant: t.demo, user: null }, LOCKOUT)).toBe('3');

    const wrongLevel = await change(nobody, 'current-user', [{ name: LOCKOUT, value: '1' }]);
    expect(wrongLevel.statusCode).toBe(400);
    expect(wrongLevel.json().error.validationErrors[0].members).toEqual(['settings.0.name']);

    const malformed = await change(demoAdmin, 'current-tenant', [{ name: LOCKOUT, value: 3 }]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.validationErrors[0].members).toEqual(['settings.0.value']);
  });

  it('keeps global changes to the host', async () => {
    const res = await change(demoAdmin, 'global', [{ name: LOCKOUT, value: '9' }]);
    expect(res.statusCode).toBe(403);
    expect(await getSetting(t.services, { tenant: null, user: null }, LOCKOUT)).toBe('5');
    const anon = await change(null, 'current-tenant', []);
    expect(anon.statusCode).toBe(401);
    const noPermission = await change(nobody, 'current-tenant', [{ name: LOCKOUT, value: '9' }]);
    expect(noPermission.statusCode).toBe(403);
  });
});

describe('site name', () => {
  const SITE = 'App.SiteName';
  const configValue = async (tok: string) =>
    (await as(t.app, tok)({ method: 'GET', url: '/api/abp/application-configuration' })).json().setting.values[SITE];

  it('is set globally and per tenant, reaches the configuration, and is not a user setting', async () => {
    expect(await configValue(demoAdmin)).toBe('');
    const global = await change(hostAdmin, 'global', [{ name: SITE, value: 'Seller Group' }]);
    expect(global.statusCode).toBe(200);
    expect(await configValue(demoAdmin)).toBe('Seller Group');
    const tenant = await change(demoAdmin, 'current-tenant', [{ name: SITE, value: 'Demo Shop' }]);
    expect(settingValue(tenant.json(), SITE)).toBe('Demo Shop');
    expect(await configValue(demoAdmin)).toBe('Demo Shop');
    expect(await configValue(otherAdmin)).toBe('Seller Group');

    const personal = await change(nobody, 'current-user', [{ name: SITE, value: 'Mine' }]);
    expect(personal.statusCode).toBe(400);
    expect(personal.json().error.validationErrors[0].members).toEqual(['settings.0.name']);
    const tooLong = await change(demoAdmin, 'current-tenant', [{ name: SITE, value: 'x'.repeat(65) }]);
    expect(tooLong.json().error.validationErrors[0].members).toEqual(['settings.0.value']);
    // a tenant without the settings permission cannot change it
    const denied = await change(nobody, 'current-tenant', [{ name: SITE, value: 'Nope' }]);
    expect(denied.statusCode).toBe(403);
    await change(hostAdmin, 'global', [{ name: SITE, value: null }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, token } from '../permission-management/test-support.ts';
import { getFeatures } from './service.ts';

const URL = '/api/feature-management/features';

let t: TestApp;
let hostAdmin: string;
let hostNobody: string;
let demoAdmin: string;

type Feature = { name: string; displayName: string; value: string; provider: { name: string; key: string | null } };
type Result = { groups: { name: string; displayName: string; features: Feature[] }[] };
/** The host admin sets features of a tenant (`''`: the host's own). */
const putFeatures = (tenantId: string, features: { name: string; value: string }[]) =>
  as(t.app, hostAdmin)({ method: 'PUT', url: `${URL}?providerName=T&providerKey=${tenantId}`, payload: { features } });
const feature = (r: Result, name: string) => r.groups.flatMap((g) => g.features).find((f) => f.name === name)!;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.services, null, 'hostnobody');
  hostAdmin = await token(t.app, null);
  hostNobody = await token(t.app, null, 'hostnobody');
  demoAdmin = await token(t.app, 'demo');
});
afterAll(async () => {
  await t?.close();
});

describe('feature management', () => {
  it('lists a tenant’s features with defaults, localized', async () => {
    const res = await as(t.app, hostAdmin)({ method: 'GET', url: `${URL}?providerName=T&providerKey=${t.demo.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Result;
    expect(feature(body, 'App.SiteName')).toMatchObject({
      displayName: 'Site name',
      value: 'Seller Admin',
      provider: { name: 'D', key: null },
      depth: 0,
      parentName: null,
      valueType: { name: 'FreeTextStringValueType', validator: { name: 'STRING' } },
    });
    expect(feature(body, 'Identity.MaxUserCount')).toMatchObject({
      value: '0',
      valueType: { validator: { name: 'NUMERIC', properties: { MinValue: 0 } } },
    });
    expect(feature(body, 'App.Logo').value).toBe('');
    const zh = await as(
      t.app,
      hostAdmin,
      'zh-Hans',
    )({ method: 'GET', url: `${URL}?providerName=T&providerKey=${t.demo.id}` });
    expect(feature(zh.json(), 'App.SiteName').displayName).toBe('站点名称');
  });

  it('sets values for one tenant; the tenant’s configuration shows them at once', async () => {
    const demoConfig = async () =>
      (
        await as(
          t.app,
          demoAdmin,
        )({ method: 'GET', url: '/api/abp/application-configuration?includeLocalizationResources=false' })
      ).json().features.values as Record<string, string>;
    expect((await demoConfig())['App.SiteName']).toBe('Seller Admin');

    const put = await putFeatures(t.demo.id, [
      { name: 'App.SiteName', value: 'Demo Shop' },
      { name: 'Identity.MaxUserCount', value: '25' },
      { name: 'Notifications.Enable', value: 'false' },
    ]);
    expect(put.statusCode).toBe(204);
    const res = await as(t.app, hostAdmin)({ method: 'GET', url: `${URL}?providerName=T&providerKey=${t.demo.id}` });
    expect(feature(res.json(), 'App.SiteName')).toMatchObject({
      value: 'Demo Shop',
      provider: { name: 'T', key: t.demo.id },
    });
    expect(await getFeatures(t.services, t.demo)).toMatchObject({
      'App.SiteName': 'Demo Shop',
      'Identity.MaxUserCount': '25',
      'Notifications.Enable': 'false',
    });
    expect((await getFeatures(t.services, t.other))['App.SiteName']).toBe('Seller Admin');
    expect((await demoConfig())['App.SiteName']).toBe('Demo Shop');

    const reset = await as(
      t.app,
      hostAdmin,
    )({ method: 'DELETE', url: `${URL}?providerName=T&providerKey=${t.demo.id}` });
    expect(reset.statusCode).toBe(204);
    expect((await getFeatures(t.services, t.demo))['App.SiteName']).toBe('Seller Admin');
    expect((await demoConfig())['App.SiteName']).toBe('Seller Admin');
  });

  it('manages the host’s own features with an empty key', async () => {
    const put = await putFeatures('', [{ name: 'App.SiteName', value: 'Host Console' }]);
    expect(put.statusCode).toBe(204);
    expect((await getFeatures(t.services, null))['App.SiteName']).toBe('Host Console');
    expect((await getFeatures(t.services, t.demo))['App.SiteName']).toBe('Seller Admin');
  });

  it('rejects unknown features and bad values with field errors', async () => {
    const res = await putFeatures(t.demo.id, [
      { name: 'No.Such.Feature', value: 'x' },
      { name: 'Identity.MaxUserCount', value: 'many' },
      { name: 'Identity.MaxUserCount', value: '-1' },
      { name: 'Notifications.Enable', value: 'maybe' },
      { name: 'Identity.TwoFactor', value: 'Sometimes' },
      { name: 'App.SiteName', value: 'x'.repeat(65) },
      { name: 'App.Logo', value: 'javascript:alert(1)' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validationErrors.map((v: { members: string[] }) => v.members[0])).toEqual([
      'features.0.name',
      'features.1.value',
      'features.2.value',
      'features.3.value',
      'features.4.value',
      'features.5.value',
      'features.6.value',
    ]);
    const badProvider = await as(t.app, hostAdmin)({ method: 'GET', url: `${URL}?providerName=E&providerKey=x` });
    expect(badProvider.statusCode).toBe(400);
    expect(badProvider.json().error.validationErrors[0].members).toEqual(['providerName']);
  });

  it('is a 404 for an unknown tenant', async () => {
    for (const key of ['00000000-0000-4000-8000-000000000000', 'demo']) {
      const res = await as(t.app, hostAdmin)({ method: 'GET', url: `${URL}?providerName=T&providerKey=${key}` });
      expect(res.statusCode, key).toBe(404);
    }
  });

  it('is host-only and needs the feature permissions', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const url = `${URL}?providerName=T&providerKey=${t.demo.id}`;
      const payload = method === 'PUT' ? { features: [{ name: 'App.SiteName', value: 'Hacked' }] } : undefined;
      expect((await as(t.app, demoAdmin)({ method, url, payload })).statusCode, method).toBe(403);
      expect((await as(t.app, hostNobody)({ method, url, payload })).statusCode, method).toBe(403);
      expect((await as(t.app, null)({ method, url, payload })).statusCode, method).toBe(401);
    }
    expect((await getFeatures(t.services, t.demo))['App.SiteName']).toBe('Seller Admin');
  });
});

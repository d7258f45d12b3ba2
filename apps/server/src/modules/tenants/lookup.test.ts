import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('tenant look-up (anonymous)', () => {
  it('finds a tenant by name, case-insensitively', async () => {
    const res = await as(t.app, null)({ method: 'GET', url: '/api/abp/multi-tenancy/tenants/by-name/DeMo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      tenantId: t.demo.id,
      name: 'demo',
      normalizedName: 'DEMO',
      isActive: true,
    });
  });

  it('finds a tenant by id', async () => {
    const res = await as(t.app, null)({ method: 'GET', url: `/api/abp/multi-tenancy/tenants/by-id/${t.other.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, tenantId: t.other.id, name: 'other', isActive: true });
  });

  it('answers success:false with nulls for an unknown name or id', async () => {
    const empty = { success: false, tenantId: null, name: null, normalizedName: null, isActive: null };
    for (const url of [
      '/api/abp/multi-tenancy/tenants/by-name/nobody',
      '/api/abp/multi-tenancy/tenants/by-id/00000000-0000-4000-8000-000000000000',
      '/api/abp/multi-tenancy/tenants/by-id/not-a-guid',
      // a name is not an id, and an id is not a name
      '/api/abp/multi-tenancy/tenants/by-id/demo',
      `/api/abp/multi-tenancy/tenants/by-name/${t.demo.id}`,
    ]) {
      const res = await as(t.app, null)({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual(empty);
    }
  });

  it('rejects an over-long name with a field error', async () => {
    const res = await as(
      t.app,
      null,
    )({
      method: 'GET',
      url: `/api/abp/multi-tenancy/tenants/by-name/${'x'.repeat(65)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validationErrors[0].members).toEqual(['name']);
  });
});

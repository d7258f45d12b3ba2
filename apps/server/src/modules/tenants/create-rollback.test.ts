import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { token } from '../permission-management/test-support.ts';

let t: TestApp;
let hostAdmin: string;

const counts = () =>
  t.services.data.unscoped(async (tx) => {
    const r = await tx.execute<Record<string, number>>(sql`select
      (select count(*)::int from tenants) as tenants,
      (select count(*)::int from identity_users) as users,
      (select count(*)::int from identity_roles) as roles,
      (select count(*)::int from permission_grants) as grants,
      (select count(*)::int from platform_menus) as menus`);
    return r.rows[0];
  });

beforeAll(async () => {
  t = await createTestApp();
  hostAdmin = await token(t.app, null);
});
afterAll(async () => {
  await t?.close();
});

describe('a tenant whose set-up fails', () => {
  it('leaves nothing behind: no record, no users, roles, grants or menus', async () => {
    // the host admin creates the tenant `broken`
    const createBroken = () =>
      as(
        t.app,
        hostAdmin,
      )({
        method: 'POST',
        url: '/api/tenant-management/tenants',
        payload: { name: 'broken', adminEmailAddress: 'a@broken.test', adminPassword: 'Br0ken!pw' },
      });
    const before = await counts();
    // seeding that fails half-way (after the identity rows are written), for the next call only
    const real = t.services.seedTenant;
    vi.spyOn(t.services, 'seedTenant').mockImplementationOnce(async (tenant, opts) => {
      await real(tenant, opts);
      throw new Error('seeding broke');
    });
    const res = await createBroken();
    expect(res.statusCode).toBe(500);
    expect(res.json().error.message).not.toContain('seeding broke');
    expect(await counts()).toEqual(before);
    const lookup = await as(t.app, null)({ method: 'GET', url: '/api/abp/multi-tenancy/tenants/by-name/broken' });
    expect(lookup.json().success).toBe(false);

    // the name is free again, and the next attempt works
    const again = await createBroken();
    expect(again.statusCode, again.body).toBe(200);
    await token(t.app, 'broken', 'admin', 'Br0ken!pw');
  });
});

import { expect } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../../test/harness.ts';
import type { CurrentTenant } from '../../../core/context.ts';
import { createUser, token } from '../../permission-management/test-support.ts';
import { zones } from '../zones/schema.ts';

/** The carriers' API tests: one app, the tenants' admins, a user without the permission and a reader. */
export interface CarrierTest {
  t: TestApp;
  demoAdmin: string;
  otherAdmin: string;
  /** Signed in without any logistics permission. */
  nobody: string;
  /** Holds `Logistics.Carriers` only. */
  reader: string;
  call(
    who: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    culture?: string,
  ): ReturnType<ReturnType<typeof as>>;
  /** POST, expecting 200; the created DTO. */
  create(who: string, url: string, body: object): Promise<Dto>;
  /** A zone of `tenant` (written directly: the zones are another area's). */
  zone(tenant: CurrentTenant, name: string, countries?: string[]): Promise<string>;
}

export type Dto = { id: string; concurrencyStamp: string; [k: string]: unknown };

export async function carrierTest(): Promise<CarrierTest> {
  const t = await createTestApp();
  await createUser(t.services, t.demo, 'nobody', ['salesman']);
  await createUser(t.services, t.demo, 'reader');
  const demoAdmin = await token(t.app, 'demo');
  const otherAdmin = await token(t.app, 'other');
  const call: CarrierTest['call'] = (who, method, url, payload, culture = 'en') =>
    as(t.app, who, culture)({ method, url, payload });
  const readerId = (await call(demoAdmin, 'GET', '/api/identity/users?filter=reader')).json().items[0].id;
  const granted = await call(
    demoAdmin,
    'PUT',
    `/api/permission-management/permissions?providerName=U&providerKey=${readerId}`,
    { permissions: [{ name: 'Logistics.Carriers', isGranted: true }] },
  );
  expect(granted.statusCode).toBe(204);
  return {
    t,
    demoAdmin,
    otherAdmin,
    nobody: await token(t.app, 'demo', 'nobody'),
    reader: await token(t.app, 'demo', 'reader'),
    call,
    async create(who, url, body) {
      const res = await call(who, 'POST', url, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    zone: (tenant, name, countries = ['SG']) =>
      t.services.data.inTenant({ tenant }, async (tx) => {
        const [row] = await tx
          .insert(zones)
          .values({ tenantId: tenant.id, name, countries })
          .returning({ id: zones.id });
        return row.id;
      }),
  };
}

export const carrier = (code: string, extra: object = {}) => ({
  code,
  name: `Carrier ${code}`,
  type: 'EXPRESS',
  ...extra,
});

export const channel = (carrierId: string, code: string, extra: object = {}) => ({
  carrierId,
  code,
  name: `Channel ${code}`,
  mode: 'AIR',
  transitDaysMin: 5,
  transitDaysMax: 9,
  currency: 'USD',
  ...extra,
});

/** A first + additional band of a zone. */
export const band = (zoneId: string, weightFrom: number, weightTo: number, extra: object = {}) => ({
  zoneId,
  weightFrom,
  weightTo,
  feeMode: 'FIRST_ADDITIONAL',
  firstWeight: 500,
  firstFee: '12.5',
  additionalUnit: 500,
  additionalFee: '3.25',
  ...extra,
});

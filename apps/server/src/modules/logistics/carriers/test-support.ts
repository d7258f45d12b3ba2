import { expect } from 'vitest';
import { as } from '../../../../test/harness.ts';
import type { CurrentTenant } from '../../../core/context.ts';
import { zones } from '../schema.ts';
import { type LogisticsUsers, logisticsUsers } from '../test-support.ts';

/** The carriers' API tests: one app, the tenants' admins, a user without the permission and a reader. */
export interface CarrierTest extends LogisticsUsers {
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
  const users = await logisticsUsers('Logistics.Carriers');
  const { t } = users;
  const call: CarrierTest['call'] = (who, method, url, payload, culture = 'en') =>
    as(t.app, who, culture)({ method, url, payload });
  return {
    ...users,
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

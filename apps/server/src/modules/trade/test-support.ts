import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import type { CurrentTenant } from '../../core/context.ts';
import { catalogProductVariants } from '../catalog/index.ts';
import { logisticsWarehouses } from '../logistics/index.ts';
import { createUser, token } from '../permission-management/test-support.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A test app for order management's API tests (started before the file's tests, closed after):
 * the admins of tenants `demo` and `other`, `nobody` (a demo user without any role), the seeded
 * business roles (`salesman`, `stockman`, `finance`), and request helpers taking the caller's token.
 */
export function useTradeApp(env: Record<string, string> = {}) {
  const app = {} as {
    t: TestApp;
    demoAdmin: string;
    otherAdmin: string;
    nobody: string;
    salesman: string;
    stockman: string;
    finance: string;
  };
  beforeAll(async () => {
    app.t = await createTestApp(env);
    await createUser(app.t.services, app.t.demo, 'nobody');
    for (const role of ['salesman', 'stockman', 'finance']) await createUser(app.t.services, app.t.demo, role, [role]);
    app.demoAdmin = await token(app.t.app, 'demo');
    app.otherAdmin = await token(app.t.app, 'other');
    app.nobody = await token(app.t.app, 'demo', 'nobody');
    app.salesman = await token(app.t.app, 'demo', 'salesman');
    app.stockman = await token(app.t.app, 'demo', 'stockman');
    app.finance = await token(app.t.app, 'demo', 'finance');
  }, 120_000);
  afterAll(async () => {
    await app.t?.close();
  });
  const call = (method: Method) => (who: string | null, url: string, payload?: object) =>
    as(app.t.app, who)({ method, url, payload });
  return Object.assign(app, { get: call('GET'), post: call('POST'), put: call('PUT'), del: call('DELETE') });
}

/** The first `n` catalogue variants of a tenant (the demo seed has products with variants). */
export async function variantsOf(t: TestApp, tenant: CurrentTenant, n = 10) {
  return t.services.data.inTenant({ tenant }, (tx) =>
    tx
      .select({
        variantId: catalogProductVariants.id,
        sku: catalogProductVariants.sku,
        productId: catalogProductVariants.productId,
      })
      .from(catalogProductVariants)
      .orderBy(asc(catalogProductVariants.sku))
      .limit(n),
  );
}

/** A tenant's active warehouses, default first. */
export async function warehousesOf(t: TestApp, tenant: CurrentTenant) {
  const rows = await t.services.data.inTenant({ tenant }, (tx) =>
    tx
      .select({ id: logisticsWarehouses.id, code: logisticsWarehouses.code, isDefault: logisticsWarehouses.isDefault })
      .from(logisticsWarehouses)
      .where(eq(logisticsWarehouses.isActive, true)),
  );
  return rows.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.code.localeCompare(b.code));
}

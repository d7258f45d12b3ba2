import { afterAll, beforeAll } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import type { CurrentTenant } from '../../core/context.ts';
import { createUser, token } from '../permission-management/test-support.ts';
import { crmCustomers } from './customers/schema.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A test app for the CRM's API tests (started before the file's tests, closed after): the admins
 * of tenants `demo` and `other`, `nobody` (a demo user without any role) and two salesmen of demo,
 * `sales1` and `sales2` (role salesman: they see their own customers and their teams' only), with
 * their ids, and request helpers taking the caller's token.
 */
export function useCrmApp(env: Record<string, string> = {}) {
  const app = {} as {
    t: TestApp;
    demoAdmin: string;
    otherAdmin: string;
    nobody: string;
    sales1: string;
    sales2: string;
    sales1Id: string;
    sales2Id: string;
  };
  beforeAll(async () => {
    app.t = await createTestApp(env);
    await createUser(app.t.services, app.t.demo, 'nobody');
    app.sales1Id = await createUser(app.t.services, app.t.demo, 'sales1', ['salesman']);
    app.sales2Id = await createUser(app.t.services, app.t.demo, 'sales2', ['salesman']);
    app.demoAdmin = await token(app.t.app, 'demo');
    app.otherAdmin = await token(app.t.app, 'other');
    app.nobody = await token(app.t.app, 'demo', 'nobody');
    app.sales1 = await token(app.t.app, 'demo', 'sales1');
    app.sales2 = await token(app.t.app, 'demo', 'sales2');
  }, 120_000);
  afterAll(async () => {
    await app.t?.close();
  });
  const call = (method: Method) => (who: string | null, url: string, payload?: object) =>
    as(app.t.app, who)({ method, url, payload });
  return Object.assign(app, { get: call('GET'), post: call('POST'), put: call('PUT'), del: call('DELETE') });
}

/**
 * Inserts a customer straight into the table (for areas whose tests need customers before or
 * without the customers API); `ownerUserId: null` puts it in the pool. Returns its id.
 */
export async function insertCustomer(
  t: TestApp,
  tenant: CurrentTenant,
  values: Partial<typeof crmCustomers.$inferInsert> & { name: string },
): Promise<string> {
  return t.services.data.inTenant({ tenant }, async (tx) => {
    const [row] = await tx
      .insert(crmCustomers)
      .values({
        tenantId: tenant.id,
        ownerTime: values.ownerUserId ? new Date() : null,
        ...values,
      })
      .returning({ id: crmCustomers.id });
    return row.id;
  });
}

import { beforeAll } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import type { CurrentTenant } from '../../core/context.ts';
import { useApiApp } from '../permission-management/test-support.ts';
import { crmCustomers } from './customers/schema.ts';

/**
 * A test app for the CRM's API tests (see `useApiApp`): the admins of tenants `demo` and `other`,
 * `nobody` (a demo user without any role) and two salesmen of demo, `sales1` and `sales2` (role
 * salesman: they see their own customers and their teams' only), with their ids, and request
 * helpers taking the caller's token.
 */
export function useCrmApp(env: Record<string, string> = {}) {
  const app = useApiApp({ nobody: [], sales1: ['salesman'], sales2: ['salesman'] }, env) as ReturnType<
    typeof useApiApp<'nobody' | 'sales1' | 'sales2'>
  > & { sales1Id: string; sales2Id: string };
  beforeAll(() => {
    app.sales1Id = app.ids.sales1;
    app.sales2Id = app.ids.sales2;
  });
  return app;
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

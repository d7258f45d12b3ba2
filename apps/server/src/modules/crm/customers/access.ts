import { CrmPermissions } from '@seller/contracts';
import { and, eq, exists, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/client.ts';
import { forbidden, notFound } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { crmCustomerMembers, crmCustomers } from './schema.ts';

/**
 * Who may see and change a customer, decided per row and written once: every CRM route that
 * touches a customer or one of its records goes through `customerScope` (lists) or `loadCustomer`
 * (one customer). A salesman sees the customers they own and those whose team they are on; a user
 * holding `Crm.Customers.ViewAll` sees and manages every owned customer; pool customers (no owner)
 * are visible to whoever holds `Crm.Pool`. A customer outside the scope answers 404, as if it did
 * not exist, so ids of other people's customers leak nothing.
 */
export type CustomerNeed = 'read' | 'write' | 'owner';

export interface CustomerViewer {
  userId: string | null;
  viewAll: boolean;
  pool: boolean;
}

export async function viewerOf(services: Services, ctx: RequestContext): Promise<CustomerViewer> {
  const held = await services.permissions.granted(ctx);
  return {
    userId: ctx.user?.id ?? null,
    viewAll: held.has(`${CrmPermissions.Customers}.ViewAll`),
    pool: held.has(CrmPermissions.Pool),
  };
}

const isMember = (userId: string, minLevel: number) =>
  exists(
    sql`(select 1 from ${crmCustomerMembers} where ${crmCustomerMembers.customerId} = ${crmCustomers.id}
      and ${crmCustomerMembers.userId} = ${userId} and ${crmCustomerMembers.level} >= ${minLevel})`,
  );

/**
 * The customers a viewer may see, as a predicate over `crm_customers` (never undefined, so a
 * forgotten branch cannot widen it). `includePool` adds pool customers for pool holders.
 */
export function customerScope(v: CustomerViewer, opts: { includePool?: boolean } = {}): SQL {
  const pool = opts.includePool && v.pool ? isNull(crmCustomers.ownerUserId) : sql`false`;
  if (v.viewAll) return or(sql`${crmCustomers.ownerUserId} is not null`, pool) as SQL;
  if (!v.userId) return sql`false`;
  return or(eq(crmCustomers.ownerUserId, v.userId), isMember(v.userId, 2), pool) as SQL;
}

/** Whether the viewer may do `need` on a customer row they can see. */
export async function mayDo(tx: Tx, v: CustomerViewer, row: typeof crmCustomers.$inferSelect, need: CustomerNeed) {
  if (row.ownerUserId === null) return need === 'read' ? v.pool : false;
  if (v.viewAll || row.ownerUserId === v.userId) return true;
  if (need === 'owner' || !v.userId) return false;
  const [m] = await tx
    .select({ level: crmCustomerMembers.level })
    .from(crmCustomerMembers)
    .where(and(eq(crmCustomerMembers.customerId, row.id), eq(crmCustomerMembers.userId, v.userId)));
  return !!m && (need === 'read' ? m.level >= 2 : m.level >= 3);
}

/**
 * One customer the viewer may see (404 otherwise), checked for `need` (403 when seen but not
 * allowed). `forUpdate` takes its row lock, for the rules that count and then change owners.
 */
export async function loadCustomer(
  tx: Tx,
  v: CustomerViewer,
  id: string,
  need: CustomerNeed,
  opts: { forUpdate?: boolean } = {},
) {
  const q = tx
    .select()
    .from(crmCustomers)
    .where(and(eq(crmCustomers.id, id), eq(crmCustomers.isDeleted, false), customerScope(v, { includePool: true })));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound('Customer', id);
  if (!(await mayDo(tx, v, row, need))) throw forbidden();
  return row;
}

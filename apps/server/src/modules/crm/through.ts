import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../../core/context.ts';
import { owned } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { type CustomerNeed, type CustomerViewer, customerQueries } from './customers/queries.ts';
import { crmCustomers } from './customers/schema.ts';

const { viewer: viewerOf, scope: customerScope, load: loadCustomer } = customerQueries;

/**
 * What every CRM record that hangs off a customer (a business, an order, an address…) shares:
 * it is seen through its customer (the list's scope, a 404 for one out of sight) and written with a
 * new stamp. Its routes are `resource-routes.ts`'s. Module-level (no area's), as every such area
 * uses it and it reaches customers only through their queries.
 */

// biome-ignore lint/suspicious/noExplicitAny: drizzle's table generics are not worth spelling out here
type AnyTable = PgTable & Record<string, any>;

/**
 * The record's customer row, correlated on `customerId` (a list counts over its own table alone,
 * so the customer is reached by a subquery, not a join).
 */
export const ofCustomer = (customerId: AnyPgColumn, ...parts: SQL[]) =>
  sql`exists (select 1 from ${crmCustomers} where ${crmCustomers.id} = ${customerId} and ${and(...parts)})`;

/**
 * A kit list's `scope`: records of live customers the viewer sees (`customerScope`, the pool's
 * too). The kit hands the route's request context on, so the viewer's permissions are read from it.
 */
export const seenThroughCustomer =
  (customerId: AnyPgColumn) =>
  async (services: Services, _tx: Tx, ctx: Pick<RequestContext, 'tenant'>): Promise<SQL> =>
    ofCustomer(
      customerId,
      eq(crmCustomers.isDeleted, false),
      customerScope(await viewerOf(services, ctx as RequestContext), { includePool: true }),
    );

/**
 * One record of `table` reached through its customer, checked for `need`: 404 when the record is
 * not the tenant's or its customer is out of the viewer's sight (as if it did not exist), 403
 * when seen but not allowed. `lock` takes the record's row lock, `lockCustomer` the customer's.
 */
export async function loadThroughCustomer<T extends AnyTable>(
  tx: Tx,
  ctx: RequestContext,
  v: CustomerViewer,
  table: T,
  entity: string,
  id: string,
  need: CustomerNeed,
  opts: { lock?: boolean; lockCustomer?: boolean } = {},
) {
  const q = tx
    .select()
    .from(table as PgTable)
    .where(owned(ctx, table, eq(table.id, id)));
  const [row] = (opts.lock ? await q.for('update') : await q) as T['$inferSelect'][];
  if (!row) throw notFound(entity, id);
  try {
    const customer = await loadCustomer(tx, v, row.customerId as string, need, { forUpdate: opts.lockCustomer });
    return { row: row as T['$inferSelect'], customer };
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw notFound(entity, id);
    throw e;
  }
}

/** The columns a write sets besides its own: when, by whom, and a new concurrency stamp. */
export const touched = (ctx: RequestContext) => ({
  lastModificationTime: new Date(),
  lastModifierId: ctx.user?.id ?? null,
  concurrencyStamp: sql`md5(random()::text)`,
});

import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type CrudContext, owned } from './crud.ts';
import type { Tx } from './db/client.ts';

/**
 * The id of one of the caller's rows of `table` (the tenant's, not deleted) that meets
 * `conditions`, or undefined: the question behind "is this name taken", "is it still used" and
 * "does it exist here".
 */
export async function firstOwnedId(
  tx: Tx,
  ctx: CrudContext,
  table: PgTable & { id: AnyPgColumn },
  ...conditions: (SQL | undefined)[]
): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(owned(ctx, table, ...conditions))
    .limit(1);
  return row?.id as string | undefined;
}

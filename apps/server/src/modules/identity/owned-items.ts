import type { SQL } from 'drizzle-orm';
import { type CrudContext, owned, selectEntities } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';

type Table = Parameters<typeof owned>[1];

/** The tenant's rows of `table` that `where` picks (all of them without it), in `order`, as `{ items }`. */
export async function ownedItems<T extends Table, D>(
  tx: Tx,
  ctx: CrudContext,
  table: T,
  order: SQL[],
  toDto: (row: T['$inferSelect']) => D,
  where?: SQL,
) {
  const rows = await selectEntities(tx, table, { where: owned(ctx, table, where), orderBy: order });
  return { items: rows.map(toDto) };
}

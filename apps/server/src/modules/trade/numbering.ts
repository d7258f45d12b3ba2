import { like, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type CrudContext, owned, takeTurns } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';

/**
 * The next document number of the day, `PO-20261124-0001` / `RCV-…`, unique per tenant: writers
 * of one tenant take turns (an advisory lock held to the end of the transaction), so two
 * transactions never hand out the same number. Shared by purchasing (PO) and receiving (RCV).
 */
export async function nextNumber(
  tx: Tx,
  ctx: CrudContext,
  table: Parameters<typeof takeTurns>[2],
  column: AnyPgColumn,
  prefix: string,
  now = new Date(),
): Promise<string> {
  await takeTurns(tx, ctx, table);
  const stem = `${prefix}-${now.toISOString().slice(0, 10).replaceAll('-', '')}-`;
  const [row] = await tx
    .select({ max: sql<string | null>`max(${column})` })
    .from(table)
    .where(owned(ctx, table, like(column, `${stem}%`)));
  const n = row?.max ? Number(row.max.slice(stem.length)) + 1 : 1;
  return `${stem}${String(n).padStart(4, '0')}`;
}

import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The `set` of an upsert (`onConflictDoUpdate`) that takes each of `keys` from the row the insert
 * proposed (`excluded.<column>`), leaving the others as they are.
 */
export function fromExcluded<T extends PgTable, K extends keyof T['$inferInsert'] & string>(
  table: T,
  keys: readonly K[],
): Record<K, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded.${columns[key]!.name}`)])) as Record<K, SQL>;
}

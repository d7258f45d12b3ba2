import { and, type Column, eq, getTableName, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { selectRows } from './crud.ts';
import type { Tx } from './db/client.ts';

/**
 * Counts per tab value from a tally the database keeps: rows of signed deltas per (tenant, UTC
 * day, tab value, the tallied filters' columns), appended by triggers and folded together now and
 * then. A time range on the tenant's clock rarely starts or ends at UTC midnight, so the whole
 * UTC days inside it are summed from the tally and the part-days at its ends are counted from the
 * rows themselves (at most a day's rows): exact, and the cost follows the days asked for, not the
 * rows that match.
 */
export interface DayTally {
  /**
   * The tally: its tenant, UTC day (`date`), tab value and delta columns, and the tenant-scoped view
   * it is read through (`tenantScopedView`: the tenant checked once, where the row-level policy
   * checks each of the range's rows).
   */
  tally: { table: PgTable; view?: string; tenantId: Column; day: Column; tab: Column; n: Column };
  /** The counted rows: their tenant, the time the range is on, the tab column, and their view. */
  rows: { table: PgTable; view?: string; tenantId: Column; at: Column; tab: Column };
  /** Per tallied filter, its column in the tally and in the rows (compared for equality). */
  filters: Record<string, { tally: Column; rows: Column }>;
}

const DAY_MS = 86_400_000;

/** A table, or its view under the table's name (so that its columns, qualified by it, read the view). */
const from = ({ table, view }: { table: PgTable; view?: string }) =>
  view ? sql`${sql.identifier(view)} as ${sql.identifier(getTableName(table))}` : sql`${table}`;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Per tab value, the rows of `tenantId` in `[from, to)` (either end open) whose tallied filters
 * equal `values`; null when the range holds no whole UTC day (then the rows are few enough to
 * count directly, and the caller does).
 */
export async function dayTallyCounts(
  tx: Tx,
  t: DayTally,
  tenantId: string,
  range: { from?: Date; to?: Date },
  values: Record<string, unknown>,
): Promise<Map<string, number> | null> {
  const fromMs = range.from?.getTime();
  const toMs = range.to?.getTime();
  const firstDay = fromMs === undefined ? undefined : Math.ceil(fromMs / DAY_MS) * DAY_MS;
  const endDay = toMs === undefined ? undefined : Math.floor(toMs / DAY_MS) * DAY_MS;
  if (firstDay !== undefined && endDay !== undefined && firstDay >= endDay) return null;

  const tallyWhere: (SQL | undefined)[] = [eq(t.tally.tenantId, tenantId)];
  const rowsWhere: (SQL | undefined)[] = [eq(t.rows.tenantId, tenantId)];
  for (const [name, value] of Object.entries(values)) {
    const columns = t.filters[name];
    if (!columns) throw new Error(`${name} is not tallied`);
    tallyWhere.push(eq(columns.tally, value));
    rowsWhere.push(eq(columns.rows, value));
  }
  if (firstDay !== undefined) tallyWhere.push(gte(t.tally.day, utcDay(firstDay)));
  if (endDay !== undefined) tallyWhere.push(lt(t.tally.day, utcDay(endDay)));

  const parts: SQL[] = [
    sql`select ${t.tally.tab} as tab, ${t.tally.n}::bigint as n from ${from(t.tally)} where ${and(...tallyWhere)}`,
  ];
  // the part-days at both ends in one scan
  const partDays: SQL[] = [];
  const partDay = (start: number, end: number) =>
    partDays.push(and(gte(t.rows.at, new Date(start)), lt(t.rows.at, new Date(end)))!);
  if (fromMs !== undefined && firstDay! > fromMs) partDay(fromMs, firstDay!);
  if (toMs !== undefined && toMs > endDay!) partDay(endDay!, toMs);
  if (partDays.length)
    parts.push(
      sql`select ${t.rows.tab} as tab, count(*) as n from ${from(t.rows)}
          where ${and(...rowsWhere, or(...partDays))} group by 1`,
    );

  const rows = await selectRows(
    tx,
    sql`select tab, sum(n)::bigint as n from (${sql.join(parts, sql` union all `)}) as counted group by tab`,
    (r) => [String(r[0]), Number(r[1])] as const,
  );
  return new Map(rows);
}

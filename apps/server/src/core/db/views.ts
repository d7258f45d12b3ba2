import { createHash } from 'node:crypto';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const VIEW = Symbol('view definition');

/** The tenant the transaction is scoped to (empty = host), the same expression as the row-level security policies. */
const CURRENT_TENANT = `nullif(current_setting('app.tenant_id', true), '')::uuid`;

/**
 * A view kept by code rather than by migrations: `openDatabase` (re)creates it after migrating,
 * so a column added to its table needs no hand-written migration (`SELECT *` is expanded when a
 * view is created, and PostgreSQL keeps that column list).
 */
export interface ViewDefinition {
  readonly [VIEW]: true;
  readonly name: string;
  /** The table the view reads; its columns are part of the view's fingerprint. */
  readonly table: string;
  readonly select: string;
}

/**
 * The rows of `table` that belong to the tenant the transaction is scoped to (`tenantsOnly`: none
 * on the host side, for a list kit source, which reads the table there). List queries read
 * such a view (`source` in core/crud.ts) because under row-level security PostgreSQL will not use
 * an index for a non-leakproof operator such as ILIKE; the view belongs to the tables' owner, so
 * the table's policy does not apply inside it, and it filters on the tenant with the policy's own
 * expression. The planner may then use a trigram index for a selective filter.
 */
export function tenantScopedView(
  name: string,
  table: PgTable | string,
  { tenantsOnly = false }: { tenantsOnly?: boolean } = {},
): ViewDefinition {
  const tableName = typeof table === 'string' ? table : getTableName(table);
  return {
    [VIEW]: true,
    name,
    table: tableName,
    select: tenantsOnly
      ? // an equality with the setting read once: joined with the query's own `tenant_id = …`, the
        // planner estimates the tenant's rows from the statistics and checks the setting once,
        // where the policy's expression is evaluated on every row and skews the estimate
        `SELECT * FROM "${tableName}" WHERE "tenant_id" = (SELECT ${CURRENT_TENANT})`
      : `SELECT * FROM "${tableName}" WHERE "tenant_id" IS NOT DISTINCT FROM ${CURRENT_TENANT}`,
  };
}

/** The view definitions among a schema's exports (`import * as schema from '../schema.ts'`). */
export function viewsIn(schema: Record<string, unknown>): ViewDefinition[] {
  return Object.values(schema).filter(
    (value): value is ViewDefinition => typeof value === 'object' && value !== null && VIEW in value,
  );
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Creates or recreates each view whose definition or table changed since it was last created
 * (a fingerprint of both is kept as the view's comment), in one transaction under an advisory
 * lock so that processes starting together do not race. Untouched views are left alone: dropping
 * a view waits for the queries reading it. `grantTo` gets SELECT in the same transaction, so
 * no query of the application role finds the view without its grant.
 */
export async function syncViews(db: Db, views: readonly ViewDefinition[], grantTo: string): Promise<void> {
  if (views.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seller.views'))`);
    for (const view of views) {
      const columns = await tx.execute<{ name: string; type: string }>(sql`
        select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
        where attrelid = to_regclass(${quote(view.table)}) and attnum > 0 and not attisdropped
        order by attnum`);
      const hash = createHash('sha256')
        .update(view.select)
        .update(JSON.stringify(columns.rows.map((c) => [c.name, c.type])))
        .digest('hex');
      const fingerprint = `kept by the server (core/db/views.ts), ${hash}`;
      const current = await tx.execute<{ comment: string | null }>(
        sql`select obj_description(to_regclass(${quote(view.name)}), 'pg_class') as comment`,
      );
      if (current.rows[0]?.comment === fingerprint) continue;
      await tx.execute(sql.raw(`DROP VIEW IF EXISTS ${quote(view.name)}`));
      await tx.execute(sql.raw(`CREATE VIEW ${quote(view.name)} AS ${view.select}`));
      await tx.execute(sql.raw(`COMMENT ON VIEW ${quote(view.name)} IS '${fingerprint}'`));
      await tx.execute(sql.raw(`GRANT SELECT ON ${quote(view.name)} TO ${quote(grantTo)}`));
    }
  });
}

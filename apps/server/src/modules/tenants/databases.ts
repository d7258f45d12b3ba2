import { accessSync, constants, existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { CurrentTenant } from '../../core/context.ts';
import { fieldError } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';

/**
 * Tenant databases: the `Default` connection string of a tenant names the database that
 * holds its data. Two forms are understood: a PostgreSQL URL (`postgres://…`,
 * `postgresql://…`) and `pglite:<absolute folder>` (an embedded database folder).
 */
export const DEFAULT_CONNECTION = 'Default';

export const isDefaultConnection = (name: string) => name.toLowerCase() === DEFAULT_CONNECTION.toLowerCase();

const PROBE_TIMEOUT_MS = 5_000;

/**
 * The canonical form of a database connection string, or a 400 on `member`. PGlite folders
 * are made absolute (one folder, one spelling: two spellings would open it twice) and may
 * not be the main embedded database.
 */
export function canonicalDatabaseUrl(services: Services, value: string, member: string): string {
  const v = value.trim();
  if (/^postgres(ql)?:\/\//i.test(v)) {
    try {
      new URL(v);
    } catch {
      throw fieldError(member, 'AbpTenantManagement::InvalidConnectionString');
    }
    return v;
  }
  if (v.toLowerCase().startsWith('pglite:')) {
    const dir = v.slice('pglite:'.length).trim();
    if (!dir || !isAbsolute(dir)) throw fieldError(member, 'AbpTenantManagement::InvalidConnectionString');
    const abs = resolve(dir);
    const mainDir = resolve(services.config.dataDir, 'db');
    const inside = relative(mainDir, abs);
    if (!services.config.databaseUrl && (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside)))) {
      throw fieldError(member, 'AbpTenantManagement::MainDatabaseFolder');
    }
    return `pglite:${abs}`;
  }
  throw fieldError(member, 'AbpTenantManagement::InvalidConnectionString');
}

/**
 * Whether a database answers, without opening it for use: a PostgreSQL connection with a
 * short timeout, or a PGlite folder that exists or can be created.
 */
export async function probeDatabase(url: string): Promise<{ reachable: boolean; message: string | null }> {
  if (url.startsWith('pglite:')) {
    const dir = url.slice('pglite:'.length);
    try {
      // the folder, or the nearest existing folder above it (where it would be created)
      let existing = dir;
      while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
      accessSync(existing, constants.R_OK | constants.W_OK);
      return { reachable: true, message: null };
    } catch (e) {
      return { reachable: false, message: (e as Error).message };
    }
  }
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    query_timeout: PROBE_TIMEOUT_MS,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return { reachable: true, message: null };
  } catch (e) {
    return { reachable: false, message: (e as Error).message || String(e) };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Opens (and thereby migrates, with row-level security) the database a tenant's data lives
 * in and runs a query in the tenant's scope there.
 */
export async function openTenantDatabase(
  services: Services,
  tenant: CurrentTenant,
): Promise<{ reachable: boolean; message: string | null }> {
  try {
    await services.data.databaseFor(tenant);
    await services.data.inTenant({ tenant }, (tx) => tx.execute(sql`select 1`));
    return { reachable: true, message: null };
  } catch (e) {
    return { reachable: false, message: (e as Error).message || String(e) };
  }
}

/**
 * Tables with a `tenant_id` that the token server keeps in the main database whatever the
 * tenant's database (it works before a tenant's database is chosen): they are not tenant
 * data to move.
 */
const MAIN_DATABASE_TABLES = new Set(['oauth_refresh_tokens', 'identity_impersonation_tokens']);

/** A table holding tenant rows (it has a `tenant_id` column). */
interface TenantTable {
  name: string;
  /** Columns a copy writes (generated ones are computed again by the target). */
  columns: string[];
  /** A foreign key to itself: its rows are copied in one statement (checked at its end). */
  selfReferencing: boolean;
}

/**
 * Every table (not view) with a `tenant_id` column in the database `tenant` is served from,
 * but the token server's, parents before children (foreign keys), so rows can be inserted in
 * this order and deleted in the reverse one. Read from the catalog, so tables added by later
 * modules are included.
 */
export async function tenantTables(services: Services, tenant: CurrentTenant): Promise<TenantTable[]> {
  return services.data.inTenant({ tenant }, async (tx) => {
    const cols = await tx.execute<{ table_name: string; column_name: string }>(sql`
      SELECT c.table_name, c.column_name FROM information_schema.columns c
      WHERE c.table_schema = current_schema() AND c.is_generated = 'NEVER'
        AND c.table_name IN (SELECT table_name FROM information_schema.columns
                             WHERE table_schema = current_schema() AND column_name = 'tenant_id')
        AND c.table_name IN (SELECT table_name FROM information_schema.tables
                             WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')
      ORDER BY c.table_name, c.ordinal_position`);
    const fks = await tx.execute<{ child: string; parent: string }>(sql`
      SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint c
      JOIN pg_class ch ON ch.oid = c.conrelid
      JOIN pg_class pa ON pa.oid = c.confrelid
      JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = current_schema()`);
    const columns = new Map<string, string[]>();
    for (const r of cols.rows) {
      if (MAIN_DATABASE_TABLES.has(r.table_name)) continue;
      columns.set(r.table_name, [...(columns.get(r.table_name) ?? []), r.column_name]);
    }
    const parents = new Map<string, Set<string>>();
    const selfRef = new Set<string>();
    for (const { child, parent } of fks.rows) {
      if (!columns.has(child)) continue;
      if (child === parent) selfRef.add(child);
      else if (columns.has(parent)) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
    }
    const ordered: string[] = [];
    const visiting = new Set<string>();
    const visit = (name: string) => {
      if (ordered.includes(name) || visiting.has(name)) return; // a cycle: keep the order found
      visiting.add(name);
      for (const p of [...(parents.get(name) ?? [])].sort()) visit(p);
      visiting.delete(name);
      ordered.push(name);
    };
    for (const name of [...columns.keys()].sort()) visit(name);
    return ordered.map((name) => ({ name, columns: columns.get(name)!, selfReferencing: selfRef.has(name) }));
  });
}

/** The first tenant table in `tenant`'s database that holds a row of the tenant, if any. */
export async function firstTableWithRows(
  services: Services,
  tenant: CurrentTenant,
  tables: TenantTable[],
): Promise<string | null> {
  return services.data.inTenant({ tenant }, async (tx) => {
    for (const t of tables) {
      const r = await tx.execute<{ found: boolean }>(
        sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(t.name)} WHERE tenant_id = ${tenant.id}) AS found`,
      );
      if (r.rows[0]?.found) return t.name;
    }
    return null;
  });
}

const COPY_BATCH = 500;

async function countRows(services: Services, tenant: CurrentTenant, table: string): Promise<number> {
  const r = await services.data.inTenant({ tenant }, (tx) =>
    tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE tenant_id = ${tenant.id}`,
    ),
  );
  return Number(r.rows[0].n);
}

/**
 * Copies every row of the tenant from the database of `from` to the database of `to`,
 * table by table (parents first), in batches read in physical order and written through
 * `json_populate_recordset`, so any column type survives the trip unchanged. The caller
 * keeps the tenant's requests out meanwhile. Verifies the row counts on both sides and
 * throws on any difference; the caller then removes the partial copy.
 */
export async function copyTenantRows(
  services: Services,
  from: CurrentTenant,
  to: CurrentTenant,
  tables: TenantTable[],
): Promise<Record<string, number>> {
  const copied: Record<string, number> = {};
  for (const t of tables) {
    const table = sql.identifier(t.name);
    const cols = sql.join(
      t.columns.map((c) => sql.identifier(c)),
      sql`, `,
    );
    let after = '(0,0)';
    let n = 0;
    for (;;) {
      const limit = t.selfReferencing ? sql`` : sql`LIMIT ${COPY_BATCH}`;
      const batch = await services.data.inTenant({ tenant: from }, (tx) =>
        tx.execute<{ pos: string; row: string }>(sql`
          SELECT ctid::text AS pos, row_to_json(r)::text AS row FROM ${table} r
          WHERE tenant_id = ${from.id} AND ctid > ${after}::tid ORDER BY ctid ${limit}`),
      );
      if (!batch.rows.length) break;
      const json = `[${batch.rows.map((r) => r.row).join(',')}]`;
      await services.data.inTenant({ tenant: to }, (tx) =>
        tx.execute(sql`
          INSERT INTO ${table} (${cols}) OVERRIDING SYSTEM VALUE
          SELECT ${cols} FROM json_populate_recordset(NULL::${table}, ${json}::json)`),
      );
      n += batch.rows.length;
      after = batch.rows[batch.rows.length - 1].pos;
      if (t.selfReferencing || batch.rows.length < COPY_BATCH) break;
    }
    const there = await countRows(services, to, t.name);
    const here = await countRows(services, from, t.name);
    if (there !== n || here !== n) {
      throw new Error(`copy of ${t.name} is incomplete: ${here} rows in the source, ${n} read, ${there} written`);
    }
    copied[t.name] = n;
  }
  return copied;
}

/**
 * Removes every row of `tenant` from the database its data lives in, children before
 * parents, in one transaction: for undoing a partial copy or a tenant whose set-up failed
 * half-way, and for clearing the old database after a move.
 */
export async function deleteTenantRows(
  services: Services,
  tenant: CurrentTenant,
  tables?: TenantTable[],
): Promise<void> {
  const list = tables ?? (await tenantTables(services, tenant));
  await services.data.inTenant({ tenant }, async (tx) => {
    for (const t of [...list].reverse()) {
      await tx.execute(sql`DELETE FROM ${sql.identifier(t.name)} WHERE tenant_id = ${tenant.id}`);
    }
  });
}

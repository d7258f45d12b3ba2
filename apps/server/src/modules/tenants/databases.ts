import { accessSync, constants, existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Services } from '../../app.ts';
import type { CurrentTenant } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';

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
 * Removes every row of `tenant` from the database its data lives in (every table with a
 * `tenant_id` column), for undoing a tenant whose set-up failed half-way. Each table in its
 * own unit of work, repeated while foreign keys make an order matter.
 */
export async function deleteTenantRows(services: Services, tenant: CurrentTenant): Promise<void> {
  const tables = await services.data.inTenant({ tenant }, async (tx) => {
    const result = await tx.execute<{ table_name: string }>(sql`
      SELECT table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'tenant_id'`);
    return result.rows.map((r) => r.table_name);
  });
  let pending = tables;
  for (let pass = 0; pass < 5 && pending.length; pass++) {
    const failed: string[] = [];
    for (const table of pending) {
      try {
        await services.data.inTenant({ tenant }, (tx) =>
          tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE tenant_id = ${tenant.id}`),
        );
      } catch {
        failed.push(table);
      }
    }
    pending = failed;
  }
  if (pending.length) throw new Error(`could not remove the rows of tenant ${tenant.id} from ${pending.join(', ')}`);
}

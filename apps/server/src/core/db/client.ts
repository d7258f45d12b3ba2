import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { syncViews, type ViewDefinition } from './views.ts';

/** The query builder (core knows no module's tables; each module imports its own). */
export type Db = NodePgDatabase<Record<string, never>>;
/** A transaction handle; same query API as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool (PostgreSQL only), for the tenant-scoped transaction fast path. */
  pool?: pg.Pool;
  /** The connection string (PostgreSQL only): the job queue opens a small pool of its own on it. */
  url?: string;
  /** The embedded database (PGlite only): the job queue talks to it through pg-boss's PGlite adapter. */
  pglite?: PGlite;
  /** The views kept by code in this database (pass them on when opening a tenant's own database). */
  views: readonly ViewDefinition[];
  /** The tables with secret columns (`secretText`): the app encrypts any clear value left in them at open. */
  secretTables: readonly PgTable[];
  close(): Promise<void>;
}

const migrationsFolder = new URL('../../../drizzle', import.meta.url).pathname;

/**
 * PostgreSQL's own bounds on every pooled connection (milliseconds): a statement, a wait for a row
 * lock, a transaction left idle, and the wait for a free connection. Past any of them the request is
 * answered 503 and the connection is freed.
 */
export const DATABASE_BOUNDS = {
  statementMs: Number(process.env.DB_STATEMENT_TIMEOUT_MS ?? 30_000),
  lockMs: Number(process.env.DB_LOCK_TIMEOUT_MS ?? 10_000),
  idleInTransactionMs: Number(process.env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? 60_000),
  connectMs: Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 20_000),
};

/** The role every tenant-scoped transaction switches to, so row-level security applies. */
export const APP_ROLE = 'seller_app';

/**
 * Opens the database: PostgreSQL when `url` starts with postgres, otherwise PGlite in
 * `dir` (or in memory when `dir` is undefined). Applies the migrations, then (re)creates the
 * views kept by code (`views`, see views.ts; the product passes its modules' views through
 * src/database.ts), then the row-level security policies, before
 * returning.
 */
export async function openDatabase(opts: {
  url?: string;
  dir?: string;
  poolSize?: number;
  views?: readonly ViewDefinition[];
  secretTables?: readonly PgTable[];
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`), e.g. the tests' seeded copy. */
  loadDataDir?: Blob;
}): Promise<Database> {
  const views = opts.views ?? [];
  const secretTables = opts.secretTables ?? [];
  let database: Database;
  if (opts.url?.startsWith('postgres')) {
    // Statements are prepared by name (crud.ts) and run for tenants of very different sizes: a
    // generic plan, costed for the average tenant, once served one tenant's 100 000 customers for
    // minutes. Every execution is planned for its own values; the parse is still saved.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 20,
      // nothing waits forever: a unit waiting this long for a connection is answered 503 (data.ts)
      connectionTimeoutMillis: DATABASE_BOUNDS.connectMs,
      options: [
        '-c plan_cache_mode=force_custom_plan',
        `-c statement_timeout=${DATABASE_BOUNDS.statementMs}`,
        `-c lock_timeout=${DATABASE_BOUNDS.lockMs}`,
        `-c idle_in_transaction_session_timeout=${DATABASE_BOUNDS.idleInTransactionMs}`,
      ].join(' '),
    });
    // An idle connection dropped by the server must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error('database connection lost:', err.message));
    const db = drizzlePg(pool);
    // migrations may rewrite large tables: their own connection, without the request bounds
    const migrator = new pg.Client({ connectionString: opts.url });
    await migrator.connect();
    try {
      await migratePg(drizzlePg(migrator), { migrationsFolder });
    } finally {
      await migrator.end();
    }
    database = { db, kind: 'postgres', pool, url: opts.url, views, secretTables, close: () => pool.end() };
  } else {
    if (opts.dir) mkdirSync(opts.dir, { recursive: true });
    const client = await PGlite.create(opts.dir ? join(opts.dir) : undefined, {
      extensions: { pg_trgm },
      loadDataDir: opts.loadDataDir,
    });
    const db = drizzleLite(client);
    await migrateLite(db, { migrationsFolder });
    database = {
      db: db as unknown as Db,
      kind: 'pglite',
      pglite: client,
      views,
      secretTables,
      close: () => client.close(),
    };
  }
  await ensureAppRole(database.db);
  await syncViews(database.db, views, APP_ROLE);
  await applyRowLevelSecurity(database.db);
  return database;
}

/** The application role (a role belongs to the server, so another database may have made it already). */
async function ensureAppRole(db: Db) {
  await db.execute(
    sql.raw(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN CREATE ROLE ${APP_ROLE} NOLOGIN; END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`),
  );
}

/**
 * Second lock behind the tenant-scoped query helpers: every table with a `tenant_id`
 * column gets a policy that shows only the rows of `app.tenant_id` (empty = host) to
 * the application role. Run after each migration, so new tables are covered without
 * anyone remembering to add a policy.
 */
async function applyRowLevelSecurity(db: Db) {
  await db.execute(sql.raw(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`));
  await db.execute(sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`));
  // tables keyed by a sequence (append-only ledgers) need it to insert
  await db.execute(sql.raw(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`));
  const result = await db.execute<{ table_name: string; has_policy: boolean }>(sql`
    SELECT c.table_name,
           EXISTS (SELECT 1 FROM pg_policies p WHERE p.tablename = c.table_name AND p.policyname = 'tenant_isolation') AS has_policy
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND c.column_name = 'tenant_id' AND t.table_type = 'BASE TABLE'`);
  for (const row of result.rows) {
    if (row.has_policy) continue;
    const t = `"${row.table_name}"`;
    await db.execute(sql.raw(`ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY`));
    await db.execute(
      sql.raw(`CREATE POLICY tenant_isolation ON ${t}
        USING (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid)
        WITH CHECK (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid)`),
    );
  }
}

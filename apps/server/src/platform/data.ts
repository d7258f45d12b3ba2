import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { CurrentTenant, RequestContext } from './context.ts';
import { APP_ROLE, type Database, type Db, openDatabase, type Tx } from './db/client.ts';
import * as schema from './db/schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one way services reach the database. `inTenant` opens a transaction as the
 * application role with `app.tenant_id` set, so PostgreSQL's row-level security hides
 * every other tenant's rows even if a query forgets its tenant predicate. A tenant with
 * its own `Default` connection string is served from that database.
 */
export class DataAccess {
  private tenantDatabases = new Map<string, Promise<Database>>();
  /** A query builder per pooled connection, made once (pool connections are reused). */
  private clientDbs = new WeakMap<pg.PoolClient, Db>();

  readonly main: Database;

  constructor(main: Database) {
    this.main = main;
  }

  /** The database holding `tenant`'s data. */
  async databaseFor(tenant: CurrentTenant | null): Promise<Database> {
    const url = tenant?.connectionStrings.find((c) => c.name === 'Default')?.value;
    if (!url) return this.main;
    let opening = this.tenantDatabases.get(url);
    if (!opening) {
      opening = openDatabase({ url, poolSize: 5 });
      this.tenantDatabases.set(url, opening);
      opening.catch(() => this.tenantDatabases.delete(url));
    }
    return opening;
  }

  async dbFor(tenant: CurrentTenant | null): Promise<Db> {
    return (await this.databaseFor(tenant)).db;
  }

  /** Runs `fn` in one transaction, scoped to the context's tenant (host when none). */
  async inTenant<T>(ctx: Pick<RequestContext, 'tenant'>, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const database = await this.databaseFor(ctx.tenant);
    const tenantId = ctx.tenant?.id ?? '';
    if (database.pool) return this.inPooledTransaction(database.pool, tenantId, fn);
    return database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${tenantId}, true)`,
      );
      return fn(tx);
    });
  }

  /**
   * PostgreSQL path: BEGIN, the role switch and the tenant setting go in one round trip
   * (a simple-protocol batch; the tenant id is a checked UUID), the hottest cost of
   * every tenant request.
   */
  private async inPooledTransaction<T>(pool: pg.Pool, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (tenantId && !UUID.test(tenantId)) throw new Error('tenant id is not a UUID');
    const client = await pool.connect();
    try {
      await client.query(`BEGIN; SET LOCAL ROLE ${APP_ROLE}; SELECT set_config('app.tenant_id', '${tenantId}', true)`);
      let db = this.clientDbs.get(client);
      if (!db) {
        db = drizzle(client, { schema }) as unknown as Db;
        this.clientDbs.set(client, db);
      }
      const result = await fn(db as unknown as Tx);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /**
   * Host infrastructure work that must cross tenants (token server, tenant registry,
   * seeding). Never reachable from a tenant's request data path.
   */
  async unscoped<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.main.db.transaction(fn);
  }

  async close() {
    for (const opening of this.tenantDatabases.values()) await (await opening).close().catch(() => {});
    await this.main.close();
  }
}

import { sql } from 'drizzle-orm';
import type { CurrentTenant, RequestContext } from './context.ts';
import { APP_ROLE, type Database, type Db, openDatabase, type Tx } from './db/client.ts';

/**
 * The one way services reach the database. `inTenant` opens a transaction as the
 * application role with `app.tenant_id` set, so PostgreSQL's row-level security hides
 * every other tenant's rows even if a query forgets its tenant predicate. A tenant with
 * its own `Default` connection string is served from that database.
 */
export class DataAccess {
  private tenantDatabases = new Map<string, Promise<Database>>();

  readonly main: Database;

  constructor(main: Database) {
    this.main = main;
  }

  /** The database holding `tenant`'s data. */
  async dbFor(tenant: CurrentTenant | null): Promise<Db> {
    const url = tenant?.connectionStrings.find((c) => c.name === 'Default')?.value;
    if (!url) return this.main.db;
    let opening = this.tenantDatabases.get(url);
    if (!opening) {
      opening = openDatabase({ url, poolSize: 5 });
      this.tenantDatabases.set(url, opening);
      opening.catch(() => this.tenantDatabases.delete(url));
    }
    return (await opening).db;
  }

  /** Runs `fn` in one transaction, scoped to the context's tenant (host when none). */
  async inTenant<T>(ctx: Pick<RequestContext, 'tenant'>, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const db = await this.dbFor(ctx.tenant);
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${ctx.tenant?.id ?? ''}, true)`,
      );
      return fn(tx);
    });
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

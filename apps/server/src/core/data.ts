import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { CurrentTenant, RequestContext } from './context.ts';
import { APP_ROLE, type Database, type Db, openDatabase, type Tx } from './db/client.ts';

/**
 * Marks code running inside a unit of work. Opening another unit from inside one would
 * hold two connections (and on PGlite, with a single connection, wait forever), so it is
 * refused at once: pass the `tx` you have instead.
 */
const insideUnit = new AsyncLocalStorage<true>();

function enterUnit<T>(fn: () => Promise<T>): Promise<T> {
  if (insideUnit.getStore()) {
    return Promise.reject(new Error('Nested unit of work: pass the open transaction instead of opening another'));
  }
  return insideUnit.run(true, fn);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one way services reach the database. `inTenant` opens a transaction as the
 * application role with `app.tenant_id` set, so PostgreSQL's row-level security hides
 * every other tenant's rows even if a query forgets its tenant predicate. A tenant with
 * its own `Default` connection string is served from that database.
 */
/**
 * Runs a unit of work: `open` starts the transaction and runs the work in it; a wrapper may run
 * code around the work (inside the transaction) and after `open` returns (after the commit).
 */
export type UnitWrapper = <T>(
  open: (work: (tx: Tx) => Promise<T>) => Promise<T>,
  fn: (tx: Tx) => Promise<T>,
) => Promise<T>;

export class DataAccess {
  /** Around every unit of work: the domain events use it to know each transaction and its commit. */
  private wrapUnit: UnitWrapper = (open, fn) => open(fn);
  private tenantDatabases = new Map<string, Promise<Database>>();
  /** Per pooled connection: its query builder and remembered session state. */
  private sessions = new WeakMap<pg.PoolClient, ClientSession>();

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
      // `pglite:<dir>` keeps the tenant in an embedded database folder (no PostgreSQL server needed).
      opening = url.startsWith('pglite:')
        ? openDatabase({ dir: url.slice('pglite:'.length), views: this.main.views })
        : openDatabase({ url, poolSize: 5, views: this.main.views });
      this.tenantDatabases.set(url, opening);
      opening.catch(() => this.tenantDatabases.delete(url));
    }
    return opening;
  }

  async dbFor(tenant: CurrentTenant | null): Promise<Db> {
    return (await this.databaseFor(tenant)).db;
  }

  /**
   * Runs `fn` as one unit of work scoped to the context's tenant (host when none): every
   * write is in one transaction, and row-level security applies throughout.
   */
  inTenant<T>(ctx: Pick<RequestContext, 'tenant'>, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.wrapUnit((work) => this.openInTenant(ctx, work), fn);
  }

  /** Puts `wrapper` around every unit of work (one wrapper: the domain events). */
  useUnitWrapper(wrapper: UnitWrapper) {
    this.wrapUnit = wrapper;
  }

  private async openInTenant<T>(ctx: Pick<RequestContext, 'tenant'>, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const database = await this.databaseFor(ctx.tenant);
    const tenantId = ctx.tenant?.id ?? '';
    if (tenantId && !UUID.test(tenantId)) throw new Error('tenant id is not a UUID');
    if (database.pool) return this.onPooledClient(database.pool, `tenant:${tenantId}`, fn);
    return database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${tenantId}, true)`,
      );
      return fn(tx);
    });
  }

  /**
   * Host infrastructure work that must cross tenants (token server, tenant registry,
   * seeding), as the owner role. Never reachable from a tenant's request data path.
   */
  unscoped<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.wrapUnit((work) => this.openUnscoped(work), fn);
  }

  private async openUnscoped<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const pool = this.main.pool;
    if (pool) return enterUnit(() => this.onPooledClient(pool, 'owner', fn));
    return enterUnit(() => this.main.db.transaction(fn));
  }

  /**
   * PostgreSQL path, the hottest code of every request. A pooled connection keeps its
   * role and tenant as session settings, remembered here, so consecutive requests of one
   * tenant pay no round trip to set them. BEGIN is sent lazily before the first
   * statement that is not a plain SELECT (reads in READ COMMITTED see the same with or
   * without it), so a read-only request costs exactly its queries and a writing one is
   * still a single transaction.
   */
  private async onPooledClient<T>(pool: pg.Pool, scope: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let session = this.sessions.get(client);
    if (!session) {
      session = new ClientSession(client);
      this.sessions.set(client, session);
    }
    try {
      return await session.run(scope, fn);
    } finally {
      client.release();
    }
  }

  async close() {
    for (const opening of this.tenantDatabases.values()) await (await opening).close().catch(() => {});
    await this.main.close();
  }
}

const PLAIN_SELECT = /^\s*select\b/i;
/** Selects that take locks held to the end of the transaction: they open it. */
const LOCKING = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|\bpg_advisory_xact_lock/i;

/** What Drizzle sends to open and end a transaction it is asked for inside a unit of work. */
const NESTED_BEGIN = /^\s*begin\b/i;
const NESTED_END = /^\s*(commit|rollback)\s*;?\s*$/i;

/** One pooled connection: the scope its session is set to, and lazy transactions. */
class ClientSession {
  private scope: string | null = null;
  private inTransaction = false;
  private active = false;
  /** Open savepoints of nested `transaction` calls. */
  private depth = 0;
  readonly db: Db;
  private client: pg.PoolClient;

  constructor(client: pg.PoolClient) {
    this.client = client;
    // Drizzle talks to this proxy, which opens the transaction before the first write.
    const proxy = {
      query: async (...args: unknown[]) => {
        const config = args[0] as string | { text: string };
        const text = typeof config === 'string' ? config : config.text;
        // `tx.transaction(…)` inside a unit: a savepoint, so its rollback undoes only its own work
        if (this.active && NESTED_BEGIN.test(text)) {
          if (!this.inTransaction) {
            this.inTransaction = true;
            await client.query('BEGIN');
          }
          return client.query(`SAVEPOINT nested_${++this.depth}`);
        }
        if (this.active && this.depth > 0 && NESTED_END.test(text)) {
          const name = `nested_${this.depth--}`;
          return client.query(/^\s*commit/i.test(text) ? `RELEASE SAVEPOINT ${name}` : `ROLLBACK TO SAVEPOINT ${name}`);
        }
        if (this.active && !this.inTransaction && (!PLAIN_SELECT.test(text) || LOCKING.test(text))) {
          this.inTransaction = true;
          await client.query('BEGIN');
        }
        return (client.query as (...a: unknown[]) => unknown)(...args);
      },
    };
    this.db = drizzle(proxy as unknown as pg.PoolClient) as unknown as Db;
  }

  async run<T>(scope: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (this.scope !== scope) {
      // Cleared first: if setting fails, the connection must not keep a stale scope.
      this.scope = null;
      await this.client.query(
        scope === 'owner'
          ? 'RESET ROLE; RESET app.tenant_id'
          : `SET ROLE ${APP_ROLE}; SELECT set_config('app.tenant_id', '${scope.slice('tenant:'.length)}', false)`,
      );
      this.scope = scope;
    }
    this.active = true;
    this.inTransaction = false;
    this.depth = 0;
    try {
      const result = await fn(this.db as unknown as Tx);
      if (this.inTransaction) await this.client.query('COMMIT');
      return result;
    } catch (err) {
      if (this.inTransaction) await this.client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      this.active = false;
      this.inTransaction = false;
    }
  }
}

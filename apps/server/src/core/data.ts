import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { CurrentTenant, RequestContext } from './context.ts';
import { APP_ROLE, type Database, type Db, openDatabase, type Tx } from './db/client.ts';
import { AppError } from './errors.ts';
import { sealClearSecrets } from './secret-columns.ts';
import type { Secrets } from './secrets.ts';

/**
 * The unit of work open in the current async context. Every unit marks itself here, so a call that
 * would open a second one inside it is caught at once: served by the open transaction when it is on
 * the same database (its scope switched for the call and switched back), refused otherwise. On
 * PGlite's single connection a second unit would wait forever for the first; on PostgreSQL it would
 * hold a second connection and see none of the first one's writes.
 */
interface OpenUnit {
  database: Database;
  scope: string;
  tx: Tx;
  /** Runs `fn` with the transaction switched to `scope`, then switches back. */
  withScope<T>(scope: string, fn: () => Promise<T>): Promise<T>;
  /** False once the unit has ended (work scheduled from inside it may outlive it). */
  open: boolean;
  call: string;
}
const openUnits = new AsyncLocalStorage<OpenUnit>();

/** The unit of work open here, if any. */
function currentUnit(): OpenUnit | undefined {
  const unit = openUnits.getStore();
  return unit?.open ? unit : undefined;
}

/** A second unit of work asked for inside one it cannot be served by: a programming error, named. */
export class NestedUnitOfWorkError extends Error {
  constructor(call: string, outer: OpenUnit) {
    super(
      `${call} called inside the open unit of work ${outer.call} on another database: ` +
        'pass the open transaction, or read what is needed before opening the unit',
    );
    this.name = 'NestedUnitOfWorkError';
  }
}

/**
 * Refuses, at once, work that must not run inside a unit of work (an enqueue through the job
 * queue's own connection would, on PGlite, wait for the transaction that waits for it).
 */
export function assertOutsideUnitOfWork(call: string) {
  const unit = currentUnit();
  if (unit) {
    throw new Error(`${call} called inside the open unit of work ${unit.call}: do it after the unit has committed`);
  }
}

/** The database did not answer within its bounds: 503, the request may be retried. */
export const databaseBusy = () =>
  new AppError({ status: 503, code: 'ServiceBusy', messageKey: 'ServiceBusy', headers: { 'retry-after': '5' } });

/** PostgreSQL's refusals for a bound it enforces (db/client.ts DATABASE_BOUNDS), and a lost connection. */
const BUSY_CODES = new Set(['57014', '55P03', '25P03', '57P01', '40P01']);

/** Whether `err` is the database giving up on a bound (statement, lock, idle transaction, deadlock). */
export function isDatabaseBusy(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' && BUSY_CODES.has(code);
}

/** Bounds of every unit of work (README: DB_* variables). */
export interface DataLimits {
  /** Longest a unit may hold its connection; past it the unit is rolled back and answered 503. */
  unitTimeoutMs: number;
  /** Longest a unit waits for a connection before it is answered 503. */
  acquireTimeoutMs: number;
}

export const DEFAULT_DATA_LIMITS: DataLimits = { unitTimeoutMs: 60_000, acquireTimeoutMs: 20_000 };

/** Per-call options of a unit of work. */
export interface UnitOptions {
  /** Overrides `unitTimeoutMs` for known long work (seeding, set-based jobs). */
  timeoutMs?: number;
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
  /** PGlite serves one unit at a time: the queue in front of each embedded database. */
  private embeddedQueues = new WeakMap<Database, Gate>();

  readonly main: Database;
  readonly limits: DataLimits;
  /** Run on each database as it opens (see `sealSecretsWith`). */
  private sealing: (database: Database) => Promise<unknown> = async () => {};

  constructor(main: Database, limits: Partial<DataLimits> = {}) {
    this.main = main;
    this.limits = { ...DEFAULT_DATA_LIMITS, ...limits };
  }

  /**
   * Encrypts the clear values left in secret columns (rows from before a column was declared
   * secret): in the main database now, in a tenant's own database when it is first opened.
   * Idempotent, so every start and every process may run it.
   */
  async sealSecretsWith(secrets: Secrets) {
    this.sealing = (database) => sealClearSecrets(database.db, secrets, database.secretTables);
    await this.sealing(this.main);
  }

  /** The database holding `tenant`'s data. */
  async databaseFor(tenant: CurrentTenant | null): Promise<Database> {
    const url = tenant?.connectionStrings.find((c) => c.name === 'Default')?.value;
    if (!url) return this.main;
    let opening = this.tenantDatabases.get(url);
    if (!opening) {
      // `pglite:<dir>` keeps the tenant in an embedded database folder (no PostgreSQL server needed).
      const known = { views: this.main.views, secretTables: this.main.secretTables };
      opening = (
        url.startsWith('pglite:')
          ? openDatabase({ dir: url.slice('pglite:'.length), ...known })
          : openDatabase({ url, poolSize: 5, ...known })
      ).then(async (database) => {
        try {
          await this.sealing(database);
        } catch (e) {
          await database.close();
          throw e;
        }
        return database;
      });
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
   * write is in one transaction, and row-level security applies throughout. Inside an open unit
   * on the same database, `fn` runs in that unit's transaction.
   */
  async inTenant<T>(ctx: Pick<RequestContext, 'tenant'>, fn: (tx: Tx) => Promise<T>, opts?: UnitOptions): Promise<T> {
    const tenantId = ctx.tenant?.id ?? '';
    if (tenantId && !UUID.test(tenantId)) throw new Error('tenant id is not a UUID');
    const scope = `tenant:${tenantId}`;
    const outer = currentUnit();
    if (outer) {
      const database = await this.databaseFor(ctx.tenant);
      if (database !== outer.database) throw new NestedUnitOfWorkError(`inTenant(${scope})`, outer);
      return outer.withScope(scope, () => fn(outer.tx));
    }
    return this.wrapUnit(async (work) => this.open(await this.databaseFor(ctx.tenant), scope, work, opts), fn);
  }

  /** Puts `wrapper` around every unit of work (one wrapper: the domain events). */
  useUnitWrapper(wrapper: UnitWrapper) {
    this.wrapUnit = wrapper;
  }

  /**
   * Host infrastructure work that must cross tenants (token server, tenant registry,
   * seeding), as the owner role. Never reachable from a tenant's request data path. Inside an
   * open unit on the main database, `fn` runs in that unit's transaction as the owner.
   */
  unscoped<T>(fn: (tx: Tx) => Promise<T>, opts?: UnitOptions): Promise<T> {
    const outer = currentUnit();
    if (outer) {
      if (outer.database !== this.main) return Promise.reject(new NestedUnitOfWorkError('unscoped()', outer));
      return outer.withScope('owner', () => fn(outer.tx));
    }
    return this.wrapUnit((work) => this.open(this.main, 'owner', work, opts), fn);
  }

  /**
   * A read of the host's shared registries (settings, features, tenants) behind a cache: inside an
   * open unit it is served by that unit when both are on the main database, and otherwise read
   * from the main database directly (another database cannot wait for this one). Reads only.
   */
  readShared<T>(fn: (db: Tx) => Promise<T>): Promise<T> {
    const outer = currentUnit();
    // the registries carry no tenant column, so the open unit reads them as it is: no scope switch,
    // which would race the unit's other statements when they run side by side
    if (outer && outer.database === this.main) return fn(outer.tx);
    // a unit of its own on the main database (pooled sessions keep a tenant's scope: never the bare pool)
    if (outer && outer.database !== this.main) return this.open(this.main, 'owner', fn);
    return this.unscoped(fn);
  }

  /** Opens a unit on `database` in `scope`, bounded in its wait for a connection and in its length. */
  private open<T>(database: Database, scope: string, fn: (tx: Tx) => Promise<T>, opts?: UnitOptions): Promise<T> {
    const timeoutMs = opts?.timeoutMs ?? this.limits.unitTimeoutMs;
    const call = scope === 'owner' ? 'unscoped()' : `inTenant(${scope})`;
    if (database.pool) return this.onPooledClient(database.pool, scope, call, timeoutMs, fn, database);
    return this.onEmbedded(database, scope, call, timeoutMs, fn);
  }

  /**
   * PGlite: one connection, so units queue here (a bounded wait: 503 past it), and a unit that
   * runs past its bound is rolled back, which frees the connection for the next one; the
   * abandoned work's further statements fail on the closed transaction.
   */
  private async onEmbedded<T>(
    database: Database,
    scope: string,
    call: string,
    timeoutMs: number,
    fn: (tx: Tx) => Promise<T>,
  ): Promise<T> {
    let gate = this.embeddedQueues.get(database);
    if (!gate) {
      gate = new Gate();
      this.embeddedQueues.set(database, gate);
    }
    const release = await gate.acquire(this.limits.acquireTimeoutMs);
    try {
      return await database.db.transaction(async (tx) => {
        await tx.execute(scopeStatement(scope));
        const unit: OpenUnit = {
          database,
          scope,
          tx,
          open: true,
          call,
          withScope: async (inner, run) => {
            if (inner === unit.scope) return run();
            const before = unit.scope;
            await tx.execute(scopeStatement(inner));
            unit.scope = inner;
            try {
              return await run();
            } finally {
              unit.scope = before;
              await tx.execute(scopeStatement(before));
            }
          },
        };
        try {
          return await withDeadline(
            openUnits.run(unit, () => fn(tx)),
            timeoutMs,
          );
        } finally {
          unit.open = false;
        }
      });
    } catch (err) {
      if (err instanceof UnitTimeout) throw databaseBusy();
      throw err;
    } finally {
      release();
    }
  }

  /**
   * PostgreSQL path, the hottest code of every request. A pooled connection keeps its
   * role and tenant as session settings, remembered here, so consecutive requests of one
   * tenant pay no round trip to set them. BEGIN is sent lazily before the first
   * statement that is not a plain SELECT (reads in READ COMMITTED see the same with or
   * without it), so a read-only request costs exactly its queries and a writing one is
   * still a single transaction. A unit past its bound gets 503 and its connection is destroyed
   * (never handed to another unit while the abandoned work may still use it).
   */
  private async onPooledClient<T>(
    pool: pg.Pool,
    scope: string,
    call: string,
    timeoutMs: number,
    fn: (tx: Tx) => Promise<T>,
    database: Database,
  ): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      if (isPoolTimeout(err)) throw databaseBusy();
      throw err;
    }
    let session = this.sessions.get(client);
    if (!session) {
      session = new ClientSession(client);
      this.sessions.set(client, session);
    }
    const current = session;
    let broken: Error | undefined;
    try {
      const unit: OpenUnit = {
        database,
        scope,
        tx: current.db as unknown as Tx,
        open: true,
        call,
        withScope: (inner, run) => current.withScope(inner, run),
      };
      try {
        return await withDeadline(
          openUnits.run(unit, () => current.run(scope, fn)),
          timeoutMs,
        );
      } finally {
        unit.open = false;
      }
    } catch (err) {
      if (err instanceof UnitTimeout) {
        current.abandon();
        broken = err;
        throw databaseBusy();
      }
      throw err;
    } finally {
      client.release(broken);
    }
  }

  async close() {
    for (const opening of this.tenantDatabases.values()) await (await opening).close().catch(() => {});
    await this.main.close();
  }
}

/** The statement that puts a transaction in `scope` for its remainder (PGlite: a real transaction). */
function scopeStatement(scope: string) {
  if (scope === 'owner') return sql`select set_config('role', 'none', true), set_config('app.tenant_id', '', true)`;
  return sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${scope.slice('tenant:'.length)}, true)`;
}

class UnitTimeout extends Error {}

/** `work`, or a UnitTimeout after `ms`: the caller's transaction ends then, whatever `work` still does. */
function withDeadline<T>(started: Promise<T>, ms: number): Promise<T> {
  // once: a query builder is a thenable that runs its statement again on every `then`
  const work = Promise.resolve(started);
  if (!Number.isFinite(ms) || ms <= 0) return work;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnitTimeout(`unit of work ran past ${ms} ms`)), ms);
  });
  // the abandoned work's own failure (its statements now fail) must not surface as unhandled
  work.catch(() => {});
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

const isPoolTimeout = (err: unknown) =>
  err instanceof Error && /timeout exceeded when trying to connect/i.test(err.message);

/** A first-come queue of one holder with a bounded wait: 503 for a waiter past its bound. */
class Gate {
  private held = false;
  private waiters: (() => void)[] = [];

  acquire(timeoutMs: number): Promise<() => void> {
    const release = () => {
      const next = this.waiters.shift();
      if (next) next();
      else this.held = false;
    };
    if (!this.held) {
      this.held = true;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(release);
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== grant);
        reject(databaseBusy());
      }, timeoutMs);
      this.waiters.push(grant);
    });
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
  private abandoned = false;
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
        if (this.abandoned) throw new Error('unit of work abandoned after its time bound');
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

  /** Sets the session's role and tenant for `scope` (session-level: they outlive transactions). */
  private async applyScope(scope: string) {
    // Cleared first: if setting fails, the connection must not keep a stale scope.
    this.scope = null;
    await this.client.query(
      scope === 'owner'
        ? 'RESET ROLE; RESET app.tenant_id'
        : `SET ROLE ${APP_ROLE}; SELECT set_config('app.tenant_id', '${scope.slice('tenant:'.length)}', false)`,
    );
    this.scope = scope;
  }

  async run<T>(scope: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (this.scope !== scope) await this.applyScope(scope);
    this.active = true;
    this.inTransaction = false;
    this.depth = 0;
    try {
      const result = await fn(this.db as unknown as Tx);
      if (this.inTransaction) await this.client.query('COMMIT');
      return result;
    } catch (err) {
      if (this.inTransaction) {
        // a rollback also undoes scope switches made inside the transaction: set it afresh next time
        this.scope = null;
        await this.client.query('ROLLBACK').catch(() => {});
      }
      throw err;
    } finally {
      this.active = false;
      this.inTransaction = false;
    }
  }

  /** Runs `fn` in this unit with the session switched to `scope`, then switches back. */
  async withScope<T>(scope: string, fn: () => Promise<T>): Promise<T> {
    const before = this.scope;
    if (before === scope) return fn();
    if (!before) throw new Error('connection scope unknown');
    await this.applyScope(scope);
    try {
      return await fn();
    } finally {
      await this.applyScope(before);
    }
  }

  /** The unit ran past its bound: every further statement of the abandoned work fails. */
  abandon() {
    this.abandoned = true;
  }
}

import { fromPglite, PgBoss, type SendOptions as PgBossSendOptions, type QueuePolicy } from 'pg-boss';
import { assertOutsideUnitOfWork } from './data.ts';
import type { Database } from './db/client.ts';

/** pg-boss keeps its tables here, apart from the application's (`public`) and its RLS policies. */
export const JOBS_SCHEMA = 'pgboss';

/** States as pg-boss stores them. */
export type JobStateName = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** What a handler gets for one run of one job. */
export interface JobRun<T> {
  id: string;
  name: string;
  data: T;
  /** Retries before this run (0 on the first). */
  retryCount: number;
  /**
   * Aborted when the process stops, or when a `progress` call finds the job no longer held by
   * this run (cancelled, or expired and handed to another worker). Long handlers should check it.
   */
  signal: AbortSignal;
  /**
   * Records how far the run has got (any JSON, e.g. `{ done: 40, total: 200 }`), readable through
   * `Jobs.get` while the job is active. Resolves `false`, and aborts `signal`, when this run no
   * longer holds the job. Call it between units of work, not inside one (on PGlite's single
   * connection it would wait for the open transaction).
   */
  progress(value: unknown): Promise<boolean>;
}

export type JobHandler<T> = (run: JobRun<T>) => Promise<unknown>;

/**
 * What a handler throws for an expected wait: something the job needs is not there yet (the demo
 * shops are not authorized yet, the server does not listen yet). The run is retried like any
 * failure (the queue's `retryLimit` and `retryDelay`), but a wait is not a fault: it is logged at
 * debug level, without a stack. Only the last attempt, which gives up, is a warning.
 */
export class RetryLater extends Error {
  override name = 'RetryLater';
}

/** pg-boss's retries when neither the queue nor the job sets any. */
const DEFAULT_RETRY_LIMIT = 2;

export interface DefineOptions {
  /** Retries after the first failure (pg-boss default 2). */
  retryLimit?: number;
  /** Seconds before a retry; with `retryBackoff` the first of an exponential series (with jitter). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** Upper bound of the backoff, in seconds. */
  retryDelayMax?: number;
  /**
   * Seconds a run may stay active before it counts as lost (its process died, or it hangs) and is
   * retried. Bounds how long a job held by a killed process waits. pg-boss default 15 minutes.
   */
  expireInSeconds?: number;
  /**
   * With it, a worker beats for each run it holds (every half of this), and a run whose beats stop
   * for this long (its process was killed) is lost and retried, however long a living run may take;
   * `expireInSeconds` then only bounds a hung one. At least 10.
   */
  heartbeatSeconds?: number;
  /** Seconds a completed job is kept for `get` (pg-boss default 7 days). */
  deleteAfterSeconds?: number;
  /** Jobs of this queue run at once in each worker process (default 1). */
  concurrency?: number;
  /** How often an idle worker looks for work, in seconds (default 2, at least 0.5). */
  pollingIntervalSeconds?: number;
  /**
   * pg-boss queue policy: `standard` (default), or e.g. `stately` (at most one queued and one
   * active job), which keeps a schedule from piling up while no worker runs.
   */
  policy?: QueuePolicy;
}

export interface SendOptions {
  /** With a non-standard policy, jobs with the same key are one job. */
  singletonKey?: string;
  /** Not before this time (or this many seconds from now). */
  startAfter?: Date | number;
  priority?: number;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
}

/** A job as `get` reports it. */
export interface JobInfo {
  id: string;
  name: string;
  state: JobStateName;
  data: unknown;
  /** The last `progress` of the running attempt; null when not active. */
  progress: unknown;
  /** The handler's result when completed, the error when failed or retrying. */
  output: unknown;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
}

/** The part of a pino (Fastify) logger the queue writes to. */
export interface JobsLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
}

export interface JobsOptions {
  /** Run handlers in this process (`JOBS_WORKER`); false = only enqueue, schedule and read. */
  worker: boolean;
  /** With a worker, fire the cron schedules (default true); schedules are stored either way. */
  cron?: boolean;
  log: JobsLog;
  /**
   * Overrides for tests: lost runs are expired by the supervision pass, at most every
   * `monitorIntervalSeconds` (default 60) and checked every `superviseIntervalSeconds` (default 60).
   */
  tuning?: { superviseIntervalSeconds?: number; monitorIntervalSeconds?: number };
}

/** How far a run has got, as the administration page and the user's live hub read it. */
export interface ProgressReading {
  percent: number | null;
  message: string | null;
}

/**
 * Reads a run's progress value: `{ percent, message }` (what `progress()` writes) or
 * `{ done, total }`; anything else counts as progress without a percentage.
 */
export function readProgress(value: unknown): ProgressReading | null {
  if (value === null || value === undefined) return null;
  const v = (typeof value === 'object' ? value : {}) as Record<string, unknown>;
  let percent: number | null = null;
  if (typeof v.percent === 'number' && Number.isFinite(v.percent)) percent = v.percent;
  else if (typeof v.done === 'number' && typeof v.total === 'number' && v.total > 0) percent = (v.done / v.total) * 100;
  return {
    percent: percent === null ? null : Math.round(Math.min(100, Math.max(0, percent)) * 10) / 10,
    message: typeof v.message === 'string' ? v.message.slice(0, 500) : null,
  };
}

/**
 * Reports a run's progress as a percentage (0–100) with an optional line of text, for the
 * background jobs page and, when the job's data names a `userId`, that user's live hub.
 * Resolves `false` once the run no longer holds the job (see `JobRun.progress`).
 */
export function progress(run: Pick<JobRun<unknown>, 'progress'>, percent: number, message?: string): Promise<boolean> {
  const clamped = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  return run.progress(message === undefined ? { percent: clamped } : { percent: clamped, message });
}

/** A run of this process moved on: reported progress, completed, or failed this attempt. */
export interface JobProgressNotice {
  id: string;
  name: string;
  /** The job's data (may carry `userId` and `tenantId` of the user it runs for). */
  data: unknown;
  state: 'active' | 'completed' | 'failed';
  progress: ProgressReading | null;
}
export type JobProgressListener = (notice: JobProgressNotice) => void;

/** Counts of one queue's stored jobs by state, and its schedule. */
export interface QueueSummary {
  name: string;
  /** Cron expression (UTC) the queue recurs on, or null. */
  schedule: string | null;
  counts: Record<JobStateName, number>;
}

/** What the administration lists: newest first unless ordered otherwise. */
export interface JobListInput {
  name?: string;
  state?: JobStateName;
  order?: { field: JobOrderField; desc: boolean }[];
  skip: number;
  take: number;
}
export type JobOrderField = 'createdOn' | 'startedOn' | 'completedOn' | 'name' | 'state';

/** A stored job as the list reads it (`output` is the progress, result or error as pg-boss keeps it). */
export type JobRow = Omit<JobInfo, 'progress'>;

const ORDER_COLUMNS: Record<JobOrderField, string> = {
  createdOn: 'created_on',
  startedOn: 'started_on',
  completedOn: 'completed_on',
  name: 'name',
  state: 'state',
};
const STATES: readonly JobStateName[] = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];
/** pg-boss's own queues (`__pgboss__send-it`…) are not the application's. */
const OWN_QUEUES = `name NOT LIKE '\\_\\_pgboss\\_\\_%'`;

/**
 * Durable background jobs on pg-boss, in the application's own database: PostgreSQL through a
 * small pool of pg-boss's own, or the embedded PGlite through pg-boss's PGlite adapter. Jobs,
 * retries, schedules and state live in the `pgboss` schema, so they survive restarts and crashes;
 * every process may enqueue, and every process with `worker` on runs the handlers it defined.
 *
 * Handlers run outside any request: they reach tenant data through
 * `services.data.inTenant(systemContext(tenant), …)` like any other service. Delivery is at least
 * once (a run killed mid-way is retried after `expireInSeconds`, or sooner with `heartbeatSeconds`), so a handler's effect must be
 * idempotent, e.g. keyed by the job id.
 *
 * `send` from inside an open unit of work is refused at once (on PGlite the statement would wait
 * for the transaction that waits for it): enqueue after the commit.
 */
export class Jobs {
  readonly worker: boolean;
  private boss: PgBoss;
  private log: JobsLog;
  private stopping = new AbortController();
  private defined = new Set<string>();
  private progressListeners = new Set<JobProgressListener>();

  private constructor(boss: PgBoss, opts: JobsOptions) {
    this.boss = boss;
    this.worker = opts.worker;
    this.log = opts.log;
  }

  /** Installs or migrates the `pgboss` schema if needed, then starts maintenance and, with workers, the scheduler. */
  static async start(database: Database, opts: JobsOptions): Promise<Jobs> {
    const common = {
      schema: JOBS_SCHEMA,
      // an enqueue-only process leaves expiring lost jobs and creating scheduled ones to the workers
      supervise: opts.worker,
      schedule: opts.worker && opts.cron !== false,
      ...opts.tuning,
    };
    let boss: PgBoss;
    if (database.kind === 'pglite') {
      if (!database.pglite) throw new Error('PGlite database without its client');
      boss = new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' });
    } else {
      if (!database.url) throw new Error('PostgreSQL database without its connection string');
      boss = new PgBoss({ ...common, connectionString: database.url, max: 4, application_name: 'seller-jobs' });
    }
    // pg-boss reports errors of its background loops as events; an unhandled 'error' event would end the process
    boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
    boss.on('warning', (w) => opts.log.warn({ warning: w.message }, 'job queue warning'));
    await boss.start();
    return new Jobs(boss, opts);
  }

  /**
   * Declares a queue and, in a worker process, works it with `handler`. Queue options (retries,
   * expiry) are applied on every start, so a changed definition takes effect on deploy.
   */
  async define<T = unknown>(name: string, handler: JobHandler<T>, options: DefineOptions = {}): Promise<void> {
    if (this.defined.has(name)) throw new Error(`Job ${name} is defined twice`);
    this.defined.add(name);
    const { concurrency = 1, pollingIntervalSeconds, policy, ...queue } = withoutUndefined(options);
    await this.boss.createQueue(name, withoutUndefined({ policy, ...queue }));
    if (Object.keys(queue).length) await this.boss.updateQueue(name, queue);
    if (!this.worker) return;
    await this.boss.work<T>(
      name,
      { batchSize: 1, localConcurrency: concurrency, ...(pollingIntervalSeconds ? { pollingIntervalSeconds } : {}) },
      async ([job]) => {
        const lost = new AbortController();
        const signal = AbortSignal.any([job.signal, lost.signal, this.stopping.signal]);
        const run: JobRun<T> = {
          id: job.id,
          name,
          data: job.data,
          retryCount: job.retryCount,
          signal,
          progress: async (value) => {
            const held = await this.recordProgress(name, job.id, job.retryCount, value);
            if (!held) lost.abort(new Error('job no longer held by this run'));
            else this.notify({ id: job.id, name, data: job.data, state: 'active', progress: readProgress(value) });
            return held;
          },
        };
        try {
          const result = await handler(run);
          this.notify({ id: job.id, name, data: job.data, state: 'completed', progress: null });
          return result;
        } catch (err) {
          // the payload may carry personal data: only the job is named
          const about = { job: job.id, queue: name, retryCount: job.retryCount };
          if (!(err instanceof RetryLater)) this.log.warn({ err, ...about }, 'job failed');
          else if (job.retryCount < (queue.retryLimit ?? DEFAULT_RETRY_LIMIT))
            this.log.debug?.({ ...about, waitingFor: err.message }, 'job waiting, retried later');
          else this.log.warn({ ...about, waitingFor: err.message }, 'job gave up waiting');
          this.notify({ id: job.id, name, data: job.data, state: 'failed', progress: null });
          throw err;
        }
      },
    );
  }

  /** Enqueues a job of a defined queue; null when a singleton policy absorbed it into a queued one. */
  async send(name: string, data: object = {}, options: SendOptions = {}): Promise<string | null> {
    // the queue has its own connection: from inside a unit it would not be part of the unit's
    // transaction, and on PGlite it would wait for that transaction forever
    assertOutsideUnitOfWork(`jobs.send(${name})`);
    // pg-boss checks option keys by presence: an explicit undefined would fail its validation
    return this.boss.send(name, data, withoutUndefined(options) as PgBossSendOptions);
  }

  /** Runs `name` on a cron expression (UTC); one job per occurrence across all processes. */
  /**
   * A job the clock starts: `name` defined with `handler`, one run at a time (`stately`: an
   * occurrence while one is queued is dropped), and scheduled on `cron`.
   */
  async defineScheduled(
    name: string,
    cron: string,
    handler: JobHandler<unknown>,
    options: Omit<DefineOptions, 'policy'> = {},
  ): Promise<void> {
    await this.define(name, handler, { policy: 'stately', ...options });
    await this.schedule(name, cron);
  }

  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    // after downtime, one run for the occurrences missed rather than none
    await this.boss.schedule(name, cron, data, { tz: 'UTC', missed: 'once' });
  }

  async unschedule(name: string): Promise<void> {
    await this.boss.unschedule(name);
  }

  /** The cron expression `name` recurs on, or null. */
  async scheduleOf(name: string): Promise<string | null> {
    return (await this.boss.getSchedule(name))?.cron ?? null;
  }

  /**
   * The job, or null when there is none (or it was removed after its retention). The queue is
   * named because pg-boss keys jobs by queue and id: an id alone would scan every queue's jobs.
   */
  async get(name: string, id: string): Promise<JobInfo | null> {
    if (!UUID.test(id)) return null;
    const [job] = await this.boss.findJobs<unknown>(name, { id });
    if (!job) return null;
    const output = job.output as { progress?: unknown } | null;
    return {
      id: job.id,
      name: job.name,
      state: job.state,
      data: job.data,
      progress: job.state === 'active' ? (output?.progress ?? null) : null,
      output: job.state === 'active' ? null : (output ?? null),
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      createdOn: job.createdOn,
      startedOn: job.startedOn ?? null,
      completedOn: job.completedOn ?? null,
    };
  }

  /**
   * Cancels a job that has not finished: a queued one never runs; a running one is not retried,
   * and its handler learns it at its next `progress` call. False when there was nothing to cancel.
   */
  async cancel(name: string, id: string): Promise<boolean> {
    const job = await this.get(name, id);
    if (!job || !['created', 'retry', 'active'].includes(job.state)) return false;
    await this.boss.cancel(name, id);
    return (await this.get(name, id))?.state === 'cancelled';
  }

  /**
   * Calls `listener` when a run of this process reports progress, completes or fails an attempt
   * (the live hub pushes it to the user the job runs for). Returns the function that stops it.
   */
  onProgress(listener: JobProgressListener): () => void {
    this.progressListeners.add(listener);
    return () => {
      this.progressListeners.delete(listener);
    };
  }

  /** The application's queues (pg-boss's own left out), their stored jobs counted by state, and schedules. */
  async queues(): Promise<QueueSummary[]> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT q.name, s.cron, j.state::text AS state, count(j.id)::int AS n
         FROM ${JOBS_SCHEMA}.queue q
         LEFT JOIN ${JOBS_SCHEMA}.job j ON j.name = q.name
         LEFT JOIN ${JOBS_SCHEMA}.schedule s ON s.name = q.name AND s.key = ''
        WHERE q.${OWN_QUEUES}
        GROUP BY q.name, s.cron, j.state
        ORDER BY q.name`,
    );
    const byName = new Map<string, QueueSummary>();
    for (const r of rows as { name: string; cron: string | null; state: JobStateName | null; n: number }[]) {
      let q = byName.get(r.name);
      if (!q) {
        q = {
          name: r.name,
          schedule: r.cron,
          counts: Object.fromEntries(STATES.map((st) => [st, 0])) as QueueSummary['counts'],
        };
        byName.set(r.name, q);
      }
      if (r.state) q.counts[r.state] = Number(r.n);
    }
    return [...byName.values()];
  }

  /** Stored jobs of every queue (or one), optionally of one state, newest first by default. */
  async list(input: JobListInput): Promise<{ totalCount: number; items: JobRow[] }> {
    const where = [`${OWN_QUEUES}`];
    const params: unknown[] = [];
    if (input.name) {
      params.push(input.name);
      where.push(`name = $${params.length}`);
    }
    if (input.state) {
      params.push(input.state);
      where.push(`state = $${params.length}::${JOBS_SCHEMA}.job_state`);
    }
    // only known columns reach the SQL text; the id last keeps pages stable among equal times
    const order = (input.order?.length ? input.order : [{ field: 'createdOn' as const, desc: true }])
      .map((o) => `${ORDER_COLUMNS[o.field]} ${o.desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`)
      .concat('id DESC')
      .join(', ');
    const filter = where.join(' AND ');
    const db = this.boss.getDb();
    const { rows } = await db.executeSql(
      `SELECT id, name, state::text AS state, data, output, retry_count, retry_limit, created_on, started_on,
              completed_on, count(*) OVER () AS total
         FROM ${JOBS_SCHEMA}.job WHERE ${filter}
        ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, input.take, input.skip],
    );
    type Row = {
      id: string;
      name: string;
      state: JobStateName;
      data: unknown;
      output: unknown;
      retry_count: number;
      retry_limit: number;
      created_on: Date | string;
      started_on: Date | string | null;
      completed_on: Date | string | null;
      total: number | string;
    };
    const list = rows as Row[];
    let totalCount = list.length ? Number(list[0].total) : 0;
    if (!list.length && input.skip > 0) {
      // past the last page: the window count had no row to ride on
      const counted = await db.executeSql(`SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE ${filter}`, params);
      totalCount = Number((counted.rows[0] as { n: number }).n);
    }
    const date = (v: Date | string | null) => (v === null ? null : new Date(v));
    return {
      totalCount,
      items: list.map((r) => ({
        id: r.id,
        name: r.name,
        state: r.state,
        data: r.data,
        output: r.output,
        retryCount: r.retry_count,
        retryLimit: r.retry_limit,
        createdOn: new Date(r.created_on),
        startedOn: date(r.started_on),
        completedOn: date(r.completed_on),
      })),
    };
  }

  /** Whether the application has a queue of this name (pg-boss's own do not count). */
  async hasQueue(name: string): Promise<boolean> {
    if (name.startsWith('__pgboss__')) return false;
    return (await this.boss.getQueue(name)) !== null;
  }

  /**
   * Runs a failed job again (one more attempt than it had). False when there is no such job or it
   * has not failed.
   */
  async retry(name: string, id: string): Promise<boolean> {
    const job = await this.get(name, id);
    if (job?.state !== 'failed') return false;
    await this.boss.retry(name, id);
    return (await this.get(name, id))?.state === 'retry';
  }

  private notify(notice: JobProgressNotice) {
    for (const listener of this.progressListeners) {
      try {
        listener(notice);
      } catch (err) {
        this.log.warn({ err, job: notice.id, queue: notice.name }, 'job progress listener failed');
      }
    }
  }

  /** Stops fetching, waits briefly for running handlers, and closes pg-boss's own pool (not the app's). */
  async stop(): Promise<void> {
    this.stopping.abort(new Error('stopping'));
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }

  /**
   * pg-boss has no progress call: the running attempt writes it into the job's output, which
   * pg-boss replaces with the result or error when the attempt ends. Guarded by state and attempt,
   * so a run that lost the job (cancelled, expired and retried) cannot write over another's.
   */
  private async recordProgress(name: string, id: string, retryCount: number, value: unknown): Promise<boolean> {
    const { rows } = await this.boss.getDb().executeSql(
      `UPDATE ${JOBS_SCHEMA}.job SET output = jsonb_build_object('progress', $4::jsonb)
         WHERE name = $1 AND id = $2 AND retry_count = $3 AND state = 'active' RETURNING id`,
      [name, id, retryCount, JSON.stringify(value ?? null)],
    );
    return rows.length > 0;
  }
}

/** pg-boss validates options by key presence (`'retryLimit' in options`), so undefined keys must go. */
function withoutUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

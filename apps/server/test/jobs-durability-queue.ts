/**
 * The queue of the job durability test, shared by the test and the worker process it starts
 * (`jobs-worker.ts`): its options, and the tables where the handler leaves its effect.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/core/db/client.ts';
import type { DefineOptions } from '../src/core/jobs.ts';

export const DURABILITY_QUEUE = 'test.durability';

/**
 * A run held by a killed process counts as lost after 2 s, and is then retried at once; the
 * worker process supervises every second so that happens promptly.
 */
export const DURABILITY_OPTIONS: DefineOptions = {
  expireInSeconds: 2,
  retryLimit: 5,
  retryDelay: 0,
  pollingIntervalSeconds: 0.5,
};

/**
 * The same queue with heartbeats: runs never expire by time here, so the killed run comes back
 * only because its heartbeats stopped (10 s, the least pg-boss takes).
 */
export const HEARTBEAT_OPTIONS: DefineOptions = {
  expireInSeconds: 3600,
  heartbeatSeconds: 10,
  retryLimit: 5,
  retryDelay: 0,
  pollingIntervalSeconds: 0.5,
};

/** The options the worker process and the test use (`JOBS_TEST_HEARTBEAT=1` picks heartbeats). */
export const durabilityOptions = (heartbeat: boolean) => (heartbeat ? HEARTBEAT_OPTIONS : DURABILITY_OPTIONS);

/**
 * `durability_attempts`: one row per run started (committed before the work, so it survives a
 * kill). `durability_effects`: the job's effect, keyed by job id; `durability_ledger`: a running
 * total that the handler raises only in the transaction that records the effect, so a job applied
 * twice would show in the total.
 */
export async function createEffectTables(db: Db) {
  await db.execute(
    sql`create table if not exists durability_attempts (job_id uuid not null, at timestamptz not null default now())`,
  );
  await db.execute(sql`create table if not exists durability_effects (job_id uuid primary key, amount int not null)`);
  await db.execute(sql`create table if not exists durability_ledger (id int primary key, total int not null)`);
  await db.execute(sql`insert into durability_ledger values (1, 0) on conflict do nothing`);
}

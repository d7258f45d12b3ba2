/**
 * A worker process for the job durability test: opens the database (PostgreSQL URL or PGlite
 * folder in JOBS_TEST_DB), works the durability queue, and exits once no job of it is waiting or
 * running. Prints `start <id>` when a run has recorded its attempt and `done <id>` after its
 * effect, so the test can kill it in the middle of a run.
 */
import { sql } from 'drizzle-orm';
import { DataAccess } from '../src/core/data.ts';
import { Jobs } from '../src/core/jobs.ts';
import { openProductDatabase } from '../src/database.ts';
import { createEffectTables, DURABILITY_QUEUE, durabilityOptions } from './jobs-durability-queue.ts';

const target = process.env.JOBS_TEST_DB;
if (!target) throw new Error('JOBS_TEST_DB is not set');
const sleepMs = Number(process.env.JOBS_TEST_SLEEP_MS ?? 300);

const database = await openProductDatabase(
  target.startsWith('postgres') ? { url: target, poolSize: 3 } : { dir: target },
);
const data = new DataAccess(database);
await createEffectTables(database.db);
const log = {
  error: (obj: object, msg: string) => console.error(msg, obj),
  warn: (obj: object, msg: string) => console.error(msg, obj),
};
const jobs = await Jobs.start(database, {
  worker: true,
  log,
  tuning: { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1 },
});

await jobs.define<{ amount: number }>(
  DURABILITY_QUEUE,
  async (run) => {
    await data.unscoped((tx) => tx.execute(sql`insert into durability_attempts (job_id) values (${run.id})`));
    console.log(`start ${run.id}`);
    await new Promise((r) => setTimeout(r, sleepMs));
    // idempotent effect: recorded once per job id, and the total moves only with that record
    await data.unscoped(async (tx) => {
      const inserted = await tx.execute(
        sql`insert into durability_effects values (${run.id}, ${run.data.amount}) on conflict do nothing returning job_id`,
      );
      if (inserted.rows.length) {
        await tx.execute(sql`update durability_ledger set total = total + ${run.data.amount} where id = 1`);
      }
    });
    console.log(`done ${run.id}`);
  },
  durabilityOptions(process.env.JOBS_TEST_HEARTBEAT === '1'),
);

// Exit when the queue is drained: nothing created, retrying or active (a run lost with a killed
// process stays active until it expires, so this waits for its retry too).
for (;;) {
  await new Promise((r) => setTimeout(r, 250));
  const { rows } = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${DURABILITY_QUEUE} and state in ('created', 'retry', 'active')`,
  );
  if (rows[0].n === 0) break;
}
await jobs.stop();
await data.close();
console.log('drained');
process.exit(0);

/**
 * Background jobs (`Services.jobs`, pg-boss): retries with backoff, progress, cancel, state,
 * enqueue-only processes, the notification retention schedule, and the job tables kept out of
 * tenants' reach. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { NotificationReadState } from '@seller/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobInfo, Jobs, type JobsLog, RetryLater } from '../src/core/jobs.ts';
import { ANNOUNCEMENT } from '../src/modules/notifications/definitions.ts';
import { RETENTION_CRON, RETENTION_JOB } from '../src/modules/notifications/retention.ts';
import { notifications, userNotifications } from '../src/modules/notifications/schema.ts';
import { publish } from '../src/modules/notifications/service.ts';
import { createUser } from '../src/modules/permission-management/test-support.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const silent = { error: () => {}, warn: () => {} };
const FAST = { pollingIntervalSeconds: 0.5 };

/** Polls `get` until `done` holds (or fails after `ms`). */
async function until(name: string, id: string, done: (job: JobInfo) => boolean, ms = 20_000): Promise<JobInfo> {
  const deadline = Date.now() + ms;
  let last: JobInfo | null = null;
  while (Date.now() < deadline) {
    last = await t.services.jobs.get(name, id);
    if (last && done(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not get there in ${ms} ms; last seen ${JSON.stringify(last)}`);
}

describe('jobs', () => {
  it('retries a failing job with a growing delay until it succeeds, keeping its result', async () => {
    const attempts: number[] = [];
    await t.services.jobs.define<{ n: number }>(
      'test.flaky',
      async (run) => {
        attempts.push(Date.now());
        if (run.retryCount < 2) throw new Error(`attempt ${run.retryCount} fails`);
        return { doubled: run.data.n * 2 };
      },
      { retryLimit: 3, retryDelay: 1, retryBackoff: true, ...FAST },
    );
    const id = (await t.services.jobs.send('test.flaky', { n: 21 }))!;
    const job = await until('test.flaky', id, (j) => j.state === 'completed' || j.state === 'failed');
    expect(job).toMatchObject({ state: 'completed', retryCount: 2, output: { doubled: 42 }, data: { n: 21 } });
    expect(attempts).toHaveLength(3);
    // retryDelay 1 s, doubling: the first retry waits at least 1 s, the second at least 2 s
    expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(1000);
    expect(attempts[2] - attempts[1]).toBeGreaterThanOrEqual(2000);
  });

  it('fails a job for good once its retries are spent, with the error as output', async () => {
    await t.services.jobs.define(
      'test.broken',
      async () => {
        throw new Error('always broken');
      },
      { retryLimit: 1, ...FAST },
    );
    const id = (await t.services.jobs.send('test.broken'))!;
    const job = await until('test.broken', id, (j) => j.state === 'failed');
    expect(job.retryCount).toBe(1);
    expect(JSON.stringify(job.output)).toContain('always broken');
  });

  it('shows the progress of a running job, then its result', async () => {
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    await t.services.jobs.define(
      'test.progress',
      async (run) => {
        await run.progress({ done: 1, total: 2 });
        await released;
        return { done: 2 };
      },
      FAST,
    );
    const id = (await t.services.jobs.send('test.progress'))!;
    const running = await until('test.progress', id, (j) => j.progress !== null);
    expect(running).toMatchObject({ state: 'active', progress: { done: 1, total: 2 }, output: null });
    release();
    const job = await until('test.progress', id, (j) => j.state === 'completed');
    expect(job).toMatchObject({ progress: null, output: { done: 2 } });
  });

  it('cancels a queued job before it runs, and tells a running one to stop', async () => {
    const ran: string[] = [];
    let stoppedBySignal = false;
    await t.services.jobs.define<{ which: string }>(
      'test.cancel',
      async (run) => {
        ran.push(run.data.which);
        // a long job reporting progress until it learns it was cancelled
        for (let i = 0; i < 200 && (await run.progress({ step: i })); i++) {
          await new Promise((r) => setTimeout(r, 50));
        }
        stoppedBySignal = run.signal.aborted;
      },
      { ...FAST, concurrency: 2 },
    );
    const later = (await t.services.jobs.send('test.cancel', { which: 'later' }, { startAfter: 3600 }))!;
    expect(await t.services.jobs.cancel('test.cancel', later)).toBe(true);
    expect((await t.services.jobs.get('test.cancel', later))?.state).toBe('cancelled');
    expect(await t.services.jobs.cancel('test.cancel', later)).toBe(false);

    const running = (await t.services.jobs.send('test.cancel', { which: 'running' }))!;
    await until('test.cancel', running, (j) => j.progress !== null);
    expect(await t.services.jobs.cancel('test.cancel', running)).toBe(true);
    await expect.poll(() => stoppedBySignal, { timeout: 5_000 }).toBe(true);
    expect((await t.services.jobs.get('test.cancel', running))?.state).toBe('cancelled');
    expect(ran).toEqual(['running']);
  });

  it('logs a wait (RetryLater) at debug without a stack, and warns only when the last attempt gives up', async () => {
    const records: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
    const log = Object.fromEntries(
      ['error', 'warn', 'debug'].map((level) => [
        level,
        (obj: Record<string, unknown>, msg: string) => records.push({ level, obj, msg }),
      ]),
    ) as unknown as JobsLog;
    const jobs = await Jobs.start(t.services.data.main, { worker: true, log });
    try {
      await jobs.define(
        'test.waits',
        async () => {
          throw new RetryLater('the thing is not there yet');
        },
        { retryLimit: 1, retryDelay: 1, ...FAST },
      );
      const id = (await jobs.send('test.waits'))!;
      await until('test.waits', id, (j) => j.state === 'failed');
      expect(records.map((r) => [r.level, r.msg, r.obj.waitingFor, r.obj.retryCount, 'err' in r.obj])).toEqual([
        ['debug', 'job waiting, retried later', 'the thing is not there yet', 0, false],
        ['warn', 'job gave up waiting', 'the thing is not there yet', 1, false],
      ]);
    } finally {
      await jobs.stop();
    }
  });

  it('answers null for a job that does not exist', async () => {
    await t.services.jobs.define('test.nothing', async () => {});
    expect(await t.services.jobs.get('test.nothing', '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await t.services.jobs.get('test.nothing', 'not-a-uuid')).toBeNull();
    expect(await t.services.jobs.cancel('test.nothing', 'not-a-uuid')).toBe(false);
  });

  it('an enqueue-only process (JOBS_WORKER=false) sends jobs that a worker process runs', async () => {
    const enqueueOnly = await Jobs.start(t.services.data.main, { worker: false, log: silent });
    const ranIn: string[] = [];
    try {
      await enqueueOnly.define('test.split', async () => {
        ranIn.push('enqueue-only');
      });
      const id = (await enqueueOnly.send('test.split', { x: 1 }))!;
      await new Promise((r) => setTimeout(r, 1500));
      expect((await enqueueOnly.get('test.split', id))?.state).toBe('created');

      // the app's own instance is a worker: defining the queue there runs the job
      await t.services.jobs.define(
        'test.split',
        async () => {
          ranIn.push('worker');
        },
        FAST,
      );
      expect((await until('test.split', id, (j) => j.state === 'completed')).state).toBe('completed');
      expect(ranIn).toEqual(['worker']);
    } finally {
      await enqueueOnly.stop();
    }
  });
});

describe('notification retention as a job', () => {
  it('is scheduled hourly, and a run purges read notifications past retention', async () => {
    expect(await t.services.jobs.scheduleOf(RETENTION_JOB)).toBe(RETENTION_CRON);

    const userId = await createUser(t.services, t.demo, 'retention-reader');
    const { id } = await publish(
      t.services,
      ANNOUNCEMENT,
      { title: 'old', message: 'old' },
      {
        tenant: t.demo,
        users: [userId],
      },
    );
    const when = new Date(Date.now() - 400 * 86_400_000);
    await t.services.data.unscoped(async (tx) => {
      await tx
        .update(userNotifications)
        .set({ state: NotificationReadState.Read, creationTime: when })
        .where(eq(userNotifications.notificationId, id!));
      await tx.update(notifications).set({ creationTime: when }).where(eq(notifications.id, id!));
    });

    const jobId = (await t.services.jobs.send(RETENTION_JOB))!;
    const job = await until(RETENTION_JOB, jobId, (j) => j.state === 'completed' || j.state === 'failed');
    expect(job.state).toBe('completed');
    expect((job.output as { removed: number }).removed).toBeGreaterThanOrEqual(1);
    const left = await t.services.data.unscoped((tx) =>
      tx.select().from(notifications).where(eq(notifications.id, id!)),
    );
    expect(left).toEqual([]);
  });
});

describe('job tables and tenants', () => {
  it('keeps the job tables out of tenant units of work and out of the row-level-security setup', async () => {
    // tenant-scoped code runs as the application role, which has no access to the job schema
    const refused = await t.services.data
      .inTenant({ tenant: t.demo }, (tx) => tx.execute(sql`select count(*) from pgboss.job`))
      .then(
        () => null,
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
    expect(refused).toMatch(/permission denied for schema pgboss/);
    const state = await t.services.data.unscoped(async (tx) => {
      const schema = await tx.execute<{ s: string }>(sql`select current_schema() as s`);
      const policies = await tx.execute<{ schemaname: string }>(
        sql`select distinct schemaname from pg_policies where policyname = 'tenant_isolation'`,
      );
      return { schema: schema.rows[0].s, policySchemas: policies.rows.map((r) => r.schemaname) };
    });
    // pg-boss shares PGlite's single session with the application: it must not move the search path
    expect(state).toEqual({ schema: 'public', policySchemas: ['public'] });
  });
});

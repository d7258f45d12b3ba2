/**
 * Jobs survive a crash: 20 jobs are enqueued, a worker process is killed with SIGKILL in the
 * middle of a run, a new worker process finishes the queue, and every job has completed with its
 * effect applied exactly once. On PGlite (a database folder one process opens at a time) and, when
 * TEST_DATABASE_URL is set, on a PostgreSQL database of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Jobs } from '../src/core/jobs.ts';
import { openProductDatabase } from '../src/database.ts';
import { createEffectTables, DURABILITY_QUEUE, durabilityOptions } from './jobs-durability-queue.ts';

const worker = new URL('./jobs-worker.ts', import.meta.url).pathname;
const JOBS = 20;
const silent = { error: () => {}, warn: () => {} };

interface Child {
  process: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
  output: () => string;
}

function startWorker(db: string, heartbeat: boolean, onLine: (line: string, child: Child) => void = () => {}): Child {
  const child = spawn(process.execPath, [worker], {
    env: { ...process.env, JOBS_TEST_DB: db, JOBS_TEST_SLEEP_MS: '200', JOBS_TEST_HEARTBEAT: heartbeat ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let partial = '';
  const self: Child = {
    process: child,
    lines: [],
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    output: () => output,
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    partial += chunk.toString();
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      self.lines.push(line);
      onLine(line, self);
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return self;
}

/** Resolves with the exit code, or fails the test (and kills the child) after `ms`. */
async function within(child: Child, ms: number, what: string): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      child.process.kill('SIGKILL');
      reject(new Error(`${what} did not finish in ${ms} ms:\n${child.output()}`));
    }, ms);
  });
  try {
    return await Promise.race([child.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function enqueue(db: string, heartbeat: boolean): Promise<Map<string, number>> {
  const database = await openProductDatabase(db.startsWith('postgres') ? { url: db, poolSize: 2 } : { dir: db });
  const jobs = await Jobs.start(database, { worker: false, log: silent });
  try {
    await createEffectTables(database.db);
    await jobs.define(DURABILITY_QUEUE, async () => {}, durabilityOptions(heartbeat));
    const sent = new Map<string, number>();
    for (let i = 1; i <= JOBS; i++) {
      const id = await jobs.send(DURABILITY_QUEUE, { amount: i });
      if (!id) throw new Error('job not created');
      sent.set(id, i);
    }
    return sent;
  } finally {
    await jobs.stop();
    await database.close();
  }
}

async function crashAndRecover(db: string, heartbeat = false) {
  const sent = await enqueue(db, heartbeat);

  // First worker: killed with SIGKILL as soon as a run has started after five completed ones.
  let done = 0;
  let killed: string | null = null;
  const first = startWorker(db, heartbeat, (line, child) => {
    if (line.startsWith('done ')) done++;
    if (line.startsWith('start ') && done >= 5 && !killed) {
      killed = line.slice('start '.length);
      child.process.kill('SIGKILL');
    }
  });
  await within(first, 30_000, 'first worker');
  expect(first.process.signalCode, first.output()).toBe('SIGKILL');
  expect(killed).not.toBeNull();
  const killedId = killed as unknown as string;

  // Second worker: retries the lost run once it expires, finishes the rest, exits when drained.
  const second = startWorker(db, heartbeat);
  expect(await within(second, 60_000, 'second worker'), second.output()).toBe(0);
  expect(second.lines).toContain('drained');
  expect(second.lines).toContain(`start ${killedId}`);

  const database = await openProductDatabase(db.startsWith('postgres') ? { url: db, poolSize: 2 } : { dir: db });
  const jobs = await Jobs.start(database, { worker: false, log: silent });
  try {
    const effects = await database.db.execute<{ job_id: string; amount: number }>(
      sql`select job_id, amount from durability_effects`,
    );
    expect(new Map(effects.rows.map((r) => [r.job_id, r.amount]))).toEqual(sent);
    const ledger = await database.db.execute<{ total: number }>(sql`select total from durability_ledger`);
    expect(ledger.rows[0].total).toBe((JOBS * (JOBS + 1)) / 2);

    for (const id of sent.keys()) {
      expect((await jobs.get(DURABILITY_QUEUE, id))?.state, id).toBe('completed');
    }
    // the kill landed mid-run: that job ran twice, the second time as a retry
    const attempts = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from durability_attempts where job_id = ${killedId}`,
    );
    expect(attempts.rows[0].n).toBe(2);
    expect((await jobs.get(DURABILITY_QUEUE, killedId))?.retryCount).toBe(1);
  } finally {
    await jobs.stop();
    await database.close();
  }
}

describe('jobs survive a killed worker', () => {
  it.runIf(!process.env.TEST_DATABASE_URL)('on PGlite', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jobs-durability-'));
    try {
      await crashAndRecover(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'on PGlite, the lost run found by its stopped heartbeats (no expiry by time)',
    { timeout: 90_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'jobs-heartbeat-'));
      try {
        await crashAndRecover(dir, true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', { timeout: 60_000 }, async () => {
    const baseUrl = process.env.TEST_DATABASE_URL as string;
    const name = `seller_jobs_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    try {
      await crashAndRecover(url.toString());
    } finally {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    }
  });
});

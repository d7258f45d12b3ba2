import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MAPPINGS_JOB } from '../src/modules/marketplaces/categories/seed.ts';
import { DEMO_AUTHORIZE_JOB } from '../src/modules/marketplaces/shops/seed.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * A first start logs nothing a new user should worry about: the demo seed's jobs wait for the
 * server to listen and for the demo shops to be authorized, and those waits are debug records
 * without a stack, never warnings.
 */
interface LogRecord {
  level: number;
  msg: string;
  queue?: string;
  waitingFor?: string;
  err?: { stack?: string };
}
const records: LogRecord[] = [];
const WARN = 40;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'debug' },
    { logStream: { write: (line: string) => records.push(JSON.parse(line)) } },
  );
}, 120_000);
afterAll(() => t?.close());

/** Waits until a job of `queue` has completed (bounded; the jobs retry every few seconds). */
async function completed(queue: string) {
  await expect
    .poll(async () => (await t.services.jobs.list({ name: queue, state: 'completed', skip: 0, take: 1 })).totalCount, {
      timeout: 150_000,
      interval: 500,
    })
    .toBeGreaterThan(0);
}

describe('the first start', () => {
  it('starts, seeds and runs the demo seed jobs to the end without a warning or an error', async () => {
    // the demo shops are authorized through the server's own simulator: until it listens, a wait
    await expect
      .poll(() => records.some((r) => r.queue === DEMO_AUTHORIZE_JOB && r.level < WARN && r.waitingFor), {
        timeout: 60_000,
      })
      .toBe(true);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await completed(DEMO_AUTHORIZE_JOB);
    await completed(DEMO_MAPPINGS_JOB);

    const loud = records.filter((r) => r.level >= WARN).map((r) => `${r.level} ${r.msg} ${r.err?.stack ?? ''}`);
    expect(loud).toEqual([]);
    const waits = records.filter((r) => r.waitingFor);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((r) => r.err === undefined)).toBe(true);
  }, 300_000);
});

/**
 * Background jobs page (HTTP): queues with counts by state, the job list (filters, paging, newest
 * first, payload keys only), retry and cancel, access (host administrators only), validation, and
 * live progress pushed to the user a job runs for. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { BackgroundJobsPermissions, HubPath } from '@seller/contracts';
import type { JobDto, JobProgressEvent, JobQueueDto } from '@seller/contracts/jobs/dto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, members, type TestApp } from '../../../test/harness.ts';
import { progress } from '../../core/jobs.ts';
import { createUser, token, userIdOf } from '../permission-management/test-support.ts';

const URL = '/api/background-jobs';
const FAST = { pollingIntervalSeconds: 0.5 };

let t: TestApp;
let hostAdmin: string;
let hostAdminId: string;
let hostNobody: string;
let hostViewer: string;
let demoAdmin: string;

/** Released by the tests: the long job waits for it. */
let releaseLong = () => {};
/** The flaky job fails while this holds. */
let flakyBroken = true;

async function grant(userId: string, names: string[]) {
  const res = await as(
    t.app,
    hostAdmin,
  )({
    method: 'PUT',
    url: `/api/permission-management/permissions?providerName=U&providerKey=${userId}`,
    payload: { permissions: names.map((name) => ({ name, isGranted: true })) },
  });
  expect(res.statusCode).toBe(204);
}

const get = (tok: string, url: string) => as(t.app, tok)({ method: 'GET', url });
const post = (tok: string, url: string) => as(t.app, tok)({ method: 'POST', url });

async function jobs(query = ''): Promise<{ totalCount: number; items: JobDto[] }> {
  const res = await get(hostAdmin, `${URL}/jobs${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Polls the list until the job satisfies `done`. */
async function until(queue: string, id: string, done: (job: JobDto) => boolean): Promise<JobDto> {
  let last: JobDto | undefined;
  for (let i = 0; i < 200; i++) {
    last = (await jobs(`?queue=${queue}&maxResultCount=100`)).items.find((j) => j.id === id);
    if (last && done(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not get there; last seen ${JSON.stringify(last)}`);
}

beforeAll(async () => {
  t = await createTestApp();
  hostAdmin = await token(t.app, null);
  hostAdminId = await userIdOf(t.services, null, 'admin');
  await createUser(t.services, null, 'hostnobody');
  const viewerId = await createUser(t.services, null, 'hostviewer');
  await grant(viewerId, [BackgroundJobsPermissions.Jobs]);
  hostNobody = await token(t.app, null, 'hostnobody');
  hostViewer = await token(t.app, null, 'hostviewer');
  demoAdmin = await token(t.app, 'demo');

  const released = new Promise<void>((r) => {
    releaseLong = r;
  });
  await t.services.jobs.define<{ userId?: string; tenantId?: string | null; email?: string }>(
    'test.import',
    async (run) => {
      await progress(run, 40, 'rows 40 of 100');
      await Promise.race([released, new Promise((r) => run.signal.addEventListener('abort', r))]);
      return { imported: 100 };
    },
    { ...FAST, concurrency: 4 },
  );
  await t.services.jobs.define(
    'test.flaky',
    async () => {
      if (flakyBroken) throw new Error('supplier file unreadable');
      return { ok: true };
    },
    { ...FAST, retryLimit: 0 },
  );
});
afterAll(async () => {
  releaseLong();
  await t?.close();
});

describe('queues and jobs', () => {
  it('counts jobs by state per queue and lists them newest first with progress and payload keys only', async () => {
    const first = (await t.services.jobs.send('test.import', { email: 'buyer@example.com', userId: hostAdminId }))!;
    const queued = (await t.services.jobs.send('test.import', { email: 'late@example.com' }, { startAfter: 3600 }))!;
    await until('test.import', first, (j) => j.progress !== null);

    const queues = await get(hostAdmin, `${URL}/queues`);
    expect(queues.statusCode).toBe(200);
    const items = (queues.json() as { items: JobQueueDto[] }).items;
    const importQueue = items.find((q) => q.name === 'test.import');
    expect(importQueue).toMatchObject({ schedule: null, counts: { active: 1, created: 1, failed: 0 }, total: 2 });
    // the notification retention job is scheduled hourly; pg-boss's own queues are not listed
    expect(items.find((q) => q.name === 'notifications.retention')?.schedule).toBe('0 * * * *');
    expect(items.some((q) => q.name.startsWith('__pgboss'))).toBe(false);

    const page = await jobs('?queue=test.import');
    expect(page.totalCount).toBe(2);
    expect(page.items.map((j) => j.id)).toEqual([queued, first]);
    expect(page.items[1]).toMatchObject({
      queue: 'test.import',
      state: 'active',
      attempts: 1,
      maxAttempts: 3,
      progress: { percent: 40, message: 'rows 40 of 100' },
      dataKeys: ['email', 'userId'],
      lastError: null,
    });
    expect(page.items[1].startTime).not.toBeNull();
    expect(page.items[0]).toMatchObject({ state: 'created', attempts: 0, progress: null, startTime: null });
    // the payload's values never leave the server
    expect(JSON.stringify(page)).not.toContain('example.com');

    const active = await jobs('?queue=test.import&state=active');
    expect(active.items.map((j) => j.id)).toEqual([first]);
    const second = await jobs('?queue=test.import&maxResultCount=1&skipCount=1');
    expect(second).toMatchObject({ totalCount: 2, items: [{ id: first }] });
    const past = await jobs('?queue=test.import&maxResultCount=1&skipCount=5');
    expect(past).toEqual({ totalCount: 2, items: [] });
    const oldestFirst = await jobs('?queue=test.import&sorting=creationTime asc');
    expect(oldestFirst.items.map((j) => j.id)).toEqual([first, queued]);

    // cancelling both ends the running one at its next check and keeps the queued one from running
    expect((await post(hostAdmin, `${URL}/jobs/test.import/${first}/cancel`)).statusCode).toBe(204);
    expect((await post(hostAdmin, `${URL}/jobs/test.import/${queued}/cancel`)).statusCode).toBe(204);
    const cancelled = await jobs('?queue=test.import&state=cancelled');
    expect(cancelled.items.map((j) => j.id).sort()).toEqual([first, queued].sort());
    const again = await post(hostAdmin, `${URL}/jobs/test.import/${queued}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('BackgroundJobs::NotCancellable');
  });

  it('shows the last error of a failed job and runs it again on retry', async () => {
    flakyBroken = true;
    const id = (await t.services.jobs.send('test.flaky', {}))!;
    const failed = await until('test.flaky', id, (j) => j.state === 'failed');
    expect(failed).toMatchObject({ attempts: 1, maxAttempts: 1, lastError: 'supplier file unreadable' });

    const notFailed = await post(
      hostAdmin,
      `${URL}/jobs/test.flaky/${(await t.services.jobs.send('test.flaky', {}, { startAfter: 3600 }))!}/retry`,
    );
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().error.code).toBe('BackgroundJobs::NotRetryable');

    flakyBroken = false;
    expect((await post(hostAdmin, `${URL}/jobs/test.flaky/${id}/retry`)).statusCode).toBe(204);
    const done = await until('test.flaky', id, (j) => j.state === 'completed');
    expect(done).toMatchObject({ attempts: 2, lastError: null });
  });

  it('answers 404 for a job that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const action of ['retry', 'cancel']) {
      const res = await post(hostAdmin, `${URL}/jobs/test.flaky/${missing}/${action}`);
      expect(res.statusCode).toBe(404);
    }
    expect((await post(hostAdmin, `${URL}/jobs/no.such.queue/${missing}/cancel`)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('refuses a host user without the permission, and retry/cancel to one who may only view', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await get(hostNobody, `${URL}/queues`)).statusCode).toBe(403);
    expect((await get(hostNobody, `${URL}/jobs`)).statusCode).toBe(403);
    expect((await post(hostNobody, `${URL}/jobs/test.flaky/${id}/retry`)).statusCode).toBe(403);
    expect((await get(hostViewer, `${URL}/queues`)).statusCode).toBe(200);
    expect((await get(hostViewer, `${URL}/jobs`)).statusCode).toBe(200);
    expect((await post(hostViewer, `${URL}/jobs/test.flaky/${id}/retry`)).statusCode).toBe(403);
    expect((await post(hostViewer, `${URL}/jobs/test.flaky/${id}/cancel`)).statusCode).toBe(403);
    expect((await as(t.app, null)({ method: 'GET', url: `${URL}/jobs` })).statusCode).toBe(401);
  });

  it('refuses a tenant administrator: jobs belong to the host', async () => {
    const id = (await t.services.jobs.send('test.flaky', {}, { startAfter: 3600 }))!;
    expect((await get(demoAdmin, `${URL}/queues`)).statusCode).toBe(403);
    expect((await get(demoAdmin, `${URL}/jobs`)).statusCode).toBe(403);
    expect((await post(demoAdmin, `${URL}/jobs/test.flaky/${id}/cancel`)).statusCode).toBe(403);
    expect((await t.services.jobs.get('test.flaky', id))?.state).toBe('created');
  });
});

describe('validation', () => {
  it('answers 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['?state=sleeping', 'state'],
      ['?queue=bad%20name', 'queue'],
      ['?maxResultCount=0', 'maxResultCount'],
      ['?skipCount=-1', 'skipCount'],
      ['?sorting=data%20desc', 'sorting'],
    ];
    for (const [query, member] of cases) {
      const res = await get(hostAdmin, `${URL}/jobs${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(members(res), query).toContain(member);
    }
    const badId = await post(hostAdmin, `${URL}/jobs/test.flaky/not-a-uuid/retry`);
    expect(badId.statusCode).toBe(400);
    expect(members(badId)).toContain('id');
  });
});

describe('live progress', () => {
  it('pushes the progress of a job run for a user to that user only, without its data', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const open = (tok: string) =>
      connect(url, {
        path: HubPath,
        transports: ['websocket'],
        auth: { token: tok },
        reconnection: false,
        forceNew: true,
      });
    const admin = open(hostAdmin);
    const other = open(hostViewer);
    const sockets: Socket[] = [admin, other];
    try {
      await Promise.all(
        sockets.map(
          (s) =>
            new Promise<void>((resolve, reject) => s.once('connect', () => resolve()).once('connect_error', reject)),
        ),
      );
      const seen: JobProgressEvent[] = [];
      const othersSeen: JobProgressEvent[] = [];
      admin.on('job-progress', (e: JobProgressEvent) => seen.push(e));
      other.on('job-progress', (e: JobProgressEvent) => othersSeen.push(e));

      const id = (await t.services.jobs.send('test.import', {
        userId: hostAdminId,
        tenantId: null,
        email: 'x@example.com',
      }))!;
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(seen[0]).toEqual({
        id,
        queue: 'test.import',
        state: 'active',
        progress: { percent: 40, message: 'rows 40 of 100' },
      });

      releaseLong();
      await expect.poll(() => seen.at(-1)?.state, { timeout: 10_000 }).toBe('completed');
      expect(JSON.stringify(seen)).not.toContain('example.com');
      expect(othersSeen).toEqual([]);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });
});

/**
 * Live notifications (numbers, not pass/fail). Starts the product (one node) on a fresh PostgreSQL
 * database, adds 1 000 users to tenant `demo`, signs each in and connects one socket.io client per
 * user to the hub (websocket). Then:
 *  - memory per connection: the server's resident memory before and after the clients connect;
 *  - delivery latency: the demo admin sends one announcement to everyone in the tenant
 *    (`POST /api/notifications/send`), and each client notes when `getNotification` arrives,
 *    measured from just before the call; repeated BENCH_ROUNDS times after a warm-up.
 * The clients run in this process on the same machine, so their own event loop is in the numbers.
 * Usage: npx node bench/notifications.ts (BENCH_CLIENTS=1000 BENCH_ROUNDS=5 by default;
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; the database is dropped at the end).
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import { HubPath } from '../packages/contracts/src/constants.ts';
import { demoTenantId, freshDatabase, machine, saveResults, signIn, startProduct, stopProcess } from './support.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PASSWORD = 'Bench1q2w3E*';

const database = await freshDatabase('seller_bench_notify');
const { db } = database;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Resident memory of a process, bytes (from /proc). */
function rss(pid: number | undefined): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? Number.NaN) * 1024;
}

/**
 * A password hash in the server's self-describing scrypt format with a low cost (N=2^10), so that
 * 1 000 sign-ins take seconds; the server verifies with the cost the hash names.
 */
function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 1024, r: 8, p: 1 });
  return `scrypt$10$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

async function pool<T>(items: T[], concurrency: number, run: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await run(items[i], i);
      }
    }),
  );
}

const sockets: Socket[] = [];
try {
  const { port, server } = await startProduct(database, {
    // sign-ins come from one address: each gets its own forwarded address (per-IP sign-in limit)
    TRUST_PROXY: 'true',
  });
  const demoId = await demoTenantId(db);
  await db.query(
    `insert into identity_users (tenant_id, user_name, normalized_user_name, email, normalized_email, email_confirmed,
       password_hash, security_stamp, concurrency_stamp)
     select $1, 'notify' || lpad(i::text, 5, '0'), 'NOTIFY' || lpad(i::text, 5, '0'),
       'notify' || i || '@bench.local', 'NOTIFY' || i || '@BENCH.LOCAL', true, $3, md5(i::text), md5(i::text)
     from generate_series(1, $2) i`,
    [demoId, CLIENTS, cheapHash(PASSWORD)],
  );

  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const tokens: string[] = new Array(CLIENTS);
  await pool(
    Array.from({ length: CLIENTS }, (_, i) => i),
    16,
    async (i) => {
      const res = await fetch(`${url}/connect/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          __tenant: 'demo',
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: 'web-admin',
          username: `notify${String(i + 1).padStart(5, '0')}`,
          password: PASSWORD,
          scope: 'openid profile roles',
        }),
      });
      if (!res.ok) throw new Error(`sign-in ${i + 1}: ${res.status} ${await res.text()}`);
      tokens[i] = ((await res.json()) as { access_token: string }).access_token;
    },
  );
  console.log(`${CLIENTS} users signed in in ${Math.round(performance.now() - t0)} ms`);

  await sleep(2000);
  const rssBefore = rss(server.pid);
  const t1 = performance.now();
  const received: number[][] = [];
  let round = -1;
  await pool(tokens, 50, async (token, i) => {
    const s = io(url, { path: HubPath, transports: ['websocket'], auth: { token }, reconnection: false });
    sockets[i] = s;
    s.on('getNotification', () => {
      if (round >= 0) received[round].push(performance.now());
    });
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
  });
  console.log(`${CLIENTS} clients connected in ${Math.round(performance.now() - t1)} ms`);
  await sleep(3000);
  const rssAfter = rss(server.pid);

  const adminToken = await signIn(port);
  const rounds: { round: number; sendMs: number; delivered: number; p50: number; p99: number; max: number }[] = [];
  for (let r = 0; r <= ROUNDS; r++) {
    round = r;
    received[r] = [];
    const start = performance.now();
    const res = await fetch(`${url}/api/notifications/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { title: `Bench ${r}`, message: 'to everyone' }, toUsers: [] }),
    });
    const sendMs = performance.now() - start;
    if (res.status !== 200) throw new Error(`send: ${res.status} ${await res.text()}`);
    const deadline = performance.now() + 30_000;
    while (received[r].length < CLIENTS && performance.now() < deadline) await sleep(20);
    const latencies = received[r].map((t) => t - start).sort((a, b) => a - b);
    const result = {
      round: r,
      sendMs: round2(sendMs),
      delivered: latencies.length,
      p50: round2(percentile(latencies, 50)),
      p99: round2(percentile(latencies, 99)),
      max: round2(latencies[latencies.length - 1]),
    };
    if (r > 0) rounds.push(result); // round 0 warms up
    await sleep(1000);
  }

  for (const s of sockets) s.disconnect();
  await stopProcess(server);

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    clients: CLIENTS,
    rssBeforeMiB: round2(rssBefore / 2 ** 20),
    rssAfterMiB: round2(rssAfter / 2 ** 20),
    bytesPerConnection: Math.round((rssAfter - rssBefore) / CLIENTS),
    rounds,
    median: {
      sendMs: median(rounds.map((r) => r.sendMs)),
      p50: median(rounds.map((r) => r.p50)),
      p99: median(rounds.map((r) => r.p99)),
    },
  };
  console.table(rounds);
  console.log(
    `memory: ${report.rssBeforeMiB} MiB → ${report.rssAfterMiB} MiB with ${CLIENTS} connections ` +
      `(${(report.bytesPerConnection / 1024).toFixed(1)} KiB per connection)`,
  );
  console.log(
    `median of ${ROUNDS} publishes: send call ${report.median.sendMs} ms, p50 ${report.median.p50} ms, p99 ${report.median.p99} ms`,
  );
  saveResults('notifications', report);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  for (const s of sockets) s?.disconnect();
  await database.drop();
}

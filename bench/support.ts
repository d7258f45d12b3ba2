import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';
import { Pool } from 'undici';

import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openProductDatabase } from '../apps/server/src/database.ts';
import { freePort } from '../apps/server/test/free-port.ts';

export { freePort };

export const root = new URL('..', import.meta.url).pathname;

const baseDatabaseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  name: string;
  url: string;
  /** A client on the new database, for seeding and plans. */
  db: pg.Client;
  /** Ends the client and drops the database. */
  drop(): Promise<void>;
  /** Ends the clients and keeps the database (`BENCH_KEEP`). */
  close(): Promise<void>;
}

/** A fresh PostgreSQL database for one run, next to `BENCH_DATABASE_URL`'s (default: the local `test`). */
export async function freshDatabase(prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(baseDatabaseUrl), { pathname: `/${name}` }).toString();
  const db = new pg.Client({ connectionString: url });
  db.on('error', () => {}); // DROP DATABASE ... WITH (FORCE) ends this connection
  await db.connect();
  return {
    name,
    url,
    db,
    async drop() {
      await db.end().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
    async close() {
      await db.end().catch(() => {});
      await admin.end();
    },
  };
}

/** Seconds each load runs (`BENCH_SECONDS`, default 10) and its concurrent callers (`BENCH_CONNECTIONS`, default 50). */
export const benchSeconds = Number(process.env.BENCH_SECONDS ?? 10);
export const benchConnections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The tenants a volume bench spreads its rows over, demo included (`BENCH_TENANTS`, default 1000). */
export const benchTenants = Number(process.env.BENCH_TENANTS ?? 1000);

export interface BenchRun {
  database: BenchDatabase;
  /** What the run measured, and the query plans it printed, for `writeReport`. */
  results: LoadResult[];
  plans: Record<string, string>;
  /** The database's client (`database.db`). */
  db: pg.Client;
  /** `startProduct` on the run's database; a process still running at the end of the run is stopped then. */
  startProduct(env?: Record<string, string>): ReturnType<typeof startProduct>;
}

/**
 * Runs a benchmark on a fresh database (see `freshDatabase`): an error is printed and fails the
 * process; at the end the product processes still running are stopped and the database dropped.
 */
export async function onFreshDatabase(prefix: string, run: (bench: BenchRun) => Promise<void>): Promise<void> {
  const database = await freshDatabase(prefix);
  const started: ChildProcess[] = [];
  try {
    await run({
      database,
      results: [],
      plans: {},
      db: database.db,
      async startProduct(env) {
        const product = await startProduct(database, env);
        started.push(product.server);
        return product;
      },
    });
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    for (const server of started) if (server.exitCode === null && server.signalCode === null) await stopProcess(server);
    // BENCH_KEEP=1 leaves the seeded database for reading plans by hand afterwards
    if (process.env.BENCH_KEEP) {
      await database.close();
      console.log(`kept database ${database.url}`);
    } else await database.drop();
  }
}

/** The product in production mode on `database` (migrated and seeded as it starts), on a free port. */
export async function startProduct(
  database: Pick<BenchDatabase, 'name' | 'url'>,
  env: Record<string, string> = {},
): Promise<{ port: number; server: ChildProcess }> {
  const port = await freePort();
  const server = await startProcess('apps/server/src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    // production refuses to start without it
    ISSUER: `http://127.0.0.1:${port}`,
    // ... and without a key for the secrets at rest
    SECRETS_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
    DATA_DIR: `/tmp/${database.name}`,
    ...env,
  });
  return { port, server };
}

/** Starts a Node script as a child process and waits for its "listening" line. */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  startTimeoutMs = 180_000,
): Promise<ChildProcess> {
  // BENCH_PROFILE=1 writes a CPU profile of each server process to bench/results/.
  const flags = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${root}/bench/results`] : [];
  const child = spawn(process.execPath, [...flags, script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start:\n${output}`));
    }, startTimeoutMs);
    const onData = (c: Buffer) => {
      output += c.toString();
      if (/listening on/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited ${code}:\n${output}`)));
  });
  child.removeAllListeners('exit');
  return child;
}

export async function stopProcess(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
export function cpuSeconds(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds used so far by each PostgreSQL process on this machine, by pid. */
export function databaseCpu(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1].split(' ');
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // the process ended while being read
    }
  }
  return byPid;
}

/** The database's CPU seconds between two readings (processes that ended in between are not counted). */
export function databaseCpuSince(before: Map<string, number>): number {
  let used = 0;
  for (const [pid, seconds] of databaseCpu()) used += seconds - (before.get(pid) ?? 0);
  return used;
}

export interface LoadResult {
  name: string;
  /** Server CPU per request (user + system), microseconds. */
  serverCpuMicros?: number;
  /** PostgreSQL's CPU per request, microseconds. */
  dbCpuMicros?: number;
  /** The load generator's own CPU per request, microseconds (it shares the machine). */
  clientCpuMicros?: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}

/** The `n`th of the load's simulated client addresses (10.0.0.0/8). */
const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

/**
 * Bounded closed-loop load on a loopback URL: `connections` concurrent callers, each
 * sending its next request when the previous answers, for `seconds` (after a 2 s
 * warm-up). Latencies are exact per request, in milliseconds.
 */
export async function load(
  name: string,
  url: string,
  opts: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    serverPid?: number;
    /** POST these JSON bodies in turn (varied requests) instead of GET. */
    bodies?: string[];
    /** GET these paths of the URL's origin in turn (varied requests) instead of the URL's own. */
    paths?: string[];
    /**
     * Send each request as one of this many clients behind a trusted proxy (`x-forwarded-for`,
     * the product started with TRUST_PROXY=true): many shoppers, each within its rate limit.
     */
    clients?: number;
  },
): Promise<LoadResult> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: opts.connections, pipelining: 1 });
  const path = target.pathname + target.search;
  const bodies = opts.bodies;
  const headers = bodies ? { ...opts.headers, 'content-type': 'application/json' } : opts.headers;
  let sent = 0;
  const run = async (seconds: number, latencies: number[] | null) => {
    let failures = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: opts.connections }, async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          const res = bodies
            ? await pool.request({ method: 'POST', path, headers, body: bodies[sent++ % bodies.length] })
            : await pool.request({
                method: 'GET',
                path: opts.paths ? opts.paths[sent % opts.paths.length]! : path,
                headers: opts.clients ? { ...headers, 'x-forwarded-for': clientAddress(sent % opts.clients) } : headers,
              });
          if (!bodies) sent++;
          await res.body.dump();
          if (res.statusCode !== 200) failures += 1;
          latencies?.push(performance.now() - t0);
        }
      }),
    );
    return failures;
  };
  await run(2, null);
  const latencies: number[] = [];
  const cpuBefore = cpuSeconds(opts.serverPid);
  const dbBefore = databaseCpu();
  const clientBefore = process.cpuUsage();
  const failures = await run(opts.seconds, latencies);
  const cpuUsed = cpuSeconds(opts.serverPid) - cpuBefore;
  const dbUsed = databaseCpuSince(dbBefore);
  const client = process.cpuUsage(clientBefore);
  await pool.close();
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name,
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / opts.seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    failures,
    serverCpuMicros: Math.round((cpuUsed / latencies.length) * 1e6),
    dbCpuMicros: Math.round((dbUsed / latencies.length) * 1e6),
    clientCpuMicros: Math.round((client.user + client.system) / latencies.length),
  };
}

/** An access token for tenant demo's admin (password grant, client web-admin). */
export async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', __tenant: 'demo' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'web-admin',
      username: 'admin',
      password: '1q2w3E*',
      scope: 'openid profile email phone roles offline_access',
    }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * `explain analyze` of `query` as the application role with the tenant set, like the server (row-level
 * security applies). Its parameters are `params` (default: the tenant's id); `buffers` adds the
 * buffer counts and costs to the plan.
 */
export async function explain(
  db: pg.Client,
  tenantId: string,
  query: string,
  { params = [tenantId], buffers = false }: { params?: unknown[]; buffers?: boolean } = {},
): Promise<string> {
  await db.query('set role seller_app');
  await db.query(`select set_config('app.tenant_id', $1, false)`, [tenantId]);
  const options = buffers ? 'analyze, buffers' : 'analyze, buffers off, costs off';
  const rows = (await db.query(`explain (${options}) ${query}`, params)).rows;
  await db.query('reset role');
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/**
 * The plans of the statements the product itself sends for each request: the app started in this
 * process on `databaseUrl` (page cache off), each request sent as demo's admin while node-postgres'
 * `Client.query` records the reads whose text `matches`, then each read EXPLAINed (ANALYZE,
 * BUFFERS) with its own parameters, as the application role with demo set.
 */
export async function productPlans(
  databaseUrl: string,
  db: pg.Client,
  requests: Array<[string, string]>,
  matches: RegExp,
  /** Instead of demo's admin token (the Storefront API's site key, say). */
  asHeaders?: Record<string, string>,
): Promise<Record<string, string>> {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAGE_CACHE_SECONDS: '0' }),
    databaseUrl,
  };
  const local = await openProductDatabase({ url: databaseUrl, poolSize: 5 });
  const app = await buildApp(config, local);
  const plans: Record<string, string> = {};
  const query = pg.Client.prototype.query;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const headers = asHeaders ?? { authorization: `Bearer ${await signIn(port)}` };
    const tenantId = await demoTenantId(db);
    let sent: Array<{ text: string; values: unknown[] }> = [];
    pg.Client.prototype.query = function recorded(this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string; values?: unknown[] };
      const text = typeof q === 'string' ? q : (q?.text ?? '');
      // drizzle passes `{ text, rowMode }` and the values beside it
      const values = ((typeof q === 'string' ? undefined : q?.values) ?? args[1]) as unknown[] | undefined;
      if (/^\s*select/i.test(text) && matches.test(text)) sent.push({ text, values: values ?? [] });
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as never;
    for (const [name, url] of requests) {
      sent = [];
      const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers });
      if (!res.ok) throw new Error(`${url} → ${res.status} ${(await res.text()).slice(0, 300)}`);
      await res.arrayBuffer();
      const statements = sent;
      for (const [i, { text, values }] of statements.entries())
        plans[`${name} (${i + 1}/${statements.length})`] =
          `${text}\n${await explain(db, tenantId, text, { params: values, buffers: true })}`;
    }
  } finally {
    pg.Client.prototype.query = query;
    await app.close();
    await local.close();
  }
  return plans;
}

/** Writes `report` to bench/results/{name}.json. */
export function saveResults(name: string, report: unknown) {
  mkdirSync(`${root}/bench/results`, { recursive: true });
  writeFileSync(`${root}/bench/results/${name}.json`, `${JSON.stringify(report, null, 2)}\n`);
}

/** Prints the results and plans and writes the report (with whatever else it holds) to bench/results/{name}.json. */
export function writeReport(
  name: string,
  report: { results: LoadResult[]; plans: Record<string, string> } & Record<string, unknown>,
) {
  console.table(report.results);
  for (const [k, v] of Object.entries(report.plans)) console.log(`\nplan (${k}):\n${v}`);
  saveResults(name, report);
}

/** What the numbers were measured on, for a report. */
export const machine = () => `${cpus().length} cores, Node ${process.version}`;

/** The id of the seeded tenant `demo`. */
export async function demoTenantId(db: pg.Client): Promise<string> {
  return (await db.query(`select id from tenants where name = 'demo'`)).rows[0].id as string;
}

/**
 * Tenants `bench1` … `bench<count>` beside the seeded ones (by default up to `benchTenants` with
 * demo), in one statement; those already there are kept.
 */
export async function seedBenchTenants(db: pg.Client, count = benchTenants - 1): Promise<void> {
  await db.query(
    `insert into tenants (name, normalized_name, concurrency_stamp)
     select 'bench' || i, 'BENCH' || i, md5(i::text) from generate_series(1, $1) i on conflict do nothing`,
    [count],
  );
}

/** Runs `work` and returns the seconds it took, to a tenth. */
export async function secondsOf(work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  return Math.round((performance.now() - t0) / 100) / 10;
}

/**
 * Each case (name, path on `base`) under load at 1 connection, then at 10; the first case is the
 * baseline the others are compared with (`ratiosToBaseline`).
 */
export async function loadCasesAtOneAndTen(
  base: string,
  cases: Array<[string, string]>,
  opts: { seconds: number; headers: Record<string, string>; serverPid?: number },
): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const connections of [1, 10]) {
    for (const [name, url] of cases) {
      results.push(await load(`${name} [${connections} conn]`, `${base}${url}`, { connections, ...opts }));
    }
  }
  return results;
}

/** Each result's p50 and p95 against those of the baseline at its number of connections (see `loadCasesAtOneAndTen`). */
export function ratiosToBaseline(results: LoadResult[]) {
  const baseline = (c: number) => results.find((r) => r.name.startsWith('baseline') && r.name.endsWith(`[${c} conn]`))!;
  return results.map((r) => {
    const b = baseline(r.name.endsWith('[1 conn]') ? 1 : 10);
    return {
      name: r.name,
      p50VsBaseline: Math.round((r.p50 / b.p50) * 10) / 10,
      p95VsBaseline: Math.round((r.p95 / b.p95) * 10) / 10,
    };
  });
}

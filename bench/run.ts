/**
 * Platform benchmark (numbers, not pass/fail). Starts the product on a fresh PostgreSQL
 * database with 1 000 tenants, then measures on loopback:
 *  - GET /api/abp/application-configuration (warm, signed in as the demo admin);
 *  - an authenticated, tenant-scoped, permission-checked list endpoint;
 *  - a bare Fastify + pg route running the same queries, in the same run.
 * Usage: npm run bench (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_ROUNDS=5 by default)
 */
import { parseArgs } from 'node:util';
import type pg from 'pg';
import {
  demoTenantId,
  freePort,
  type LoadResult,
  load,
  machine,
  onFreshDatabase,
  saveResults,
  seedBenchTenants,
  signIn,
  startProcess,
  stopProcess,
} from './support.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '10' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '50' },
    rounds: { type: 'string', default: process.env.BENCH_ROUNDS ?? '5' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const results: LoadResult[] = [];
let ratios: number[] = [];
await onFreshDatabase('seller_bench', async ({ database, db, startProduct }) => {
  const { port, server } = await startProduct();
  const tenants = await seedVolume(db);
  const demoId = await demoTenantId(db);

  const token = await signIn(port);
  const auth = { authorization: `Bearer ${token}`, 'accept-language': 'zh-Hans' };
  const listPath = '/api/platform/menus?skipCount=20&maxResultCount=20&sorting=code%20asc';
  // Latency of one caller alone (what a page load sees), then the loaded runs.
  if (process.env.BENCH_ONLY !== 'list')
    results.push(
      await load(
        'application-configuration (warm, 1 connection)',
        `http://127.0.0.1:${port}/api/abp/application-configuration`,
        { connections: 1, seconds: Math.min(seconds, 5), headers: auth, serverPid: server.pid },
      ),
    );
  // BENCH_ONLY=list skips the configuration run (for profiling one endpoint).
  if (process.env.BENCH_ONLY !== 'list')
    results.push(
      await load('application-configuration (warm)', `http://127.0.0.1:${port}/api/abp/application-configuration`, {
        connections,
        seconds,
        headers: auth,
        serverPid: server.pid,
      }),
    );
  // The list and the bare route are loaded in alternating rounds, both servers running
  // throughout, so that whatever else the machine does weighs on both alike.
  const barePort = await freePort();
  const bare = await startProcess('bench/bare-server.ts', { PORT: String(barePort), DATABASE_URL: database.url });
  const listRounds: LoadResult[] = [];
  const bareRounds: LoadResult[] = [];
  for (let round = 0; round < rounds; round++) {
    listRounds.push(
      await load('list endpoint (auth + tenant + permission)', `http://127.0.0.1:${port}${listPath}`, {
        connections,
        seconds,
        headers: auth,
        serverPid: server.pid,
      }),
    );
    bareRounds.push(
      await load(
        'bare Fastify + pg, same queries',
        `http://127.0.0.1:${barePort}/bare/menus?tenantId=${demoId}&skip=20&max=20`,
        { connections, seconds, serverPid: bare.pid },
      ),
    );
  }
  await stopProcess(server);
  await stopProcess(bare);
  results.push(median(listRounds), median(bareRounds));
  ratios = listRounds.map((l, i) => Math.round((l.requestsPerSecond / bareRounds[i].requestsPerSecond) * 100));

  const config = results.find((r) => r.name.includes('1 connection')) ?? results[0];
  const ratio = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    database: 'PostgreSQL (loopback)',
    tenants,
    connections,
    seconds,
    results,
    listVsBare: `${ratio} %`,
    listVsBarePerRound: ratios.map((r) => `${r} %`),
  };
  console.table(results);
  console.log(
    `List endpoint throughput = ${ratio} % of the bare route (median of ${rounds} rounds: ${ratios.join(', ')} %; target >= 70 %).`,
  );
  console.log(`application-configuration p50 = ${config.p50} ms warm, one caller (target < 5 ms).`);
  saveResults('platform', report);
});

/** The round with the median throughput stands for the case. */
function median(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return { ...sorted[Math.floor(sorted.length / 2)], name: `${runs[0].name} (median of ${runs.length} rounds)` };
}

/** 1 000 tenants with 40 menus each; the demo tenant's menus are what the list pages through. */
async function seedVolume(db: pg.Client): Promise<number> {
  await seedBenchTenants(db, 999);
  await db.query(`
    insert into platform_menus (tenant_id, code, path, name, display_name, component, platform_type, concurrency_stamp)
    select t.id, '9' || lpad(i::text, 4, '0'), '/bench/' || i, 'bench' || i, 'Bench ' || i, 'bench/index', 56, md5(i::text)
    from tenants t cross join generate_series(1, 40) i`);
  await db.query('analyze');
  return Number((await db.query('select count(*) from tenants')).rows[0].count);
}

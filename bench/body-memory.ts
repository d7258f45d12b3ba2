/**
 * Memory of the server while hostile request bodies arrive (numbers, and a verdict against the
 * target: growth under 100 MB at the peak, and back near the baseline afterwards). Starts the
 * product on the embedded database (PGlite, a fresh data folder) in a child process, signs in as
 * the demo admin, then sends each case 16 times at once and reads the server's resident memory
 * (VmRSS in /proc/<pid>/status) before, every 5 ms during (the peak) and after: "after" is read
 * once the memory has settled (no change over 1 MB for 2 s, at most 30 s), nothing forces a GC.
 *
 * Cases: JSON files of 4 MB to the gathers import (`POST /api/catalog/gathers/import`), nested
 * 2 million deep (the reported 40–60 MB each), 4 MB of tiny values, and the largest file within
 * the bounds (250 000 values and a long string, refused for its item count after parsing); JSON
 * bodies to the channel rate table (`PUT /api/logistics/channels/:id/rates`, 4 MB limit): nested,
 * tiny values, over the limit; and nested JSON to a route of the default 1 MB limit.
 * Usage: npx node bench/body-memory.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, signIn, startProcess, stopProcess } from './support.ts';

const PARALLEL = 16;
const MB = 1024 * 1024;
const TARGET_GROWTH_MB = 100;

/** Resident memory of a process, in MB, from /proc. */
function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? Number.NaN) / 1024);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until resident memory changes by less than 1 MB over 2 s (at most 30 s); returns it. */
async function settledMb(pid: number): Promise<number> {
  const readings: number[] = [];
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    readings.push(residentMb(pid));
    const last = readings.slice(-9); // 2 s of readings every 250 ms
    if (last.length === 9 && Math.max(...last) - Math.min(...last) <= 1) break;
    await sleep(250);
  }
  return readings[readings.length - 1] as number;
}

const nested = (bytes: number) => `${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}`;
const tiny = (bytes: number) =>
  `[${Array(Math.floor(bytes / 3))
    .fill('[]')
    .join(',')}]`;
/**
 * The most a file within the import's bounds makes the parser build: 124 990 objects (two values
 * each as counted: the object and its comma) and a long string.
 */
const largestWithinBounds = () => {
  const values = `[${Array(124_990).fill('{}').join(',')}`;
  return `${values},"${'x'.repeat(4.9 * MB - values.length - 4)}"]`;
};

const dataDir = mkdtempSync(join(tmpdir(), 'seller-body-memory-'));
let server: Awaited<ReturnType<typeof startProcess>> | undefined;
try {
  const port = await freePort();
  server = await startProcess(
    'apps/server/src/main.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    600_000,
  ); // a first start migrates and seeds the embedded database: minutes on a busy machine
  const pid = server.pid as number;
  const base = `http://127.0.0.1:${port}`;
  const token = await signIn(port);
  const auth = { authorization: `Bearer ${token}` };
  const channels = (await (
    await fetch(`${base}/api/logistics/channels?maxResultCount=1`, { headers: auth })
  ).json()) as {
    items: { id: string }[];
  };
  const channelId = channels.items[0]?.id;
  if (!channelId) throw new Error('no channel to send a rate table to');

  /** The answer's status, or the network error's code (a connection reset before the answer is a failure). */
  const status = async (res: Promise<Response>) => {
    try {
      const r = await res;
      await r.arrayBuffer();
      return String(r.status);
    } catch (e) {
      return String((e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message);
    }
  };
  const importFile = (content: string) => () => {
    const form = new FormData();
    form.append('file', new Blob([content]), 'gathers.json');
    return status(fetch(`${base}/api/catalog/gathers/import`, { method: 'POST', headers: auth, body: form }));
  };
  const sendJson = (method: string, path: string, body: string) => () =>
    status(fetch(`${base}${path}`, { method, headers: { ...auth, 'content-type': 'application/json' }, body }));
  const rates = `/api/logistics/channels/${channelId}/rates`;
  const cases: [string, () => Promise<string>][] = [
    ['import: 4 MB nested JSON', importFile(nested(4 * MB))],
    ['import: 4 MB of tiny values', importFile(tiny(4 * MB))],
    ['import: 4.9 MB at the bounds', importFile(largestWithinBounds())],
    ['rate table: 4 MB nested', sendJson('PUT', rates, nested(4 * MB - 2))],
    ['rate table: 4 MB of tiny values', sendJson('PUT', rates, tiny(4 * MB - 2))],
    ['rate table: 5 MB (over its limit)', sendJson('PUT', rates, JSON.stringify({ rows: 'x'.repeat(5 * MB) }))],
    ['roles: 1 MB nested', sendJson('POST', '/api/identity/roles', nested(MB - 2))],
  ];
  // each case once first, so the routes' code is loaded before the first reading
  for (const [, send] of cases) await send();

  const rows = [];
  const start = await settledMb(pid);
  for (const [name, send] of cases) {
    const before = await settledMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMb(pid));
    }, 5);
    const t0 = performance.now();
    const statuses = await Promise.all(Array.from({ length: PARALLEL }, send));
    const ms = Math.round(performance.now() - t0);
    clearInterval(sampler);
    peak = Math.max(peak, residentMb(pid));
    const after = await settledMb(pid);
    rows.push({
      case: `${PARALLEL} × ${name}`,
      statuses: [...new Set(statuses)].join(' '),
      ms,
      rssBeforeMb: before,
      rssPeakMb: peak,
      growthMb: peak - before,
      rssAfterMb: after,
      keptMb: after - before,
    });
  }
  console.table(rows);
  const worst = Math.max(...rows.map((r) => r.growthMb));
  const end = await settledMb(pid);
  console.log(
    `largest growth ${worst} MB (target under ${TARGET_GROWTH_MB} MB): ${worst < TARGET_GROWTH_MB ? 'met' : 'NOT met'}; ` +
      `resident memory ${start} MB at the start, ${end} MB at the end`,
  );
} finally {
  if (server) await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}

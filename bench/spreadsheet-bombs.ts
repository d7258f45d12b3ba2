/**
 * Memory of the server while zip bombs arrive (numbers, not pass/fail). Starts the product on a
 * fresh PostgreSQL database, then uploads the four workbooks of apps/server/test/zip-bombs.ts
 * (each a few hundred KB that unpacks to 400 MB; three lie about their size in the zip headers)
 * to `POST /api/catalog/products/import`, all at once, BENCH_ROUNDS times (default 3). It reads
 * the server's resident memory from /proc every 5 ms and reports, per round: the answers, the
 * time, and the resident memory before, at its peak and after.
 * Usage: npx node bench/spreadsheet-bombs.ts
 */
import { readFileSync } from 'node:fs';
import { BOMB_MB, zipBombs } from '../apps/server/test/zip-bombs.ts';
import { freshDatabase, signIn, startProduct, stopProcess } from './support.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

/** Resident memory of a process, in MB, from /proc. */
function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? Number.NaN) / 1024);
}

const database = await freshDatabase('seller_bench_bombs');
let server: Awaited<ReturnType<typeof startProduct>>['server'] | undefined;
try {
  const started = await startProduct(database);
  server = started.server;
  const pid = server.pid as number;
  const token = await signIn(started.port);
  const bombs = await zipBombs();
  console.log(`${bombs.length} workbooks of ${bombs.map((b) => Math.round(b.length / 1024)).join(', ')} KB`);

  const upload = async (content: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)]), 'products.xlsx');
    const res = await fetch(`http://127.0.0.1:${started.port}/api/catalog/products/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    await res.arrayBuffer();
    return res.status;
  };
  // one ordinary request first, so the route's code is loaded before the first reading
  await upload(bombs[0]);

  const rows = [];
  for (let round = 1; round <= rounds; round++) {
    await new Promise((r) => setTimeout(r, 1000));
    const before = residentMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMb(pid));
    }, 5);
    const t0 = performance.now();
    const statuses = await Promise.all(bombs.map(upload));
    const ms = Math.round(performance.now() - t0);
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 1000));
    rows.push({
      round,
      statuses: statuses.join(' '),
      ms,
      rssBeforeMb: before,
      rssPeakMb: Math.max(peak, residentMb(pid)),
      rssAfterMb: residentMb(pid),
      unpackedMb: bombs.length * BOMB_MB,
    });
  }
  console.table(rows);
} finally {
  if (server) await stopProcess(server);
  await database.drop();
}

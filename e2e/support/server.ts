import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../apps/server/test/free-port.ts';
import { eventually, withDeadline } from './wait.ts';

const root = new URL('../..', import.meta.url).pathname;

export interface RunningServer {
  url: string;
  port: number;
  /** The copy of apps/web/dist this server serves (WEB_DIST): tests may deploy a changed file into it. */
  webDist: string;
  /** The server's output so far (the last 64 KB). */
  output(): string;
  /** The marketplace simulator's control key, read where a developer finds it: its file in the data folder. */
  simulatorKey(): string;
  stop(): Promise<void>;
}

/** Copies apps/web/dist to `target`, retrying while a concurrent build leaves it incomplete. */
async function snapshotDist(target: string): Promise<string> {
  const dist = join(root, 'apps/web/dist');
  return eventually(
    () => {
      if (!existsSync(join(dist, 'index.html')))
        throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` before the e2e suite');
      rmSync(target, { recursive: true, force: true });
      cpSync(dist, target, { recursive: true });
      const html = readFileSync(join(target, 'index.html'), 'utf8');
      const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
      if (!assets.every((a) => existsSync(join(target, a))))
        throw new Error('apps/web/dist is incomplete (index.html names missing assets)');
      return target;
    },
    10_000,
    { intervalMs: 1000 },
  );
}

const serverSources = ['apps/server/src', 'apps/server/drizzle', 'packages/contracts/src'].map((d) => join(root, d));

/** Paths, sizes and modification times of every file the schema and the seeds come from, and the day. */
function seedFingerprint(): string {
  const hash = createHash('sha256').update(new Date().toISOString().slice(0, 10));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const s = statSync(path);
        hash.update(`${path}:${s.size}:${s.mtimeMs}\n`);
      }
    }
  };
  for (const dir of serverSources) walk(dir);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A data folder the product has migrated and seeded with the demo, made once per day and server
 * source by a first start and a clean stop, and copied for every test file: the seed is the same
 * each time, and a first start costs half a minute.
 */
async function seededDataDir(): Promise<string> {
  const template = join(tmpdir(), `seller-e2e-seeded-${seedFingerprint()}`);
  if (existsSync(join(template, 'seeded'))) return template;
  const building = mkdtempSync(`${template}.building-`);
  const first = await launch(building, await snapshotDist(join(building, 'web')));
  await first.stop({ keep: true });
  rmSync(join(building, 'web'), { recursive: true, force: true });
  writeFileSync(join(building, 'seeded'), new Date().toISOString());
  // earlier templates (other sources, other days) go
  for (const entry of readdirSync(tmpdir()))
    if (entry.startsWith('seller-e2e-seeded-') && join(tmpdir(), entry) !== building)
      rmSync(join(tmpdir(), entry), { recursive: true, force: true });
  renameSync(building, template);
  return template;
}

/**
 * Starts the product as a newcomer would (`npm start`: built web app, embedded database
 * in a data folder, demo seed) and waits until it listens. The data folder is a copy of one
 * seeded by a first start (`seededDataDir`); the start still runs the seed, which finds it done.
 *
 * The server is given a copy of apps/web/dist (WEB_DIST) taken at start: the server keeps
 * index.html in memory, so a rebuild of dist while a test file runs (someone running
 * `npm run build` in parallel) would otherwise leave it pointing at deleted chunks.
 */
export async function startServer(): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'seller-e2e-'));
  try {
    cpSync(await seededDataDir(), dataDir, { recursive: true });
    return await launch(dataDir, await snapshotDist(join(dataDir, 'web')));
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}

async function launch(
  dataDir: string,
  webDist: string,
): Promise<RunningServer & { stop(options?: { keep?: boolean }): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      // no orders placed by the simulator on its own while a test counts them
      MARKETPLACE_SIMULATOR_ORDER_MINUTES: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  try {
    await withDeadline(started, 120_000, () => new Error(`server did not start in 120 s:\n${output}`));
  } catch (e) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  child.removeAllListeners('exit');
  let stopping = false;
  // a server that dies under a test says so (its output would otherwise be lost)
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(`\n[e2e] server on port ${port} exited (${code ?? signal}):\n${output.slice(-8000)}\n`);
  });
  const keepTail = () => {
    if (output.length > 65_536) output = output.slice(-65_536);
  };
  child.stdout?.on('data', keepTail);
  child.stderr?.on('data', keepTail);
  return {
    url: `http://localhost:${port}`,
    port,
    webDist,
    output: () => output,
    simulatorKey: () => readFileSync(join(dataDir, 'marketplace-simulator.key'), 'utf8').trim(),
    async stop(options?: { keep?: boolean }) {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options?.keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

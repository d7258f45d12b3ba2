import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
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

/**
 * Starts the product as a newcomer would (`npm start`: built web app, embedded database
 * in a fresh data folder, demo seed) and waits until it listens.
 *
 * The server is given a copy of apps/web/dist (WEB_DIST) taken at start: the server keeps
 * index.html in memory, so a rebuild of dist while a test file runs (someone running
 * `npm run build` in parallel) would otherwise leave it pointing at deleted chunks.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'seller-e2e-'));
  const webDist = await snapshotDist(join(dataDir, 'web'));
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      ...env,
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
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

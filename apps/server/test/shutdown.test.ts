import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

/**
 * SIGTERM stops the server within 10 s, even while a client holds a request open that will never
 * finish (a half-sent body): whatever the close cannot end in time is cut.
 */
const serverDir = new URL('..', import.meta.url).pathname;
let child: ChildProcess | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  child?.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('stops within 10 s of SIGTERM with a request hanging', { timeout: 180_000 }, async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'seller-shutdown-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    SEED_DEMO: 'false',
    NODE_ENV: 'test',
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child = server;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve();
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    server.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${output}`)));
  });

  // a request whose body never arrives
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write('POST /api/account/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n');
  socket.write('Content-Length: 1000\r\n\r\n{"userNameOrEmailAddress":');
  socket.on('error', () => {});

  const started = Date.now();
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  await exited;
  socket.destroy();
  expect(Date.now() - started).toBeLessThan(10_000);
});

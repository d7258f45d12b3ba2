/**
 * Two server processes on one PostgreSQL database and one Redis: a notification published on
 * one node reaches clients connected to either. Runs only when TEST_DATABASE_URL and
 * TEST_REDIS_URL are set (CI sets both).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HubPath } from '@seller/contracts';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const main = new URL('../../main.ts', import.meta.url).pathname;

interface Node {
  url: string;
  child: ChildProcess;
}

async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${output}`)));
  });
  child.removeAllListeners('exit');
  return { url: `http://127.0.0.1:${port}`, child };
}

async function stopNode(node: Node | undefined) {
  if (!node || node.child.exitCode !== null) return;
  const exited = new Promise((r) => node.child.once('exit', r));
  node.child.kill('SIGTERM');
  await exited;
}

async function signIn(node: Node, username: string): Promise<string> {
  const res = await fetch(`${node.url}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', __tenant: 'demo' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'web-admin',
      username,
      password: '1q2w3E*',
      scope: 'openid profile email phone roles offline_access',
    }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;

describe.skipIf(!databaseUrl || !redisUrl)('two server nodes with Redis', () => {
  const dbName = `seller_cluster_${randomBytes(6).toString('hex')}`;
  let dataDir = '';
  let a: Node | undefined;
  let b: Node | undefined;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'seller-cluster-'));
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = Object.assign(new URL(databaseUrl!), { pathname: `/${dbName}` }).toString();
    const env = { DATABASE_URL: url, REDIS_URL: redisUrl!, DATA_DIR: dataDir, SEED_DEMO: 'true' };
    // one after the other: the first migrates and seeds the shared database
    a = await startNode(env);
    b = await startNode(env);
  }, 180_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all([stopNode(a), stopNode(b)]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  async function client(node: Node, token: string): Promise<Socket> {
    const s = connect(node.url, { path: HubPath, transports: ['websocket'], auth: { token }, reconnection: false });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    return s;
  }
  function next(s: Socket, ms = 5000): Promise<{ id: string; data: { extraProperties: { title: string } } }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no notification within ${ms} ms`)), ms);
      s.once('getNotification', (p) => {
        clearTimeout(timer);
        resolve(p);
      });
    });
  }
  async function send(node: Node, token: string, body: Record<string, unknown>) {
    const res = await fetch(`${node.url}/api/notifications/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { id: string; recipientCount: number };
  }

  it('delivers a notification published on one node to clients on both', async () => {
    const adminToken = await signIn(a!, 'admin');
    // a token from one node is good on the other: both verify with the key in the database
    const staffToken = await signIn(b!, 'zhang.wei');
    const onA = await client(a!, adminToken);
    const onB = await client(b!, staffToken);

    const both = Promise.all([next(onA), next(onB)]);
    const sent = await send(a!, adminToken, { data: { title: 'Cluster', message: 'to everyone' } });
    const [ra, rb] = await both;
    expect(ra.id).toBe(sent.id);
    expect(rb.id).toBe(sent.id);
    expect(rb.data.extraProperties.title).toBe('Cluster');

    // a named user connected to the other node only
    const toStaff = next(onB);
    const named = await send(a!, adminToken, {
      data: { title: 'Just staff', message: 'm' },
      toUsers: [{ userId: subOf(staffToken) }],
    });
    expect((await toStaff).id).toBe(named.id);

    // and the other way round
    const back = next(onA);
    const fromB = await send(b!, adminToken, {
      data: { title: 'From B', message: 'm' },
      toUsers: [{ userId: subOf(adminToken) }],
    });
    expect((await back).id).toBe(fromB.id);
  }, 60_000);
});

import { HubPath } from '@seller/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { token } from '../permission-management/test-support.ts';
import { emitToTenant } from './live.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

async function client(tok: string, culture: string): Promise<{ seen: unknown[] }> {
  const s = connect(url, { path: HubPath, transports: ['websocket'], auth: { token: tok, culture }, forceNew: true });
  sockets.push(s);
  const seen: unknown[] = [];
  s.on('test-event', (p: unknown) => seen.push(p));
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return { seen };
}

it("emits an event to every connection of the tenant, in every language, and to no other tenant's", async () => {
  const demoEn = await client(await token(t.app, 'demo'), 'en');
  const demoZh = await client(await token(t.app, 'demo'), 'zh-Hans');
  const other = await client(await token(t.app, 'other'), 'en');
  emitToTenant(t.services, t.demo.id, 'test-event', { n: 1 });
  await expect.poll(() => demoEn.seen.length + demoZh.seen.length).toBe(2);
  expect(demoEn.seen).toEqual([{ n: 1 }]);
  expect(demoZh.seen).toEqual([{ n: 1 }]);
  // give a stray emit the time to arrive
  await new Promise((r) => setTimeout(r, 200));
  expect(other.seen).toEqual([]);
  emitToTenant(t.services, t.other.id, 'test-event', { n: 2 });
  await expect.poll(() => other.seen).toEqual([{ n: 2 }]);
  expect(demoEn.seen).toHaveLength(1);
});

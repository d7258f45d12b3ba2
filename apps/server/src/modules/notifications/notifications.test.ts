import { HubPath, NotificationLifetime, NotificationReadState, NotificationSeverity } from '@seller/contracts';
import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, members, type TestApp } from '../../../test/harness.ts';
import { registerResource } from '../../core/localization/index.ts';
import { featureCommands } from '../features/commands.ts';
import { createUser, token } from '../permission-management/test-support.ts';
import { settingCommands } from '../settings/commands.ts';
import { ANNOUNCEMENT, defineNotificationGroup, FEATURE, RETENTION_SETTING } from './definitions.ts';
import { purgeReadNotifications } from './retention.ts';
import { notifications, userNotifications } from './schema.ts';
import { publish } from './service.ts';

const INBOX = '/api/my-notifilers';
const SEND = '/api/notifications/send';
const SUBS = '/api/my-subscribes';

interface Item {
  id: string;
  name: string;
  state: number;
  severity: number;
  creationTime: string;
  data: { type: string; extraProperties: { title: string; message: string; description: string | null } };
}

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let alice: string;
let bob: string;
let carol: string;
let aliceId: string;
let bobId: string;
let carolId: string;

const ONE_TIME = 'NotificationsTest.OneTime';
const OPT_IN = 'NotificationsTest.OptIn';
defineNotificationGroup({
  name: 'NotificationsTest',
  displayName: { en: 'Tests', 'zh-Hans': '测试' },
  notifications: [
    { name: ONE_TIME, displayName: { en: 'One time', 'zh-Hans': '一次性' }, lifetime: NotificationLifetime.OnlyOne },
    { name: OPT_IN, displayName: { en: 'Opt in', 'zh-Hans': '需订阅' }, subscribedByDefault: false },
  ],
});
registerResource('NotificationsTest', {
  en: { Hello: 'Hello {0}', Body: 'Order {order} failed' },
  'zh-Hans': { Hello: '你好 {0}', Body: '订单 {order} 失败' },
});

beforeAll(async () => {
  t = await createTestApp();
  aliceId = await createUser(t.services, t.demo, 'alice');
  bobId = await createUser(t.services, t.demo, 'bob');
  carolId = await createUser(t.services, t.other, 'carol');
  demoAdmin = await token(t.app, 'demo');
  otherAdmin = await token(t.app, 'other');
  alice = await token(t.app, 'demo', 'alice');
  bob = await token(t.app, 'demo', 'bob');
  carol = await token(t.app, 'other', 'carol');
});
afterAll(async () => {
  await t?.close();
});

const get = (tok: string, url: string, culture = 'en') => as(t.app, tok, culture)({ method: 'GET', url });

async function inbox(tok: string, query = ''): Promise<{ totalCount: number; items: Item[] }> {
  const res = await get(tok, `${INBOX}/user-notifications?maxResultCount=100${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function sendAs(tok: string, payload: Record<string, unknown>) {
  return as(t.app, tok)({ method: 'POST', url: SEND, payload });
}

describe('sending and the inbox', () => {
  it('sends an announcement to everyone in the tenant, and to nobody of another tenant', async () => {
    const res = await sendAs(demoAdmin, {
      data: { title: 'Stocktaking', message: 'Warehouse closed on Friday', description: 'All day' },
      toUsers: [],
      severity: NotificationSeverity.Warn,
    });
    expect(res.statusCode).toBe(200);
    const sent = res.json() as { id: string; recipientCount: number };
    // admin, the five demo staff, alice and bob
    expect(sent.recipientCount).toBe(8);

    const mine = await inbox(alice);
    const item = mine.items.find((i) => i.id === sent.id)!;
    expect(item).toMatchObject({
      name: ANNOUNCEMENT,
      state: NotificationReadState.UnRead,
      severity: NotificationSeverity.Warn,
      data: {
        type: 'NotificationData',
        extraProperties: { title: 'Stocktaking', message: 'Warehouse closed on Friday', description: 'All day' },
      },
    });
    expect(Number.isNaN(Date.parse(item.creationTime))).toBe(false);
    expect((await inbox(bob)).items.some((i) => i.id === sent.id)).toBe(true);
    expect((await inbox(carol)).items.some((i) => i.id === sent.id)).toBe(false);
    expect((await inbox(otherAdmin)).items.some((i) => i.id === sent.id)).toBe(false);
  });

  it('sends to chosen users only', async () => {
    const res = await sendAs(demoAdmin, {
      data: { title: 'For Alice', message: 'Only you' },
      toUsers: [{ userId: aliceId, userName: 'alice' }],
    });
    expect(res.statusCode).toBe(200);
    const { id, recipientCount } = res.json();
    expect(recipientCount).toBe(1);
    expect((await inbox(alice)).items.some((i) => i.id === id)).toBe(true);
    expect((await inbox(bob)).items.some((i) => i.id === id)).toBe(false);
    // default severity: Info
    expect((await get(alice, `${INBOX}/${id}`)).json().severity).toBe(NotificationSeverity.Info);
  });

  it('refuses senders without the permission (403) and anonymous callers (401)', async () => {
    const res = await sendAs(alice, { data: { title: 'x', message: 'y' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('Volo.Authorization:010001');
    expect((await as(t.app, null)({ method: 'POST', url: SEND, payload: {} })).statusCode).toBe(401);
    expect((await get('', `${INBOX}/user-notifications`)).statusCode).toBe(401);
  });

  it('has no inbox for a client-credentials token (no user)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'seller-service',
        client_secret: '1q2w3e*',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    const service = res.json().access_token as string;
    expect((await get(service, `${INBOX}/user-notifications`)).statusCode).toBe(403);
  });

  it('names the fields of a bad send request (400)', async () => {
    const missing = await sendAs(demoAdmin, { data: { message: 'no title' } });
    expect(missing.statusCode).toBe(400);
    expect(members(missing)).toContain('data.title');

    const badSeverity = await sendAs(demoAdmin, { data: { title: 'a', message: 'b' }, severity: 15 });
    expect(badSeverity.statusCode).toBe(400);
    expect(members(badSeverity)).toEqual(['severity']);

    const badId = await sendAs(demoAdmin, { data: { title: 'a', message: 'b' }, toUsers: [{ userId: 'nope' }] });
    expect(members(badId)).toEqual(['toUsers.0.userId']);

    const unknownName = await sendAs(demoAdmin, { name: 'Nope.Nothing', data: { title: 'a', message: 'b' } });
    expect(unknownName.statusCode).toBe(400);
    expect(members(unknownName)).toEqual(['name']);
  });

  it("treats another tenant's user as unknown: nothing reaches them", async () => {
    const res = await sendAs(demoAdmin, {
      data: { title: 'Cross-tenant', message: 'must not arrive' },
      toUsers: [{ userId: aliceId }, { userId: carolId }],
    });
    expect(res.statusCode).toBe(400);
    expect(members(res)).toEqual(['toUsers.1.userId']);
    expect((await inbox(carol)).items.some((i) => i.data.extraProperties.title === 'Cross-tenant')).toBe(false);
    expect((await inbox(alice)).items.some((i) => i.data.extraProperties.title === 'Cross-tenant')).toBe(false);

    // the publisher itself drops users outside the tenant
    const published = await publish(
      t.services,
      ANNOUNCEMENT,
      { title: 'Direct', message: 'x' },
      { tenant: t.demo, users: [carolId, bobId] },
    );
    expect(published.recipientCount).toBe(1);
    expect((await inbox(carol)).items.some((i) => i.id === published.id)).toBe(false);
  });

  it('pages, filters, orders and filters by read state', async () => {
    for (const n of [1, 2, 3]) {
      await publish(
        t.services,
        ANNOUNCEMENT,
        { title: `Paging ${n}`, message: `m${n}` },
        { tenant: t.demo, users: [bobId] },
      );
    }
    const page = await get(bob, `${INBOX}/user-notifications?filter=Paging&maxResultCount=2`);
    expect(page.statusCode).toBe(200);
    const first = page.json() as { totalCount: number; items: Item[] };
    expect(first.totalCount).toBe(3);
    expect(first.items.map((i) => i.data.extraProperties.title)).toEqual(['Paging 3', 'Paging 2']);
    const second = (await get(bob, `${INBOX}/user-notifications?filter=Paging&maxResultCount=2&skipCount=2`)).json();
    expect(second.items.map((i: Item) => i.data.extraProperties.title)).toEqual(['Paging 1']);
    const beyond = (await get(bob, `${INBOX}/user-notifications?filter=Paging&skipCount=10`)).json();
    expect(beyond).toEqual({ totalCount: 3, items: [] });
    const oldestFirst = (await get(bob, `${INBOX}?filter=paging&reverse=false`)).json();
    expect(oldestFirst.items.map((i: Item) => i.data.extraProperties.title)).toEqual([
      'Paging 1',
      'Paging 2',
      'Paging 3',
    ]);

    const target = first.items[0].id;
    const read = await as(t.app, bob)({ method: 'PUT', url: `${INBOX}/${target}/set-as-read` });
    expect(read.statusCode).toBe(204);
    const unread = (await get(bob, `${INBOX}/user-notifications?filter=Paging&readState=1`)).json();
    expect(unread.items.map((i: Item) => i.id)).not.toContain(target);
    expect(unread.totalCount).toBe(2);
    const readOnes = (await get(bob, `${INBOX}/user-notifications?filter=Paging&readState=0`)).json();
    expect(readOnes.items.map((i: Item) => i.id)).toEqual([target]);
    expect((await get(bob, `${INBOX}/${target}`)).json().state).toBe(NotificationReadState.Read);

    const bad = await get(bob, `${INBOX}/user-notifications?readState=7&maxResultCount=5000&sorting=password`);
    expect(bad.statusCode).toBe(400);
    expect(members(bad).sort()).toEqual(['maxResultCount', 'readState']);
    const badSort = await get(bob, `${INBOX}/user-notifications?sorting=password`);
    expect(members(badSort)).toEqual(['sorting']);
    const sorted = (await get(bob, `${INBOX}/user-notifications?filter=Paging&sorting=creationTime asc`)).json();
    expect(sorted.items[0].data.extraProperties.title).toBe('Paging 1');
    // the read-state tabs count the user's own notifications, and the export is the user's too
    const counts = (await get(bob, `${INBOX}/user-notifications/counts?filter=Paging`)).json();
    expect(counts).toMatchObject({ total: 3, counts: { '1': 2, '0': 1 } });
    const exported = await get(bob, `${INBOX}/export?filter=Paging&readState=0`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it("answers 404 for someone else's notification and another tenant's id, 400 for a bad id", async () => {
    const { id } = await publish(
      t.services,
      ANNOUNCEMENT,
      { title: 'Private', message: 'p' },
      { tenant: t.demo, users: [aliceId] },
    );
    expect((await get(alice, `${INBOX}/${id}`)).statusCode).toBe(200);
    for (const [tok, who] of [
      [bob, 'same tenant, not a recipient'],
      [carol, 'other tenant'],
      [otherAdmin, 'other tenant admin'],
    ] as const) {
      expect((await get(tok, `${INBOX}/${id}`)).statusCode, who).toBe(404);
      expect((await as(t.app, tok)({ method: 'PUT', url: `${INBOX}/${id}/set-as-read` })).statusCode, who).toBe(404);
      expect((await as(t.app, tok)({ method: 'DELETE', url: `${INBOX}/${id}` })).statusCode, who).toBe(404);
    }
    expect((await get(alice, `${INBOX}/${id}`)).json().state).toBe(NotificationReadState.UnRead);
    for (const res of [
      await get(alice, `${INBOX}/not-a-guid`),
      await as(t.app, alice)({ method: 'PUT', url: `${INBOX}/not-a-guid/set-as-read` }),
      await as(t.app, alice)({ method: 'DELETE', url: `${INBOX}/not-a-guid` }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(members(res)).toEqual(['id']);
    }
  });

  it('deletes from the inbox', async () => {
    const { id } = await publish(
      t.services,
      ANNOUNCEMENT,
      { title: 'Delete me', message: 'd' },
      { tenant: t.demo, users: [aliceId, bobId] },
    );
    const res = await as(t.app, alice)({ method: 'DELETE', url: `${INBOX}/${id}` });
    expect(res.statusCode).toBe(204);
    expect((await get(alice, `${INBOX}/${id}`)).statusCode).toBe(404);
    // the other recipient keeps theirs
    expect((await get(bob, `${INBOX}/${id}`)).statusCode).toBe(200);
  });

  it("renders localizable data in the reader's language", async () => {
    const { id } = await publish(
      t.services,
      ANNOUNCEMENT,
      {
        title: { resourceName: 'NotificationsTest', name: 'Hello', values: ['Ann'] },
        message: { resourceName: 'NotificationsTest', name: 'Body', values: { order: 'SO-1' } },
        orderId: 'SO-1',
      },
      { tenant: t.demo, users: [aliceId], severity: NotificationSeverity.Error },
    );
    const en = (await get(alice, `${INBOX}/${id}`, 'en')).json() as Item;
    expect(en.data.extraProperties).toMatchObject({
      title: 'Hello Ann',
      message: 'Order SO-1 failed',
      orderId: 'SO-1',
    });
    const zh = (await get(alice, `${INBOX}/${id}`, 'zh-Hans')).json() as Item;
    expect(zh.data.extraProperties).toMatchObject({ title: '你好 Ann', message: '订单 SO-1 失败' });
  });
});

describe('subscriptions', () => {
  it('lists the assignable notifications with texts in the reader language', async () => {
    const res = await get(alice, `${INBOX}/assignables`, 'zh-Hans');
    expect(res.statusCode).toBe(200);
    const group = res.json().items.find((g: { name: string }) => g.name === 'Notifications');
    expect(group.displayName).toBe('通知');
    expect(group.notifications).toEqual([
      expect.objectContaining({
        name: ANNOUNCEMENT,
        displayName: '公告',
        allowSubscriptionToClients: true,
        lifetime: 0,
      }),
    ]);
  });

  it('subscribes by default, unsubscribes, and an unsubscribed user is left out of "everyone"', async () => {
    const all = async (tok: string) => {
      const res = await get(tok, `${SUBS}/all`);
      expect(res.statusCode).toBe(200);
      return (res.json().items as { name: string }[]).map((i) => i.name);
    };
    expect(await all(alice)).toContain(ANNOUNCEMENT);
    expect(await all(alice)).not.toContain(OPT_IN);

    const off = await as(t.app, alice)({ method: 'DELETE', url: `${SUBS}?name=${ANNOUNCEMENT}` });
    expect(off.statusCode).toBe(204);
    expect(await all(alice)).not.toContain(ANNOUNCEMENT);
    const res = await sendAs(demoAdmin, { data: { title: 'Without Alice', message: 'm' } });
    expect(res.json().recipientCount).toBe(7);
    expect((await inbox(alice)).items.some((i) => i.id === res.json().id)).toBe(false);
    expect((await inbox(bob)).items.some((i) => i.id === res.json().id)).toBe(true);
    // named recipients get it whatever they chose
    const named = await sendAs(demoAdmin, { data: { title: 'Named', message: 'm' }, toUsers: [{ userId: aliceId }] });
    expect(named.json().recipientCount).toBe(1);

    const on = await as(t.app, alice)({ method: 'POST', url: SUBS, payload: { name: ANNOUNCEMENT } });
    expect(on.statusCode).toBe(204);
    expect(await all(alice)).toContain(ANNOUNCEMENT);
  });

  it('reaches only those who opted in to an opt-in notification', async () => {
    expect((await publish(t.services, OPT_IN, { title: 'o', message: 'o' }, { tenant: t.demo })).recipientCount).toBe(
      0,
    );
    await as(t.app, bob)({ method: 'POST', url: SUBS, payload: { name: OPT_IN } });
    const r = await publish(t.services, OPT_IN, { title: 'o', message: 'o' }, { tenant: t.demo });
    expect(r.recipientCount).toBe(1);
    expect((await inbox(bob)).items.some((i) => i.id === r.id)).toBe(true);
  });

  it('ends a one-time subscription once it has been sent', async () => {
    const first = await publish(t.services, ONE_TIME, { title: 'once', message: 'o' }, { tenant: t.demo });
    expect(first.recipientCount).toBe(8);
    const res = await get(alice, `${SUBS}/all`);
    expect(res.json().items.map((i: { name: string }) => i.name)).not.toContain(ONE_TIME);
    const second = await publish(t.services, ONE_TIME, { title: 'twice', message: 'o' }, { tenant: t.demo });
    expect(second).toEqual({ id: null, recipientCount: 0 });
  });

  it('names the field of a bad subscription request (400)', async () => {
    const unknown = await as(t.app, alice)({ method: 'POST', url: SUBS, payload: { name: 'Nope' } });
    expect(unknown.statusCode).toBe(400);
    expect(members(unknown)).toEqual(['name']);
    const empty = await as(t.app, alice)({ method: 'POST', url: SUBS, payload: {} });
    expect(members(empty)).toEqual(['name']);
    const noName = await as(t.app, alice)({ method: 'DELETE', url: SUBS });
    expect(noName.statusCode).toBe(400);
    expect(members(noName)).toEqual(['name']);
  });

  it("keeps each tenant's subscriptions apart", async () => {
    await as(t.app, carol)({ method: 'DELETE', url: `${SUBS}?name=${ANNOUNCEMENT}` });
    const aliceSubs = (await get(alice, `${SUBS}/all`)).json().items.map((i: { name: string }) => i.name);
    expect(aliceSubs).toContain(ANNOUNCEMENT);
    await as(t.app, carol)({ method: 'POST', url: SUBS, payload: { name: ANNOUNCEMENT } });
  });
});

describe('the Notifications.Enable feature', () => {
  it('off: the endpoints answer 403 and publishing stores nothing', async () => {
    await t.services.data.unscoped((tx) =>
      featureCommands(t.services).change(tx, { tenant: null, user: null }, t.other, [
        { name: FEATURE, value: 'false' },
      ]),
    );
    try {
      const res = await get(carol, `${INBOX}/user-notifications`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('Volo.Feature:010001');
      expect((await sendAs(otherAdmin, { data: { title: 'a', message: 'b' } })).statusCode).toBe(403);
      expect((await get(carol, `${SUBS}/all`)).statusCode).toBe(403);

      const before = await countStored(t.other.id);
      const r = await publish(t.services, ANNOUNCEMENT, { title: 'off', message: 'off' }, { tenant: t.other });
      expect(r).toEqual({ id: null, recipientCount: 0 });
      expect(await countStored(t.other.id)).toBe(before);
      // the demo tenant is not affected
      expect((await get(alice, `${INBOX}/user-notifications`)).statusCode).toBe(200);
    } finally {
      await t.services.data.unscoped((tx) =>
        featureCommands(t.services).change(tx, { tenant: null, user: null }, t.other, [{ name: FEATURE, value: null }]),
      );
    }
    expect((await get(carol, `${INBOX}/user-notifications`)).statusCode).toBe(200);
  });
});

async function countStored(tenantId: string) {
  const rows = await t.services.data.unscoped((tx) =>
    tx.select({ n: sql<number>`count(*)::int` }).from(notifications).where(eq(notifications.tenantId, tenantId)),
  );
  return rows[0].n;
}

describe('retention', () => {
  it('removes read notifications older than the setting, keeps unread and recent ones', async () => {
    const make = async (title: string) =>
      (await publish(t.services, ANNOUNCEMENT, { title, message: 'r' }, { tenant: t.demo, users: [aliceId] })).id!;
    const oldRead = await make('old read');
    const oldUnread = await make('old unread');
    const recentRead = await make('recent read');
    const fortyDaysRead = await make('forty days read');
    for (const id of [oldRead, recentRead, fortyDaysRead]) {
      await as(t.app, alice)({ method: 'PUT', url: `${INBOX}/${id}/set-as-read` });
    }
    const backdate = async (id: string, days: number) => {
      const when = new Date(Date.now() - days * 86_400_000);
      await t.services.data.unscoped(async (tx) => {
        await tx.update(userNotifications).set({ creationTime: when }).where(eq(userNotifications.notificationId, id));
        await tx.update(notifications).set({ creationTime: when }).where(eq(notifications.id, id));
      });
    };
    await backdate(oldRead, 100);
    await backdate(oldUnread, 100);
    await backdate(fortyDaysRead, 40);

    expect(await purgeReadNotifications(t.services)).toBeGreaterThanOrEqual(1);
    const ids = (await inbox(alice)).items.map((i) => i.id);
    expect(ids).not.toContain(oldRead);
    expect(ids).toEqual(expect.arrayContaining([oldUnread, recentRead, fortyDaysRead]));
    // nobody holds it any more: the notification itself is gone too
    expect(
      await t.services.data.unscoped((tx) => tx.select().from(notifications).where(eq(notifications.id, oldRead))),
    ).toEqual([]);

    // a tenant may keep them for less
    await t.services.data.unscoped((tx) =>
      settingCommands(t.services).change(tx, { tenant: t.demo, user: null }, 'tenant', [
        { name: RETENTION_SETTING, value: '30' },
      ]),
    );
    await purgeReadNotifications(t.services);
    expect((await inbox(alice)).items.map((i) => i.id)).not.toContain(fortyDaysRead);
    await t.services.data.unscoped((tx) =>
      settingCommands(t.services).change(tx, { tenant: t.demo, user: null }, 'tenant', [
        { name: RETENTION_SETTING, value: null },
      ]),
    );
  });
});

describe('the live hub', () => {
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = address;
  });
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  function client(tok: string, culture = 'en'): Socket {
    const s = connect(url, {
      path: HubPath,
      transports: ['websocket'],
      auth: { token: tok, culture },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(s);
    return s;
  }
  const connected = (s: Socket) =>
    new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
  function nextEvent<T>(s: Socket, event: string, ms = 5000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
      s.once(event, (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
  }
  function collect<T>(s: Socket, event: string): T[] {
    const seen: T[] = [];
    s.on(event, (p: T) => seen.push(p));
    return seen;
  }

  it('refuses a connection without a valid token', async () => {
    // a tampered signature: its last four characters replaced by four that always differ from them
    const tampered = `${alice.slice(0, -4)}${alice.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    for (const tok of ['', 'not-a-token', tampered]) {
      const s = client(tok);
      const err = await new Promise<Error & { data?: { code?: string } }>((resolve) =>
        s.once('connect_error', resolve),
      );
      expect(err.message).toBe('unauthorized');
    }
  });

  it('pushes to the tenant room, in the reader language, and never to another tenant', async () => {
    const a = client(alice);
    const b = client(bob, 'zh-Hans');
    const c = client(carol);
    await Promise.all([connected(a), connected(b), connected(c)]);
    const carolSaw = collect(c, 'getNotification');
    const forAlice = nextEvent<Item>(a, 'getNotification');
    const forBob = nextEvent<Item>(b, 'getNotification');
    const { id } = await publish(
      t.services,
      ANNOUNCEMENT,
      { title: { resourceName: 'NotificationsTest', name: 'Hello', values: ['all'] }, message: 'live' },
      { tenant: t.demo, severity: NotificationSeverity.Success },
    );
    const [ra, rb] = await Promise.all([forAlice, forBob]);
    expect(ra).toMatchObject({ id, state: NotificationReadState.UnRead, severity: 0, name: ANNOUNCEMENT });
    expect(ra.data.extraProperties.title).toBe('Hello all');
    expect(rb.data.extraProperties.title).toBe('你好 all');
    expect(typeof ra.creationTime).toBe('string');
    await new Promise((r) => setTimeout(r, 300));
    expect(carolSaw).toEqual([]);
  });

  it('pushes to named users only, and leaves out users who unsubscribed', async () => {
    const a = client(alice);
    const b = client(bob);
    await Promise.all([connected(a), connected(b)]);
    const bobSaw = collect<Item>(b, 'getNotification');
    const forAlice = nextEvent<Item>(a, 'getNotification');
    const named = await sendAs(demoAdmin, {
      data: { title: 'Just Alice', message: 'x' },
      toUsers: [{ userId: aliceId }],
    });
    expect((await forAlice).id).toBe(named.json().id);

    await as(t.app, alice)({ method: 'DELETE', url: `${SUBS}?name=${ANNOUNCEMENT}` });
    const aliceSaw = collect<Item>(a, 'getNotification');
    const forBob = nextEvent<Item>(b, 'getNotification');
    const everyone = await sendAs(demoAdmin, { data: { title: 'Not for Alice', message: 'x' } });
    expect((await forBob).id).toBe(everyone.json().id);
    await new Promise((r) => setTimeout(r, 300));
    expect(aliceSaw).toEqual([]);
    expect(bobSaw.map((i) => i.id)).not.toContain(named.json().id);
    await as(t.app, alice)({ method: 'POST', url: SUBS, payload: { name: ANNOUNCEMENT } });
  });

  it('ChangeState marks a notification read with an acknowledgement, and tells the other tabs', async () => {
    const tab1 = client(alice);
    const tab2 = client(alice);
    await Promise.all([connected(tab1), connected(tab2)]);
    const { id } = await publish(
      t.services,
      ANNOUNCEMENT,
      { title: 'Ack', message: 'x' },
      { tenant: t.demo, users: [aliceId] },
    );
    const onTab2 = nextEvent<{ id: string; state: number }>(tab2, 'notificationStateChanged');
    const ack = await tab1.timeout(5000).emitWithAck('ChangeState', id, NotificationReadState.Read);
    expect(ack).toEqual({ success: true });
    expect(await onTab2).toEqual({ id, state: NotificationReadState.Read });
    expect((await get(alice, `${INBOX}/${id}`)).json().state).toBe(NotificationReadState.Read);

    const byName = await tab1.timeout(5000).emitWithAck('ChangeState', id, 'UnRead');
    expect(byName).toEqual({ success: true });
    expect((await get(alice, `${INBOX}/${id}`)).json().state).toBe(NotificationReadState.UnRead);

    // deleted over HTTP: the tabs learn it was an unread one (their badge goes down)
    const deleted = nextEvent<{ id: string; state: number; deleted: boolean }>(tab1, 'notificationStateChanged');
    expect((await as(t.app, alice)({ method: 'DELETE', url: `${INBOX}/${id}` })).statusCode).toBe(204);
    expect(await deleted).toEqual({ id, state: NotificationReadState.UnRead, deleted: true });

    const bad = await tab1.timeout(5000).emitWithAck('ChangeState', 'nope', 0);
    expect(bad.success).toBe(false);
    // someone else's notification: not found, nothing changed
    const c = client(carol);
    await connected(c);
    const other = await publish(
      t.services,
      ANNOUNCEMENT,
      { title: 'Mine', message: 'x' },
      { tenant: t.demo, users: [aliceId] },
    );
    const foreign = await c.timeout(5000).emitWithAck('ChangeState', other.id, NotificationReadState.Read);
    expect(foreign).toMatchObject({ success: false, error: { message: expect.any(String) } });
    // someone else's notification is answered as missing, without echoing its id
    expect(JSON.stringify(foreign)).not.toContain(String(other.id));
    expect((await get(alice, `${INBOX}/${other.id}`)).json().state).toBe(NotificationReadState.UnRead);
  });

  it('refuses connections of a tenant with notifications off', async () => {
    await t.services.data.unscoped((tx) =>
      featureCommands(t.services).change(tx, { tenant: null, user: null }, t.other, [
        { name: FEATURE, value: 'false' },
      ]),
    );
    try {
      const s = client(carol);
      const err = await new Promise<Error & { data?: { code?: string } }>((resolve) =>
        s.once('connect_error', resolve),
      );
      expect(err.data?.code).toBe('Volo.Feature:010001');
    } finally {
      await t.services.data.unscoped((tx) =>
        featureCommands(t.services).change(tx, { tenant: null, user: null }, t.other, [{ name: FEATURE, value: null }]),
      );
    }
  });
});

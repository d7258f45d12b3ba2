import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { userIdOf } from '../../permission-management/test-support.ts';
import { insertCustomer, useCrmApp } from '../test-support.ts';

/**
 * Job reports over HTTP: writing with the period's numbers, the one-per-period rule, who sees and
 * may change a report, read marks, comments, the notification of recipients, bad input.
 * Tenant demo's time zone is the default, Asia/Shanghai: 10 March 2026 runs from 9 March 16:00 UTC
 * to 10 March 16:00 UTC.
 */
const c = useCrmApp();
const URL = '/api/crm/reports';
const stamp = () => randomBytes(8).toString('hex');

let adminId: string;
let otherAdminId: string;
let customerId: string;

async function exec(statement: ReturnType<typeof sql>) {
  await c.t.services.data.inTenant({ tenant: c.t.demo }, (tx) => tx.execute(statement));
}
async function activity(creatorId: string, at: string) {
  await exec(sql`insert into crm_activities (tenant_id, biz_type, biz_id, customer_id, type, content, creation_time, creator_id, concurrency_stamp)
    values (${c.t.demo.id}, 'CUSTOMER', ${customerId}, ${customerId}, 'CALL', 'call', ${at}::timestamptz, ${creatorId}, ${stamp()})`);
}
let statusTypeId: string;
async function business(v: {
  creatorId: string;
  ownerId: string;
  created: string;
  endStatus?: number;
  endTime?: string;
  total: string;
  currency: string;
}) {
  await exec(sql`insert into crm_businesses (tenant_id, customer_id, owner_user_id, name, status_type_id, end_status, end_time,
      total_price, currency, creation_time, creator_id, concurrency_stamp)
    values (${c.t.demo.id}, ${customerId}, ${v.ownerId}, 'deal', ${statusTypeId}, ${v.endStatus ?? null}, ${v.endTime ?? null}::timestamptz,
      ${v.total}, ${v.currency}, ${v.created}::timestamptz, ${v.creatorId}, ${stamp()})`);
}

beforeAll(async () => {
  adminId = await userIdOf(c.t.services, c.t.demo, 'admin');
  otherAdminId = await userIdOf(c.t.services, c.t.other, 'admin');
  const s1 = c.sales1Id;
  const s2 = c.sales2Id;
  const customer = (name: string, creatorId: string, at: string, extra = {}) =>
    insertCustomer(c.t, c.t.demo, { name, ownerUserId: creatorId, creatorId, creationTime: new Date(at), ...extra });
  customerId = await customer('c1 day', s1, '2026-03-10T02:00:00Z');
  await customer('c2 monday night', s1, '2026-03-09T15:00:00Z'); // 9 March 23:00 local: the week, not the day
  await customer('c3 sunday night', s1, '2026-03-08T15:00:00Z'); // 8 March (Sunday): the month only
  await customer('c4 someone else', s2, '2026-03-10T03:00:00Z');
  await customer('c5 deleted', s1, '2026-03-10T04:00:00Z', { isDeleted: true });
  await activity(s1, '2026-03-10T01:00:00Z');
  await activity(s1, '2026-03-10T16:30:00Z'); // 11 March local
  await activity(s2, '2026-03-10T01:00:00Z');
  const [type] = (
    await c.t.services.data.inTenant({ tenant: c.t.demo }, (tx) =>
      tx.execute<{ id: string }>(sql`insert into crm_business_status_types (tenant_id, name, concurrency_stamp)
        values (${c.t.demo.id}, 'report test', ${stamp()}) returning id`),
    )
  ).rows;
  statusTypeId = type.id;
  const day = '2026-03-10T05:00:00Z';
  // created and won by sales1 that day, in two currencies
  for (const [total, currency] of [
    ['1000.50', 'CNY'],
    ['99.5', 'USD'],
  ] as const) {
    await business({
      creatorId: s1,
      ownerId: s1,
      created: day,
      endStatus: 1,
      endTime: '2026-03-10T06:00:00Z',
      total,
      currency,
    });
  }
  // won by sales1 as owner, created by sales2 earlier: won, not new
  await business({
    creatorId: s2,
    ownerId: s1,
    created: '2026-03-01T00:00:00Z',
    endStatus: 1,
    endTime: '2026-03-10T07:00:00Z',
    total: '200.00',
    currency: 'CNY',
  });
  // lost: new, not won
  await business({
    creatorId: s1,
    ownerId: s1,
    created: day,
    endStatus: 2,
    endTime: '2026-03-10T07:00:00Z',
    total: '5000',
    currency: 'CNY',
  });
  // won on 12 March local: the week, not the day
  await business({
    creatorId: s2,
    ownerId: s1,
    created: '2026-03-01T00:00:00Z',
    endStatus: 1,
    endTime: '2026-03-11T17:00:00Z',
    total: '1.00',
    currency: 'CNY',
  });
}, 120_000);

const input = (over: object = {}) => ({
  category: 1,
  date: '2026-03-10',
  content: '拜访客户，整理报价。',
  plan: '跟进报价',
  problems: null,
  recipientIds: [] as string[],
  ...over,
});

describe('the period numbers', () => {
  it('counts the author’s customers, follow-ups and businesses of the day in the tenant’s time zone', async () => {
    const res = await c.get(c.sales1, `${URL}/numbers?category=1&date=2026-03-10`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      period: '2026-03-10',
      startDate: '2026-03-10',
      endDate: '2026-03-10',
      start: '2026-03-09T16:00:00.000Z',
      end: '2026-03-10T16:00:00.000Z',
      timeZone: 'Asia/Shanghai',
    });
    expect(body.numbers).toMatchObject({
      newCustomers: 1,
      activities: 1,
      newBusinesses: 3,
      wonCount: 3,
      wonAmounts: [
        { currency: 'CNY', amount: '1200.50' },
        { currency: 'USD', amount: '99.50' },
      ],
    });
  });

  it('a week and a month take in more', async () => {
    const week = (await c.get(c.sales1, `${URL}/numbers?category=2&date=2026-03-12`)).json();
    expect(week).toMatchObject({ period: '2026-W11', startDate: '2026-03-09', endDate: '2026-03-15' });
    expect(week.numbers).toMatchObject({ newCustomers: 2, activities: 2, newBusinesses: 3, wonCount: 4 });
    expect(week.numbers.wonAmounts).toEqual([
      { currency: 'CNY', amount: '1201.50' },
      { currency: 'USD', amount: '99.50' },
    ]);
    const month = (await c.get(c.sales1, `${URL}/numbers?category=3&date=2026-03-31`)).json();
    expect(month).toMatchObject({ period: '2026-03', startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(month.numbers.newCustomers).toBe(3);
    // another salesman's numbers are their own
    const other = (await c.get(c.sales2, `${URL}/numbers?category=1&date=2026-03-10`)).json();
    expect(other.numbers).toMatchObject({
      newCustomers: 1,
      activities: 1,
      newBusinesses: 0,
      wonCount: 0,
      wonAmounts: [],
    });
  });

  it('refuses bad input naming the field, and a user without the permission', async () => {
    expect(members(await c.get(c.sales1, `${URL}/numbers?category=7&date=2026-03-10`))).toEqual(['category']);
    expect(members(await c.get(c.sales1, `${URL}/numbers?category=1&date=2026-13-10`))).toEqual(['date']);
    expect((await c.get(c.nobody, `${URL}/numbers?category=1&date=2026-03-10`)).statusCode).toBe(403);
  });
});

describe('writing a report', () => {
  let id: string;

  it('stores the period, a default title and the numbers snapshot, and notifies the recipients', async () => {
    const res = await c.post(c.sales1, URL, input({ title: '', recipientIds: [c.sales2Id, adminId, c.sales1Id] }));
    expect(res.statusCode).toBe(200);
    const r = res.json();
    id = r.id;
    expect(r).toMatchObject({
      category: 1,
      period: '2026-03-10',
      title: 'Daily report 2026-03-10',
      content: '拜访客户，整理报价。',
      plan: '跟进报价',
      problems: null,
      author: { id: c.sales1Id, userName: 'sales1' },
      recipientCount: 2,
      readCount: 0,
      canEdit: true,
      canComment: true,
    });
    expect(r.numbers).toMatchObject({ newCustomers: 1, activities: 1, newBusinesses: 3, wonCount: 3 });
    expect(r.recipients.map((x: { id: string }) => x.id).sort()).toEqual([c.sales2Id, adminId].sort());
    const inbox = (await c.get(c.sales2, '/api/my-notifilers/user-notifications?maxResultCount=5')).json();
    const note = inbox.items.find((n: { name: string }) => n.name === 'Crm.ReportReceived');
    expect(note.data.extraProperties).toMatchObject({ reportId: id });
    expect(note.data.extraProperties.title).toMatch(/sent a job report/);
  });

  it('one report per author, category and period: 400 naming the date', async () => {
    const again = await c.post(c.sales1, URL, input());
    expect(again.statusCode).toBe(400);
    expect(members(again)).toEqual(['date']);
    // a weekly report of the same days is another kind; a second one in that ISO week is not
    expect((await c.post(c.sales1, URL, input({ category: 2, date: '2026-03-09' }))).statusCode).toBe(200);
    expect(members(await c.post(c.sales1, URL, input({ category: 2, date: '2026-03-15' })))).toEqual(['date']);
    // another salesman has the day free
    expect((await c.post(c.sales2, URL, input())).statusCode).toBe(200);
  });

  it('refuses bad input naming the field', async () => {
    expect(members(await c.post(c.sales1, URL, input({ content: '  ', date: '2026-04-01' })))).toEqual(['content']);
    expect(members(await c.post(c.sales1, URL, input({ category: 4 })))).toEqual(['category']);
    expect(members(await c.post(c.sales1, URL, input({ date: 'tomorrow' })))).toEqual(['date']);
    expect(members(await c.post(c.sales1, URL, input({ recipientIds: ['x'] })))).toEqual(['recipientIds.0']);
    // another tenant's user is unknown here
    const foreign = await c.post(
      c.sales1,
      URL,
      input({ date: '2026-04-01', recipientIds: [c.sales2Id, otherAdminId] }),
    );
    expect(members(foreign)).toEqual(['recipientIds.1']);
    expect((await c.post(c.nobody, URL, input({ date: '2026-04-02' }))).statusCode).toBe(403);
  });

  it('a recipient sees it among received ones, unread until opened; the author sees who read it', async () => {
    const unread = (await c.get(c.sales2, `${URL}?box=received&unread=true`)).json();
    expect(unread.items.map((r: { id: string }) => r.id)).toContain(id);
    expect(unread.items.find((r: { id: string }) => r.id === id)).toMatchObject({ sentToMe: true, myReadTime: null });
    const opened = (await c.get(c.sales2, `${URL}/${id}`)).json();
    expect(opened.myReadTime).not.toBeNull();
    expect(opened).toMatchObject({ canEdit: false, canComment: true, readCount: 1 });
    const after = (await c.get(c.sales2, `${URL}?box=received&unread=true`)).json();
    expect(after.items.map((r: { id: string }) => r.id)).not.toContain(id);
    const mine = (await c.get(c.sales1, `${URL}/${id}`)).json();
    const marks = Object.fromEntries(
      mine.recipients.map((x: { id: string; readTime: string | null }) => [x.id, x.readTime]),
    );
    expect(marks[c.sales2Id]).not.toBeNull();
    expect(marks[adminId]).toBeNull();
    // the author opening it marks nothing
    expect(mine.readCount).toBe(1);
  });

  it('lists mine, received and all, filtered by category, author and dates, searched and sorted', async () => {
    const mine = (await c.get(c.sales1, `${URL}?box=mine`)).json();
    expect(mine.items.every((r: { author: { id: string } }) => r.author.id === c.sales1Id)).toBe(true);
    expect(mine.totalCount).toBe(2);
    const weekly = (await c.get(c.sales1, `${URL}?box=mine&category=2`)).json();
    expect(weekly.items.map((r: { period: string }) => r.period)).toEqual(['2026-W11']);
    const dated = (await c.get(c.sales1, `${URL}?box=mine&from=2026-03-11&to=2026-03-20`)).json();
    expect(dated.items.map((r: { period: string }) => r.period)).toEqual(['2026-W11']);
    // a salesman's "all" is what they see: theirs and those sent to them
    const all1 = (await c.get(c.sales1, `${URL}?box=all`)).json();
    expect(all1.items.some((r: { author: { id: string } }) => r.author.id === c.sales2Id)).toBe(false);
    // admin holds Crm.Customers.ViewAll: every report
    const all = (await c.get(c.demoAdmin, `${URL}?box=all&authorId=${c.sales2Id}`)).json();
    expect(all.items.map((r: { period: string }) => r.period)).toContain('2026-03-10');
    const found = (await c.get(c.demoAdmin, `${URL}?box=all&filter=sales1&sorting=periodStart asc`)).json();
    expect(found.items.map((r: { period: string }) => r.period)).toEqual(['2026-W11', '2026-03-10']);
    expect(members(await c.get(c.demoAdmin, `${URL}?sorting=content asc`))).toEqual(['sorting']);
    expect(members(await c.get(c.demoAdmin, `${URL}?box=everything`))).toEqual(['box']);
    expect((await c.get(c.nobody, URL)).statusCode).toBe(403);
    // another tenant sees none of them
    expect((await c.get(c.otherAdmin, `${URL}?box=all`)).json().totalCount).toBe(0);
  });

  it('exports the list to Excel', async () => {
    const res = await c.get(c.sales1, `${URL}/export?box=mine`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await c.get(c.nobody, `${URL}/export`)).statusCode).toBe(403);
  });

  it('is hidden from those it was not sent to (404), and from another tenant', async () => {
    const s2 = (await c.get(c.sales2, `${URL}?box=mine`)).json().items[0].id as string;
    expect((await c.get(c.sales1, `${URL}/${s2}`)).statusCode).toBe(404);
    expect((await c.put(c.sales1, `${URL}/${s2}`, input())).statusCode).toBe(404);
    expect((await c.post(c.sales1, `${URL}/${s2}/comments`, { content: 'hi' })).statusCode).toBe(404);
    expect((await c.del(c.sales1, `${URL}/${s2}`)).statusCode).toBe(404);
    for (const [method, url, body] of [
      ['get', `${URL}/${id}`],
      ['put', `${URL}/${id}`, input()],
      ['post', `${URL}/${id}/refresh-numbers`],
      ['post', `${URL}/${id}/comments`, { content: 'hi' }],
      ['del', `${URL}/${id}`],
    ] as const) {
      const res = await c[method](c.otherAdmin, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await c.get(c.nobody, `${URL}/${id}`)).statusCode).toBe(403);
    // ViewAll reads everyone's
    expect((await c.get(c.demoAdmin, `${URL}/${s2}`)).statusCode).toBe(200);
  });

  it('only its author edits it: recipients get 403; new recipients are notified', async () => {
    expect((await c.put(c.sales2, `${URL}/${id}`, input())).statusCode).toBe(403);
    expect((await c.post(c.sales2, `${URL}/${id}/refresh-numbers`)).statusCode).toBe(403);
    expect((await c.del(c.sales2, `${URL}/${id}`)).statusCode).toBe(403);
    expect((await c.put(c.nobody, `${URL}/${id}`, input())).statusCode).toBe(403);
    const stale = await c.put(c.sales1, `${URL}/${id}`, input({ concurrencyStamp: 'old' }));
    expect(stale.statusCode).toBe(409);
    const res = await c.put(
      c.sales1,
      `${URL}/${id}`,
      input({ title: '三月十日日报', content: '改过的内容', recipientIds: [c.sales2Id] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: '三月十日日报', content: '改过的内容', recipientCount: 1 });
    // moving it onto the weekly report's period is refused
    expect(members(await c.put(c.sales1, `${URL}/${id}`, input({ category: 2 })))).toEqual(['date']);
    expect(members(await c.put(c.sales1, `${URL}/${id}`, input({ content: '' })))).toEqual(['content']);
  });

  it('refreshes the numbers while editing', async () => {
    const before = (await c.get(c.sales1, `${URL}/${id}`)).json();
    await insertCustomer(c.t, c.t.demo, {
      name: 'late',
      ownerUserId: c.sales1Id,
      creatorId: c.sales1Id,
      creationTime: new Date('2026-03-10T08:00:00Z'),
    });
    expect((await c.get(c.sales1, `${URL}/${id}`)).json().numbers.newCustomers).toBe(before.numbers.newCustomers);
    const res = await c.post(c.sales1, `${URL}/${id}/refresh-numbers`);
    expect(res.statusCode).toBe(200);
    expect(res.json().numbers.newCustomers).toBe(before.numbers.newCustomers + 1);
    expect(res.json().concurrencyStamp).not.toBe(before.concurrencyStamp);
    expect((await c.post(c.nobody, `${URL}/${id}/refresh-numbers`)).statusCode).toBe(403);
  });
});

describe('comments', () => {
  let id: string;
  beforeAll(async () => {
    id = (await c.post(c.sales1, URL, input({ date: '2026-05-05', recipientIds: [c.sales2Id] }))).json().id;
  });

  it('the author and the recipients comment; every reader sees them', async () => {
    const a = await c.post(c.sales2, `${URL}/${id}/comments`, { content: '收到，辛苦了' });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({
      content: '收到，辛苦了',
      author: { id: c.sales2Id, userName: 'sales2' },
      mine: true,
    });
    expect((await c.post(c.sales1, `${URL}/${id}/comments`, { content: '谢谢' })).statusCode).toBe(200);
    const seen = (await c.get(c.demoAdmin, `${URL}/${id}`)).json();
    expect(seen.comments.map((x: { content: string }) => x.content)).toEqual(['收到，辛苦了', '谢谢']);
    expect(seen.commentCount).toBe(2);
    // admin reads everyone's reports (ViewAll) but was not sent this one: no comment
    expect(seen.canComment).toBe(false);
    expect((await c.post(c.demoAdmin, `${URL}/${id}/comments`, { content: 'x' })).statusCode).toBe(403);
    expect(members(await c.post(c.sales2, `${URL}/${id}/comments`, { content: '' }))).toEqual(['content']);
    expect((await c.post(c.nobody, `${URL}/${id}/comments`, { content: 'x' })).statusCode).toBe(403);
  });

  it('only its writer deletes a comment', async () => {
    const comments = (await c.get(c.sales1, `${URL}/${id}`)).json().comments as { id: string; mine: boolean }[];
    const theirs = comments.find((x) => !x.mine)!;
    const own = comments.find((x) => x.mine)!;
    expect((await c.del(c.sales1, `${URL}/${id}/comments/${theirs.id}`)).statusCode).toBe(403);
    expect((await c.del(c.otherAdmin, `${URL}/${id}/comments/${own.id}`)).statusCode).toBe(404);
    expect((await c.del(c.sales1, `${URL}/${id}/comments/${own.id}`)).statusCode).toBe(204);
    expect((await c.get(c.sales1, `${URL}/${id}`)).json().comments).toHaveLength(1);
    expect((await c.del(c.nobody, `${URL}/${id}/comments/${theirs.id}`)).statusCode).toBe(403);
  });

  it('the author deletes the report; it is gone for everyone and the period is free again', async () => {
    expect((await c.del(c.nobody, `${URL}/${id}`)).statusCode).toBe(403);
    expect((await c.del(c.sales1, `${URL}/${id}`)).statusCode).toBe(204);
    expect((await c.get(c.sales2, `${URL}/${id}`)).statusCode).toBe(404);
    expect((await c.post(c.sales1, URL, input({ date: '2026-05-05' }))).statusCode).toBe(200);
  });
});

describe('recipients to choose from', () => {
  it('lists the tenant’s active users, searched', async () => {
    const res = await c.get(c.sales1, `${URL}/recipients?filter=sales`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((u: { userName: string }) => u.userName)).toEqual(
      expect.arrayContaining(['sales1', 'sales2']),
    );
    expect((await c.get(c.otherAdmin, `${URL}/recipients?filter=sales`)).json().items).toEqual([]);
    expect((await c.get(c.nobody, `${URL}/recipients`)).statusCode).toBe(403);
  });
});

describe('demo data', () => {
  it('the demo salesmen have reports with read marks and comments', async () => {
    const all = (await c.get(c.demoAdmin, `${URL}?box=all&filter=zhang.wei`)).json();
    expect(all.totalCount).toBeGreaterThan(0);
    const one = (await c.get(c.demoAdmin, `${URL}/${all.items[0].id}`)).json();
    expect(one.recipients.length).toBeGreaterThan(0);
  });
});

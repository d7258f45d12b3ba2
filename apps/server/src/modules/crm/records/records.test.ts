import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStampChecked, members } from '../../../../test/harness.ts';
import { crmCustomerMembers } from '../customers/schema.ts';
import { insertCustomer, useCrmApp } from '../test-support.ts';
import { crmBankAccounts } from './schema.ts';

const app = useCrmApp();
type Row = { id: string; customerId: string; customerName: string; concurrencyStamp: string; [k: string]: unknown };

let c1: string; // sales1's
let c2: string; // sales2's
let team: string; // sales1's, sales2 on its team (write)
let reading: string; // sales1's, sales2 on its team (read)
let foreign: string; // tenant other's

beforeAll(async () => {
  c1 = await insertCustomer(app.t, app.t.demo, { name: '记录客户一', ownerUserId: app.sales1Id });
  c2 = await insertCustomer(app.t, app.t.demo, { name: '记录客户二', ownerUserId: app.sales2Id });
  team = await insertCustomer(app.t, app.t.demo, { name: '团队客户', ownerUserId: app.sales1Id });
  reading = await insertCustomer(app.t, app.t.demo, { name: '只读客户', ownerUserId: app.sales1Id });
  foreign = await insertCustomer(app.t, app.t.other, { name: 'Other Co', ownerUserId: null });
  await app.t.services.data.inTenant({ tenant: app.t.demo }, (tx) =>
    tx.insert(crmCustomerMembers).values([
      { tenantId: app.t.demo.id, customerId: team, userId: app.sales2Id, level: 3 },
      { tenantId: app.t.demo.id, customerId: reading, userId: app.sales2Id, level: 2 },
    ]),
  );
});

/** Each kind of record: its URL, a valid body, an edit of it, a bad body and the member it names. */
const kinds = [
  {
    name: 'addresses',
    url: '/api/crm/addresses',
    body: {
      type: 'SHIPPING',
      contactName: '王经理',
      phone: '+86 138 0000 0000',
      country: 'cn',
      province: '广东省',
      city: '深圳市',
      addressLine1: '南山区科技园 1 号',
      postcode: '518000',
    },
    edit: { type: 'BILLING', contactName: '李小姐', country: 'CN', addressLine1: '福田区 2 号' },
    bad: [
      [{ country: 'China' }, 'country'],
      [{ phone: 'call me' }, 'phone'],
      [{ addressLine1: '' }, 'addressLine1'],
    ],
    filter: 'type=SHIPPING',
  },
  {
    name: 'bank accounts',
    url: '/api/crm/bank-accounts',
    body: {
      bankName: '招商银行',
      accountName: '记录客户一',
      accountNumber: '6225 8888 1234 5678',
      swift: 'cmbccnbs',
      currency: 'usd',
    },
    edit: { bankName: 'DBS', accountName: 'Co', currency: 'SGD' },
    bad: [
      [{ accountNumber: '12' }, 'accountNumber'],
      [{ swift: 'XX' }, 'swift'],
      [{ currency: 'dollars' }, 'currency'],
    ],
    filter: 'currency=USD',
  },
  {
    name: 'social accounts',
    url: '/api/crm/social-accounts',
    body: { platform: 'WHATSAPP', handle: '+60 12 345 6789', url: 'https://wa.me/60123456789' },
    edit: { platform: 'LINE', handle: 'line_id' },
    bad: [
      [{ platform: 'MYSPACE' }, 'platform'],
      [{ url: 'javascript:alert(1)' }, 'url'],
    ],
    filter: 'platform=WHATSAPP',
  },
  {
    name: 'subscriptions',
    url: '/api/crm/subscriptions',
    body: { channel: 'EMAIL', topic: '新品推荐', source: '展会' },
    edit: { channel: 'EMAIL', topic: '新品推荐', status: 'UNSUBSCRIBED' },
    bad: [
      [{ channel: 'PIGEON' }, 'channel'],
      [{ topic: '' }, 'topic'],
      [{ status: 'MAYBE' }, 'status'],
    ],
    filter: 'channel=EMAIL&status=SUBSCRIBED',
  },
] as const;

let n = 0;
describe.each(kinds)('CRM $name', ({ url, body, edit, bad, filter }) => {
  // subscriptions are one per customer, channel and topic
  const fresh = () => (url.endsWith('subscriptions') ? { topic: `${(body as { topic?: string }).topic}-${++n}` } : {});
  const create = async (customerId: string, who = app.sales1, extra: object = {}) => {
    const res = await app.post(who, url, { ...body, ...fresh(), ...extra, customerId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Row;
  };

  it('are created, listed with filters, read, updated and deleted by the customer’s owner', async () => {
    const row = await create(c1);
    expect(row).toMatchObject({ customerId: c1, customerName: '记录客户一' });
    const list = await app.get(app.sales1, `${url}?customerId=${c1}&${filter}&sorting=creationTime desc`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((r: Row) => r.id)).toEqual([row.id]);
    const oldest = await app.get(app.sales1, `${url}?sorting=creationTime asc&maxResultCount=100`);
    expect(oldest.json().items.map((r: Row) => r.id)).toContain(row.id);
    expect((await app.get(app.sales1, `${url}/${row.id}`)).json()).toMatchObject({ id: row.id });

    const updated = await expectStampChecked(
      (concurrencyStamp) => app.put(app.sales1, `${url}/${row.id}`, { ...edit, concurrencyStamp }),
      row.concurrencyStamp,
    );
    expect(updated.json().customerId).toBe(c1);

    const exported = await app.get(app.sales1, `${url}/export?customerId=${c1}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');

    expect((await app.del(app.sales1, `${url}/${row.id}`)).statusCode).toBe(204);
    expect((await app.get(app.sales1, `${url}/${row.id}`)).statusCode).toBe(404);
  });

  it('of another salesman’s customer are out of sight (404) unless on its team', async () => {
    const row = await create(c1);
    const seen = (await app.get(app.sales2, `${url}?maxResultCount=100`)).json().items.map((r: Row) => r.id);
    expect(seen).not.toContain(row.id);
    expect((await app.get(app.sales2, `${url}?customerId=${c1}`)).json()).toEqual({ totalCount: 0, items: [] });
    expect((await app.get(app.sales2, `${url}/${row.id}`)).statusCode).toBe(404);
    expect((await app.put(app.sales2, `${url}/${row.id}`, edit)).statusCode).toBe(404);
    expect((await app.del(app.sales2, `${url}/${row.id}`)).statusCode).toBe(404);
    expect((await app.post(app.sales2, url, { ...body, customerId: c1 })).statusCode).toBe(404);
    // sales1 cannot reach sales2's customer either
    expect((await app.post(app.sales1, url, { ...body, customerId: c2 })).statusCode).toBe(404);

    // a team member with write changes them; one with read sees them only
    const onTeam = await create(team);
    expect((await app.get(app.sales2, `${url}/${onTeam.id}`)).statusCode).toBe(200);
    expect((await app.put(app.sales2, `${url}/${onTeam.id}`, edit)).statusCode).toBe(200);
    const readOnly = await create(reading);
    expect((await app.get(app.sales2, `${url}?customerId=${reading}`)).json().totalCount).toBe(1);
    expect((await app.put(app.sales2, `${url}/${readOnly.id}`, edit)).statusCode).toBe(403);
    expect((await app.del(app.sales2, `${url}/${readOnly.id}`)).statusCode).toBe(403);
    expect((await app.post(app.sales2, url, { ...body, ...fresh(), customerId: reading })).statusCode).toBe(403);
    // the admin sees everyone's
    expect((await app.get(app.demoAdmin, `${url}/${row.id}`)).statusCode).toBe(200);
  });

  it('need Crm.Records (writes its children)', async () => {
    const row = await create(c1);
    for (const res of [
      await app.get(app.nobody, url),
      await app.get(app.nobody, `${url}/export`),
      await app.get(app.nobody, `${url}/${row.id}`),
      await app.post(app.nobody, url, { ...body, customerId: c1 }),
      await app.put(app.nobody, `${url}/${row.id}`, edit),
      await app.del(app.nobody, `${url}/${row.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
    }
  });

  it('of another tenant are not found, nor its customers', async () => {
    const row = await create(c1);
    expect((await app.get(app.otherAdmin, `${url}/${row.id}`)).statusCode).toBe(404);
    expect((await app.put(app.otherAdmin, `${url}/${row.id}`, edit)).statusCode).toBe(404);
    expect((await app.del(app.otherAdmin, `${url}/${row.id}`)).statusCode).toBe(404);
    expect((await app.get(app.otherAdmin, url)).json().items.some((r: Row) => r.id === row.id)).toBe(false);
    expect((await app.post(app.demoAdmin, url, { ...body, customerId: foreign })).statusCode).toBe(404);
  });

  it('refuse bad input, naming the field', async () => {
    for (const [change, member] of bad) {
      const res = await app.post(app.sales1, url, { ...body, ...change, customerId: c1 });
      expect(res.statusCode, member).toBe(400);
      expect(members(res)).toEqual([member]);
    }
    const noCustomer = await app.post(app.sales1, url, { ...body, customerId: 'x' });
    expect(members(noCustomer)).toEqual(['customerId']);
    const sorting = await app.get(app.sales1, `${url}?sorting=secret asc`);
    expect(sorting.statusCode).toBe(400);
    expect(members(sorting)).toEqual(['sorting']);
  });
});

describe('CRM records’ rules', () => {
  it('are seeded for a sample of demo’s customers', async () => {
    for (const u of ['addresses', 'bank-accounts', 'social-accounts', 'subscriptions']) {
      expect((await app.get(app.demoAdmin, `/api/crm/${u}`)).json().totalCount, u).toBeGreaterThan(0);
    }
    const bank = (await app.get(app.demoAdmin, '/api/crm/bank-accounts')).json().items[0];
    expect(bank.accountNumberMasked).toMatch(/^\*{4} \d{4}$/);
  });

  it('keep one default address and bank account per customer', async () => {
    const customer = await insertCustomer(app.t, app.t.demo, { name: '默认客户', ownerUserId: app.sales1Id });
    const address = { contactName: 'A', country: 'TH', addressLine1: 'Bangkok 1', customerId: customer };
    const first = (await app.post(app.sales1, '/api/crm/addresses', { ...address, isDefault: true })).json();
    const second = (await app.post(app.sales1, '/api/crm/addresses', { ...address, isDefault: true })).json();
    const defaults = async (u: string) =>
      ((await app.get(app.sales1, `${u}?customerId=${customer}`)).json().items as Row[])
        .filter((r) => r.isDefault)
        .map((r) => r.id);
    expect(await defaults('/api/crm/addresses')).toEqual([second.id]);
    // the previous default changed: a form opened on it before is stale
    const stale = await app.put(app.sales1, `/api/crm/addresses/${first.id}`, {
      ...address,
      isDefault: true,
      concurrencyStamp: first.concurrencyStamp,
    });
    expect(stale.statusCode).toBe(409);
    await app.put(app.sales1, `/api/crm/addresses/${first.id}`, { ...address, isDefault: true });
    expect(await defaults('/api/crm/addresses')).toEqual([first.id]);

    const bank = { bankName: 'B', accountName: 'A', accountNumber: '12345678', currency: 'CNY', customerId: customer };
    const b1 = (await app.post(app.sales1, '/api/crm/bank-accounts', { ...bank, isDefault: true })).json();
    const b2 = (await app.post(app.sales1, '/api/crm/bank-accounts', { ...bank, isDefault: true })).json();
    expect(await defaults('/api/crm/bank-accounts')).toEqual([b2.id]);
    expect(b1.id).not.toBe(b2.id);
  });

  it('keep bank account numbers encrypted and answer them masked; an edit without one keeps it', async () => {
    const res = await app.post(app.sales1, '/api/crm/bank-accounts', {
      customerId: c1,
      bankName: '中国银行',
      accountName: '记录客户一',
      accountNumber: '6217-0000-9999-4321',
      currency: 'CNY',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accountNumberMasked).toBe('**** 4321');
    expect(res.body).not.toContain('621700009999');
    const [stored] = await app.t.services.data.inTenant({ tenant: app.t.demo }, (tx) =>
      tx.select().from(crmBankAccounts).where(eq(crmBankAccounts.id, res.json().id)),
    );
    expect(stored.accountNumber).not.toContain('4321');
    expect(stored.accountNumber.startsWith('v1:')).toBe(true);
    const kept = await app.put(app.sales1, `/api/crm/bank-accounts/${res.json().id}`, {
      bankName: '中国银行',
      accountName: '改名',
      accountNumber: '',
      currency: 'CNY',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ accountName: '改名', accountNumberMasked: '**** 4321' });
    const changed = await app.put(app.sales1, `/api/crm/bank-accounts/${res.json().id}`, {
      bankName: '中国银行',
      accountName: '改名',
      accountNumber: '99998888',
      currency: 'CNY',
    });
    expect(changed.json().accountNumberMasked).toBe('**** 8888');
    // the form sends the mask back untouched: the number stays
    const resent = await app.put(app.sales1, `/api/crm/bank-accounts/${res.json().id}`, {
      bankName: '中国银行',
      accountName: '改名',
      accountNumber: '**** 8888',
      currency: 'CNY',
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().accountNumberMasked).toBe('**** 8888');
  });

  it('keep one subscription per channel and topic, with the time of each change of status', async () => {
    const customer = await insertCustomer(app.t, app.t.demo, { name: '订阅客户', ownerUserId: app.sales1Id });
    const sub = { customerId: customer, channel: 'SMS', topic: 'Promotions' };
    const first = (await app.post(app.sales1, '/api/crm/subscriptions', sub)).json();
    expect(first.status).toBe('SUBSCRIBED');
    expect(first.subscribedAt).toBeTruthy();
    expect(first.unsubscribedAt).toBeNull();
    const again = await app.post(app.sales1, '/api/crm/subscriptions', { ...sub, topic: 'PROMOTIONS' });
    expect(again.statusCode).toBe(400);
    expect(members(again)).toEqual(['topic']);
    expect((await app.post(app.sales1, '/api/crm/subscriptions', { ...sub, channel: 'EMAIL' })).statusCode).toBe(200);

    const off = (
      await app.put(app.sales1, `/api/crm/subscriptions/${first.id}`, { ...sub, status: 'UNSUBSCRIBED' })
    ).json();
    expect(off.unsubscribedAt).toBeTruthy();
    expect(off.subscribedAt).toBe(first.subscribedAt);
    const unsubscribed = await app.get(app.sales1, `/api/crm/subscriptions?customerId=${customer}&status=UNSUBSCRIBED`);
    expect(unsubscribed.json().items.map((r: Row) => r.id)).toEqual([first.id]);
  });
});

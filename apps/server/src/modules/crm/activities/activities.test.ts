import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { placeholderPng, storeFile } from '../../files/index.ts';
import { crmBusinesses, crmBusinessStatusTypes } from '../businesses/schema.ts';
import { CONTACT_REMINDER, remindContacts, reminderDay } from '../contact-reminders.ts';
import { crmContacts, crmCustomers } from '../customers/schema.ts';
import { today as todayIn } from '../reports/period.ts';
import { insertCustomer, useCrmApp } from '../test-support.ts';

const url = '/api/crm/activities';
const app = useCrmApp();
type Activity = { id: string; customerId: string; bizType: string; bizName: string; concurrencyStamp: string };

let c1: string;
let c2: string;
let contactId: string;
let businessId: string;

const inDemo = <T>(fn: Parameters<typeof app.t.services.data.inTenant<T>>[1]) =>
  app.t.services.data.inTenant({ tenant: app.t.demo }, fn);
const customer = async (id: string) =>
  (await inDemo((tx) => tx.select().from(crmCustomers).where(eq(crmCustomers.id, id))))[0];

beforeAll(async () => {
  c1 = await insertCustomer(app.t, app.t.demo, { name: '跟进客户一', ownerUserId: app.sales1Id });
  c2 = await insertCustomer(app.t, app.t.demo, { name: '跟进客户二', ownerUserId: app.sales2Id });
  const demo = app.t.demo.id;
  await inDemo(async (tx) => {
    [{ id: contactId }] = await tx
      .insert(crmContacts)
      .values({ tenantId: demo, customerId: c1, name: '王经理' })
      .returning({ id: crmContacts.id });
    const [type] = await tx
      .insert(crmBusinessStatusTypes)
      .values({ tenantId: demo, name: '测试流程' })
      .returning({ id: crmBusinessStatusTypes.id });
    [{ id: businessId }] = await tx
      .insert(crmBusinesses)
      .values({
        tenantId: demo,
        customerId: c1,
        ownerUserId: app.sales1Id,
        name: '年度采购',
        statusTypeId: type.id,
        currency: 'CNY',
      })
      .returning({ id: crmBusinesses.id });
  });
});

const write = async (body: object, who = app.sales1) => {
  const res = await app.post(who, url, { type: 'CALL', content: '电话沟通报价', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Activity;
};

describe('CRM follow-up records', () => {
  it('are seeded for demo’s customers by their owners', async () => {
    const seeded = (await app.get(app.demoAdmin, `${url}?maxResultCount=100`)).json();
    expect(seeded.totalCount).toBeGreaterThan(0);
    expect(seeded.items.every((a: { creatorName: string | null }) => a.creatorName)).toBe(true);
    expect((await app.get(app.otherAdmin, url)).json().totalCount).toBe(0);
  });

  it('on a customer set its last contact, next contact and follow-up status', async () => {
    const next = new Date(Date.now() + 3 * 86_400_000);
    const a = await write({ bizId: c1, type: 'VISIT', content: '上门拜访，谈年度合作', nextTime: next.toISOString() });
    expect(a).toMatchObject({ bizType: 'CUSTOMER', customerId: c1, bizName: '跟进客户一', type: 'VISIT' });
    const row = await customer(c1);
    expect(row.contactLastContent).toBe('上门拜访，谈年度合作');
    expect(row.contactNextTime?.toISOString()).toBe(next.toISOString());
    expect(row.followUpStatus).toBe(true);
    expect(row.contactLastTime).toBeTruthy();

    // editing the latest record moves the customer's next contact with it
    const later = new Date(Date.now() + 5 * 86_400_000);
    const edited = await app.put(app.sales1, `${url}/${a.id}`, {
      type: 'VISIT',
      content: '改期拜访',
      nextTime: later.toISOString(),
      concurrencyStamp: a.concurrencyStamp,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await customer(c1)).contactNextTime?.toISOString()).toBe(later.toISOString());
    expect((await customer(c1)).contactLastContent).toBe('改期拜访');
    const stale = await app.put(app.sales1, `${url}/${a.id}`, {
      type: 'VISIT',
      content: 'x',
      concurrencyStamp: a.concurrencyStamp,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('on a contact or a business set theirs and their customer’s', async () => {
    const next = new Date(Date.now() + 86_400_000);
    const onContact = await write({ bizType: 'CONTACT', bizId: contactId, content: '联系人微信沟通', nextTime: next });
    expect(onContact).toMatchObject({ bizType: 'CONTACT', customerId: c1, bizName: '王经理' });
    const [contact] = await inDemo((tx) => tx.select().from(crmContacts).where(eq(crmContacts.id, contactId)));
    expect(contact.contactNextTime?.toISOString()).toBe(next.toISOString());
    expect((await customer(c1)).contactLastContent).toBe('联系人微信沟通');

    const onBusiness = await write({ bizType: 'BUSINESS', bizId: businessId, type: 'MEETING', content: '商机会议' });
    expect(onBusiness).toMatchObject({ bizType: 'BUSINESS', customerId: c1, bizName: '年度采购' });
    const [business] = await inDemo((tx) => tx.select().from(crmBusinesses).where(eq(crmBusinesses.id, businessId)));
    expect(business.followUpStatus).toBe(true);
    expect(business.contactLastTime).toBeTruthy();
    expect((await customer(c1)).contactLastContent).toBe('商机会议');
    expect((await customer(c1)).contactNextTime).toBeNull();

    // deleting the latest puts the customer back on the one before
    expect((await app.del(app.sales1, `${url}/${onBusiness.id}`)).statusCode).toBe(204);
    expect((await customer(c1)).contactLastContent).toBe('联系人微信沟通');
    expect((await app.get(app.sales1, `${url}/${onBusiness.id}`)).statusCode).toBe(404);

    const unknown = await app.post(app.sales1, url, { bizType: 'CONTACT', bizId: c2, type: 'CALL', content: 'x' });
    expect(unknown.statusCode).toBe(404);
  });

  it('are listed newest first with filters (customer, type, mine, dates, parent) and exported', async () => {
    const c3 = await insertCustomer(app.t, app.t.demo, { name: '筛选客户', ownerUserId: app.sales1Id });
    const call = await write({ bizId: c3, type: 'CALL', content: '第一次电话' });
    const mail = await write({ bizId: c3, type: 'EMAIL', content: '发送报价邮件' });
    const byAdmin = await write({ bizId: c3, type: 'EMAIL', content: '经理补充' }, app.demoAdmin);
    const ids = async (q: string, who = app.sales1) => {
      const res = await app.get(who, `${url}?customerId=${c3}&${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((a: Activity) => a.id);
    };
    expect(await ids('')).toEqual([byAdmin.id, mail.id, call.id]);
    expect(await ids('type=EMAIL')).toEqual([byAdmin.id, mail.id]);
    expect(await ids('mine=true')).toEqual([mail.id, call.id]);
    expect(await ids('filter=报价')).toEqual([mail.id]);
    expect(await ids('bizType=CUSTOMER&sorting=creationTime asc')).toEqual([call.id, mail.id, byAdmin.id]);
    const today = todayIn('Asia/Shanghai');
    expect(await ids(`from=${today}&to=${today}`)).toHaveLength(3);
    expect(await ids('from=2000-01-01&to=2000-01-02')).toEqual([]);
    const page = (await app.get(app.sales1, `${url}?customerId=${c3}&maxResultCount=1&skipCount=1`)).json();
    expect(page).toMatchObject({ totalCount: 3, items: [{ id: mail.id }] });
    const one = (await app.get(app.sales1, `${url}/${call.id}`)).json();
    expect(one).toMatchObject({ content: '第一次电话', customerName: '筛选客户', creatorName: 'sales1' });

    const exported = await app.get(app.sales1, `${url}/export?customerId=${c3}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('take the tenant’s uploaded files as attachments', async () => {
    const file = await storeFile(app.t.services.config.dataDir, app.t.demo.id, placeholderPng(2, 2, [0, 0, 0]));
    const a = await write({ bizId: c1, fileIds: [file.url] });
    expect((await app.get(app.sales1, `${url}/${a.id}`)).json().fileIds).toEqual([file.url]);
    const theirs = await storeFile(app.t.services.config.dataDir, app.t.other.id, placeholderPng(2, 2, [0, 0, 0]));
    const refused = await app.post(app.sales1, url, {
      bizId: c1,
      type: 'CALL',
      content: 'x',
      fileIds: [file.url, theirs.url],
    });
    expect(refused.statusCode).toBe(400);
    expect(members(refused)).toEqual(['fileIds.1']);
  });

  it('of another salesman’s customer are out of sight (404)', async () => {
    const a = await write({ bizId: c1, content: '只有我能看' });
    const seen = (await app.get(app.sales2, `${url}?maxResultCount=100`)).json().items.map((x: Activity) => x.id);
    expect(seen).not.toContain(a.id);
    expect((await app.get(app.sales2, `${url}?customerId=${c1}`)).json().totalCount).toBe(0);
    expect((await app.get(app.sales2, `${url}/${a.id}`)).statusCode).toBe(404);
    expect((await app.put(app.sales2, `${url}/${a.id}`, { type: 'CALL', content: 'x' })).statusCode).toBe(404);
    expect((await app.del(app.sales2, `${url}/${a.id}`)).statusCode).toBe(404);
    expect((await app.post(app.sales2, url, { bizId: c1, type: 'CALL', content: 'x' })).statusCode).toBe(404);
    const onContact = await app.post(app.sales2, url, {
      bizType: 'CONTACT',
      bizId: contactId,
      type: 'CALL',
      content: 'x',
    });
    expect(onContact.statusCode).toBe(404);
    expect((await app.get(app.demoAdmin, `${url}/${a.id}`)).statusCode).toBe(200);
  });

  it('need Crm.Activities (writes its children)', async () => {
    const a = await write({ bizId: c1 });
    const body = { bizId: c1, type: 'CALL', content: 'x' };
    for (const res of [
      await app.get(app.nobody, url),
      await app.get(app.nobody, `${url}/export`),
      await app.get(app.nobody, `${url}/${a.id}`),
      await app.post(app.nobody, url, body),
      await app.put(app.nobody, `${url}/${a.id}`, body),
      await app.del(app.nobody, `${url}/${a.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
    }
  });

  it('of another tenant are not found', async () => {
    const a = await write({ bizId: c1 });
    expect((await app.get(app.otherAdmin, `${url}/${a.id}`)).statusCode).toBe(404);
    expect((await app.put(app.otherAdmin, `${url}/${a.id}`, { type: 'CALL', content: 'x' })).statusCode).toBe(404);
    expect((await app.del(app.otherAdmin, `${url}/${a.id}`)).statusCode).toBe(404);
    expect((await app.post(app.otherAdmin, url, { bizId: c1, type: 'CALL', content: 'x' })).statusCode).toBe(404);
    expect((await app.get(app.otherAdmin, url)).json().items.some((x: Activity) => x.id === a.id)).toBe(false);
  });

  it('refuse bad input, naming the field', async () => {
    const cases: [object, string][] = [
      [{ type: 'FAX' }, 'type'],
      [{ content: '  ' }, 'content'],
      [{ content: 'x'.repeat(2001) }, 'content'],
      [{ nextTime: 'soon' }, 'nextTime'],
      [{ bizType: 'ORDER' }, 'bizType'],
      [{ bizId: 'c1' }, 'bizId'],
      [{ fileIds: ['/etc/passwd'] }, 'fileIds.0'],
    ];
    for (const [change, member] of cases) {
      const res = await app.post(app.sales1, url, { bizId: c1, type: 'CALL', content: 'x', ...change });
      expect(res.statusCode, member).toBe(400);
      expect(members(res)).toEqual([member]);
    }
    const badDate = await app.get(app.sales1, `${url}?from=yesterday`);
    expect(members(badDate)).toEqual(['from']);
  });
});

describe('the contact reminder', () => {
  it('notifies each owner once a day of the customers due today', async () => {
    // demo's calendar is Asia/Shanghai (setting Abp.Timing.TimeZone)
    const { start } = reminderDay(new Date(), 'Asia/Shanghai');
    const dueAt = new Date(start.getTime() + 10 * 3_600_000);
    for (const [name, owner] of [
      ['今日客户甲', app.sales1Id],
      ['今日客户乙', app.sales1Id],
      ['今日客户丙', app.sales2Id],
    ] as const) {
      await insertCustomer(app.t, app.t.demo, { name, ownerUserId: owner, contactNextTime: dueAt });
    }
    await insertCustomer(app.t, app.t.demo, {
      name: '明日客户',
      ownerUserId: app.sales1Id,
      contactNextTime: new Date(start.getTime() + 30 * 3_600_000),
    });
    const inbox = async (who: string) =>
      (
        (await app.get(who, '/api/my-notifilers?maxResultCount=50')).json().items as {
          name: string;
          data: { extraProperties: Record<string, unknown> };
        }[]
      ).filter((n) => n.name === CONTACT_REMINDER);

    // before 08:00 local time nobody is reminded yet
    await remindContacts(app.t.services, new Date(start.getTime() + 7 * 3_600_000));
    expect(await inbox(app.sales1)).toHaveLength(0);

    const now = new Date(start.getTime() + 9 * 3_600_000);
    const first = await remindContacts(app.t.services, now);
    expect(first.sent).toBeGreaterThanOrEqual(2);
    const mine = await inbox(app.sales1);
    expect(mine).toHaveLength(1);
    expect(mine[0].data.extraProperties.customerCount).toBe(2);
    expect(String(mine[0].data.extraProperties.message)).toContain('今日客户甲');
    expect(String(mine[0].data.extraProperties.message)).not.toContain('明日客户');
    expect(await inbox(app.sales2)).toHaveLength(1);

    // the same day again: nothing more
    expect((await remindContacts(app.t.services, now)).sent).toBe(0);
    expect(await inbox(app.sales1)).toHaveLength(1);
  });
});

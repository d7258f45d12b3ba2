import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { as, members } from '../../../../test/harness.ts';
import { useCrmApp } from '../test-support.ts';
import { crmCustomers, crmCustomerTags, crmTags } from './schema.ts';

/**
 * Customers over HTTP: create (owner = creator, CREATE record), the list with its scopes and
 * filters, the detail, edit, delete, dealt, transfer, the team, contacts, the duplicate check,
 * export and import; 403 for a user without the permission, 404 for another tenant's customer,
 * 400 naming the field, and the visibility rule: sales2 sees none of sales1's customers until
 * put on the team, reads as a read member and writes only as a write member.
 */

const app = useCrmApp();
const url = '/api/crm/customers';
const OTHER_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

async function tag(name: string, tenant = app.t.demo, scope = 'CUSTOMER') {
  return app.t.services.data.inTenant({ tenant }, async (tx) => {
    const [row] = await tx
      .insert(crmTags)
      .values({ tenantId: tenant.id, name, color: 'red', scope })
      .returning({ id: crmTags.id });
    return row!.id;
  });
}

async function create(who: string, body: object) {
  const res = await app.post(who, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('customers', { timeout: 60_000 }, () => {
  it('creates a customer owned by its creator, with tags and a CREATE record, and shows its detail', async () => {
    const vip = await tag('测试VIP');
    const c = await create(app.sales1, {
      name: '  深圳测试贸易有限公司 ',
      mobile: '13800001111',
      email: 'Buyer@Test-Trade.cn',
      country: 'cn',
      industry: 1,
      level: 1,
      source: 4,
      remark: '',
      tagIds: [vip],
    });
    expect(c).toMatchObject({
      name: '深圳测试贸易有限公司',
      country: 'CN',
      ownerUserId: app.sales1Id,
      ownerName: 'sales1',
      level: 1,
      remark: null,
      tags: [{ id: vip, name: '测试VIP', color: 'red' }],
      access: { write: true, owner: true },
      members: [],
      contacts: [],
    });
    expect(c.ownerRecords).toMatchObject([
      { kind: 'CREATE', fromUserId: null, toUserId: app.sales1Id, toName: 'sales1' },
    ]);
    const again = await app.get(app.sales1, `${url}/${c.id}`);
    expect(again.json()).toMatchObject({ id: c.id, ownerName: 'sales1', tags: [{ name: '测试VIP' }] });
  });

  it('refuses bad input naming the field (400)', async () => {
    const bad = await app.post(app.sales1, url, { name: '', mobile: 'abc', email: 'nope', level: 7, qq: '12' });
    expect(bad.statusCode).toBe(400);
    expect(members(bad).sort()).toEqual(['email', 'level', 'mobile', 'name', 'qq']);
    const badTag = await app.post(app.sales1, url, { name: 'x', tagIds: [OTHER_ID] });
    expect(members(badTag)).toEqual(['tagIds']);
    // a business tag is no customer tag; another tenant's tag does not exist here
    const biz = await tag('商机标签', app.t.demo, 'BUSINESS');
    const foreign = await tag('别家标签', app.t.other);
    expect(members(await app.post(app.sales1, url, { name: 'x', tagIds: [biz] }))).toEqual(['tagIds']);
    expect(members(await app.post(app.sales1, url, { name: 'x', tagIds: [foreign] }))).toEqual(['tagIds']);
    expect(members(await app.get(app.sales1, `${url}?sorting=evil`))).toEqual(['sorting']);
    expect(members(await app.get(app.sales1, `${url}?scope=everyone`))).toEqual(['scope']);
    expect(members(await app.get(app.sales1, `${url}?level=9`))).toEqual(['level']);
    expect(members(await app.get(app.sales1, `${url}?tagId=nope`))).toEqual(['tagId']);
    expect((await app.get(app.sales1, `${url}/not-a-guid`)).statusCode).toBe(400);
  });

  it('answers 403 to a user without the permission and 404 for another tenant', async () => {
    const c = await create(app.demoAdmin, { name: '权限测试客户' });
    for (const res of [
      await app.get(app.nobody, url),
      await app.get(app.nobody, `${url}/${c.id}`),
      await app.post(app.nobody, url, { name: 'x' }),
      await app.put(app.nobody, `${url}/${c.id}`, { name: 'x' }),
      await app.del(app.nobody, `${url}/${c.id}`),
      await app.post(app.nobody, `${url}/${c.id}/deal`),
      await app.post(app.nobody, `${url}/${c.id}/transfer`, { toUserId: app.sales1Id }),
      await app.post(app.nobody, `${url}/${c.id}/members`, { userId: app.sales1Id, level: 2 }),
      await app.get(app.nobody, `${url}/${c.id}/contacts`),
      await app.post(app.nobody, `${url}/${c.id}/contacts`, { name: 'x' }),
      await app.post(app.nobody, `${url}/duplicates`, { name: 'x' }),
      await app.get(app.nobody, `${url}/users`),
      await app.get(app.nobody, `${url}/export`),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
    }
    // sales1 has no Delete
    expect((await app.del(app.sales1, `${url}/${c.id}`)).statusCode).toBe(403);

    for (const res of [
      await app.get(app.otherAdmin, `${url}/${c.id}`),
      await app.put(app.otherAdmin, `${url}/${c.id}`, { name: 'x' }),
      await app.del(app.otherAdmin, `${url}/${c.id}`),
      await app.post(app.otherAdmin, `${url}/${c.id}/deal`),
      await app.post(app.otherAdmin, `${url}/${c.id}/transfer`, { toUserId: app.sales1Id }),
      await app.post(app.otherAdmin, `${url}/${c.id}/members`, { userId: app.sales1Id, level: 2 }),
      await app.get(app.otherAdmin, `${url}/${c.id}/contacts`),
      await app.post(app.otherAdmin, `${url}/${c.id}/contacts`, { name: 'x' }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    const list = (await app.get(app.otherAdmin, `${url}?filter=权限测试`)).json();
    expect(list.totalCount).toBe(0);
  });

  it("keeps sales1's customer from sales2 until sales2 is on its team: read, then write", async () => {
    const c = await create(app.sales1, { name: '团队测试客户', mobile: '13900002222' });
    const id = c.id;
    const edit = { name: '团队测试客户(改)', mobile: '13900002222' };
    expect((await app.get(app.sales2, `${url}/${id}`)).statusCode).toBe(404);
    expect((await app.put(app.sales2, `${url}/${id}`, edit)).statusCode).toBe(404);
    expect((await app.get(app.sales2, `${url}/${id}/contacts`)).statusCode).toBe(404);
    expect((await app.post(app.sales2, `${url}/${id}/contacts`, { name: '王五' })).statusCode).toBe(404);
    expect((await app.get(app.sales2, `${url}?filter=团队测试`)).json().totalCount).toBe(0);

    // only the owner manages the team; sales2 cannot add itself
    expect((await app.post(app.sales2, `${url}/${id}/members`, { userId: app.sales2Id, level: 3 })).statusCode).toBe(
      404,
    );
    const added = await app.post(app.sales1, `${url}/${id}/members`, { userId: app.sales2Id, level: 2 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().members).toMatchObject([{ userId: app.sales2Id, name: 'sales2', level: 2 }]);

    const read = await app.get(app.sales2, `${url}/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().access).toEqual({ write: false, owner: false });
    expect((await app.get(app.sales2, `${url}/${id}/contacts`)).statusCode).toBe(200);
    expect((await app.put(app.sales2, `${url}/${id}`, edit)).statusCode).toBe(403);
    expect((await app.post(app.sales2, `${url}/${id}/contacts`, { name: '王五' })).statusCode).toBe(403);
    expect((await app.post(app.sales2, `${url}/${id}/deal`)).statusCode).toBe(403);
    expect((await app.post(app.sales2, `${url}/${id}/members`, { userId: app.sales2Id, level: 3 })).statusCode).toBe(
      403,
    );
    const team = (await app.get(app.sales2, `${url}?scope=team`)).json();
    expect(team.items.map((r: { id: string }) => r.id)).toContain(id);
    expect(
      (await app.get(app.sales2, `${url}?scope=mine`)).json().items.map((r: { id: string }) => r.id),
    ).not.toContain(id);

    const write = await app.put(app.sales1, `${url}/${id}/members/${app.sales2Id}`, { level: 3 });
    expect(write.statusCode, write.body).toBe(200);
    const updated = await app.put(app.sales2, `${url}/${id}`, edit);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: '团队测试客户(改)', access: { write: true, owner: false } });
    expect((await app.post(app.sales2, `${url}/${id}/contacts`, { name: '王五' })).statusCode).toBe(200);
    // a write member is still no owner: no transfer, no team changes
    expect((await app.post(app.sales2, `${url}/${id}/transfer`, { toUserId: app.sales2Id })).statusCode).toBe(403);

    // team input refused by field; an unknown member is a 404
    expect(members(await app.post(app.sales1, `${url}/${id}/members`, { userId: app.sales1Id, level: 2 }))).toEqual([
      'userId',
    ]);
    expect(members(await app.post(app.sales1, `${url}/${id}/members`, { userId: OTHER_ID, level: 2 }))).toEqual([
      'userId',
    ]);
    expect(members(await app.post(app.sales1, `${url}/${id}/members`, { userId: app.sales2Id, level: 1 }))).toEqual([
      'level',
    ]);
    expect((await app.put(app.sales1, `${url}/${id}/members/${OTHER_ID}`, { level: 2 })).statusCode).toBe(404);

    const removed = await app.del(app.sales1, `${url}/${id}/members/${app.sales2Id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().members).toEqual([]);
    expect((await app.get(app.sales2, `${url}/${id}`)).statusCode).toBe(404);
    expect((await app.del(app.sales1, `${url}/${id}/members/${app.sales2Id}`)).statusCode).toBe(404);
  });

  it('edits with the concurrency stamp (409 when stale), marks dealt and not dealt, deletes', async () => {
    const c = await create(app.sales1, { name: '编辑测试客户', level: 2 });
    const ok = await app.put(app.sales1, `${url}/${c.id}`, {
      name: '编辑测试客户',
      level: 3,
      wechat: 'wx_edit',
      concurrencyStamp: c.concurrencyStamp,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ level: 3, wechat: 'wx_edit' });
    const stale = await app.put(app.sales1, `${url}/${c.id}`, { name: 'x', concurrencyStamp: c.concurrencyStamp });
    expect(stale.statusCode).toBe(409);
    expect(members(await app.put(app.sales1, `${url}/${c.id}`, { name: 'x', country: 'CHN' }))).toEqual(['country']);

    const dealt = await app.post(app.sales1, `${url}/${c.id}/deal`);
    expect(dealt.statusCode, dealt.body).toBe(200);
    expect(dealt.json().dealStatus).toBe(true);
    expect((await app.get(app.sales1, `${url}?filter=编辑测试&dealStatus=true`)).json().totalCount).toBe(1);
    expect((await app.post(app.sales1, `${url}/${c.id}/undeal`)).json().dealStatus).toBe(false);

    const gone = await app.del(app.demoAdmin, `${url}/${c.id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await app.get(app.sales1, `${url}/${c.id}`)).statusCode).toBe(404);
    expect((await app.del(app.demoAdmin, `${url}/${c.id}`)).statusCode).toBe(404);
  });

  it('transfers to another user, keeping the old owner on the team when asked, with a TRANSFER record', async () => {
    const c = await create(app.sales1, { name: '转移测试客户' });
    expect(members(await app.post(app.sales1, `${url}/${c.id}/transfer`, { toUserId: app.sales1Id }))).toEqual([
      'toUserId',
    ]);
    expect(members(await app.post(app.sales1, `${url}/${c.id}/transfer`, { toUserId: OTHER_ID }))).toEqual([
      'toUserId',
    ]);
    expect(members(await app.post(app.sales1, `${url}/${c.id}/transfer`, { toUserId: 'x' }))).toEqual(['toUserId']);
    const res = await app.post(app.sales1, `${url}/${c.id}/transfer`, {
      toUserId: app.sales2Id,
      keepOldOwnerLevel: 2,
      reason: '区域调整',
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({ ownerUserId: app.sales2Id, ownerName: 'sales2', access: { write: false, owner: false } });
    expect(d.members).toMatchObject([{ userId: app.sales1Id, level: 2 }]);
    expect(d.ownerRecords[0]).toMatchObject({
      kind: 'TRANSFER',
      fromName: 'sales1',
      toName: 'sales2',
      byName: 'sales1',
      reason: '区域调整',
    });
    // sales1 now only reads it; sales2 owns it and may hand it back, dropping sales1 from the team
    expect((await app.put(app.sales1, `${url}/${c.id}`, { name: 'x' })).statusCode).toBe(403);
    const back = await app.post(app.sales2, `${url}/${c.id}/transfer`, { toUserId: app.sales1Id });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ ownerUserId: app.sales1Id, members: [] });
    expect((await app.get(app.sales2, `${url}/${c.id}`)).statusCode).toBe(404);
  });

  it('keeps contacts of a customer', async () => {
    const c = await create(app.sales1, { name: '联系人测试客户' });
    const bad = await app.post(app.sales1, `${url}/${c.id}/contacts`, { name: '', email: 'x', sex: 5 });
    expect(members(bad).sort()).toEqual(['email', 'name', 'sex']);
    const made = await app.post(app.sales1, `${url}/${c.id}/contacts`, {
      name: '李雷',
      post: '采购经理',
      master: true,
      sex: 1,
      mobile: '13700003333',
    });
    expect(made.statusCode, made.body).toBe(200);
    const contact = made.json();
    expect(contact).toMatchObject({ customerId: c.id, name: '李雷', master: true, post: '采购经理' });
    const edited = await app.put(app.sales1, `${url}/${c.id}/contacts/${contact.id}`, {
      name: '李雷',
      post: '总经理',
      concurrencyStamp: contact.concurrencyStamp,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ post: '总经理', master: false });
    const list = await app.get(app.sales1, `${url}/${c.id}/contacts`);
    expect(list.json().items).toMatchObject([{ id: contact.id, post: '总经理' }]);
    expect((await app.get(app.sales1, `${url}/${c.id}`)).json().contacts).toHaveLength(1);

    // a contact of another customer is not this one's
    const other = await create(app.sales1, { name: '联系人测试客户二' });
    expect((await app.put(app.sales1, `${url}/${other.id}/contacts/${contact.id}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await app.del(app.sales1, `${url}/${other.id}/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await app.del(app.sales1, `${url}/${c.id}/contacts/${contact.id}`)).statusCode).toBe(204);
    expect((await app.get(app.sales1, `${url}/${c.id}/contacts`)).json().items).toEqual([]);
  });

  it('lists by scope and filters, sorted and paged', async () => {
    const t1 = await tag('筛选标签');
    const a = await create(app.sales2, { name: '筛选客户A', level: 1, source: 2, industry: 3, tagIds: [t1] });
    const b = await create(app.sales2, { name: '筛选客户B', level: 2, source: 2, email: 'filter-b@x.cn' });
    await create(app.sales1, { name: '筛选客户丙', level: 1, tagIds: [t1] });
    const ids = (res: { json(): { items: { id: string }[] } }) => res.json().items.map((r) => r.id);

    const mine = await app.get(app.sales2, `${url}?scope=mine&filter=筛选客户&sorting=name asc`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ totalCount: 2 });
    expect(ids(mine)).toEqual([a.id, b.id]);
    expect(mine.json().items[0]).toMatchObject({ ownerName: 'sales2', tags: [{ name: '筛选标签' }] });
    expect(ids(await app.get(app.sales2, `${url}?filter=filter-b`))).toEqual([b.id]);
    expect(ids(await app.get(app.sales2, `${url}?filter=筛选客户B`))).toEqual([b.id]);
    expect(ids(await app.get(app.sales2, `${url}?tagId=${t1}`))).toEqual([a.id]);
    // the tag filter follows an edit that replaces the tags
    const t2 = await tag('筛选标签二');
    const retagged = await app.put(app.sales2, `${url}/${a.id}`, {
      name: '筛选客户A',
      level: 1,
      source: 2,
      industry: 3,
      tagIds: [t2],
    });
    expect(retagged.statusCode, retagged.body).toBe(200);
    expect(ids(await app.get(app.sales2, `${url}?tagId=${t1}`))).toEqual([]);
    expect(ids(await app.get(app.sales2, `${url}?tagId=${t2}`))).toEqual([a.id]);
    await app.put(app.sales2, `${url}/${a.id}`, { name: '筛选客户A', level: 1, source: 2, industry: 3, tagIds: [t1] });
    expect(ids(await app.get(app.sales2, `${url}?filter=筛选客户&level=2`))).toEqual([b.id]);
    expect(ids(await app.get(app.sales2, `${url}?industry=3&filter=筛选`))).toEqual([a.id]);
    expect((await app.get(app.sales2, `${url}?filter=筛选客户&source=2`)).json().totalCount).toBe(2);
    expect((await app.get(app.sales2, `${url}?filter=筛选客户&lockStatus=true`)).json().totalCount).toBe(0);
    expect((await app.get(app.sales2, `${url}?filter=筛选客户&followUpStatus=false`)).json().totalCount).toBe(2);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await app.get(app.sales2, `${url}?filter=筛选客户&createdFrom=${future}`)).json().totalCount).toBe(0);
    expect((await app.get(app.sales2, `${url}?filter=筛选客户&createdTo=${future}`)).json().totalCount).toBe(2);
    const paged = await app.get(app.sales2, `${url}?filter=筛选客户&sorting=name desc&skipCount=1&maxResultCount=1`);
    expect(paged.json()).toMatchObject({ totalCount: 2 });
    expect(ids(paged)).toEqual([a.id]);

    // the admin (everyone's customers) sees all three, by owner and by tag
    const all = await app.get(app.demoAdmin, `${url}?scope=all&filter=筛选客户`);
    expect(all.json().totalCount).toBe(3);
    expect(ids(await app.get(app.demoAdmin, `${url}?ownerUserId=${app.sales2Id}&tagId=${t1}`))).toEqual([a.id]);
    // the seeded demo customers of the salesmen are there too, pool customers are not
    const seeded = (await app.get(app.demoAdmin, `${url}?maxResultCount=100`)).json();
    expect(seeded.items.every((r: { ownerUserId: string | null }) => r.ownerUserId !== null)).toBe(true);
    expect(seeded.items.some((r: { ownerName: string }) => r.ownerName === 'Zhang Wei')).toBe(true);
    // sorted by owner time; bad input names its member
    expect((await app.get(app.sales2, `${url}?filter=筛选客户&sorting=ownerTime desc`)).json().totalCount).toBe(2);
    expect(members(await app.get(app.sales2, `${url}?sorting=evil`))).toEqual(['sorting']);
    expect(members(await app.get(app.sales2, `${url}?level=9`))).toEqual(['level']);
    expect(members(await app.get(app.sales2, `${url}?scope=everyone`))).toEqual(['scope']);
    expect(members(await app.get(app.sales2, `${url}?createdFrom=yesterday`))).toEqual(['createdFrom']);
  });

  it('counts a full page by tag (and owner) from the link rows, as the rows say, after transfers and deletes', async () => {
    const t = await tag('计数标签');
    const made = [];
    for (const [who, name] of [
      [app.sales2, '计数客户1'],
      [app.sales2, '计数客户2'],
      [app.sales2, '计数客户3'],
      [app.sales1, '计数客户4'],
    ] as const)
      made.push(await create(who, { name, tagIds: [t] }));
    const total = async (query: string) => {
      const res = await app.get(app.demoAdmin, `${url}?${query}&maxResultCount=1`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().totalCount as number;
    };
    // each against the rows themselves (a search is not answered by the link rows)
    const both = async (query: string) => [await total(query), await total(`${query}&filter=计数客户`)];
    expect(await both(`tagId=${t}`)).toEqual([4, 4]);
    expect(await both(`tagId=${t}&ownerUserId=${app.sales2Id}`)).toEqual([3, 3]);
    expect(await total(`tagId=${t}&scope=mine`)).toBe(0);
    await app.post(app.sales2, `${url}/${made[0].id}/transfer`, { toUserId: app.sales1Id });
    expect(await both(`tagId=${t}&ownerUserId=${app.sales2Id}`)).toEqual([2, 2]);
    expect(await both(`tagId=${t}&ownerUserId=${app.sales1Id}`)).toEqual([2, 2]);
    expect((await app.del(app.demoAdmin, `${url}/${made[1].id}`)).statusCode).toBe(204);
    expect(await both(`tagId=${t}`)).toEqual([3, 3]);
    expect(await both(`tagId=${t}&ownerUserId=${app.sales2Id}`)).toEqual([1, 1]);
    // a salesman sees only their own: the rows are counted
    expect((await app.get(app.sales1, `${url}?tagId=${t}&maxResultCount=1`)).json().totalCount).toBe(2);
  });

  it('lists a tag of many customers by walking the sort index, the same customers as the rows say', async () => {
    const t = await tag('常用标签');
    // 520 customers of sales2 with the tag, written directly (the API would take minutes)
    await app.t.services.data.inTenant({ tenant: app.t.demo }, async (tx) => {
      const rows = await tx
        .insert(crmCustomers)
        .values(
          Array.from({ length: 520 }, (_, i) => ({
            tenantId: app.t.demo.id,
            name: `常用客户${String(i).padStart(3, '0')}`,
            ownerUserId: app.sales2Id,
            ownerTime: new Date(),
            tagIds: [t],
          })),
        )
        .returning({ id: crmCustomers.id });
      await tx
        .insert(crmCustomerTags)
        .values(rows.map((r) => ({ tenantId: app.t.demo.id, customerId: r.id, tagId: t })));
    });
    const page = (await app.get(app.demoAdmin, `${url}?tagId=${t}&sorting=name desc&maxResultCount=3`)).json();
    expect(page.totalCount).toBe(520);
    expect(page.items.map((c: { name: string }) => c.name)).toEqual(['常用客户519', '常用客户518', '常用客户517']);
    const byOwner = (
      await app.get(app.demoAdmin, `${url}?tagId=${t}&ownerUserId=${app.sales2Id}&maxResultCount=2`)
    ).json();
    expect(byOwner.totalCount).toBe(520);
    expect(byOwner.items.every((c: { tags: { name: string }[] }) => c.tags.some((g) => g.name === '常用标签'))).toBe(
      true,
    );
    expect((await app.get(app.demoAdmin, `${url}?tagId=${t}&ownerUserId=${app.sales1Id}`)).json().totalCount).toBe(0);
  });

  it('finds duplicates by name, mobile or e-mail, telling nothing of customers the caller cannot see', async () => {
    const mine = await create(app.sales1, { name: '查重客户', mobile: '13600004444', email: 'dup@x.cn' });
    const theirs = await create(app.sales2, { name: '别人的查重客户', mobile: '13600005555', email: 'DUP2@x.cn' });
    const res = await app.post(app.sales1, `${url}/duplicates`, {
      name: '查重客户',
      mobile: '13600005555',
      email: 'dup2@X.cn',
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items;
    expect(items).toHaveLength(2);
    expect(items).toContainEqual({
      visible: true,
      id: mine.id,
      name: '查重客户',
      mobile: '13600004444',
      email: 'dup@x.cn',
      matchedOn: ['name'],
      ownerName: 'sales1',
      inPool: false,
    });
    expect(items).toContainEqual({
      visible: false,
      id: null,
      name: null,
      mobile: null,
      email: null,
      matchedOn: ['mobile', 'email'],
      ownerName: 'sales2',
      inPool: false,
    });
    // editing itself is no duplicate; the admin sees both
    const self = await app.post(app.sales1, `${url}/duplicates`, { name: '查重客户', excludeId: mine.id });
    expect(self.json().items).toEqual([]);
    const admin = await app.post(app.demoAdmin, `${url}/duplicates`, { mobile: '13600005555' });
    expect(admin.json().items).toMatchObject([{ visible: true, id: theirs.id }]);
    expect((await app.post(app.otherAdmin, `${url}/duplicates`, { name: '查重客户' })).json().items).toEqual([]);
    expect(members(await app.post(app.sales1, `${url}/duplicates`, {}))).toEqual(['name']);
    expect(members(await app.post(app.sales1, `${url}/duplicates`, { name: 'x', excludeId: 'y' }))).toEqual([
      'excludeId',
    ]);
  });

  it('offers the tenant customer tags to pick', async () => {
    await tag('选项标签');
    const res = await app.get(app.sales1, `${url}/tags`);
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json().items.map((g: { name: string }) => g.name);
    expect(names).toContain('选项标签');
    expect(names).not.toContain('商机标签');
    expect(
      (await app.get(app.otherAdmin, `${url}/tags`)).json().items.map((g: { name: string }) => g.name),
    ).not.toContain('选项标签');
    expect((await app.get(app.nobody, `${url}/tags`)).statusCode).toBe(403);
  });

  it('offers the tenant users to pick', async () => {
    const res = await app.get(app.sales1, `${url}/users?filter=sales`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((u: { userName: string }) => u.userName)).toEqual(['sales1', 'sales2']);
    expect((await app.get(app.otherAdmin, `${url}/users?filter=sales`)).json().items).toEqual([]);
  });

  it('exports the list as Excel with the filters applied', async () => {
    await create(app.sales1, { name: '导出测试客户', level: 1, industry: 2 });
    const res = await as(app.t.app, app.sales1, 'zh-Hans')({ method: 'GET', url: `${url}/export?filter=导出测试` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('客户名称');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('导出测试客户');
    expect(sheet.getRow(2).getCell(6).value).toBe('零售');
    expect(sheet.getRow(2).getCell(7).value).toBe('A 重点客户');
    expect(sheet.getRow(2).getCell(10).value).toBe('sales1');
    expect(members(await app.get(app.sales1, `${url}/export?sorting=evil`))).toEqual(['sorting']);
  });
});

async function workbook(rows: unknown[][], headers: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('客户');
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(who: string, content: Buffer, culture = 'zh-Hans') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), 'customers.xlsx');
  return as(app.t.app, who, culture)({ method: 'POST', url: `${url}/import`, payload: form });
}

describe('customer import', { timeout: 60_000 }, () => {
  const HEADERS = ['客户名称', '手机', '邮箱', '国家/地区', '所属行业', '客户级别', '客户来源', '标签'];

  it('imports every row of a good sheet, owned by the importer with CREATE records', async () => {
    await tag('导入标签');
    const res = await upload(
      app.sales1,
      await workbook(
        [
          ['导入客户一', '13500006666', 'imp1@x.cn', 'cn', '零售', 'A', '转介绍', '导入标签'],
          ['Import Customer Two', '+60 123456789', '', 'MY', 'Retail', 'C (not a priority)', 7, ''],
        ],
        HEADERS,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 2, errors: [] });
    const list = (await app.get(app.sales1, `${url}?scope=mine&filter=imp&sorting=name asc`)).json();
    const one = (await app.get(app.sales1, `${url}?filter=导入客户一`)).json().items[0];
    expect(one).toMatchObject({ industry: 2, level: 1, source: 4, country: 'CN', tags: [{ name: '导入标签' }] });
    expect(list.items.map((r: { name: string }) => r.name)).toContain('Import Customer Two');
    const detail = (await app.get(app.sales1, `${url}/${one.id}`)).json();
    expect(detail.ownerRecords).toMatchObject([{ kind: 'CREATE', toUserId: app.sales1Id }]);
  });

  it('writes nothing when a row is wrong and names each bad row and field', async () => {
    const res = await upload(
      app.sales1,
      await workbook(
        [
          ['导入好客户', '13500007777', '', '', '', 'B', '', ''],
          ['', '13500008888', 'bad-email', '', '不存在的行业', '', '', ''],
          ['导入坏客户', 'abc', '', 'CHN', '', 'Z', '', '没有的标签'],
        ],
        HEADERS,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.created).toBe(0);
    expect(report.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [3, 'name'],
      [3, 'email'],
      [3, 'industry'],
      [4, 'tags'],
      [4, 'mobile'],
      [4, 'country'],
      [4, 'level'],
    ]);
    expect(report.errors[0]).toMatchObject({ column: '客户名称', message: '字段 客户名称 不可为空。' });
    expect(report.errors[2].message).toBe('请选择给出的选项之一。');
    expect(report.errors[3].message).toBe('没有名为 没有的标签 的客户标签。');
    expect((await app.get(app.sales1, `${url}?filter=导入好客户`)).json().totalCount).toBe(0);
  });

  it('reports a missing name column, an empty sheet, a file that is not a workbook; 403 without the permission', async () => {
    const noName = await upload(app.sales1, await workbook([['13500009999']], ['手机']), 'en');
    expect(noName.json()).toMatchObject({ created: 0, errors: [{ row: 1, field: 'name', column: 'Customer name' }] });
    const empty = await upload(app.sales1, await workbook([], HEADERS));
    expect(empty.json()).toMatchObject({ created: 0, errors: [{ row: 0, field: 'file' }] });
    const junk = await upload(app.sales1, Buffer.from('not a workbook'));
    expect(junk.json()).toMatchObject({ created: 0, errors: [{ field: 'file' }] });
    expect((await upload(app.nobody, await workbook([['x']], HEADERS))).statusCode).toBe(403);
    const template = await app.get(app.sales1, `${url}/import-template`);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
  });
});

import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { catalogProducts } from '../../catalog/index.ts';
import { crmCustomers } from '../customers/schema.ts';
import { insertCustomer, useCrmApp } from '../test-support.ts';
import { seedDemo } from './seed.ts';

/**
 * Businesses over HTTP: the default stage group made on first use, create with totals worked out
 * exactly on the server, list with filters, the kanban and the funnel, the move between stages
 * (409 once closed), win / lose / invalid (winning marks the customer dealt), edit, delete, the
 * export; stage groups (create, replace, refuse deleting one in use); 403 for a user without the
 * permission, 404 for another tenant's id and for a salesman outside the customer's team, 400
 * naming the field.
 */

const app = useCrmApp();
const url = '/api/crm/businesses';
const stagesUrl = '/api/crm/business-status-types';

let customer1 = '';
let customer2 = '';
let productIds: string[] = [];
let stages: Array<{ id: string; name: string; displayName: string; percent: number }> = [];
let groupId = '';

beforeAll(async () => {
  customer1 = await insertCustomer(app.t, app.t.demo, { name: 'BIZ 客户一', ownerUserId: app.sales1Id });
  customer2 = await insertCustomer(app.t, app.t.demo, { name: 'BIZ 客户二', ownerUserId: app.sales2Id });
  const rows = await app.t.services.data.inTenant({ tenant: app.t.demo }, (tx) =>
    tx.select({ id: catalogProducts.id }).from(catalogProducts).orderBy(asc(catalogProducts.sku)).limit(3),
  );
  productIds = rows.map((r) => r.id);
  const res = await app.get(app.sales1, stagesUrl);
  expect(res.statusCode, res.body).toBe(200);
  const group = res.json().items[0];
  groupId = group.id;
  stages = group.statuses;
});

const input = (extra: object = {}) => ({
  customerId: customer1,
  name: '年度采购',
  currency: 'cny',
  discountPercent: '12.5',
  products: [
    { productId: productIds[0], businessPrice: '10.33', count: 3 },
    { productId: productIds[1], businessPrice: '0.07', count: 1 },
  ],
  ...extra,
});

describe('stage groups', () => {
  it('gives every tenant the standard process, named in the reader’s language', async () => {
    expect(stages.map((s) => [s.name, s.percent])).toEqual([
      ['初步接触', 10],
      ['需求分析', 20],
      ['方案制定', 30],
      ['商务谈判', 60],
      ['合同签订', 80],
    ]);
    const other = (await app.get(app.otherAdmin, stagesUrl)).json();
    expect(other.items).toHaveLength(1);
    expect(other.items[0].id).not.toBe(groupId);
    const en = await app.t.app.inject({
      method: 'GET',
      url: stagesUrl,
      headers: { authorization: `Bearer ${app.demoAdmin}`, 'accept-language': 'zh-Hans' },
    });
    expect(en.json().items[0].statuses.map((s: { displayName: string }) => s.displayName)).toEqual([
      '初步接触',
      '需求分析',
      '方案制定',
      '商务谈判',
      '合同签订',
    ]);
    expect(stages.map((s) => s.displayName)).toEqual([
      'First contact',
      'Needs analysis',
      'Proposal',
      'Negotiation',
      'Contract',
    ]);
  });

  it('creates, replaces and deletes a group; refuses deleting one in use; needs Stages', async () => {
    const body = {
      name: '渠道流程',
      statuses: [
        { name: '意向', percent: 10 },
        { name: '签约', percent: 90 },
      ],
    };
    expect((await app.post(app.sales1, stagesUrl, body)).statusCode).toBe(403);
    expect((await app.get(app.nobody, stagesUrl)).statusCode).toBe(403);
    const bad = await app.post(app.demoAdmin, stagesUrl, { name: '', statuses: [{ name: 'x', percent: 101 }] });
    expect(bad.statusCode).toBe(400);
    expect(members(bad).sort()).toEqual(['name', 'statuses.0.percent']);
    const created = await app.post(app.demoAdmin, stagesUrl, body);
    expect(created.statusCode, created.body).toBe(200);
    const g = created.json();
    expect(g.statuses.map((s: { name: string }) => s.name)).toEqual(['意向', '签约']);
    const replaced = await app.put(app.demoAdmin, `${stagesUrl}/${g.id}`, {
      name: '渠道流程',
      statuses: [
        { id: g.statuses[1].id, name: '签约', percent: 95 },
        { name: '回款', percent: 100 },
      ],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().statuses.map((s: { name: string; percent: number }) => `${s.name}${s.percent}`)).toEqual([
      '签约95',
      '回款100',
    ]);
    expect((await app.put(app.otherAdmin, `${stagesUrl}/${g.id}`, body)).statusCode).toBe(404);
    // in use
    const b = await app.post(app.demoAdmin, url, input({ statusTypeId: g.id, products: [] }));
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().statusId).toBe(g.statuses[1].id);
    const del = await app.del(app.demoAdmin, `${stagesUrl}/${g.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('Businesses are in this stage group or stage: move them first.');
    expect((await app.del(app.demoAdmin, `${url}/${b.json().id}`)).statusCode).toBe(204);
    expect((await app.del(app.demoAdmin, `${stagesUrl}/${g.id}`)).statusCode).toBe(204);
  });
});

describe('businesses', () => {
  it('seeds demo businesses over every stage and end, once', async () => {
    await seedDemo(app.t.services, app.t.demo);
    const all = async () =>
      (await app.get(app.demoAdmin, `${url}?maxResultCount=1000`)).json().items as Array<{
        statusId: string;
        endStatus: number | null;
      }>;
    const seeded = await all();
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    const open = new Set(seeded.filter((b) => b.endStatus === null).map((b) => b.statusId));
    expect(stages.every((s) => open.has(s.id))).toBe(true);
    expect(new Set(seeded.map((b) => b.endStatus))).toEqual(new Set([null, 1, 2, 3]));
    await seedDemo(app.t.services, app.t.demo);
    expect(await all()).toHaveLength(seeded.length);
  });

  it('creates one with the totals worked out exactly: 3 × 10.33 + 0.07 = 31.06, less 12.5 % = 27.18 (half up)', async () => {
    const res = await app.post(app.sales1, url, input());
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({
      name: '年度采购',
      customerId: customer1,
      customerName: 'BIZ 客户一',
      ownerUserId: app.sales1Id,
      currency: 'CNY',
      statusTypeId: groupId,
      statusId: stages[0]!.id,
      statusName: 'First contact',
      percent: 10,
      endStatus: null,
      totalProductPrice: '31.06',
      discountPercent: '12.50',
      totalPrice: '27.18',
      canEdit: true,
    });
    expect(
      b.products.map((p: { businessPrice: string; count: number; totalPrice: string }) => [
        p.businessPrice,
        p.count,
        p.totalPrice,
      ]),
    ).toEqual([
      ['10.33', 3, '30.99'],
      ['0.07', 1, '0.07'],
    ]);
    expect(b.products[0].productSku).toBeTruthy();
    // without products: the given amount less the discount
    const plain = await app.post(
      app.sales1,
      url,
      input({ products: [], totalProductPrice: '1000.01', discountPercent: '33.33' }),
    );
    expect(plain.json()).toMatchObject({ totalProductPrice: '1000.01', totalPrice: '666.71' });
  });

  it('refuses bad input naming the field', async () => {
    const bad = await app.post(app.sales1, url, input({ name: '', currency: 'yuan', discountPercent: '100.5' }));
    expect(bad.statusCode).toBe(400);
    expect(members(bad).sort()).toEqual(['currency', 'discountPercent', 'name']);
    const money = await app.post(
      app.sales1,
      url,
      input({ products: [{ productId: productIds[0], businessPrice: '1.234', count: 0 }] }),
    );
    expect(members(money).sort()).toEqual(['products.0.businessPrice', 'products.0.count']);
    const product = await app.post(
      app.sales1,
      url,
      input({ products: [{ productId: '00000000-0000-4000-8000-000000000000', businessPrice: '1', count: 1 }] }),
    );
    expect(product.statusCode).toBe(400);
    expect(members(product)).toEqual(['products.0.productId']);
    const stage = await app.post(app.sales1, url, input({ statusId: '00000000-0000-4000-8000-000000000000' }));
    expect(members(stage)).toEqual(['statusId']);
    const owner = await app.post(app.sales1, url, input({ ownerUserId: '00000000-0000-4000-8000-000000000000' }));
    expect(members(owner)).toEqual(['ownerUserId']);
  });

  it('lets only who sees the customer see and change its businesses', async () => {
    const b = (await app.post(app.sales1, url, input({ name: '只属于一号' }))).json();
    expect((await app.get(app.nobody, url)).statusCode).toBe(403);
    expect((await app.post(app.nobody, url, input())).statusCode).toBe(403);
    expect((await app.get(app.sales2, `${url}/${b.id}`)).statusCode).toBe(404);
    expect((await app.put(app.sales2, `${url}/${b.id}`, input())).statusCode).toBe(404);
    expect((await app.put(app.sales2, `${url}/${b.id}/stage`, { statusId: stages[1]!.id })).statusCode).toBe(404);
    expect((await app.post(app.sales2, `${url}/${b.id}/close`, { endStatus: 2 })).statusCode).toBe(404);
    expect((await app.post(app.sales2, url, input())).statusCode).toBe(404);
    expect((await app.get(app.otherAdmin, `${url}/${b.id}`)).statusCode).toBe(404);
    expect((await app.del(app.otherAdmin, `${url}/${b.id}`)).statusCode).toBe(404);
    const list2 = (await app.get(app.sales2, `${url}?maxResultCount=1000`)).json();
    expect(list2.items.some((x: { id: string }) => x.id === b.id)).toBe(false);
    const board2 = (await app.get(app.sales2, `${url}/board`)).json();
    expect(
      board2.columns.flatMap((c: { items: { id: string }[] }) => c.items).some((x: { id: string }) => x.id === b.id),
    ).toBe(false);
    // the admin sees everyone's
    expect((await app.get(app.demoAdmin, `${url}/${b.id}`)).statusCode).toBe(200);
    // salesman 2 on the customer's team (read) sees it, cannot change it
    await app.t.services.data.inTenant({ tenant: app.t.demo }, (tx) =>
      tx.execute(
        `insert into crm_customer_members (tenant_id, customer_id, user_id, level) values ('${app.t.demo.id}', '${customer1}', '${app.sales2Id}', 2)` as never,
      ),
    );
    const seen = await app.get(app.sales2, `${url}/${b.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().canEdit).toBe(false);
    expect((await app.put(app.sales2, `${url}/${b.id}/stage`, { statusId: stages[1]!.id })).statusCode).toBe(403);
    await app.t.services.data.inTenant({ tenant: app.t.demo }, (tx) =>
      tx.execute(`delete from crm_customer_members where user_id = '${app.sales2Id}'` as never),
    );
  });

  it('lists with filters, sorting and paging, and exports', async () => {
    const c = await insertCustomer(app.t, app.t.demo, { name: 'BIZ 列表客户', ownerUserId: app.sales1Id });
    await app.post(app.sales1, url, input({ customerId: c, name: 'L-甲', products: [], totalProductPrice: '300' }));
    await app.post(
      app.sales1,
      url,
      input({ customerId: c, name: 'L-乙', products: [], totalProductPrice: '100', statusId: stages[2]!.id }),
    );
    const list = await app.get(app.sales1, `${url}?customerId=${c}&sorting=totalPrice asc&maxResultCount=1`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      totalCount: 2,
      items: [{ name: 'L-乙', statusName: 'Proposal', percent: 30 }],
    });
    const byStage = (await app.get(app.sales1, `${url}?customerId=${c}&statusId=${stages[2]!.id}`)).json();
    expect(byStage.items.map((x: { name: string }) => x.name)).toEqual(['L-乙']);
    const byName = (await app.get(app.sales1, `${url}?filter=${encodeURIComponent('列表客户')}`)).json();
    expect(byName.totalCount).toBe(2);
    const open = (await app.get(app.sales1, `${url}?customerId=${c}&endStatus=0&ownerUserId=${app.sales1Id}`)).json();
    expect(open.totalCount).toBe(2);
    expect(members(await app.get(app.sales1, `${url}?sorting=password`))).toEqual(['sorting']);
    expect(members(await app.get(app.sales1, `${url}?endStatus=7`))).toEqual(['endStatus']);
    const xlsx = await app.get(app.sales1, `${url}/export?customerId=${c}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((await app.get(app.nobody, `${url}/export`)).statusCode).toBe(403);
  });

  it('moves between stages, refuses a stage of another group, and cannot move once closed', async () => {
    const b = (await app.post(app.sales1, url, input({ name: '推进中' }))).json();
    const moved = await app.put(app.sales1, `${url}/${b.id}/stage`, { statusId: stages[3]!.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ statusId: stages[3]!.id, statusName: 'Negotiation', percent: 60 });
    const other = (await app.get(app.otherAdmin, stagesUrl)).json().items[0].statuses[0].id;
    const wrong = await app.put(app.sales1, `${url}/${b.id}/stage`, { statusId: other });
    expect(wrong.statusCode).toBe(400);
    expect(members(wrong)).toEqual(['statusId']);
    expect(members(await app.put(app.sales1, `${url}/${b.id}/stage`, { statusId: 'x' }))).toEqual(['statusId']);
    expect((await app.put(app.nobody, `${url}/${b.id}/stage`, { statusId: stages[1]!.id })).statusCode).toBe(403);
    const lost = await app.post(app.sales1, `${url}/${b.id}/close`, { endStatus: 2, endRemark: '价格太高' });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json()).toMatchObject({ endStatus: 2, endRemark: '价格太高', percent: 0 });
    const refused = await app.put(app.sales1, `${url}/${b.id}/stage`, { statusId: stages[4]!.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This business is closed (won, lost or invalid): it can no longer change.',
    );
    expect((await app.post(app.sales1, `${url}/${b.id}/close`, { endStatus: 1 })).statusCode).toBe(409);
    expect((await app.put(app.sales1, `${url}/${b.id}`, input())).statusCode).toBe(409);
  });

  it('winning marks the customer dealt; lose and invalid do not', async () => {
    const c = await insertCustomer(app.t, app.t.demo, { name: 'BIZ 成交客户', ownerUserId: app.sales1Id });
    const dealt = async () => {
      const [row] = await app.t.services.data.inTenant({ tenant: app.t.demo }, (tx) =>
        tx.select({ d: crmCustomers.dealStatus }).from(crmCustomers).where(eq(crmCustomers.id, c)),
      );
      return row!.d;
    };
    const a = (await app.post(app.sales1, url, input({ customerId: c }))).json();
    const b = (await app.post(app.sales1, url, input({ customerId: c }))).json();
    expect(members(await app.post(app.sales1, `${url}/${a.id}/close`, { endStatus: 4 }))).toEqual(['endStatus']);
    expect((await app.post(app.nobody, `${url}/${a.id}/close`, { endStatus: 1 })).statusCode).toBe(403);
    expect((await app.post(app.sales1, `${url}/${a.id}/close`, { endStatus: 3, endRemark: '重复' })).statusCode).toBe(
      200,
    );
    expect(await dealt()).toBe(false);
    const won = await app.post(app.sales1, `${url}/${b.id}/close`, { endStatus: 1, endRemark: '签约' });
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json()).toMatchObject({ endStatus: 1, percent: 100 });
    expect(won.json().endTime).toBeTruthy();
    expect(await dealt()).toBe(true);
  });

  it('shows the kanban per stage with counts and amounts, and the funnel with the win rate', async () => {
    const c = await insertCustomer(app.t, app.t.demo, { name: 'BIZ 看板客户', ownerUserId: app.sales2Id });
    const make = async (statusId: string, amount: string, currency = 'CNY') =>
      (
        await app.post(
          app.sales2,
          url,
          input({ customerId: c, statusId, products: [], totalProductPrice: amount, discountPercent: '0', currency }),
        )
      ).json();
    await make(stages[0]!.id, '100.10');
    await make(stages[0]!.id, '0.20');
    await make(stages[0]!.id, '5', 'USD');
    const w = await make(stages[1]!.id, '50');
    const l = await make(stages[1]!.id, '70');
    await app.post(app.sales2, `${url}/${w.id}/close`, { endStatus: 1 });
    await app.post(app.sales2, `${url}/${l.id}/close`, { endStatus: 2 });
    const board = await app.get(app.sales2, `${url}/board?customerId=${c}`);
    expect(board.statusCode, board.body).toBe(200);
    const cols = board.json().columns;
    expect(cols.map((x: { key: string }) => x.key)).toEqual([...stages.map((s) => s.id), 'won', 'lost']);
    expect(cols[0]).toMatchObject({
      count: 3,
      name: 'First contact',
      amounts: [
        { currency: 'CNY', amount: '100.30' },
        { currency: 'USD', amount: '5.00' },
      ],
    });
    expect(cols[0].items).toHaveLength(3);
    expect(cols[1].count).toBe(0);
    expect(cols.at(-2)).toMatchObject({ key: 'won', count: 1, amounts: [{ currency: 'CNY', amount: '50.00' }] });
    expect(cols.at(-1)).toMatchObject({ key: 'lost', count: 1 });
    const few = (await app.get(app.sales2, `${url}/board?customerId=${c}&take=1`)).json();
    expect(few.columns[0]).toMatchObject({ count: 3 });
    expect(few.columns[0].items).toHaveLength(1);
    expect(
      members(await app.get(app.sales2, `${url}/board?statusTypeId=00000000-0000-4000-8000-000000000000`)),
    ).toEqual(['statusTypeId']);
    expect((await app.get(app.nobody, `${url}/board`)).statusCode).toBe(403);

    const funnel = await app.get(app.sales2, `${url}/funnel?ownerUserId=${app.sales2Id}`);
    expect(funnel.statusCode, funnel.body).toBe(200);
    const f = funnel.json();
    expect(f.stages[0]).toMatchObject({ name: 'First contact', percent: 10, count: 3 });
    expect(f.won.count).toBe(1);
    expect(f.lost.count).toBe(1);
    expect(f.winRate).toBe('50.0');
    expect((await app.get(app.nobody, `${url}/funnel`)).statusCode).toBe(403);
  });

  it('edits and deletes an open business; the options lists answer', async () => {
    const b = (await app.post(app.sales1, url, input({ name: '待编辑' }))).json();
    const edited = await app.put(
      app.sales1,
      `${url}/${b.id}`,
      input({
        name: '已编辑',
        discountPercent: '0',
        products: [{ productId: productIds[2], businessPrice: '2.50', count: 4 }],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: '已编辑', totalPrice: '10.00', statusId: stages[0]!.id });
    expect(edited.json().products).toHaveLength(1);
    expect(members(await app.put(app.sales1, `${url}/${b.id}`, input({ name: '' })))).toEqual(['name']);
    expect((await app.put(app.nobody, `${url}/${b.id}`, input())).statusCode).toBe(403);
    expect((await app.put(app.otherAdmin, `${url}/${b.id}`, input())).statusCode).toBe(404);
    expect((await app.del(app.nobody, `${url}/${b.id}`)).statusCode).toBe(403);
    // the salesman holds no Delete by default; the admin does
    expect((await app.del(app.sales1, `${url}/${b.id}`)).statusCode).toBe(403);
    expect((await app.del(app.demoAdmin, `${url}/${b.id}`)).statusCode).toBe(204);
    expect((await app.get(app.sales1, `${url}/${b.id}`)).statusCode).toBe(404);

    const customers = (await app.get(app.sales1, `${url}/customer-options?filter=BIZ`)).json().items;
    expect(customers.map((x: { id: string }) => x.id)).toContain(customer1);
    expect(customers.map((x: { id: string }) => x.id)).not.toContain(customer2);
    const owners = (await app.get(app.sales1, `${url}/owner-options`)).json().items;
    expect(owners.map((x: { id: string }) => x.id)).toContain(app.sales2Id);
    const products = (await app.get(app.sales1, `${url}/product-options`)).json().items;
    expect(products.length).toBeGreaterThan(0);
    expect(products[0].price).toMatch(/^\d+\.\d\d$/);
    expect((await app.get(app.nobody, `${url}/customer-options`)).statusCode).toBe(403);
  });
});

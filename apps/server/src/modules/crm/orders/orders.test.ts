import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { insertCustomer, useCrmApp } from '../test-support.ts';
import { seedDemo } from './seed.ts';

/**
 * Order tracking over HTTP: create (number given or generated, unique in the tenant), list with
 * filters and sorting, export, the detail with its history and the next statuses the table
 * allows, the status change (409 off the table), edit, delete, the link to a trade sales order;
 * 403 for a user without the permission, 404 for another tenant's order and for a salesman
 * outside the customer's team, 400 naming the field.
 */

const app = useCrmApp();
const url = '/api/crm/orders';

let customer1 = '';
let customer2 = '';

beforeAll(async () => {
  customer1 = await insertCustomer(app.t, app.t.demo, { name: 'ORD 客户一', ownerUserId: app.sales1Id });
  customer2 = await insertCustomer(app.t, app.t.demo, { name: 'ORD 客户二', ownerUserId: app.sales2Id });
});

const input = (extra: object = {}) => ({
  customerId: customer1,
  amount: '1234.5',
  currency: 'usd',
  orderedAt: '2026-03-01T08:00:00Z',
  source: 'STOREFRONT',
  remark: '首单',
  ...extra,
});

describe('crm orders', () => {
  it('seeds demo orders in every status with their history, once', async () => {
    await seedDemo(app.t.services, app.t.demo);
    const all = async () =>
      (await app.get(app.demoAdmin, `${url}?maxResultCount=1000`)).json().items as Array<{
        id: string;
        status: string;
      }>;
    const seeded = await all();
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    expect(new Set(seeded.map((o) => o.status)).size).toBeGreaterThanOrEqual(6);
    const one = (await app.get(app.demoAdmin, `${url}/${seeded[0]!.id}`)).json();
    expect(one.history.at(-1).toStatus).toBe(one.status);
    await seedDemo(app.t.services, app.t.demo);
    expect(await all()).toHaveLength(seeded.length);
  });

  it('creates an order (number generated, history started) and reads it back', async () => {
    const res = await app.post(app.sales1, url, input());
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({
      customerId: customer1,
      customerName: 'ORD 客户一',
      source: 'STOREFRONT',
      status: 'Pending',
      amount: '1234.50',
      currency: 'USD',
      remark: '首单',
      tradeOrder: null,
      nextStatuses: ['Processing', 'Cancel'],
      canEdit: true,
    });
    expect(o.orderNo).toMatch(/^CO\d{6}[0-9A-Z]{6}$/);
    expect(o.history).toMatchObject([{ fromStatus: null, toStatus: 'Pending', byUserId: app.sales1Id }]);
    expect((await app.get(app.sales1, `${url}/${o.id}`)).json().orderNo).toBe(o.orderNo);
  });

  it('refuses bad input naming the field, and a taken number', async () => {
    const bad = await app.post(
      app.sales1,
      url,
      input({ amount: '1.001', currency: 'dollars', source: 'FAX', orderedAt: 'x' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(members(bad).sort()).toEqual(['amount', 'currency', 'orderedAt', 'source']);
    expect(members(await app.post(app.sales1, url, input({ orderNo: 'A B' })))).toEqual(['orderNo']);
    expect((await app.post(app.sales1, url, input({ orderNo: 'ORD-TAKEN-1' }))).statusCode).toBe(200);
    const taken = await app.post(app.sales1, url, input({ orderNo: 'ORD-TAKEN-1' }));
    expect(taken.statusCode).toBe(400);
    expect(members(taken)).toEqual(['orderNo']);
    const link = await app.post(app.sales1, url, input({ tradeOrderId: '00000000-0000-4000-8000-000000000000' }));
    expect(members(link)).toEqual(['tradeOrderId']);
  });

  it('moves along the transition table only, writing the history; final statuses stay', async () => {
    const o = (await app.post(app.sales1, url, input())).json();
    const skip = await app.post(app.sales1, `${url}/${o.id}/status`, { status: 'Delivered' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error.message).toBe('An order that is Pending cannot become Delivered.');
    const step = async (status: string, remark?: string) => {
      const r = await app.post(app.sales1, `${url}/${o.id}/status`, { status, remark });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    await step('Processing', '已付款');
    await step('Shipped');
    const delivered = await step('Delivered');
    expect(delivered.nextStatuses).toEqual(['Completed', 'Refunded']);
    const refunded = await step('Refunded', '退货');
    expect(refunded.status).toBe('Refunded');
    expect(refunded.nextStatuses).toEqual([]);
    expect(refunded.history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      'Pending',
      'Processing',
      'Shipped',
      'Delivered',
      'Refunded',
    ]);
    expect(refunded.history[1]).toMatchObject({ fromStatus: 'Pending', remark: '已付款', byUserId: app.sales1Id });
    expect((await app.post(app.sales1, `${url}/${o.id}/status`, { status: 'Completed' })).statusCode).toBe(409);
    expect(members(await app.post(app.sales1, `${url}/${o.id}/status`, { status: 'Lost' }))).toEqual(['status']);
    expect((await app.post(app.nobody, `${url}/${o.id}/status`, { status: 'Completed' })).statusCode).toBe(403);
  });

  it('lets only who sees the customer see and change its orders', async () => {
    const o = (await app.post(app.sales1, url, input({ remark: '只属于一号' }))).json();
    expect((await app.get(app.nobody, url)).statusCode).toBe(403);
    expect((await app.get(app.nobody, `${url}/${o.id}`)).statusCode).toBe(403);
    expect((await app.post(app.nobody, url, input())).statusCode).toBe(403);
    expect((await app.get(app.sales2, `${url}/${o.id}`)).statusCode).toBe(404);
    expect((await app.put(app.sales2, `${url}/${o.id}`, input())).statusCode).toBe(404);
    expect((await app.post(app.sales2, `${url}/${o.id}/status`, { status: 'Cancel' })).statusCode).toBe(404);
    expect((await app.post(app.sales2, url, input())).statusCode).toBe(404);
    expect((await app.get(app.otherAdmin, `${url}/${o.id}`)).statusCode).toBe(404);
    expect((await app.post(app.otherAdmin, `${url}/${o.id}/status`, { status: 'Cancel' })).statusCode).toBe(404);
    const list2 = (await app.get(app.sales2, `${url}?maxResultCount=1000`)).json();
    expect(list2.items.some((x: { id: string }) => x.id === o.id)).toBe(false);
    expect((await app.get(app.demoAdmin, `${url}/${o.id}`)).statusCode).toBe(200);
  });

  it('lists with filters, sorting and paging, and exports', async () => {
    const c = await insertCustomer(app.t, app.t.demo, { name: 'ORD 列表客户', ownerUserId: app.sales2Id });
    await app.post(
      app.sales2,
      url,
      input({ customerId: c, amount: '10', orderNo: 'L-A', orderedAt: '2026-01-05T00:00:00Z' }),
    );
    const b = (
      await app.post(
        app.sales2,
        url,
        input({ customerId: c, amount: '30', orderNo: 'L-B', source: 'MANUAL', orderedAt: '2026-02-05T00:00:00Z' }),
      )
    ).json();
    await app.post(app.sales2, `${url}/${b.id}/status`, { status: 'Cancel' });
    const list = await app.get(app.sales2, `${url}?customerId=${c}&sorting=amount desc&maxResultCount=1`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      totalCount: 2,
      items: [{ orderNo: 'L-B', status: 'Cancel', amount: '30.00' }],
    });
    const page2 = (
      await app.get(app.sales2, `${url}?customerId=${c}&sorting=amount desc&maxResultCount=1&skipCount=1`)
    ).json();
    expect(page2.items.map((x: { orderNo: string }) => x.orderNo)).toEqual(['L-A']);
    const byStatus = (await app.get(app.sales2, `${url}?customerId=${c}&status=Pending`)).json();
    expect(byStatus.items.map((x: { orderNo: string }) => x.orderNo)).toEqual(['L-A']);
    const bySource = (await app.get(app.sales2, `${url}?customerId=${c}&source=MANUAL`)).json();
    expect(bySource.totalCount).toBe(1);
    const byTime = (await app.get(app.sales2, `${url}?customerId=${c}&from=2026-02-01&to=2026-03-01`)).json();
    expect(byTime.items.map((x: { orderNo: string }) => x.orderNo)).toEqual(['L-B']);
    const byName = (await app.get(app.sales2, `${url}?filter=${encodeURIComponent('列表客户')}`)).json();
    expect(byName.totalCount).toBe(2);
    expect(members(await app.get(app.sales2, `${url}?status=Lost`))).toEqual(['status']);
    expect(members(await app.get(app.sales2, `${url}?sorting=secret`))).toEqual(['sorting']);
    const xlsx = await app.get(app.sales2, `${url}/export?customerId=${c}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((await app.get(app.nobody, `${url}/export`)).statusCode).toBe(403);
    expect(customer2).toBeTruthy();
  });

  it('edits, links a trade sales order, and deletes', async () => {
    const o = (await app.post(app.sales1, url, input())).json();
    const trade = (await app.get(app.sales1, `${url}/trade-order-options`)).json().items;
    expect(trade.length).toBeGreaterThan(0);
    const edited = await app.put(
      app.sales1,
      `${url}/${o.id}`,
      input({ amount: '99.99', orderNo: 'ORD-EDITED', tradeOrderId: trade[0].id }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      amount: '99.99',
      orderNo: 'ORD-EDITED',
      status: 'Pending',
      tradeOrder: { id: trade[0].id, orderNo: trade[0].orderNo },
    });
    expect(members(await app.put(app.sales1, `${url}/${o.id}`, input({ amount: '-1' })))).toEqual(['amount']);
    expect((await app.put(app.nobody, `${url}/${o.id}`, input())).statusCode).toBe(403);
    expect((await app.put(app.otherAdmin, `${url}/${o.id}`, input())).statusCode).toBe(404);
    const customers = (await app.get(app.sales1, `${url}/customer-options?filter=ORD`)).json().items;
    expect(customers.map((x: { id: string }) => x.id)).toEqual([customer1]);
    expect((await app.get(app.nobody, `${url}/trade-order-options`)).statusCode).toBe(403);
    // the salesman holds no Delete by default; the admin does
    expect((await app.del(app.sales1, `${url}/${o.id}`)).statusCode).toBe(403);
    expect((await app.del(app.otherAdmin, `${url}/${o.id}`)).statusCode).toBe(404);
    expect((await app.del(app.demoAdmin, `${url}/${o.id}`)).statusCode).toBe(204);
    expect((await app.get(app.demoAdmin, `${url}/${o.id}`)).statusCode).toBe(404);
  });
});

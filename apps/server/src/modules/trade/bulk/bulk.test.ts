import { randomUUID } from 'node:crypto';
import type { OrderBulkOutcome, OrderBulkState } from '@seller/contracts/trade';
import { describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { t } from '../../../core/localization/index.ts';
import { demoOrders } from '../shipments/testing.ts';
import { stockOf, useTradeApp } from '../test-support.ts';

/**
 * Bulk work on selected orders over HTTP: the durable job started, its progress and each order's
 * outcome; an order short of stock and another tenant's order refused while the others go
 * through; each order's shipment on the channel the freight strategy picks; an order delivered
 * once its shipments are; permissions, tenants and bad input.
 */

const u = useTradeApp();
const base = '/api/trade/orders/bulk';
const { at, order: ordered } = demoOrders(u);
const order = (v: number, quantity: number, extra: Parameters<typeof ordered>[1] = {}, tenant = u.t.demo) =>
  ordered([[v, quantity]], extra, tenant);

/** Starts a bulk job as `who` and waits for its result (the state read by the same user). */
async function run(kind: 'confirm' | 'shipments', ids: string[], who = u.demoAdmin) {
  const started = await u.post(who, `${base}/${kind}`, { ids });
  expect(started.statusCode, started.body).toBe(200);
  const { jobId } = started.json() as { jobId: string };
  for (let i = 0; i < 300; i++) {
    const state = (await u.get(who, `${base}/${jobId}`)).json() as OrderBulkState;
    if (state.state === 'completed') return { jobId, state };
    if (state.state === 'failed') throw new Error(JSON.stringify(state));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the bulk job did not finish');
}

const byId = (items: OrderBulkOutcome[]) => new Map(items.map((i) => [i.id, i]));

describe('bulk confirm', () => {
  it('confirms each order in its own unit: one short of stock and another tenant’s refused, the others reserved', async () => {
    const a = await order(0, 2, { status: 'Pending' });
    const b = await order(1, 3, { status: 'Pending' });
    // 50 put on hand for it, 100 000 wanted
    const short = await order(2, 100_000, { status: 'Pending' });
    const theirs = await order(0, 1, { status: 'Pending' }, u.t.other);
    const missing = randomUUID();
    const reservedBefore = (await stockOf(u.t, at.variants[0]!.variantId, at.warehouseId)).reserved;

    const { state } = await run('confirm', [a.order.id, b.order.id, short.order.id, theirs.order.id, missing]);
    expect(state).toMatchObject({ total: 5, done: 5 });
    const r = state.result!;
    expect(r).toMatchObject({ kind: 'confirm', done: 2, refused: 3 });
    const out = byId(r.items);
    expect(out.get(a.order.id)).toMatchObject({
      ok: true,
      status: 'Processing',
      orderNo: a.order.orderNo,
      reason: null,
    });
    expect(out.get(b.order.id)).toMatchObject({ ok: true, status: 'Processing' });
    expect(out.get(short.order.id)).toMatchObject({
      ok: false,
      status: 'Outofstock',
      reason: t('en', 'SalesOrders::Bulk:ShortOfStock', [at.variants[2]!.sku]),
    });
    // another tenant's order and an unknown id read alike, naming nothing of theirs
    const notFound = t('en', 'SalesOrders::Bulk:NotFound');
    expect(out.get(theirs.order.id)).toEqual({
      id: theirs.order.id,
      orderNo: null,
      ok: false,
      status: null,
      shipmentNo: null,
      channelName: null,
      reason: notFound,
    });
    expect(out.get(missing)).toMatchObject({ orderNo: null, ok: false, reason: notFound });

    expect((await stockOf(u.t, at.variants[0]!.variantId, at.warehouseId)).reserved).toBe(reservedBefore + 2);
    const detail = (await u.get(u.demoAdmin, `/api/trade/orders/${a.order.id}`)).json();
    expect(detail.lines[0].reservedQty).toBe(2);
    expect(detail.events.at(-1)).toMatchObject({ event: 'Confirmed', actorId: expect.any(String) });
    // the other tenant's order is untouched
    expect((await u.get(u.otherAdmin, `/api/trade/orders/${theirs.order.id}`)).json().status).toBe('Pending');
  });

  it('refuses an order the state table does not let confirm, with the reason in the user’s language', async () => {
    const done = await order(0, 1);
    const { state } = await run('confirm', [done.order.id]);
    expect(state.result!.items[0]).toMatchObject({ ok: false, status: null });
    expect(state.result!.items[0]!.reason).toContain(t('en', 'SalesOrders::Status:Processing'));
  });
});

describe('bulk create shipments', () => {
  it('makes each order its own shipment on the channel the freight strategy picks; an order not in process is refused', async () => {
    const a = await order(0, 1);
    const b = await order(1, 2);
    const pending = await order(2, 1, { status: 'Pending' });
    // a strategy tried first that fixes a channel the estimate would not pick by itself
    const estimate = (await u.get(u.demoAdmin, `/api/trade/shipments/estimate?orderIds=${a.order.id}`)).json() as {
      options: { channelId: string; channelName: string }[];
      pickedChannelId: string;
    };
    const chosen = estimate.options.find((o) => o.channelId !== estimate.pickedChannelId)!;
    expect(chosen).toBeTruthy();
    const strategy = await u.post(u.demoAdmin, '/api/logistics/freight-strategies', {
      name: '批量发货测试',
      priority: 0,
      rules: [{ name: '固定渠道', objective: 'FIXED', channelIds: [chosen.channelId], fallbackChannelId: null }],
    });
    expect(strategy.statusCode, strategy.body).toBe(200);
    const again = (await u.get(u.demoAdmin, `/api/trade/shipments/estimate?orderIds=${a.order.id}`)).json();
    expect(again.pickedChannelId).toBe(chosen.channelId);

    const { state } = await run('shipments', [a.order.id, pending.order.id, b.order.id], u.stockman);
    const r = state.result!;
    expect(r).toMatchObject({ kind: 'shipments', done: 2, refused: 1 });
    const out = byId(r.items);
    for (const o of [a, b]) {
      const x = out.get(o.order.id)!;
      expect(x).toMatchObject({ ok: true, channelName: chosen.channelName, reason: null });
      const list = (await u.get(u.demoAdmin, `/api/trade/shipments?orderId=${o.order.id}`)).json();
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({
        shipmentNo: x.shipmentNo,
        channelId: chosen.channelId,
        status: 'CREATED',
        orderNos: o.order.orderNo,
      });
    }
    expect(out.get(pending.order.id)).toMatchObject({ ok: false, shipmentNo: null });
    expect(out.get(pending.order.id)!.reason).toContain(pending.order.orderNo);
    expect((await u.get(u.demoAdmin, `/api/trade/shipments?orderId=${pending.order.id}`)).json().totalCount).toBe(0);
    await u.del(u.demoAdmin, `/api/logistics/freight-strategies/${strategy.json().id}`);
  });
});

describe('an order follows its shipments', () => {
  async function shipped(orderId: string, lines?: { orderLineId: string; quantity: number }[]) {
    const made = await u.post(u.demoAdmin, '/api/trade/shipments', {
      ...(lines ? { lines } : { orderIds: [orderId] }),
      warehouseId: at.warehouseId,
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as string;
    for (const step of ['label', 'pack', 'ship']) {
      const res = await u.post(u.demoAdmin, `/api/trade/shipments/${id}/${step}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    return id;
  }
  const statusOf = async (id: string) => (await u.get(u.demoAdmin, `/api/trade/orders/${id}`)).json().status;

  it('is delivered when its last shipment is, by the action or by a DELIVERED tracking event', async () => {
    const { order: o, lines } = await order(3, 4);
    const first = await shipped(o.id, [{ orderLineId: lines[0]!.id, quantity: 1 }]);
    const second = await shipped(o.id, [{ orderLineId: lines[0]!.id, quantity: 3 }]);
    expect(await statusOf(o.id)).toBe('Shipped');
    expect((await u.post(u.demoAdmin, `/api/trade/shipments/${first}/deliver`)).statusCode).toBe(200);
    // one parcel still on its way
    expect(await statusOf(o.id)).toBe('Shipped');
    const event = await u.post(u.demoAdmin, `/api/trade/shipments/${second}/events`, {
      code: 'DELIVERED',
      description: '已签收',
    });
    expect(event.statusCode, event.body).toBe(200);
    const detail = (await u.get(u.demoAdmin, `/api/trade/orders/${o.id}`)).json();
    expect(detail.status).toBe('Delivered');
    expect(detail.events.at(-1)).toMatchObject({ event: 'Delivered', fromStatus: 'Shipped', toStatus: 'Delivered' });
  });

  it('stays shipped while a parcel of it is returned', async () => {
    const { order: o, lines } = await order(3, 2);
    const first = await shipped(o.id, [{ orderLineId: lines[0]!.id, quantity: 1 }]);
    const second = await shipped(o.id, [{ orderLineId: lines[0]!.id, quantity: 1 }]);
    expect((await u.post(u.demoAdmin, `/api/trade/shipments/${first}/return`)).statusCode).toBe(200);
    expect((await u.post(u.demoAdmin, `/api/trade/shipments/${second}/deliver`)).statusCode).toBe(200);
    expect(await statusOf(o.id)).toBe('Shipped');
  });
});

describe('refusals', () => {
  it('403 without the action’s permission', async () => {
    const { order: o } = await order(0, 1, { status: 'Pending' });
    // the stockman may not confirm, the salesman may not create shipments, nobody may do either
    expect((await u.post(u.stockman, `${base}/confirm`, { ids: [o.id] })).statusCode).toBe(403);
    expect((await u.post(u.salesman, `${base}/shipments`, { ids: [o.id] })).statusCode).toBe(403);
    expect((await u.post(u.nobody, `${base}/confirm`, { ids: [o.id] })).statusCode).toBe(403);
    expect((await u.post(u.nobody, `${base}/shipments`, { ids: [o.id] })).statusCode).toBe(403);
    expect((await u.get(null, `${base}/${randomUUID()}`)).statusCode).toBe(401);
  });

  it('a job is read only by who started it: another user or tenant gets 404', async () => {
    const { order: o } = await order(0, 1, { status: 'Pending' });
    const { jobId } = await run('confirm', [o.id], u.salesman);
    expect((await u.get(u.demoAdmin, `${base}/${jobId}`)).statusCode).toBe(404);
    expect((await u.get(u.otherAdmin, `${base}/${jobId}`)).statusCode).toBe(404);
    expect((await u.get(u.salesman, `${base}/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('400 naming ids: none, not ids, more than 500', async () => {
    for (const body of [{}, { ids: [] }, { ids: ['nope'] }, { ids: Array.from({ length: 501 }, () => randomUUID()) }]) {
      for (const kind of ['confirm', 'shipments']) {
        const res = await u.post(u.demoAdmin, `${base}/${kind}`, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
        expect(members(res)[0]).toMatch(/^ids/);
      }
    }
    const bad = await u.get(u.demoAdmin, `${base}/nope`);
    expect(bad.statusCode).toBe(400);
    expect(members(bad)).toEqual(['jobId']);
  });
});

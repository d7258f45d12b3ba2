import { salesOrderStatuses } from '@seller/contracts/trade';
import { between, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { giveStock, stockOf, useTradeApp, variantsOf, warehousesOf } from '../test-support.ts';
import { salesOrderLines, salesOrders, salesOrderTallies } from './schema.ts';
import { compactOrderTallies } from './tallies.ts';

/**
 * Sales orders over HTTP: manual orders (totals by the server), the list with its filters and
 * tab counts, the detail, the export, the state table's actions with stock reserved on confirm
 * (all or nothing; Outofstock when short) and released on cancel, SKU mapping; 403 for a user
 * without the permission, 404 for another tenant's order, 400 naming the field, 409 for a
 * refused action.
 */

const app = useTradeApp();
const url = '/api/trade/orders';

const order = (lines: Array<{ variantId: string; quantity: number; unitPrice: string }>, extra: object = {}) => ({
  buyerName: 'Aisyah Rahman',
  buyerEmail: 'aisyah@example.com',
  countryCode: 'my',
  currency: 'MYR',
  address: { name: 'Aisyah', phone: '60123', line1: '1 Jalan', city: 'KL', postCode: '50000' },
  shippingFee: '5.00',
  discount: '2.50',
  lines,
  ...extra,
});

describe('manual orders', () => {
  it('creates one with the totals worked out on the server (2 × 10.25 + 1 × 3 + 5 − 2.50 = 26.00)', async () => {
    const [a, b] = await variantsOf(app.t, app.t.demo, 2);
    const res = await app.post(
      app.demoAdmin,
      url,
      order([
        { variantId: a!.variantId, quantity: 2, unitPrice: '10.25' },
        { variantId: b!.variantId, quantity: 1, unitPrice: '3' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({
      source: 'MANUAL',
      status: 'Pending',
      countryCode: 'MY',
      goodsAmount: '23.50',
      shippingFee: '5.00',
      discount: '2.50',
      total: '26.00',
      hasUnmatched: false,
      actions: ['markPaid', 'confirm', 'cancel'],
    });
    expect(o.orderNo).toMatch(/^SO\d{6}[0-9A-Z]{6}$/);
    expect(o.lines.map((l: { sku: string; amount: string }) => [l.sku, l.amount])).toEqual([
      [a!.sku, '20.50'],
      [b!.sku, '3.00'],
    ]);
    expect(o.events.map((e: { event: string }) => e.event)).toEqual(['Created']);
  });

  it('refuses bad input naming the field, a variant of another tenant, and a discount over the order', async () => {
    const [a] = await variantsOf(app.t, app.t.demo, 1);
    const bad = await app.post(
      app.demoAdmin,
      url,
      order([{ variantId: a!.variantId, quantity: 0, unitPrice: '1' }], { currency: 'ringgit' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(members(bad).sort()).toEqual(['currency', 'lines.0.quantity']);
    expect(members(await app.post(app.demoAdmin, url, order([])))).toEqual(['lines']);
    const [foreign] = await variantsOf(app.t, app.t.other, 1);
    if (foreign) {
      const res = await app.post(
        app.demoAdmin,
        url,
        order([{ variantId: foreign.variantId, quantity: 1, unitPrice: '1' }]),
      );
      expect(res.statusCode).toBe(400);
      expect(members(res)).toEqual(['lines.0.variantId']);
    }
    const big = await app.post(
      app.demoAdmin,
      url,
      order([{ variantId: a!.variantId, quantity: 1, unitPrice: '1' }], { discount: '10.00' }),
    );
    expect(members(big)).toEqual(['discount']);
  });

  it('is edited and deleted only while Pending, by the tenant only, with the permission', async () => {
    const [a, b] = await variantsOf(app.t, app.t.demo, 2);
    const o = (
      await app.post(app.demoAdmin, url, order([{ variantId: a!.variantId, quantity: 1, unitPrice: '9.90' }]))
    ).json();
    expect(
      (await app.post(app.nobody, url, order([{ variantId: a!.variantId, quantity: 1, unitPrice: '1' }]))).statusCode,
    ).toBe(403);
    const edited = await app.put(
      app.demoAdmin,
      `${url}/${o.id}`,
      order([{ variantId: b!.variantId, quantity: 3, unitPrice: '1.00' }], { discount: '0', shippingFee: '0' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ total: '3.00', lines: [{ sku: b!.sku, quantity: 3 }] });
    expect(
      (await app.put(app.nobody, `${url}/${o.id}`, order([{ variantId: a!.variantId, quantity: 1, unitPrice: '1' }])))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await app.put(
          app.otherAdmin,
          `${url}/${o.id}`,
          order([{ variantId: a!.variantId, quantity: 1, unitPrice: '1' }]),
        )
      ).statusCode,
    ).toBe(404);
    expect((await app.del(app.otherAdmin, `${url}/${o.id}`)).statusCode).toBe(404);
    expect((await app.del(app.nobody, `${url}/${o.id}`)).statusCode).toBe(403);
    await app.post(app.demoAdmin, `${url}/${o.id}/mark-paid`, {});
    const late = await app.put(
      app.demoAdmin,
      `${url}/${o.id}`,
      order([{ variantId: a!.variantId, quantity: 1, unitPrice: '1' }]),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('SalesOrders:IllegalTransition');
    expect((await app.del(app.demoAdmin, `${url}/${o.id}`)).statusCode).toBe(409);
    const fresh = (
      await app.post(app.demoAdmin, url, order([{ variantId: a!.variantId, quantity: 1, unitPrice: '1' }]))
    ).json();
    expect((await app.del(app.demoAdmin, `${url}/${fresh.id}`)).statusCode).toBe(204);
    expect((await app.get(app.demoAdmin, `${url}/${fresh.id}`)).statusCode).toBe(404);
  });
});

describe('confirming and cancelling', () => {
  it('reserves every line on confirm and releases it on cancel, with the history', async () => {
    const [, , a, b] = await variantsOf(app.t, app.t.demo, 4);
    const [wh] = await warehousesOf(app.t, app.t.demo);
    await giveStock(app.t, a!, wh!.id, 10, 'T-1');
    await giveStock(app.t, b!, wh!.id, 10, 'T-1');
    const before = [await stockOf(app.t, a!.variantId, wh!.id), await stockOf(app.t, b!.variantId, wh!.id)];
    const o = (
      await app.post(
        app.demoAdmin,
        url,
        order([
          { variantId: a!.variantId, quantity: 2, unitPrice: '1' },
          { variantId: b!.variantId, quantity: 3, unitPrice: '1' },
        ]),
      )
    ).json();
    expect((await app.post(app.nobody, `${url}/${o.id}/confirm`)).statusCode).toBe(403);
    expect((await app.post(app.otherAdmin, `${url}/${o.id}/confirm`)).statusCode).toBe(404);
    const confirmed = await app.post(app.salesman, `${url}/${o.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // confirmed before it was paid: the payment is recorded in place, once
    expect(confirmed.json()).toMatchObject({
      status: 'Processing',
      warehouseId: wh!.id,
      paidAt: null,
      actions: ['markPaid', 'pack', 'cancel'],
    });
    expect(confirmed.json().lines.map((l: { reservedQty: number }) => l.reservedQty)).toEqual([2, 3]);
    const paid = await app.post(app.salesman, `${url}/${o.id}/mark-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'Processing', actions: ['pack', 'cancel'] });
    expect(paid.json().paidAt).toBeTruthy();
    expect(paid.json().lines.map((l: { reservedQty: number }) => l.reservedQty)).toEqual([2, 3]);
    expect((await app.post(app.salesman, `${url}/${o.id}/mark-paid`)).statusCode).toBe(409);
    expect((await stockOf(app.t, a!.variantId, wh!.id)).reserved).toBe(before[0]!.reserved + 2);
    expect((await stockOf(app.t, b!.variantId, wh!.id)).reserved).toBe(before[1]!.reserved + 3);
    const again = await app.post(app.demoAdmin, `${url}/${o.id}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('Processing');

    expect(members(await app.post(app.demoAdmin, `${url}/${o.id}/cancel`, { reason: '' }))).toEqual(['reason']);
    const cancelled = await app.post(app.demoAdmin, `${url}/${o.id}/cancel`, { reason: 'Buyer asked' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('Cancel');
    expect((await stockOf(app.t, a!.variantId, wh!.id)).reserved).toBe(before[0]!.reserved);
    expect((await stockOf(app.t, b!.variantId, wh!.id)).reserved).toBe(before[1]!.reserved);
    expect(cancelled.json().events.map((e: { event: string }) => e.event)).toEqual([
      'Created',
      'Confirmed',
      'markPaid',
      'Cancelled',
    ]);
    expect((await app.post(app.demoAdmin, `${url}/${o.id}/cancel`, { reason: 'again' })).statusCode).toBe(409);
  });

  it('goes to Outofstock and reserves nothing when one line is short; confirms again once stock came', async () => {
    const [, , , , a, b] = await variantsOf(app.t, app.t.demo, 6);
    const [wh] = await warehousesOf(app.t, app.t.demo);
    await giveStock(app.t, a!, wh!.id, 5, 'T-1');
    const startA = await stockOf(app.t, a!.variantId, wh!.id);
    const startB = await stockOf(app.t, b!.variantId, wh!.id);
    const short = startB.onHand - startB.reserved + 1;
    const o = (
      await app.post(
        app.demoAdmin,
        url,
        order([
          { variantId: a!.variantId, quantity: 1, unitPrice: '1' },
          { variantId: b!.variantId, quantity: short, unitPrice: '1' },
        ]),
      )
    ).json();
    const res = await app.post(app.demoAdmin, `${url}/${o.id}/confirm`);
    expect(res.json()).toMatchObject({ status: 'Outofstock', lines: [{ reservedQty: 0 }, { reservedQty: 0 }] });
    expect((await stockOf(app.t, a!.variantId, wh!.id)).reserved).toBe(startA.reserved);
    expect(res.json().events.at(-1)).toMatchObject({ event: 'OutOfStock', message: b!.sku });
    await giveStock(app.t, b!, wh!.id, short, 'T-1');
    const retried = await app.post(app.demoAdmin, `${url}/${o.id}/confirm`);
    expect(retried.json().status).toBe('Processing');
    expect((await stockOf(app.t, b!.variantId, wh!.id)).reserved).toBe(startB.reserved + short);
    await app.post(app.demoAdmin, `${url}/${o.id}/cancel`, { reason: 'test' });
  });

  it('walks the rest of the table over HTTP: pack, deliver refused before shipping, refunds after', async () => {
    const [a] = await variantsOf(app.t, app.t.demo, 1);
    const [wh] = await warehousesOf(app.t, app.t.demo);
    await giveStock(app.t, a!, wh!.id, 3, 'T-1');
    const o = (
      await app.post(app.demoAdmin, url, order([{ variantId: a!.variantId, quantity: 1, unitPrice: '1' }]))
    ).json();
    expect((await app.post(app.demoAdmin, `${url}/${o.id}/pack`, {})).statusCode).toBe(409);
    expect((await app.post(app.demoAdmin, `${url}/${o.id}/mark-paid`, {})).json().status).toBe('Paid');
    expect((await app.post(app.demoAdmin, `${url}/${o.id}/confirm`)).json().status).toBe('Processing');
    expect((await app.post(app.nobody, `${url}/${o.id}/pack`, {})).statusCode).toBe(403);
    expect((await app.post(app.demoAdmin, `${url}/${o.id}/pack`, {})).json().status).toBe('Packaged');
    expect((await app.post(app.demoAdmin, `${url}/${o.id}/deliver`, {})).statusCode).toBe(409);
    // the shipment's side: what recordShipped does, here by the table directly
    const ctx = { tenant: app.t.demo, user: null };
    await app.t.services.data.inTenant(ctx, (tx) =>
      tx.update(salesOrders).set({ status: 'Shipped' }).where(eq(salesOrders.id, o.id)),
    );
    expect((await app.post(app.demoAdmin, `${url}/${o.id}/deliver`, {})).json().status).toBe('Delivered');
    expect((await app.post(app.demoAdmin, `${url}/${o.id}/complete`, {})).json().status).toBe('Completed');
    // a partial refund says its amount; a full one refunds what is left (amounts: finance/costing.test.ts)
    expect(
      (await app.post(app.demoAdmin, `${url}/${o.id}/partial-refund`, { reason: 'one broken', amount: '1.00' })).json()
        .status,
    ).toBe('PartiallyRefunded');
    const refunded = (await app.post(app.demoAdmin, `${url}/${o.id}/refund`, {})).json();
    expect(refunded).toMatchObject({ status: 'Refunded', refundedAmount: refunded.total });
    expect((await app.post(app.demoAdmin, `${url}/${o.id}/cancel`, { reason: 'x' })).statusCode).toBe(409);
    expect((await app.post(app.otherAdmin, `${url}/${o.id}/refund`, {})).statusCode).toBe(404);
  });
});

describe('unmatched lines', () => {
  it('blocks confirming until the line is mapped, then confirms', async () => {
    const [a] = await variantsOf(app.t, app.t.demo, 1);
    const [wh] = await warehousesOf(app.t, app.t.demo);
    await giveStock(app.t, a!, wh!.id, 2, 'T-1');
    const o = (
      await app.post(app.demoAdmin, url, order([{ variantId: a!.variantId, quantity: 1, unitPrice: '1' }]))
    ).json();
    const ctx = { tenant: app.t.demo, user: null };
    await app.t.services.data.inTenant(ctx, async (tx) => {
      await tx
        .update(salesOrderLines)
        .set({ variantId: null, sku: null, sellerSku: 'NOT-IN-CATALOGUE' })
        .where(eq(salesOrderLines.orderId, o.id));
      await tx.update(salesOrders).set({ hasUnmatched: true }).where(eq(salesOrders.id, o.id));
    });
    const list = await app.get(app.demoAdmin, `${url}?hasUnmatched=true&maxResultCount=1000`);
    expect(list.json().items.map((i: { id: string }) => i.id)).toContain(o.id);
    const refused = await app.post(app.demoAdmin, `${url}/${o.id}/confirm`);
    expect(refused.statusCode).toBe(400);
    expect(members(refused)).toEqual(['lines.0.sellerSku']);
    const lineId = o.lines[0].id;
    expect(
      (await app.put(app.nobody, `${url}/${o.id}/lines/${lineId}/match`, { variantId: a!.variantId })).statusCode,
    ).toBe(403);
    expect(
      (await app.put(app.otherAdmin, `${url}/${o.id}/lines/${lineId}/match`, { variantId: a!.variantId })).statusCode,
    ).toBe(404);
    expect(members(await app.put(app.demoAdmin, `${url}/${o.id}/lines/${lineId}/match`, { variantId: 'x' }))).toEqual([
      'variantId',
    ]);
    const matched = await app.put(app.demoAdmin, `${url}/${o.id}/lines/${lineId}/match`, { variantId: a!.variantId });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json()).toMatchObject({
      hasUnmatched: false,
      lines: [{ sku: a!.sku, sellerSku: 'NOT-IN-CATALOGUE' }],
    });
    expect((await app.post(app.demoAdmin, `${url}/${o.id}/confirm`)).json().status).toBe('Processing');
    expect(
      (await app.put(app.demoAdmin, `${url}/${o.id}/lines/${lineId}/match`, { variantId: a!.variantId })).statusCode,
    ).toBe(409);
    await app.post(app.demoAdmin, `${url}/${o.id}/cancel`, { reason: 'test' });
  });
});

describe('the list', () => {
  it('counts the tabs from the daily tallies exactly as the rows say, part-days at the ends included, before and after folding', async () => {
    const [a] = await variantsOf(app.t, app.t.demo, 1);
    const at = async (orderedAt: string) =>
      (
        await app.post(
          app.demoAdmin,
          url,
          order([{ variantId: a!.variantId, quantity: 1, unitPrice: '10' }], { buyerName: 'Tally Buyer', orderedAt }),
        )
      ).json() as { id: string };
    // the demo tenant's clock is Asia/Shanghai (UTC+8): 2019-03-10 … 2019-03-13 is 03-09 16:00Z … 03-13 16:00Z
    await at('2019-03-09T15:00:00Z'); // the day before, on the tenant's clock
    await at('2019-03-09T18:00:00Z'); // the first part-day
    const paid = await at('2019-03-10T12:00:00Z');
    const cancelled = await at('2019-03-12T23:00:00Z');
    const deleted = await at('2019-03-13T10:00:00Z');
    await at('2019-03-13T12:00:00Z'); // the last part-day
    await at('2019-03-13T17:00:00Z'); // the day after
    await app.post(app.demoAdmin, `${url}/${paid.id}/mark-paid`, {});
    await app.post(app.demoAdmin, `${url}/${cancelled.id}/cancel`, { reason: 'test' });
    expect((await app.del(app.demoAdmin, `${url}/${deleted.id}`)).statusCode).toBe(204);

    const zero = Object.fromEntries(salesOrderStatuses.map((status) => [status, 0]));
    const range = 'from=2019-03-10&to=2019-03-13';
    const expected = { total: 4, capped: false, counts: { ...zero, Pending: 2, Paid: 1, Cancel: 1 } };
    const countsOf = async (q: string) => (await app.get(app.demoAdmin, `${url}/counts?${q}`)).json();
    expect(await countsOf(range)).toEqual(expected);
    // the rows themselves, counted by the list (the buyer filter is not tallied)
    expect(await countsOf(`${range}&buyer=Tally Buyer`)).toEqual(expected);
    for (const status of ['Pending', 'Paid', 'Cancel'])
      expect((await app.get(app.demoAdmin, `${url}?${range}&status=${status}`)).json().totalCount).toBe(
        expected.counts[status as 'Pending'],
      );
    expect(await countsOf(`${range}&source=MANUAL`)).toEqual(expected);
    expect(await countsOf(`${range}&platform=LAZADA`)).toEqual({ total: 0, capped: false, counts: zero });
    // one day on the tenant's clock holds no whole UTC day: counted from the rows
    expect(await countsOf('from=2019-03-10&to=2019-03-10')).toEqual({
      total: 2,
      capped: false,
      counts: { ...zero, Pending: 1, Paid: 1 },
    });
    // another tenant's tallies are its own
    expect((await app.get(app.otherAdmin, `${url}/counts?${range}`)).json()).toEqual({
      total: 0,
      capped: false,
      counts: zero,
    });

    const tallyRows = () =>
      app.t.services.data.inTenant({ tenant: app.t.demo }, (tx) =>
        tx
          .select()
          .from(salesOrderTallies)
          .where(between(salesOrderTallies.day, '2019-03-09', '2019-03-13')),
      );
    const before = await tallyRows();
    // each write appended its own delta: the cancelled day holds +1 Pending, −1 Pending, +1 Cancelled
    expect(before.length).toBeGreaterThan(7);
    await compactOrderTallies(app.t.services);
    const after = await tallyRows();
    expect(after.length).toBeLessThan(before.length);
    expect(after.every((r) => r.orders !== 0)).toBe(true);
    const keys = after.map((r) => `${r.day} ${r.status}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(await countsOf(range)).toEqual(expected);
  });

  it('filters, sorts, pages and counts the tabs with the same filters', async () => {
    const [a, b] = await variantsOf(app.t, app.t.demo, 2);
    const made = [];
    for (const [i, country] of ['TH', 'TH', 'VN'].entries()) {
      made.push(
        (
          await app.post(
            app.demoAdmin,
            url,
            order([{ variantId: (i === 2 ? b : a)!.variantId, quantity: 1, unitPrice: `${i + 1}00` }], {
              countryCode: country,
              buyerName: `Listy Buyer ${i}`,
              orderedAt: new Date(Date.UTC(2020, 0, 10 + i)).toISOString(),
            }),
          )
        ).json(),
      );
    }
    await app.post(app.demoAdmin, `${url}/${made[0].id}/mark-paid`, {});
    const q = 'buyer=listy&from=2020-01-01&to=2020-02-01';
    const all = (await app.get(app.demoAdmin, `${url}?${q}`)).json();
    expect(all.totalCount).toBe(3);
    expect(all.items.map((i: { buyerName: string }) => i.buyerName)).toEqual([
      'Listy Buyer 2',
      'Listy Buyer 1',
      'Listy Buyer 0',
    ]);
    expect(all.items[0]).toMatchObject({ total: '302.50', currency: 'MYR', status: 'Pending', shopName: null });
    const byTotal = (await app.get(app.demoAdmin, `${url}?${q}&sorting=total asc&maxResultCount=2&skipCount=1`)).json();
    expect(byTotal.items.map((i: { buyerName: string }) => i.buyerName)).toEqual(['Listy Buyer 1', 'Listy Buyer 2']);
    // the buyer and the search by the tenant's trigrams, and without them where the text has none
    const found = async (query: string) => (await app.get(app.demoAdmin, `${url}?${query}`)).json().totalCount;
    const days = 'from=2020-01-01&to=2020-02-01';
    expect(await found(`${days}&buyer=${encodeURIComponent('LISTY BUYER 1')}`)).toBe(1);
    expect(await found(`${days}&filter=${encodeURIComponent('sty Buyer 2')}`)).toBe(1);
    expect(await found(`${days}&filter=${encodeURIComponent('ty Bu')}`)).toBe(3);
    expect(await found(`${days}&filter=${encodeURIComponent('%')}`)).toBe(0);
    expect(await found(`${q}&countryCode=th`)).toBe(2);
    expect((await app.get(app.demoAdmin, `${url}?${q}&sku=${b!.sku.toLowerCase()}`)).json().totalCount).toBe(1);
    expect((await app.get(app.demoAdmin, `${url}?${q}&status=Paid`)).json().items[0].id).toBe(made[0].id);
    expect((await app.get(app.demoAdmin, `${url}?${q}&source=MANUAL&platform=LAZADA`)).json().totalCount).toBe(0);
    const counts = await app.get(app.demoAdmin, `${url}/counts?${q}&status=Paid`);
    const zero = Object.fromEntries(salesOrderStatuses.map((status) => [status, 0]));
    expect(counts.json()).toEqual({ total: 3, capped: false, counts: { ...zero, Pending: 2, Paid: 1 } });
    expect(members(await app.get(app.demoAdmin, `${url}?sorting=evil`))).toEqual(['sorting']);
    expect(members(await app.get(app.demoAdmin, `${url}?status=Lost`))).toEqual(['status']);
    expect(members(await app.get(app.demoAdmin, `${url}?shopId=nope`))).toEqual(['shopId']);
    expect((await app.get(app.nobody, url)).statusCode).toBe(403);
    expect((await app.get(app.nobody, `${url}/counts`)).statusCode).toBe(403);
    expect((await app.get(app.otherAdmin, `${url}?${q}`)).json().totalCount).toBe(0);
    expect((await app.get(app.otherAdmin, `${url}/${made[0].id}`)).statusCode).toBe(404);
    expect((await app.get(app.nobody, `${url}/${made[0].id}`)).statusCode).toBe(403);
  });

  it('exports the filtered list to Excel', async () => {
    const res = await app.get(app.demoAdmin, `${url}/export?buyer=listy`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await app.get(app.nobody, `${url}/export`)).statusCode).toBe(403);
    expect((await app.get(app.stockman, `${url}/export`)).statusCode).toBe(403);
    expect(members(await app.get(app.demoAdmin, `${url}/export?from=someday`))).toEqual(['from']);
  });
});

describe('the pull endpoint', () => {
  it('needs the permission and an own shop', async () => {
    expect((await app.post(app.nobody, `${url}/pull`, {})).statusCode).toBe(403);
    expect(
      (await app.post(app.demoAdmin, `${url}/pull`, { shopId: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect(members(await app.post(app.demoAdmin, `${url}/pull`, { shopId: 'x' }))).toEqual(['shopId']);
    const res = await app.post(app.demoAdmin, `${url}/pull`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await app.get(app.otherAdmin, `${url}/pull/${res.json().jobId}`)).statusCode).toBe(404);
    expect((await app.get(app.demoAdmin, `${url}/pull/${res.json().jobId}`)).statusCode).toBe(200);
  });
});

describe('the demo seed', () => {
  it('has orders across both shops and manual ones, the open ones holding their stock', async () => {
    const all = (await app.get(app.demoAdmin, `${url}?maxResultCount=1000&from=2000-01-01`)).json();
    const seeded = all.items.filter((i: { orderNo: string; buyerName: string }) => !i.buyerName?.startsWith('Listy'));
    expect(seeded.length).toBeGreaterThanOrEqual(30);
    expect(new Set(seeded.map((i: { platform: string | null }) => i.platform))).toEqual(
      new Set(['LAZADA', 'SHOPEE', null]),
    );
    const lz = seeded.find((i: { platform: string }) => i.platform === 'LAZADA');
    expect(lz.platformOrderId).toMatch(/^\d{15}$/);
    const sp = seeded.find((i: { platform: string }) => i.platform === 'SHOPEE');
    expect(sp.platformOrderId).toMatch(/^\d{6}[A-Z0-9]{8}$/);
    const processing = seeded.filter((i: { status: string }) => i.status === 'Processing');
    for (const o of processing.slice(0, 3)) {
      const d = (await app.get(app.demoAdmin, `${url}/${o.id}`)).json();
      for (const l of d.lines) expect(l.reservedQty).toBe(l.quantity);
    }
  });
});

describe('options for the page', () => {
  it('lists the tenant shops and searches catalogue variants', async () => {
    const shops = (await app.get(app.demoAdmin, `${url}/shops`)).json().items;
    expect(shops.map((s: { platform: string }) => s.platform).sort()).toEqual(
      expect.arrayContaining(['LAZADA', 'SHOPEE']),
    );
    const [a] = await variantsOf(app.t, app.t.demo, 1);
    const found = (await app.get(app.demoAdmin, `${url}/variant-options?filter=${encodeURIComponent(a!.sku)}`)).json()
      .items;
    expect(found[0]).toMatchObject({ id: a!.variantId, sku: a!.sku, price: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(
      (await app.get(app.otherAdmin, `${url}/variant-options?filter=${encodeURIComponent(a!.sku)}`)).json().items,
    ).toEqual([]);
    expect((await app.get(app.nobody, `${url}/shops`)).statusCode).toBe(403);
    expect((await app.get(app.nobody, `${url}/variant-options`)).statusCode).toBe(403);
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { logisticsWarehouses } from '../../logistics/index.ts';
import { stock, stockLedger } from '../stock/schema.ts';
import { useTradeApp, variantsOf, warehousesOf } from '../test-support.ts';
import { settlementStatements } from './schema.ts';

/**
 * Profit and costing a seller can check by hand (tenant currency CNY; SGD = 5.30, the default
 * rates): refunds (amounts and returned units), returned parcels, the quantity-weighted average
 * of unshipped units, and an arrival matched across currencies with its remainder written off.
 * Manual orders: no platform fee estimate (0 %); shipped with an actual fee of 0, so no freight.
 */

const app = useTradeApp();
const { get, post } = app;
const orders = '/api/trade/orders';
const shipmentsUrl = '/api/trade/shipments';
const finance = '/api/trade/finance';
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
let a: { variantId: string; sku: string };
let b: { variantId: string; sku: string };
let w1: string;
let w2: string;
let w3: string;

/** Sets a snapshot as the test needs it (quantities and average), in the demo tenant. */
async function setStock(warehouseId: string, v: { variantId: string; sku: string }, onHand: number, avgCost: string) {
  await app.t.services.data.inTenant({ tenant: app.t.demo }, async (tx) => {
    await tx
      .insert(stock)
      .values({ tenantId: app.t.demo.id, warehouseId, variantId: v.variantId, sku: v.sku })
      .onConflictDoNothing();
    await tx
      .update(stock)
      .set({ onHand, reserved: 0, avgCost })
      .where(and(eq(stock.warehouseId, warehouseId), eq(stock.variantId, v.variantId)));
  });
}

const stockNow = async (warehouseId: string, v: { variantId: string }) =>
  (
    await app.t.services.data.inTenant({ tenant: app.t.demo }, (tx) =>
      tx
        .select()
        .from(stock)
        .where(and(eq(stock.warehouseId, warehouseId), eq(stock.variantId, v.variantId))),
    )
  )[0]!;

/** A manual SGD order of one line (confirmed unless said), over HTTP. */
async function sgdOrder(
  v: { variantId: string },
  quantity: number,
  unitPrice: string,
  opts: { warehouseId?: string; shippingFee?: string; confirm?: boolean } = {},
) {
  const res = await post(app.demoAdmin, orders, {
    buyerName: 'Tan Wei Jie',
    countryCode: 'SG',
    currency: 'SGD',
    warehouseId: opts.warehouseId ?? w1,
    shippingFee: opts.shippingFee ?? '0',
    address: { name: 'Tan Wei Jie', line1: '1 Orchard Road', city: 'Singapore', postCode: '238801', countryCode: 'SG' },
    lines: [{ variantId: v.variantId, quantity, unitPrice }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json();
  if (opts.confirm !== false)
    expect((await post(app.demoAdmin, `${orders}/${order.id}/confirm`)).json().status).toBe('Processing');
  return order as { id: string; orderNo: string; lines: { id: string }[] };
}

/** A parcel of `quantity` of the order's first line: created, labelled, packed, shipped at a fee of 0. */
async function ship(order: { lines: { id: string }[] }, quantity: number) {
  const created = await post(app.demoAdmin, shipmentsUrl, {
    lines: [{ orderLineId: order.lines[0]!.id, quantity }],
    warehouseId: w1,
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as string;
  for (const step of ['label', 'pack'])
    expect((await post(app.demoAdmin, `${shipmentsUrl}/${id}/${step}`)).statusCode).toBe(200);
  const shipped = await post(app.demoAdmin, `${shipmentsUrl}/${id}/ship`, { actualFee: '0' });
  expect(shipped.statusCode, shipped.body).toBe(200);
  return id;
}

const profitOf = async (order: { orderNo: string }) => {
  const res = await get(app.demoAdmin, `${finance}/profit/orders?from=${day(-1)}&to=${day(1)}&filter=${order.orderNo}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items[0];
};

beforeAll(async () => {
  const vs = await variantsOf(app.t, app.t.demo, 30);
  [a, b] = [vs[20]!, vs[21]!];
  const whs = await warehousesOf(app.t, app.t.demo);
  [w1, w2] = [whs[0]!.id, whs[1]!.id];
  w3 = randomUUID();
  await app.t.services.data.inTenant({ tenant: app.t.demo }, (tx) =>
    tx.insert(logisticsWarehouses).values({
      id: w3,
      tenantId: app.t.demo.id,
      code: 'CT-03',
      name: 'Costing test',
      type: 'OWN',
      countryCode: 'CN',
    }),
  );
  await setStock(w1, a, 10, '12.0000');
}, 120_000);

describe('refunds: the amount and the returned units are in profit', () => {
  it('a 40.00 SGD order refunded in part, then in full with one unit back, no longer shows profit', async () => {
    const o = await sgdOrder(a, 2, '20.00');
    await ship(o, 2);
    expect((await post(app.demoAdmin, `${orders}/${o.id}/deliver`)).json().status).toBe('Delivered');
    // revenue 40.00 × 5.30 = 212.00; cost 2 × 12.0000 = 24.00; no fees, no freight: 188.00
    expect(await profitOf(o)).toMatchObject({ revenue: '212.00', cost: '24.00', fees: '0.00', profit: '188.00' });

    const partial = `${orders}/${o.id}/partial-refund`;
    // a partial refund must say its amount, never more than is left, in the order's minor units
    expect(members(await post(app.demoAdmin, partial, { reason: 'one broken' }))).toEqual(['amount']);
    expect(members(await post(app.demoAdmin, partial, { amount: '40.01' }))).toEqual(['amount']);
    expect(members(await post(app.demoAdmin, partial, { amount: '1.005' }))).toEqual(['amount']);
    expect(members(await post(app.demoAdmin, partial, { amount: '-1.00' }))).toEqual(['amount']);
    expect((await post(app.nobody, partial, { amount: '10.00' })).statusCode).toBe(403);
    expect((await post(app.otherAdmin, partial, { amount: '10.00' })).statusCode).toBe(404);
    const p = await post(app.demoAdmin, partial, { amount: '10.00', reason: 'one scratched' });
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ status: 'PartiallyRefunded', refundedAmount: '10.00' });
    // revenue (40.00 − 10.00) × 5.30 = 159.00; cost 24.00: 135.00
    expect(await profitOf(o)).toMatchObject({ revenue: '159.00', cost: '24.00', profit: '135.00' });

    // 30.00 is left; 3 units cannot come back of 2 shipped
    const full = `${orders}/${o.id}/refund`;
    expect(members(await post(app.demoAdmin, full, { amount: '30.01' }))).toEqual(['amount']);
    const tooMany = await post(app.demoAdmin, full, { returns: [{ lineId: o.lines[0]!.id, quantity: 3 }] });
    expect(members(tooMany)).toEqual(['returns.0.quantity']);
    expect(members(await post(app.demoAdmin, full, { returns: [{ lineId: randomUUID(), quantity: 1 }] }))).toEqual([
      'returns.0.lineId',
    ]);
    const r = await post(app.demoAdmin, full, { returns: [{ lineId: o.lines[0]!.id, quantity: 1 }] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'Refunded', refundedAmount: '40.00' });
    expect(r.json().lines[0]).toMatchObject({ shippedQty: 2, returnedQty: 1 });
    // the unit is back on hand at the 12.0000 it left at: 10 − 2 + 1 = 9, the average unmoved
    expect(await stockNow(w1, a)).toMatchObject({ onHand: 9, avgCost: '12.0000' });
    // revenue (40.00 − 40.00) × 5.30 = 0.00; cost 24.00 − 12.00 = 12.00: a loss of 12.00, no margin
    expect(await profitOf(o)).toMatchObject({ revenue: '0.00', cost: '12.00', profit: '-12.00', margin: null });
  });
});

describe('a returned parcel no longer counts as sold', () => {
  it('reverses the parcel’s share of the revenue and its cost; a refund of it is not counted twice', async () => {
    // 3 at 20.00 + 5.00 shipping = 65.00 SGD, in two parcels (2 + 1) from 9 at 12.0000
    const o = await sgdOrder(a, 3, '20.00', { shippingFee: '5.00' });
    await ship(o, 2);
    const second = await ship(o, 1);
    // revenue 65.00 × 5.30 = 344.50; cost 3 × 12.0000 = 36.00: 308.50
    expect(await profitOf(o)).toMatchObject({ revenue: '344.50', cost: '36.00', profit: '308.50' });
    expect((await post(app.demoAdmin, `${shipmentsUrl}/${second}/return`)).statusCode).toBe(200);
    expect(await stockNow(w1, a)).toMatchObject({ onHand: 7, avgCost: '12.0000' });
    // the parcel's share: 1 × 20.00 ÷ 60.00 goods × 65.00 = 21.6666…; revenue (65.00 − 21.6666…) × 5.30
    // = 43.3333… × 5.30 = 229.6666… → 229.67; cost 36.00 − 12.00 = 24.00: 205.67
    expect(await profitOf(o)).toMatchObject({ revenue: '229.67', cost: '24.00', profit: '205.67' });
    expect((await post(app.demoAdmin, `${orders}/${o.id}/deliver`)).json().status).toBe('Delivered');
    // the unit of the returned parcel is back already: of 3 shipped, 1 came back, 2 may still
    const again = await post(app.demoAdmin, `${orders}/${o.id}/partial-refund`, {
      amount: '21.67',
      returns: [{ lineId: o.lines[0]!.id, quantity: 3 }],
    });
    expect(members(again)).toEqual(['returns.0.quantity']);
    expect(again.json().error.validationErrors[0].message).toContain('2');
    // refunding that parcel (21.67) loses the larger of 21.67 and 21.6666…, once:
    // (65.00 − 21.67) × 5.30 = 43.33 × 5.30 = 229.649 → 229.65; 229.65 − 24.00 = 205.65
    expect((await post(app.demoAdmin, `${orders}/${o.id}/partial-refund`, { amount: '21.67' })).statusCode).toBe(200);
    expect(await profitOf(o)).toMatchObject({ revenue: '229.65', cost: '24.00', profit: '205.65' });
  });
});

describe('unshipped units where the order’s warehouse has no average', () => {
  it('are costed at the warehouses’ averages weighted by their units on hand', async () => {
    // B: none in the order's warehouse (w2); 30 at 10.0000 in w1, 10 at 20.0000 in w3
    await setStock(w2, b, 0, '0.0000');
    await setStock(w1, b, 30, '10.0000');
    await setStock(w3, b, 10, '20.0000');
    const o = await sgdOrder(b, 2, '30.00', { warehouseId: w2, confirm: false });
    // (30 × 10.0000 + 10 × 20.0000) ÷ 40 = 500 ÷ 40 = 12.50 a unit (the plain mean would be 15.00):
    // cost 2 × 12.50 = 25.00; revenue 60.00 × 5.30 = 318.00: 293.00
    expect(await profitOf(o)).toMatchObject({ revenue: '318.00', cost: '25.00', profit: '293.00' });
    await app.t.services.data.inTenant({ tenant: app.t.demo }, (tx) =>
      tx
        .update(stock)
        .set({ onHand: 0 })
        .where(and(eq(stock.variantId, b.variantId), eq(stock.warehouseId, w3))),
    );
    // with nothing on hand anywhere but w1's 30: 10.0000 a unit, 20.00
    expect(await profitOf(o)).toMatchObject({ cost: '20.00' });
  });
});

describe('an arrival matched across currencies, its remainder written off', () => {
  let statementId: string;
  const arrival = async (fromAmount: string) => {
    const res = await post(app.finance, `${finance}/arrivals`, {
      shopId: null,
      payService: 'payoneer',
      paymentType: 10,
      payoutTime: new Date().toISOString(),
      fromCurrency: 'MYR',
      fromAmount,
      payoutCurrency: 'CNY',
      payoutAmount: '160.00',
      // the payout's own rate, not the tenant's 1.55 for MYR
      fxRate: '1.60',
      fee: '0',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; arrivalNo: string };
  };

  beforeAll(async () => {
    statementId = randomUUID();
    await app.t.services.data.inTenant({ tenant: app.t.demo }, (tx) =>
      tx.insert(settlementStatements).values({
        id: statementId,
        tenantId: app.t.demo.id,
        shopId: randomUUID(),
        platform: 'SHOPEE',
        statementNo: 'SG-COSTING-1',
        periodStart: day(-7),
        periodEnd: day(-1),
        currency: 'SGD',
        grossSales: '200.00',
        netAmount: '200.00',
        status: 'PAID',
      }),
    );
  });

  it('converts at the payout’s rate, says truly why 0.03 MYR cannot match, and writes it off', async () => {
    const ar = await arrival('100.00');
    const url = `${finance}/arrivals/${ar.id}`;
    // nothing matched yet: nothing to write off
    expect(members(await post(app.finance, `${url}/write-off`, { reason: 'rounding' }))).toEqual(['reason']);
    // 1 SGD = 5.30 CNY ÷ 1.60 = 3.3125 MYR; 100.00 ÷ 3.3125 = 30.188… → 30.18 SGD;
    // 30.18 × 3.3125 = 99.97125 → 99.97 MYR (at the tenant's 1.55 it would be 99.98)
    const matched = await post(app.finance, `${url}/match`, { statementIds: [statementId] });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json()).toMatchObject({
      matchedAmount: '99.97',
      matchedStatus: 'PARTIAL',
      writtenOffAmount: '0.00',
    });
    expect(matched.json().matches[0]).toMatchObject({ amount: '30.18', arrivalAmount: '99.97' });
    // 0.03 MYR is left, less than 0.01 SGD (0.033125 MYR): refused, and not as "fully matched"
    const rest = await post(app.finance, `${url}/match`, { statementIds: [statementId] });
    expect(members(rest)).toEqual(['statementIds.0']);
    const why = rest.json().error.validationErrors[0].message as string;
    expect(why).toContain('0.03 MYR');
    expect(why).toContain('0.01 SGD');
    expect(why).not.toContain('fully matched');
    // written off explicitly, with a reason: matched
    expect(members(await post(app.finance, `${url}/write-off`, { reason: ' ' }))).toEqual(['reason']);
    expect((await post(app.salesman, `${url}/write-off`, { reason: 'rounding' })).statusCode).toBe(403);
    expect((await post(app.otherAdmin, `${url}/write-off`, { reason: 'rounding' })).statusCode).toBe(404);
    const off = await post(app.finance, `${url}/write-off`, { reason: 'FX remainder below 0.01 SGD' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      matchedAmount: '99.97',
      writtenOffAmount: '0.03',
      writeOffReason: 'FX remainder below 0.01 SGD',
      matchedStatus: 'MATCHED',
    });
    // now it is fully matched, and says so
    const done = await post(app.finance, `${url}/match`, { statementIds: [statementId] });
    expect(done.json().error.validationErrors[0].message).toContain('fully matched');
    // unmatching undoes the write-off with the matches it was the remainder of
    const undone = await post(app.finance, `${url}/unmatch`, {});
    expect(undone.json()).toMatchObject({
      matchedAmount: '0.00',
      writtenOffAmount: '0.00',
      matchedStatus: 'UNMATCHED',
    });
  });

  it('refuses to write off a remainder a statement can still take', async () => {
    const ar = await arrival('100.00');
    const url = `${finance}/arrivals/${ar.id}`;
    // 20.00 SGD × 3.3125 = 66.25 MYR; 33.75 MYR left, which 10.18 SGD could still take
    const m = await post(app.finance, `${url}/match`, { items: [{ statementId, amount: '20.00' }] });
    expect(m.json()).toMatchObject({ matchedAmount: '66.25', matchedStatus: 'PARTIAL' });
    const refused = await post(app.finance, `${url}/write-off`, { reason: 'rounding' });
    expect(members(refused)).toEqual(['reason']);
    expect(refused.json().error.validationErrors[0].message).toContain('33.75 MYR');
  });
});

describe('the ledger rows a refund writes', () => {
  it('are RETURN_IN rows of the order’s voucher at the cost the units left at', async () => {
    const rows = await app.t.services.data.inTenant({ tenant: app.t.demo }, (tx) =>
      tx
        .select()
        .from(stockLedger)
        .where(and(eq(stockLedger.variantId, a.variantId), eq(stockLedger.voucherType, 'ORDER_RETURN'))),
    );
    expect(rows).toEqual([expect.objectContaining({ type: 'RETURN_IN', qtyChange: 1, unitCost: '12.0000' })]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { percentOf, text, weekStart } from './finance.ts';
import { simOrderLines, simOrders } from './schema.ts';
import { lazada, lazadaTokens, shopee, shopeeTokens, simApp } from './test-support.ts';

let t: TestApp;
let lz: string;
let seller: string;
let sp: { access_token: string; shopId: string };

const DAY = 86_400_000;
// two weeks ago's Monday (settled, paid) and this week's Monday (open)
const thisMonday = weekStart(new Date());
const oldMonday = new Date(thisMonday.getTime() - 14 * DAY);

async function order(
  platform: 'lazada' | 'shopee',
  shop: string,
  sn: string,
  at: Date,
  status: string,
  lines: Array<[string, number]>,
) {
  const total = lines.reduce((s, [p, q]) => s + Number(p) * q, 0).toFixed(2);
  await t.services.data.unscoped(async (tx) => {
    const [o] = await tx
      .insert(simOrders)
      .values({
        platform,
        shopId: shop,
        orderSn: sn,
        status,
        currency: platform === 'lazada' ? 'MYR' : 'MYR',
        total,
        shippingFee: '5.00',
        data: {},
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await tx.insert(simOrderLines).values(
      lines.map(([price, quantity], i) => ({
        orderId: o!.id,
        itemId: 1,
        skuId: 10 + i,
        sellerSku: `FIN-SKU-${i + 1}`,
        name: 'Item',
        quantity,
        price,
      })),
    );
  });
}

beforeAll(async () => {
  t = await simApp();
  const tk = await lazadaTokens(t.app);
  lz = tk.access_token;
  seller = tk.country_user_info[0]!.seller_id;
  sp = await shopeeTokens(t.app);
  const tue = new Date(oldMonday.getTime() + DAY + 3_600_000);
  // 95.00 (one at 47.50 × 2) + 5.00 shipping; and a cancelled one that is not settled
  await order('lazada', seller, '900000000000001', tue, 'delivered', [['47.50', 2]]);
  await order('lazada', seller, '900000000000002', tue, 'canceled', [['10.00', 1]]);
  await order('lazada', seller, '900000000000003', new Date(thisMonday.getTime() + 60_000), 'pending', [['20.00', 1]]);
  await order('shopee', sp.shopId, 'SPFIN0000001', tue, 'COMPLETED', [
    ['30.00', 1],
    ['12.50', 2],
  ]);
  await order('shopee', sp.shopId, 'SPFIN0000002', tue, 'UNPAID', [['99.00', 1]]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('fee arithmetic', () => {
  it('rounds percentages half up to the cent', () => {
    expect(text(percentOf(4750n, 4n))).toBe('1.90');
    expect(text(percentOf(4750n, 2n))).toBe('0.95');
    expect(text(percentOf(1250n, 4n))).toBe('0.50');
    expect(text(percentOf(1237n, 2n))).toBe('0.25'); // 0.2474 → 0.25
    expect(text(-123n)).toBe('-1.23');
  });
  it('starts weeks on Monday (UTC)', () => {
    expect(weekStart(new Date('2025-03-09T23:00:00Z')).toISOString()).toBe('2025-03-03T00:00:00.000Z');
    expect(weekStart(new Date('2025-03-10T00:00:00Z')).toISOString()).toBe('2025-03-10T00:00:00.000Z');
  });
});

describe('Lazada finance', () => {
  it('lists statements per week: item revenue, shipping, fees, closing balance, paid', async () => {
    const res = await lazada(
      t.app,
      '/finance/payout/status/get',
      { created_after: oldMonday.toISOString() },
      { token: lz },
    );
    expect(res.json().code).toBe('0');
    const [old, open] = res.json().data;
    // 2 × 47.50 = 95.00; commission 2 × 1.90, payment fee 2 × 0.95 + 0.10 on the shipping → 5.80
    expect(old).toMatchObject({
      statement_number: `${seller}-${oldMonday.toISOString().slice(0, 10)}`,
      item_revenue: '95.00',
      shipment_fee_credit: '5.00',
      fees_total: '-5.80',
      closing_balance: '94.20',
      payout: '94.20 MYR',
      paid: 1,
      status: 'paid',
    });
    expect(open).toMatchObject({
      item_revenue: '20.00',
      fees_total: '-1.30',
      closing_balance: '23.70',
      paid: 0,
      status: 'open',
    });
  });

  it('lists the transactions of a period, per order item and per order', async () => {
    const start = oldMonday.toISOString().slice(0, 10);
    const end = new Date(oldMonday.getTime() + 6 * DAY).toISOString().slice(0, 10);
    const res = await lazada(
      t.app,
      '/finance/transaction/details/get',
      { start_time: start, end_time: end },
      { token: lz },
    );
    const rows = res.json().data as Array<{ fee_name: string; amount: string; order_no: string; statement: string }>;
    expect(rows.map((r) => [r.fee_name, r.amount])).toEqual([
      ['Item Price Credit', '47.50'],
      ['Commission', '-1.90'],
      ['Payment Fee', '-0.95'],
      ['Item Price Credit', '47.50'],
      ['Commission', '-1.90'],
      ['Payment Fee', '-0.95'],
      ['Shipping Fee (Paid By Customer)', '5.00'],
      ['Payment Fee', '-0.10'],
    ]);
    expect(new Set(rows.map((r) => r.order_no))).toEqual(new Set(['900000000000001']));
    expect(rows.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0)).toBe(9420);
    const page = await lazada(
      t.app,
      '/finance/transaction/details/get',
      { start_time: start, end_time: end, limit: '3', offset: '6' },
      { token: lz },
    );
    expect(page.json().data).toHaveLength(2);
  });

  it('refuses missing or malformed parameters', async () => {
    expect((await lazada(t.app, '/finance/payout/status/get', {}, { token: lz })).json().code).toBe('InvalidParameter');
    const bad = await lazada(
      t.app,
      '/finance/transaction/details/get',
      { start_time: 'x', end_time: '2025-01-01' },
      { token: lz },
    );
    expect(bad.json().code).toBe('InvalidParameter');
  });
});

describe('Shopee finance', () => {
  const call = (method: 'GET' | 'POST', path: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
    shopee(t.app, method, path, { ...opts, token: sp.access_token, shopId: sp.shopId });

  it('answers the escrow of an order: fees and escrow amount', async () => {
    const res = await call('GET', '/payment/get_escrow_detail', { query: { order_sn: 'SPFIN0000001' } });
    expect(res.json().error).toBe('');
    // 30 + 2 × 12.50 = 55; commission 1.20 + 2 × 0.50; transaction fee 0.60 + 2 × 0.25 + 0.10; shipping 5 − 5
    expect(res.json().response.order_income).toMatchObject({
      original_price: 55,
      commission_fee: 2.2,
      seller_transaction_fee: 1.2,
      buyer_paid_shipping_fee: 5,
      actual_shipping_fee: 5,
      escrow_amount: 51.6,
    });
    const batch = await call('POST', '/payment/get_escrow_detail_batch', {
      body: { order_sn_list: ['SPFIN0000001', 'SPFIN0000002'] },
    });
    expect(batch.json().response).toHaveLength(1);
    expect(
      (await call('GET', '/payment/get_escrow_detail', { query: { order_sn: 'SPFIN0000002' } })).json().error,
    ).toBe('error_param');
  });

  it('lists payouts made in a range of at most 15 days, with FX and the escrows they pay', async () => {
    const payoutAt = Math.floor((oldMonday.getTime() + 7 * DAY) / 1000);
    const res = await call('GET', '/payment/get_payout_detail', {
      query: { payout_time_from: String(payoutAt - 86_400), payout_time_to: String(payoutAt + 86_400) },
    });
    const [p] = res.json().response.payout_list;
    // 51.60 MYR × 1.55 = 79.98
    expect(p.payout_info).toMatchObject({
      from_currency: 'MYR',
      payout_currency: 'CNY',
      from_amount: 51.6,
      payout_amount: 79.98,
      exchange_rate: '1.55',
      payout_time: payoutAt,
      pay_service: 'payoneer',
    });
    expect(p.escrow_list).toEqual([{ order_sn: 'SPFIN0000001', escrow_amount: 51.6, currency: 'MYR' }]);
    const wide = await call('GET', '/payment/get_payout_detail', {
      query: { payout_time_from: String(payoutAt - 16 * 86_400), payout_time_to: String(payoutAt) },
    });
    expect(wide.json().error).toBe('error_param');
  });
});

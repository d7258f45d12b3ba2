import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { tenantCurrency } from '../../logistics/index.ts';
import { useTradeApp, variantsOf } from '../test-support.ts';
import { periodOf, periodsOf } from './service.ts';

const app = useTradeApp();
const { get } = app;
const base = '/api/trade/statistics';
const DAY = 86_400_000;
const toDay = new Date().toISOString().slice(0, 10);
const fromDay = new Date(Date.now() - 89 * DAY).toISOString().slice(0, 10);
const range = `from=${fromDay}&to=${toDay}`;

describe('periods', () => {
  it('labels days, ISO weeks and months as the SQL does, and lists them all', () => {
    const d = new Date('2025-03-09T23:30:00Z');
    expect(periodOf(d, 'day')).toBe('2025-03-09');
    expect(periodOf(d, 'week')).toBe('2025-03-03');
    expect(periodOf(d, 'month')).toBe('2025-03');
    expect(periodsOf(new Date('2025-02-27'), new Date('2025-03-04'), 'week')).toEqual(['2025-02-24', '2025-03-03']);
    expect(periodsOf(new Date('2025-02-27'), new Date('2025-03-04'), 'month')).toEqual(['2025-02', '2025-03']);
    // on the tenant's calendar: 17:00 UTC on the 9th is the 10th in Shanghai, a Monday
    const evening = new Date('2025-03-09T17:00:00Z');
    expect(periodOf(evening, 'day', 'Asia/Shanghai')).toBe('2025-03-10');
    expect(periodOf(evening, 'week', 'Asia/Shanghai')).toBe('2025-03-10');
    expect(periodOf(new Date('2025-03-31T16:30:00Z'), 'month', 'Asia/Shanghai')).toBe('2025-04');
    expect(
      periodsOf(new Date('2025-03-08T16:00:00Z'), new Date('2025-03-10T16:00:00Z'), 'day', 'Asia/Shanghai'),
    ).toEqual(['2025-03-09', '2025-03-10']);
  });
});

describe('order statistics', () => {
  it('sales equal the order list’s totals for the same range (cancelled left out)', async () => {
    const { rates } = await tenantCurrency(app.t.services, { tenant: app.t.demo });
    // both read the days of the tenant's calendar (Asia/Shanghai), the last one included
    const list = await get(app.demoAdmin, `/api/trade/orders?from=${fromDay}&to=${toDay}&maxResultCount=1000`);
    expect(list.statusCode, list.body).toBe(200);
    const kept = (list.json().items as Array<{ status: string; total: string; currency: string }>).filter(
      (o) => o.status !== 'Cancel',
    );
    const expected = kept.reduce((s, o) => s.add(new Decimal(o.total).mul(rates[o.currency]!)), new Decimal(0));
    for (const granularity of ['day', 'week', 'month']) {
      const res = await get(app.salesman, `${base}/sales?${range}&granularity=${granularity}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.currency).toBe('CNY');
      expect(body.totalOrders).toBe(kept.length);
      expect(body.totalAmount).toBe(expected.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
      expect(body.periods.reduce((s: number, p: { orders: number }) => s + p.orders, 0)).toBe(kept.length);
      expect(body.byPlatform.reduce((s: number, p: { orders: number }) => s + p.orders, 0)).toBe(kept.length);
    }
    expect(kept.length).toBeGreaterThan(0);
    const days = (await get(app.demoAdmin, `${base}/sales?${range}&granularity=day`)).json().periods;
    expect(days).toHaveLength(90);
    // one shop's sales are that shop's orders
    const shop = (await get(app.demoAdmin, `${base}/sales?${range}`))
      .json()
      .byShop.find((s: { shopId: string }) => s.shopId);
    const onlyShop = (await get(app.demoAdmin, `${base}/sales?${range}&shopId=${shop.shopId}`)).json();
    expect(onlyShop.totalOrders).toBe(shop.orders);
    expect(onlyShop.totalAmount).toBe(shop.amount);
  });

  it('answers top SKUs, purchase spend, stock value and profit', async () => {
    const top = await get(app.finance, `${base}/top-skus?${range}&top=5`);
    expect(top.statusCode, top.body).toBe(200);
    expect(top.json().byQuantity.length).toBeGreaterThan(0);
    expect(top.json().byQuantity.length).toBeLessThanOrEqual(5);
    const q = top.json().byQuantity.map((s: { quantity: number }) => s.quantity);
    expect([...q].sort((a, b) => b - a)).toEqual(q);
    const spend = await get(app.finance, `${base}/purchase-spend?${range}&granularity=month`);
    expect(spend.statusCode, spend.body).toBe(200);
    expect(spend.json().available).toBe(true);
    const value = await get(app.finance, `${base}/stock-value`);
    expect(value.statusCode).toBe(200);
    const total = value.json().warehouses.reduce((s: Decimal, w: { value: string }) => s.add(w.value), new Decimal(0));
    // each warehouse rounded on its own: the total may differ by a cent per warehouse
    expect(total.sub(value.json().total).abs().toNumber()).toBeLessThanOrEqual(0.01 * value.json().warehouses.length);
    const profit = await get(app.finance, `${base}/profit?${range}&granularity=week`);
    expect(profit.statusCode, profit.body).toBe(200);
    const sales = (await get(app.finance, `${base}/sales?${range}`)).json();
    // profit's revenue is the profit list's, each order rounded to the cent: within a cent per order of the sales
    expect(new Decimal(profit.json().revenue).sub(sales.totalAmount).abs().toNumber()).toBeLessThanOrEqual(
      0.01 * sales.totalOrders,
    );
  });

  it('refuses a range beyond 366 days naming to, a bad granularity, nobody; another tenant sees none of demo', async () => {
    const long = await get(app.demoAdmin, `${base}/sales?from=2023-01-01&to=2024-06-01`);
    expect(long.statusCode).toBe(400);
    expect(members(long)).toEqual(['to']);
    expect(members(await get(app.demoAdmin, `${base}/sales?${range}&granularity=year`))).toEqual(['granularity']);
    expect(members(await get(app.demoAdmin, `${base}/sales?from=x&to=${toDay}`))).toEqual(['from']);
    expect((await get(app.nobody, `${base}/sales?${range}`)).statusCode).toBe(403);
    expect((await get(app.stockman, `${base}/stock-value`)).statusCode).toBe(403);
    expect((await get(app.stockman, `${base}/sales?${range}`)).statusCode).toBe(403);
    expect((await get(app.otherAdmin, `${base}/sales?${range}`)).json().totalOrders).toBe(0);
  });
});

describe('what each role may see of the statistics', () => {
  it('a salesman reads sales and top SKUs, not purchase spend, stock value nor profit; finance reads them all', async () => {
    for (const chart of ['sales', 'top-skus'])
      expect((await get(app.salesman, `${base}/${chart}?${range}`)).statusCode, chart).toBe(200);
    for (const chart of ['purchase-spend', 'stock-value', 'profit'])
      expect((await get(app.salesman, `${base}/${chart}?${range}`)).statusCode, chart).toBe(403);
    for (const chart of ['sales', 'top-skus', 'purchase-spend', 'stock-value', 'profit'])
      expect((await get(app.finance, `${base}/${chart}?${range}`)).statusCode, chart).toBe(200);
  });
});

describe('periods on the tenant’s calendar (Asia/Shanghai, UTC+8)', () => {
  it('counts an order at 2026-03-01T17:00Z on 2026-03-02, in its Monday’s week and the month it is in there', async () => {
    const q = 'from=2026-02-23&to=2026-04-05';
    expect((await get(app.demoAdmin, `${base}/sales?${q}`)).json().totalOrders).toBe(0);
    const [variant] = await variantsOf(app.t, app.t.demo, 1);
    const place = async (orderedAt: string, quantity: number, unitPrice: string) => {
      const res = await app.post(app.salesman, '/api/trade/orders', {
        buyerName: 'Zone Buyer',
        countryCode: 'CN',
        currency: 'CNY',
        orderedAt,
        lines: [{ variantId: variant!.variantId, quantity, unitPrice }],
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await place('2026-03-01T17:00:00Z', 2, '10.25'); // 2026-03-02 01:00 in Shanghai, a Monday: 20.50
    await place('2026-03-01T15:00:00Z', 1, '7.00'); // 2026-03-01 23:00, a Sunday: 7.00
    await place('2026-03-31T16:30:00Z', 1, '3.00'); // 2026-04-01 00:30: 3.00
    type Period = { period: string; orders: number; amount: string };
    const periods = async (granularity: string) => {
      const res = await get(app.demoAdmin, `${base}/sales?${q}&granularity=${granularity}`);
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(
        (res.json().periods as Period[]).filter((p) => p.orders).map((p) => [p.period, [p.orders, p.amount]]),
      );
    };
    expect(await periods('day')).toEqual({
      '2026-03-01': [1, '7.00'],
      '2026-03-02': [1, '20.50'],
      '2026-04-01': [1, '3.00'],
    });
    expect(await periods('week')).toEqual({
      '2026-02-23': [1, '7.00'],
      '2026-03-02': [1, '20.50'],
      '2026-03-30': [1, '3.00'],
    });
    expect(await periods('month')).toEqual({ '2026-03': [2, '27.50'], '2026-04': [1, '3.00'] });
    // the profit's periods bucket the same orders the same way
    const profit = await get(app.demoAdmin, `${base}/profit?${q}&granularity=day`);
    expect(profit.statusCode, profit.body).toBe(200);
    const days = (profit.json().periods as { period: string; orders: number; revenue: string }[]).filter(
      (p) => p.orders,
    );
    expect(days.map((p) => [p.period, p.orders])).toEqual([
      ['2026-03-01', 1],
      ['2026-03-02', 1],
      ['2026-04-01', 1],
    ]);
    // a day range is the tenant's days: 2026-03-02 alone holds the order placed at 17:00Z the day before
    const one = (await get(app.demoAdmin, `${base}/sales?from=2026-03-02&to=2026-03-02`)).json();
    expect([one.totalOrders, one.totalAmount]).toEqual([1, '20.50']);
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNotSent, fakeApiBeforeEach, lastBody, lastParams, refusal } from '../../../../lib/testing/fake-http.ts';
import { click, fillIn, pick, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import { findRow } from '../../../../lib/testing/table.ts';
import type { Arrival, OrderProfit, SkuProfit, Statement } from '../../api/finance.ts';
import ArrivalPage from '../arrival/index.tsx';
import StatisticsPage from '../statistics/index.tsx';
import FinancialPage from './index.tsx';

/** The finance pages (settlements, arrivals) and the statistics page against a faked HTTP layer. */

const F = '/api/trade/finance';
const S = '/api/trade/statistics';
const SHOP = '00000000-0000-4000-8000-000000000001';
const ST = '00000000-0000-4000-8000-0000000000a1';
const AR = '00000000-0000-4000-8000-0000000000b1';

const statement: Statement = {
  id: ST,
  shopId: SHOP,
  shopName: 'Lazada 演示店铺 (MY)',
  platform: 'LAZADA',
  statementNo: '1000101-2026-01-05',
  periodStart: '2026-01-05',
  periodEnd: '2026-01-11',
  currency: 'MYR',
  grossSales: '95.00',
  fees: '-5.80',
  shippingFees: '5.00',
  refunds: '0.00',
  adjustments: '0.00',
  netAmount: '94.20',
  status: 'PAID',
  paidAt: '2026-01-19T00:00:00Z',
  matchedAmount: '0.00',
  matchedStatus: 'UNMATCHED',
  lineCount: 1,
  pulledAt: '2026-01-20T00:00:00Z',
};
const arrival: Arrival = {
  id: AR,
  arrivalNo: 'AR20260120ABCDEF',
  shopId: SHOP,
  shopName: 'Lazada 演示店铺 (MY)',
  account: null,
  payService: 'payoneer',
  payeeId: null,
  paymentType: 10,
  payoutTime: '2026-01-20T00:00:00Z',
  fromCurrency: 'MYR',
  fromAmount: '94.20',
  payoutCurrency: 'CNY',
  payoutAmount: '146.01',
  fxRate: '1.55',
  fee: '1.00',
  receivedAmount: '145.01',
  currency: 'CNY',
  bankReceivedAt: null,
  matchedAmount: '94.20',
  matchedStatus: 'MATCHED',
  writtenOffAmount: '0.00',
  writeOffReason: null,
  remark: null,
  creationTime: '2026-01-20T00:00:00Z',
  concurrencyStamp: 'x',
};

const orderProfit: OrderProfit = {
  orderId: '00000000-0000-4000-8000-0000000000c1',
  orderNo: 'SO-FIN-1',
  platformOrderId: '910000000000001',
  shopName: 'Lazada 演示店铺 (MY)',
  platform: 'LAZADA',
  orderedAt: '2026-01-06T03:00:00Z',
  status: 'Processing',
  orderCurrency: 'MYR',
  orderTotal: '100.00',
  currency: 'CNY',
  revenue: '155.00',
  cost: '61.25',
  fees: '8.99',
  feesEstimated: true,
  freight: '20.00',
  freightSource: 'ACTUAL',
  profit: '-4.24',
  margin: '-2.74',
};
const skuProfit: SkuProfit = {
  sku: 'FIN-1',
  name: 'Item',
  quantity: 2,
  orders: 1,
  currency: 'CNY',
  revenue: '155.00',
  cost: '61.25',
  fees: '8.99',
  freight: '20.00',
  profit: '64.76',
  margin: '41.78',
};

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${F}/cycles`]: {
      items: [
        {
          shopId: SHOP,
          shopName: 'Lazada 演示店铺 (MY)',
          platform: 'LAZADA',
          configured: true,
          settlementDays: 5,
          cycleDays: 10,
          anchorDay: 1,
          remark: null,
        },
      ],
    },
    [`GET ${F}/statements`]: { totalCount: 1, items: [statement] },
    [`GET ${F}/statements/${ST}`]: {
      ...statement,
      lines: [
        {
          id: 'l1',
          orderNo: '910000000000001',
          orderId: null,
          orderItemNo: null,
          sku: 'FIN-1',
          feeType: 'COMMISSION',
          feeName: 'Commission',
          amount: '-1.90',
          transactionDate: null,
        },
      ],
      matches: [],
    },
    [`POST ${F}/statements/pull`]: { created: 1, updated: 0, lines: 8, statementNos: [statement.statementNo] },
    [`GET ${F}/arrivals`]: { totalCount: 1, items: [arrival] },
    [`GET ${F}/arrivals/${AR}`]: { ...arrival, matches: [] },
    [`POST ${F}/arrivals`]: { ...arrival, matches: [] },
    [`POST ${F}/arrivals/${AR}/match`]: { ...arrival, matches: [] },
    [`GET ${S}/sales`]: {
      currency: 'CNY',
      totalOrders: 3,
      totalAmount: '465.00',
      periods: [
        { period: '2026-01-05', orders: 2, amount: '310.00' },
        { period: '2026-01-06', orders: 1, amount: '155.00' },
      ],
      byShop: [{ shopId: SHOP, shopName: 'Lazada 演示店铺 (MY)', platform: 'LAZADA', orders: 3, amount: '465.00' }],
      byPlatform: [{ platform: 'LAZADA', orders: 3, amount: '465.00' }],
      byPeriodShop: [],
    },
    [`GET ${S}/top-skus`]: {
      currency: 'CNY',
      byQuantity: [{ sku: 'FIN-1', name: 'Item', quantity: 6, orders: 3, amount: '465.00' }],
      byAmount: [{ sku: 'FIN-1', name: 'Item', quantity: 6, orders: 3, amount: '465.00' }],
    },
    [`GET ${S}/purchase-spend`]: { currency: 'CNY', available: true, total: '0.00', periods: [] },
    [`GET ${S}/stock-value`]: {
      currency: 'CNY',
      total: '100.00',
      totalQuantity: 10,
      warehouses: [{ warehouseId: 'w', code: 'SZ-01', name: '深圳仓', quantity: 10, value: '100.00' }],
    },
    [`GET ${S}/profit`]: { currency: 'CNY', revenue: '465.00', profit: '120.00', periods: [] },
    [`GET ${F}/profit/orders`]: { totalCount: 1, items: [orderProfit] },
    [`GET ${F}/profit/skus`]: { totalCount: 1, items: [skuProfit] },
  }),
  ['Trade.Finance', 'Trade.Finance.Pull', 'Trade.Finance.Arrivals', 'Trade.Finance.Match', 'Trade.Statistics'],
);

chineseTextsBeforeEach({
  Finance: {
    Statements: '结算单',
    Pull: '拉取结算单',
    Lines: '明细',
    'Matched:UNMATCHED': '未核销',
    'Matched:MATCHED': '已核销',
    'Status:PAID': '已打款',
    'Fee:COMMISSION': '佣金',
    Match: '核销',
    RangeTooLong: '一次最多 {0} 天。',
    OrderProfit: '订单利润',
    SkuProfit: 'SKU 利润',
    Shop: '店铺',
    FeesEstimated: '预估',
  },
  Statistics: { SalesAmount: '销售额', NoData: '该时间段没有订单' },
  Trade: { 'PaymentType:10': '银行转账' },
});

describe('profit lists', () => {
  it('lists profit per order on the last 30 days, by the platform order number, then by shop', async () => {
    renderPage(<FinancialPage />);
    await click(await screen.findByText('订单利润'));
    const table = await screen.findByTestId('order-profit');
    const row = await findRow(table, '910000000000001');
    expect(within(row).getByText('预估')).toBeTruthy();
    expect(within(row).getByText('100.00 MYR')).toBeTruthy();
    expect(within(row).getByText('-4.24')).toBeTruthy();
    const first = lastParams(calls, `GET ${F}/profit/orders`);
    const days = (Date.parse(String(first.to)) - Date.parse(String(first.from))) / 86_400_000;
    expect(days).toBe(29);
    await pick('order-profit-shop', 'Lazada 演示店铺 (MY)');
    await waitFor(() =>
      expect(lastParams(calls, `GET ${F}/profit/orders`)).toMatchObject({ shopId: SHOP, from: first.from }),
    );
  });

  it('lists profit per SKU on the last 30 days (the order list is not asked)', async () => {
    renderPage(<FinancialPage />);
    await click(await screen.findByText('SKU 利润'));
    const table = await screen.findByTestId('sku-profit');
    const row = await findRow(table, 'FIN-1');
    expect(within(row).getByText('64.76')).toBeTruthy();
    expect(lastParams(calls, `GET ${F}/profit/skus`)).toMatchObject({
      from: expect.any(String),
      to: expect.any(String),
    });
    expectNotSent(calls, `GET ${F}/profit/orders`);
  });
});

describe('settlements page', () => {
  it('lists statements with their status and matching, opens the lines', async () => {
    renderPage(<FinancialPage />);
    expect(await screen.findByText(statement.statementNo)).toBeTruthy();
    expect(screen.getByText('已打款')).toBeTruthy();
    expect(screen.getByText('未核销')).toBeTruthy();
    await click(`statement-${statement.statementNo}`);
    const lines = await screen.findByTestId('statement-lines');
    await waitFor(() => expect(within(lines).getByText('佣金')).toBeTruthy());
    expect(within(lines).getByText('-1.90')).toBeTruthy();
  });

  it('pulls a shop’s statements for a range; a refused range shows under the dates', async () => {
    renderPage(<FinancialPage />);
    await screen.findByText(statement.statementNo);
    await click('pull');
    await pick('pull-shop', 'Lazada 演示店铺 (MY)');
    answers[`POST ${F}/statements/pull`] = refusal(
      `${F}/statements/pull`,
      [{ message: '一次最多 92 天。', members: ['to'] }],
      'x',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /OK|确\s*定/ }));
    });
    await waitFor(() => expect(screen.getByText('一次最多 92 天。')).toBeTruthy());
    const body = lastBody(calls, `POST ${F}/statements/pull`);
    expect(body.shopId).toBe(SHOP);
    expect(body.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('arrivals page', () => {
  it('shows the matched tag, creates an arrival and matches one against a statement', async () => {
    renderPage(<ArrivalPage />);
    const tag = await screen.findByTestId(`arrival-status-${arrival.arrivalNo}`);
    expect(within(tag).getByText('已核销')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button').find((b) => b.textContent?.match(/新建|New|Create/))!);
    });
    await fillIn({
      'arrival-fromAmount': '94.20',
      'arrival-payoutAmount': '146.01',
      'arrival-fxRate': '1.55',
    });
    await submit('arrival-save');
    await waitFor(() => expect(lastBody(calls, `POST ${F}/arrivals`)).toBeTruthy());
    expect(lastBody(calls, `POST ${F}/arrivals`)).toMatchObject({
      fromAmount: '94.20',
      fxRate: '1.55',
      paymentType: 10,
      payService: 'payoneer',
    });
    await click(`match-${arrival.arrivalNo}`);
    const table = await screen.findByTestId('match-statements');
    await waitFor(() => expect(within(table).getByText(statement.statementNo)).toBeTruthy());
    await act(async () => {
      fireEvent.click(within(table).getAllByRole('checkbox').at(-1)!);
    });
    await submit('match-save');
    await waitFor(() =>
      expect(lastBody(calls, `POST ${F}/arrivals/${AR}/match`)).toEqual({ items: [{ statementId: ST }] }),
    );
  });

  it('writes off the remainder of a partly matched arrival, with a reason', async () => {
    const partial = { ...arrival, matchedAmount: '94.17', matchedStatus: 'PARTIAL' as const };
    const matched = [
      {
        statementId: ST,
        statementNo: statement.statementNo,
        shopName: 'x',
        currency: 'SGD',
        amount: '29.24',
        arrivalAmount: '94.17',
      },
    ];
    answers[`GET ${F}/arrivals`] = { totalCount: 1, items: [partial] };
    answers[`GET ${F}/arrivals/${AR}`] = { ...partial, matches: matched };
    answers[`POST ${F}/arrivals/${AR}/write-off`] = { ...arrival, writtenOffAmount: '0.03', matches: matched };
    renderPage(<ArrivalPage />);
    await screen.findByTestId(`arrival-status-${arrival.arrivalNo}`);
    await click(`match-${arrival.arrivalNo}`);
    await click(await screen.findByTestId('arrival-write-off'));
    expect((screen.getByTestId('arrival-write-off-ok') as HTMLButtonElement).disabled).toBe(true);
    await typeInto('arrival-write-off-reason', '汇率尾差');
    await submit('arrival-write-off-ok');
    await waitFor(() => expect(lastBody(calls, `POST ${F}/arrivals/${AR}/write-off`)).toEqual({ reason: '汇率尾差' }));
  });
});

describe('statistics page', () => {
  it('shows the sales totals for the default 90 days and draws the charts', async () => {
    renderPage(<StatisticsPage />);
    await waitFor(() => expect(screen.getByTestId('statistics-sales-total').textContent).toContain('465'));
    const q = calls.find((c) => c.key === `GET ${S}/sales`)!.options.params as Record<string, string>;
    expect(q.granularity).toBe('day');
    expect((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000).toBe(89);
    const chart = await screen.findByTestId('chart-sales');
    await waitFor(() => expect(chart.querySelectorAll('svg').length).toBeGreaterThan(0));
  });

  it('says so when the range has no orders', async () => {
    answers[`GET ${S}/sales`] = {
      currency: 'CNY',
      totalOrders: 0,
      totalAmount: '0.00',
      periods: [],
      byShop: [],
      byPlatform: [],
      byPeriodShop: [],
    };
    renderPage(<StatisticsPage />);
    await waitFor(() => expect(screen.getAllByText('该时间段没有订单').length).toBeGreaterThan(0));
  });
});

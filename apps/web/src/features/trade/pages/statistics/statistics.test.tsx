import { tradeRoleGrants } from '@seller/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { fakeApiBeforeEach, lastParams } from '../../../../lib/testing/fake-http.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import StatisticsPage from './index.tsx';

/** 订单统计 against a faked HTTP layer: each role asks only for the charts its permissions open. */

const URL = '/api/trade/statistics';
const period = { period: '2026-03-02', orders: 1, amount: '20.50' };
const api = fakeApiBeforeEach(() => ({
  [`GET ${URL}/sales`]: {
    currency: 'CNY',
    totalOrders: 1,
    totalAmount: '20.50',
    periods: [period],
    byShop: [{ shopId: null, shopName: null, platform: null, orders: 1, amount: '20.50' }],
    byPlatform: [{ platform: 'MANUAL', orders: 1, amount: '20.50' }],
    byPeriodShop: [],
  },
  [`GET ${URL}/top-skus`]: { currency: 'CNY', byQuantity: [], byAmount: [] },
  [`GET ${URL}/purchase-spend`]: { currency: 'CNY', total: '0.00', available: true, periods: [] },
  [`GET ${URL}/stock-value`]: { currency: 'CNY', total: '99.00', totalQuantity: 3, warehouses: [] },
  [`GET ${URL}/profit`]: { currency: 'CNY', revenue: '20.50', profit: '4.10', periods: [] },
  'GET /api/trade/orders/shops': {
    totalCount: 1,
    items: [{ id: 's1', name: 'Lazada MY', platform: 'LAZADA', authorized: true }],
  },
}));
const requested = () => [...new Set(api.calls.map((c) => c.key))].sort();

describe('order statistics page', () => {
  it('a salesman asks for sales, top SKUs and the shops only: no profit, no stock value, no 403', async () => {
    useAbp.setState({ permissions: tradeRoleGrants.salesman });
    renderPage(<StatisticsPage />, { at: '/order/statistics-order?from=2026-03-01&to=2026-03-07&granularity=week' });
    await waitFor(() => expect(screen.getByTestId('statistics-sales-total').textContent).toMatch(/20\.50/));
    await waitFor(() =>
      expect(requested()).toEqual(['GET /api/trade/orders/shops', `GET ${URL}/sales`, `GET ${URL}/top-skus`]),
    );
    // the range and granularity come from the page's URL (a dashboard tile links with them)
    expect(lastParams(api.calls, `GET ${URL}/sales`)).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-07',
      granularity: 'week',
    });
    expect(screen.queryByTestId('statistics-profit-total')).toBeNull();
    expect(screen.queryByTestId('statistics-stock-total')).toBeNull();
    expect(screen.queryByTestId('chart-profit')).toBeNull();
    expect(screen.queryByTestId('chart-stock')).toBeNull();
    expect(screen.queryByTestId('chart-purchase')).toBeNull();
  });

  it('finance reads profit, stock value and purchase spend, and no shop list it cannot open', async () => {
    useAbp.setState({ permissions: tradeRoleGrants.finance.filter((p) => p !== 'Trade.Orders') });
    renderPage(<StatisticsPage />);
    await waitFor(() => expect(screen.getByTestId('statistics-profit-total').textContent).toMatch(/4\.10/));
    expect(screen.getByTestId('statistics-stock-total').textContent).toMatch(/99\.00/);
    expect(requested()).toEqual([
      `GET ${URL}/profit`,
      `GET ${URL}/purchase-spend`,
      `GET ${URL}/sales`,
      `GET ${URL}/stock-value`,
      `GET ${URL}/top-skus`,
    ]);
  });
});

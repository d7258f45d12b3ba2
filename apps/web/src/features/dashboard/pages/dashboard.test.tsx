import { crmSalesmanGrants, Permissions, tradeRoleGrants } from '@seller/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbp } from '../../../lib/abp/config-store.ts';
import { applyServerTexts } from '../../../lib/i18n/index.ts';
import { fakeApiBeforeEach } from '../../../lib/testing/fake-http.ts';
import { renderPage } from '../../../lib/testing/render-page.tsx';
import DashboardPage from './index.tsx';

/** The dashboard against a faked HTTP layer: each role's tiles, and no request it may not make. */

const tile = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  count: null,
  capped: false,
  amount: null,
  currency: null,
  query: {},
  problem: null,
  ...over,
});
const api = fakeApiBeforeEach(() => ({
  'GET /api/crm/dashboard': {
    tiles: [
      tile('MyCustomers', { count: 12, query: { scope: 'mine' } }),
      tile('FollowUpsToday', { count: 3, query: { scope: 'mine', nextFrom: '2026-03-02', nextTo: '2026-03-02' } }),
    ],
  },
  'GET /api/trade/dashboard': {
    tiles: [
      tile('OrdersToConfirm', { count: 5, query: { status: 'Paid' } }),
      tile('OrdersToday', { count: 2, query: { from: '2026-03-02', to: '2026-03-02' } }),
      tile('MonthSales', { amount: '1234.50', currency: 'CNY', query: { from: '2026-03-01', to: '2026-03-02' } }),
    ],
  },
  'GET /api/identity/users': { totalCount: 7, items: [] },
}));
const requested = () => [...new Set(api.calls.map((c) => c.key))].sort();
const text = (testid: string) => screen.queryByTestId(testid)?.textContent;
const as = (permissions: string[]) => useAbp.setState({ permissions });

function showTexts() {
  applyServerTexts('zh-Hans', {
    Dashboard: {
      'Tile:MyCustomers': '我的客户',
      'Tile:FollowUpsToday': '今日待跟进',
      'Tile:OrdersToConfirm': '待确认订单',
      'Tile:OrdersToday': '今日订单',
      'Tile:MonthSales': '本月销售额',
    },
  });
}

describe('dashboard', () => {
  it('a salesman sees his work, each tile opening its list filtered, and the page asks for nothing else', async () => {
    showTexts();
    as([...tradeRoleGrants.salesman, ...crmSalesmanGrants]);
    renderPage(<DashboardPage />);
    await waitFor(() => expect(text('tile-FollowUpsToday')).toBe('今日待跟进3'));
    const follow = screen.getByTestId('tile-FollowUpsToday');
    expect(follow.closest('a')?.getAttribute('href')).toBe(
      '/crm/customer?scope=mine&nextFrom=2026-03-02&nextTo=2026-03-02',
    );
    expect(screen.getByTestId('tile-OrdersToConfirm').closest('a')?.getAttribute('href')).toBe(
      '/order/orders?status=Paid',
    );
    expect(text('tile-MonthSales')).toMatch(/^本月销售额1,?234\.50 CNY$/);
    expect(requested()).toEqual(['GET /api/crm/dashboard', 'GET /api/trade/dashboard']);
    expect(screen.getAllByTestId(/^tiles-/).map((e) => e.dataset.testid)).toEqual(['tiles-sales', 'tiles-overview']);
    expect(screen.queryByTestId('stat-users')).toBeNull();
    expect(screen.queryByTestId('tile-ToShip')).toBeNull();
    expect(document.body.textContent).not.toMatch(/无权限|No access/);
  });

  it('a figure without an exchange rate says so on its tile; the other tiles count', async () => {
    showTexts();
    api.answers['GET /api/trade/dashboard'] = {
      tiles: [
        tile('OrdersToConfirm', { count: 5, query: { status: 'Paid' } }),
        tile('MonthSales', { problem: '没有 USD 到 CNY 的汇率。', query: { from: '2026-03-01', to: '2026-03-02' } }),
      ],
    };
    as([...tradeRoleGrants.salesman, ...crmSalesmanGrants]);
    renderPage(<DashboardPage />);
    await waitFor(() => expect(text('tile-MonthSales-problem')).toBe('没有 USD 到 CNY 的汇率。'));
    expect(text('tile-MonthSales')).toBe('本月销售额-没有 USD 到 CNY 的汇率。');
    expect(text('tile-OrdersToConfirm')).toBe('待确认订单5');
  });

  it('a stockman’s page asks only order management, for his tiles', async () => {
    as(tradeRoleGrants.stockman);
    renderPage(<DashboardPage />);
    await screen.findByTestId('tile-ToShip');
    for (const id of ['ToReceive', 'OrdersToShip', 'ToLabel', 'ToPack', 'BelowSafety'])
      expect(screen.getByTestId(`tile-${id}`)).toBeTruthy();
    expect(screen.queryByTestId('tile-MyCustomers')).toBeNull();
    await waitFor(() => expect(requested()).toEqual(['GET /api/trade/dashboard']));
  });

  it('a user without roles gets no tiles and no request; the users figure only with its permission', async () => {
    as([]);
    const { unmount } = renderPage(<DashboardPage />);
    expect(await screen.findByTestId('dashboard-no-tiles')).toBeTruthy();
    expect(screen.queryByTestId('stat-users')).toBeNull();
    expect(screen.getByTestId('stat-tenant')).toBeTruthy();
    expect(requested()).toEqual([]);
    unmount();
    as([Permissions.Users]);
    renderPage(<DashboardPage />);
    await waitFor(() => expect(text('stat-users')).toMatch(/7$/));
    expect(requested()).toEqual(['GET /api/identity/users']);
    expect(screen.queryByTestId('stat-roles')).toBeNull();
  });
});

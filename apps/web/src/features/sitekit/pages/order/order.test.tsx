import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { fakeApiBeforeEach, lastParams } from '../../../../lib/testing/fake-http.ts';
import { click } from '../../../../lib/testing/form-events.ts';
import { renderRoutes } from '../../../../lib/testing/render-page.tsx';
import { findRow } from '../../../../lib/testing/table.ts';
import type { SiteOrderRow } from '../../api.ts';
import { sitekitChineseTextsBeforeEach } from '../../components/server-texts.testing.ts';
import SiteOrderPage from './index.tsx';

/** The online orders page (在线订单) against a faked HTTP layer: trade's orders of source SITE. */

const URL = '/api/trade/orders';
const PAGE = '/publishingPlatform/site/order';

const order: SiteOrderRow = {
  id: 'o1',
  orderNo: 'SO202601050001',
  source: 'SITE',
  platform: null,
  shopId: null,
  shopName: null,
  platformOrderId: null,
  platformStatus: null,
  status: 'Paid',
  currency: 'USD',
  total: '45.50',
  buyerName: 'Alice Chen',
  countryCode: 'US',
  hasUnmatched: false,
  orderedAt: '2026-01-05T03:00:00Z',
};

const { calls } = fakeApiBeforeEach(
  () => ({
    'GET /api/sitekit/sites/all': {
      items: [
        { id: 's1', name: 'Demo Store' },
        { id: 's2', name: '第二个站' },
      ],
    },
    [`GET ${URL}`]: { totalCount: 1, items: [order] },
    [`GET ${URL}/counts`]: { total: 4, capped: false, counts: { Pending: 1, Paid: 3 } },
  }),
  ['Trade.Orders', 'Trade.Orders.Export'],
);
sitekitChineseTextsBeforeEach({
  SalesOrders: {
    OrderNo: '订单号',
    Shop: '店铺',
    Buyer: '买家',
    Total: '金额',
    'Status:Pending': '待处理',
    'Status:Paid': '已付款',
  },
});

/** The page at its menu path, and trade's orders page as a stand-in showing where it was opened. */
function open(at = `${PAGE}?siteId=s2`) {
  return renderRoutes(
    [
      { path: PAGE, element: <SiteOrderPage /> },
      { path: '/order/orders', element: <div data-testid="trade-orders">trade orders</div> },
    ],
    at,
  );
}

describe('online orders page', () => {
  it('lists the chosen site’s orders of source SITE, with trade’s status tabs and without marketplace columns', async () => {
    const router = open();
    const table = await screen.findByTestId('site-orders');
    const row = await findRow(table, 'SO202601050001');
    expect(within(row).getByText('Alice Chen')).toBeTruthy();
    expect(within(row).getByText('45.50 USD')).toBeTruthy();
    expect(within(row).getByText('已付款')).toBeTruthy();
    expect(within(table).queryByText('店铺')).toBeNull();
    expect((await screen.findByTestId('site-orders-tab-Paid')).textContent).toBe('已付款 (3)');
    expect(lastParams(calls, `GET ${URL}`)).toMatchObject({ source: 'SITE', siteId: 's2' });
    expect(lastParams(calls, `GET ${URL}/counts`)).toMatchObject({ source: 'SITE', siteId: 's2' });

    // a tab keeps the site
    await click(screen.getByTestId('site-orders-tab-Paid'));
    await waitFor(() => expect(lastParams(calls, `GET ${URL}`)).toMatchObject({ status: 'Paid', siteId: 's2' }));
    expect(new URLSearchParams(router.state.location.search).get('siteId')).toBe('s2');
  });

  it('opens an order on trade’s sales orders page, narrowed to it', async () => {
    const router = open();
    await screen.findByText('SO202601050001');
    await click('site-order-open-SO202601050001');
    await screen.findByTestId('trade-orders');
    expect(router.state.location.pathname).toBe('/order/orders');
    const q = new URLSearchParams(router.state.location.search);
    expect(q.get('filter')).toBe('SO202601050001');
    expect(q.get('source')).toBe('SITE');
  });

  it('offers the export only to those who may export orders', async () => {
    open();
    await screen.findByText('SO202601050001');
    expect(screen.getByRole('button', { name: /导出 Excel/ })).toBeTruthy();
  });

  it('hides the export without its permission', async () => {
    useAbp.setState({ permissions: ['Trade.Orders'] });
    open();
    await screen.findByText('SO202601050001');
    expect(screen.queryByRole('button', { name: /导出 Excel/ })).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { expectNotSent, fakeApiBeforeEach, lastParams } from '../../../../lib/testing/fake-http.ts';
import { click } from '../../../../lib/testing/form-events.ts';
import { renderPage, renderRoutes } from '../../../../lib/testing/render-page.tsx';
import { findRow } from '../../../../lib/testing/table.ts';
import type { CartDto } from '../../api.ts';
import { sitekitChineseTextsBeforeEach } from '../../components/server-texts.testing.ts';
import SiteCartPage from './index.tsx';

/** The carts page (购物车) against a faked HTTP layer and the server's own texts. */

const URL = '/api/sitekit/carts';
const cart = (over: Partial<CartDto>): CartDto => ({
  id: 'c1',
  siteId: 's1',
  status: 'ABANDONED',
  shopperId: null,
  email: 'alice@example.com',
  contactName: 'Alice Chen',
  currency: 'USD',
  itemCount: 3,
  subtotal: '40.50',
  shippingFee: '5.00',
  total: '45.50',
  lines: [
    {
      id: 'l1',
      siteProductId: 'sp1',
      slug: 'cotton-t-shirt',
      variantId: 'v1',
      sku: 'SHIRT-01-RED',
      title: '纯棉T恤',
      label: '红色',
      imageUrl: null,
      quantity: 3,
      unitPrice: '13.50',
      amount: '40.50',
    },
  ],
  address: {
    name: 'Alice Chen',
    phone: '+1 555 0100',
    line1: '1 Main St',
    line2: null,
    city: 'Springfield',
    state: 'IL',
    postCode: '62701',
    countryCode: 'US',
  },
  orderId: null,
  orderNo: null,
  lastChangeAt: '2026-01-05T03:00:00Z',
  abandonedAt: '2026-01-06T03:00:00Z',
  recoveryNoticeAt: null,
  creationTime: '2026-01-05T02:00:00Z',
  ...over,
});
const abandoned = cart({});
const ordered = cart({
  id: 'c2',
  status: 'CONVERTED',
  email: 'bob@example.com',
  contactName: 'Bob',
  orderId: 'o9',
  orderNo: 'SO202601050009',
  abandonedAt: null,
});
const anonymous = cart({ id: 'c3', status: 'ABANDONED', email: null, contactName: null, address: null });

const ALL = ['Sitekit.Carts', 'Sitekit.Carts.Recover', 'Sitekit.Carts.Delete'];
const { calls, answers } = fakeApiBeforeEach(
  () => ({
    'GET /api/sitekit/sites/all': { items: [{ id: 's1', name: 'Demo Store' }] },
    [`GET ${URL}`]: { totalCount: 3, items: [abandoned, ordered, anonymous] },
    [`GET ${URL}/counts`]: { total: 3, capped: false, counts: { ABANDONED: 2, CONVERTED: 1 } },
    [`GET ${URL}/c1`]: abandoned,
    [`POST ${URL}/c1/send-recovery`]: cart({ recoveryNoticeAt: '2026-01-07T00:00:00Z' }),
    [`DELETE ${URL}/c3`]: undefined,
  }),
  ALL,
);
sitekitChineseTextsBeforeEach();

describe('carts page', () => {
  it('lists the site’s carts with their state, totals and orders, a notice offered only where one can go', async () => {
    renderPage(<SiteCartPage />);
    const table = await screen.findByTestId('carts');
    const a = await findRow(table, 'alice@example.com');
    expect(within(a).getByText('已放弃')).toBeTruthy();
    expect(within(a).getByText('45.50 USD')).toBeTruthy();
    expect(within(a).getByTestId('cart-recover-c1')).toBeTruthy();
    const b = await findRow(table, 'bob@example.com');
    expect(within(b).getByText('已下单')).toBeTruthy();
    expect(within(b).getByText('SO202601050009').closest('a')?.getAttribute('href')).toBe(
      '/order/orders?source=SITE&filter=SO202601050009&id=o9',
    );
    expect(within(b).queryByTestId('cart-recover-c2')).toBeNull();
    // no e-mail, no notice
    expect(screen.queryByTestId('cart-recover-c3')).toBeNull();
    expect(screen.getByText('无邮箱')).toBeTruthy();
    expect(lastParams(calls, `GET ${URL}`).siteId).toBe('s1');
  });

  it('opens a cart in a drawer with its lines, amounts and address', async () => {
    renderPage(<SiteCartPage />);
    await screen.findByText('alice@example.com');
    await click('cart-view-c1');
    const detail = await screen.findByTestId('cart-detail');
    expect(within(detail).getByText('纯棉T恤')).toBeTruthy();
    expect(within(detail).getByText('13.50 USD')).toBeTruthy();
    expect(within(detail).getByTestId('cart-total').textContent).toBe('45.50 USD');
    expect(within(detail).getByTestId('cart-address').textContent).toContain('1 Main St');
    expect(screen.getByText('Alice Chen 的购物车')).toBeTruthy();
  });

  it('sends a recovery notice and deletes a cart, each only once confirmed', async () => {
    renderPage(<SiteCartPage />);
    await screen.findByText('alice@example.com');
    await click('cart-recover-c1');
    expect(await screen.findByText('给 alice@example.com 发送购物车挽回提醒?')).toBeTruthy();
    expectNotSent(calls, `POST ${URL}/c1/send-recovery`);
    await click('cart-recover-c1-confirm');
    await waitFor(() => expect(calls.filter((c) => c.key === `POST ${URL}/c1/send-recovery`)).toHaveLength(1));

    await click('cart-delete-c3');
    expect(await screen.findByText('删除 匿名顾客 的购物车?')).toBeTruthy();
    expectNotSent(calls, `DELETE ${URL}/c3`);
    await click('cart-delete-c3-confirm');
    await waitFor(() => expect(calls.filter((c) => c.key === `DELETE ${URL}/c3`)).toHaveLength(1));
  });

  it('keeps the chosen site when the filters are reset', async () => {
    answers['GET /api/sitekit/sites/all'] = {
      items: [
        { id: 's1', name: 'Demo Store' },
        { id: 's2', name: '第二个站' },
      ],
    };
    const router = renderRoutes(
      [{ path: '/site/Cart', element: <SiteCartPage /> }],
      '/site/Cart?siteId=s2&status=ABANDONED',
    );
    await screen.findByText('alice@example.com');
    expect(lastParams(calls, `GET ${URL}`)).toMatchObject({ siteId: 's2', status: 'ABANDONED' });
    await click(screen.getByRole('button', { name: /重\s?置/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('siteId')).toBe('s2'));
    expect(within(screen.getByTestId('carts-site')).getByText('第二个站')).toBeTruthy();
    expect(lastParams(calls, `GET ${URL}`).siteId).toBe('s2');
  });

  it('offers no notice and no delete without their permissions', async () => {
    useAbp.setState({ permissions: ['Sitekit.Carts'] });
    renderPage(<SiteCartPage />);
    await screen.findByText('alice@example.com');
    expect(screen.getByTestId('cart-view-c1')).toBeTruthy();
    expect(screen.queryByTestId('cart-recover-c1')).toBeNull();
    expect(screen.queryByTestId('cart-delete-c1')).toBeNull();
  });
});

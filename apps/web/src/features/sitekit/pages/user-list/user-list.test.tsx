import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { expectNotSent, fakeApiBeforeEach, lastParams } from '../../../../lib/testing/fake-http.ts';
import { click } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { findRow } from '../../../../lib/testing/table.ts';
import type { ShopperDto } from '../../api.ts';
import { sitekitChineseTextsBeforeEach } from '../../components/server-texts.testing.ts';
import SiteUserListPage from './index.tsx';

/** The shoppers page (会员) against a faked HTTP layer and the server's own texts. */

const URL = '/api/sitekit/shoppers';
const shopper = (over: Partial<ShopperDto>): ShopperDto => ({
  id: 'u1',
  siteId: 's1',
  email: 'alice@example.com',
  name: 'Alice Chen',
  phone: '+1 555 0100',
  status: 'ACTIVE',
  language: 'en',
  ordersCount: 2,
  reviewsCount: 1,
  lastSignInAt: '2026-01-06T08:00:00Z',
  creationTime: '2026-01-01T00:00:00Z',
  concurrencyStamp: 'stamp-1',
  ...over,
});
const alice = shopper({});
const bob = shopper({ id: 'u2', email: 'bob@example.com', name: 'Bob', status: 'DISABLED', ordersCount: 0 });

const { calls } = fakeApiBeforeEach(
  () => ({
    'GET /api/sitekit/sites/all': { items: [{ id: 's1', name: 'Demo Store' }] },
    [`GET ${URL}`]: { totalCount: 2, items: [alice, bob] },
    [`GET ${URL}/counts`]: { total: 2, capped: false, counts: { ACTIVE: 1, DISABLED: 1 } },
    [`POST ${URL}/u1/disable`]: shopper({ status: 'DISABLED' }),
    [`POST ${URL}/u2/enable`]: shopper({ id: 'u2', status: 'ACTIVE' }),
  }),
  ['Sitekit.Shoppers', 'Sitekit.Shoppers.Update'],
);
sitekitChineseTextsBeforeEach();

describe('shoppers page', () => {
  it('lists the site’s shoppers with their status and the action it allows', async () => {
    renderPage(<SiteUserListPage />);
    const table = await screen.findByTestId('shoppers');
    const a = await findRow(table, 'alice@example.com');
    expect(within(a).getByText('正常')).toBeTruthy();
    expect(within(a).getByText('禁用')).toBeTruthy();
    const b = await findRow(table, 'bob@example.com');
    expect(within(b).getByText('已禁用')).toBeTruthy();
    expect(within(b).getByText('启用')).toBeTruthy();
    expect((await screen.findByTestId('shoppers-tab-DISABLED')).textContent).toBe('已禁用 (1)');
    expect(lastParams(calls, `GET ${URL}`).siteId).toBe('s1');
  });

  it('disables a shopper only once confirmed, and enables one at once', async () => {
    renderPage(<SiteUserListPage />);
    await screen.findByText('alice@example.com');
    await click('shopper-disable-alice@example.com');
    expect(await screen.findByText('禁用 alice@example.com?该会员将无法再登录店面。')).toBeTruthy();
    expectNotSent(calls, `POST ${URL}/u1/disable`);
    await click('shopper-disable-alice@example.com-confirm');
    await waitFor(() => expect(calls.filter((c) => c.key === `POST ${URL}/u1/disable`)).toHaveLength(1));

    await click('shopper-enable-bob@example.com');
    await waitFor(() => expect(calls.filter((c) => c.key === `POST ${URL}/u2/enable`)).toHaveLength(1));
  });

  it('offers neither without the right to change shoppers', async () => {
    useAbp.setState({ permissions: ['Sitekit.Shoppers'] });
    renderPage(<SiteUserListPage />);
    await screen.findByText('alice@example.com');
    expect(screen.queryByTestId('shopper-disable-alice@example.com')).toBeNull();
    expect(screen.queryByTestId('shopper-enable-bob@example.com')).toBeNull();
  });
});

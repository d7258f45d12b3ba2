import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { fakeApiBeforeEach, lastParams } from '../../../../lib/testing/fake-http.ts';
import { click } from '../../../../lib/testing/form-events.ts';
import { renderRoutes } from '../../../../lib/testing/render-page.tsx';
import type { MarketItem } from '../../api.ts';
import LazadaItemsPage from './lazada.tsx';

/** The marketplace items page against a faked HTTP layer (the contract's shapes) and the server's own texts. */

const serverTexts = import.meta.glob<{ MarketItems: Record<string, Record<string, string>> }>(
  '../../../../../../server/src/modules/marketplaces/items/texts.ts',
  {
    import: 'texts',
    eager: true,
  },
);
const texts = Object.values(serverTexts)[0].MarketItems;

const URL = '/api/catalog/listing-items';
const SHOP = '00000000-0000-4000-8000-0000000000a1';
const OTHER = '00000000-0000-4000-8000-0000000000a2';

const item = (n: number, over: Partial<MarketItem> = {}): MarketItem => ({
  id: `i${n}`,
  shopId: SHOP,
  itemId: `LZ${n}`,
  sellerSku: `SKU-${n}`,
  name: `Item ${n}`,
  rawStatus: 'Active',
  status: 'LIVE',
  rejectReason: null,
  price: '36.90',
  stock: 10,
  currency: 'MYR',
  skus: [],
  productId: n === 1 ? 'p1' : null,
  productName: n === 1 ? '商品 1' : null,
  pulledAt: '2026-01-02T03:04:05Z',
  ...over,
});

const shop = (id: string, name: string) => ({ id, name, platform: 'LAZADA', regions: ['MY'], authorized: true });

const { calls } = fakeApiBeforeEach(
  () => ({
    'GET /api/sitekit/shopes/all': { items: [shop(SHOP, 'Lazada MY'), shop(OTHER, 'Lazada SG')] },
    [`GET ${URL}`]: { totalCount: 2, items: [item(1), item(2, { status: 'REJECTED', rejectReason: 'bad image' })] },
    [`GET ${URL}/counts`]: { total: 2, capped: false, counts: { LIVE: 1, REJECTED: 1 } },
    [`GET ${URL}/pulls/latest`]: { pull: null },
    [`POST ${URL}/push-price-stock`]: { rows: [{ itemId: 'LZ1', sellerSku: 'SKU-1', ok: true, message: null }] },
  }),
  ['Marketplaces.Items', 'Marketplaces.Items.Sync'],
);

beforeEach(() => {
  applyServerTexts('zh-Hans', { MarketItems: texts['zh-Hans'] });
});

const renderItems = () =>
  renderRoutes(
    [{ path: '/publishingPlatform/lazada/productLazada', Component: LazadaItemsPage }],
    '/publishingPlatform/lazada/productLazada',
  );

describe('marketplace items page', () => {
  it("lists the first shop's items with the status tabs counted for that shop", async () => {
    renderItems();
    const tag = await screen.findByTestId('item-status-LZ2');
    expect(tag.textContent).toBe('审核未通过');
    expect(lastParams(calls, `GET ${URL}`)).toMatchObject({ shopId: SHOP });
    await waitFor(() => expect(screen.getByTestId('market-items-tab-all').textContent).toBe('全部 (2)'));
    expect(screen.getByTestId('market-items-tab-REJECTED').textContent).toBe('审核未通过 (1)');
    expect(lastParams(calls, `GET ${URL}/counts`)).toMatchObject({ shopId: SHOP });
    // the shop is the page's, not a filter of the bar
    expect(screen.queryByTestId('market-items-filter-shopId')).toBeNull();
    const row = tag.closest('tr') as HTMLElement;
    expect(within(row).getByText('36.90 MYR')).toBeTruthy();
    expect(screen.getByTestId('item-product-LZ1').getAttribute('href')).toBe('/product/product-detail?id=p1');
  });

  it('a tab asks for its status in the same shop, and keeps it in the address', async () => {
    const router = renderItems();
    await screen.findByTestId('item-status-LZ1');
    await act(async () => {
      fireEvent.click(screen.getByTestId('market-items-tab-REJECTED'));
    });
    await waitFor(() => expect(lastParams(calls, `GET ${URL}`)).toMatchObject({ shopId: SHOP, status: 'REJECTED' }));
    expect(router.state.location.search).toBe('?status=REJECTED');
  });

  it('pushes the price of the selected items, then reads the list again', async () => {
    renderItems();
    await screen.findByTestId('item-status-LZ1');
    expect(screen.queryByTestId('items-push')).toBeNull();
    const box = within(screen.getByTestId('item-status-LZ1').closest('tr') as HTMLElement).getByRole('checkbox');
    await act(async () => {
      fireEvent.click(box);
    });
    expect(screen.getByTestId('items-push').textContent).toContain('(1)');
    const before = calls.filter((c) => c.key === `GET ${URL}`).length;
    await click('items-push');
    await click('items-push-confirm');
    await waitFor(() =>
      expect(calls.find((c) => c.key === `POST ${URL}/push-price-stock`)?.options.json).toEqual({
        shopId: SHOP,
        itemIds: ['LZ1'],
        // the stock sent is the shop rule's, from the ledger: the dialog offers no typed number
        stock: true,
      }),
    );
    await waitFor(() => expect(calls.filter((c) => c.key === `GET ${URL}`).length).toBeGreaterThan(before));
    expect(screen.queryByTestId('items-push')).toBeNull();
  });

  it('without the sync permission: no pull and no selection', async () => {
    useAbp.setState({ permissions: ['Marketplaces.Items'] });
    renderItems();
    const tag = await screen.findByTestId('item-status-LZ1');
    expect(screen.queryByTestId('items-pull')).toBeNull();
    expect(within(tag.closest('tr') as HTMLElement).queryByRole('checkbox')).toBeNull();
  });
});

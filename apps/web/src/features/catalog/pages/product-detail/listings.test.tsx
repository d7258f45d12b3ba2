import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { fakeApiBeforeEach } from '../../../../lib/testing/fake-http.ts';
import { renderRoutes } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import { ProductListings } from './listings.tsx';

/** The product's listings card: one row per shop from the channel listing, or an empty state with the publish link. */

const URL = '/api/catalog/listing/channel-listing';
let answer: unknown;

const { calls } = fakeApiBeforeEach(
  () => ({ [`GET ${URL}`]: () => answer }),
  ['Marketplaces.Listings', 'Marketplaces.Listings.Create'],
);

chineseTextsBeforeEach({
  Listings: {
    'Status:3': '刊登成功',
    'Status:4': '刊登失败',
    'Page:PublishThis': '刊登此商品',
    'Page:NoListings': '尚未刊登到任何店铺。',
  },
  Catalog: { Listings: '刊登', ListingsHint: '设置刊登后,此商品在各平台的刊登将显示在这里。' },
});

const renderCard = () => renderRoutes([{ path: '/', element: <ProductListings productId="p1" /> }], '/');

const channel = (over: object) => ({
  listingId: 'l1',
  shopId: 's1',
  shopName: 'Lazada MY',
  platform: 'LAZADA',
  region: 'MY',
  status: 3,
  platformItemId: 'LZ1',
  platformStatus: 'Active',
  itemUrl: 'https://lazada.example/item/LZ1',
  price: '36.90',
  currency: 'MYR',
  stock: 5,
  lastError: null,
  publishedAt: null,
  allowedActions: [],
  ...over,
});

describe('product listings card', () => {
  it('shows each shop with its state, item, price and last error', async () => {
    answer = {
      items: [
        channel({}),
        channel({
          listingId: 'l2',
          shopName: 'Shopee MY',
          platform: 'SHOPEE',
          status: 4,
          platformItemId: null,
          itemUrl: null,
          price: '40.00',
          lastError: '价格低于最低价',
        }),
      ],
    };
    renderCard();
    const card = screen.getByTestId('product-listings');
    expect((await within(card).findByTestId('product-listing-status-Lazada MY')).textContent).toBe('刊登成功');
    expect(within(card).getByTestId('product-listing-status-Shopee MY').textContent).toBe('刊登失败');
    expect(within(card).getByText('LZ1').closest('a')?.getAttribute('href')).toBe('https://lazada.example/item/LZ1');
    expect(within(card).getByText('36.90 MYR')).toBeTruthy();
    expect(within(card).getByText('价格低于最低价')).toBeTruthy();
    expect(within(card).getByText('Lazada MY · MY').closest('a')?.getAttribute('href')).toBe(
      '/publishingPlatform/lazada/published',
    );
    expect(calls[0].options.params).toEqual({ productId: 'p1' });
  });

  it('without listings: an empty state with the link to publish the product', async () => {
    answer = { items: [] };
    renderCard();
    const card = screen.getByTestId('product-listings');
    expect(await within(card).findByText('尚未刊登到任何店铺。')).toBeTruthy();
    expect(within(card).getByTestId('product-listings-publish').getAttribute('href')).toBe(
      '/publishingPlatform/publishs/publish-lazada-shopee?productIds=p1',
    );
  });

  it('without the listings permission: the hint, and nothing asked', async () => {
    useAbp.setState({ permissions: ['Catalog.Products'] });
    renderCard();
    expect(await screen.findByText('设置刊登后,此商品在各平台的刊登将显示在这里。')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

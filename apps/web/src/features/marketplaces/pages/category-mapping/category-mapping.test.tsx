import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiBeforeEach, refusal, sentBody } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import { click, pressEnter, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import type { CategoryMapping, MarketChannel, MarketItem } from '../../api.ts';
import ItemsPage from '../items/lazada.tsx';
import LogisticsPage from '../logistics/shopee.tsx';
import CategoryMappingPage from './lazada.tsx';

/** The category mapping, marketplace items and logistics channel pages against a faked HTTP layer. */

type Texts = Record<string, { en: Record<string, string>; 'zh-Hans': Record<string, string> }>;
const modules = import.meta.glob<{ texts: Texts }>(
  [
    '../../../../../../server/src/modules/marketplaces/categories/texts.ts',
    '../../../../../../server/src/modules/marketplaces/items/texts.ts',
  ],
  { eager: true },
);
const serverTexts: Texts = Object.assign({}, ...Object.values(modules).map((m) => m.texts));

const M = '/api/catalog/category-mapping';

const shop = {
  id: 's1',
  platform: 'LAZADA',
  regions: ['MY'],
  name: 'Lazada 演示店铺 (MY)',
  authorized: true,
};
const mapping: CategoryMapping = {
  id: 'm1',
  catalogCategoryId: 'c1',
  catalogCategoryName: '服装 / 女装',
  platform: 'LAZADA',
  region: 'MY',
  platformCategoryId: '10000001',
  platformCategoryName: "Women's Clothing > Dresses > Casual Dresses",
  attributes: [],
  ...audited('x'),
};
const leaf = {
  id: '10000001',
  parentId: '10001',
  name: 'Casual Dresses',
  path: mapping.platformCategoryName,
  leaf: true,
};
const attributes = [
  { id: '1', name: 'name', label: 'Name', mandatory: true, inputType: 'text', saleProp: false, options: [] },
  {
    id: '6',
    name: 'warranty_type',
    label: 'Warranty Type',
    mandatory: true,
    inputType: 'singleSelect',
    saleProp: false,
    options: [{ id: '5000', name: 'No Warranty' }],
  },
  { id: '5', name: 'model', label: 'Model', mandatory: false, inputType: 'text', saleProp: false, options: [] },
];
const item: MarketItem = {
  id: 'i1',
  shopId: 's1',
  itemId: '900001',
  sellerSku: 'DEMO-001',
  name: 'Summer dress',
  rawStatus: 'Active',
  status: 'LIVE',
  rejectReason: null,
  price: '39.90',
  stock: 12,
  currency: 'MYR',
  skus: [],
  productId: 'p1',
  productName: '夏季连衣裙',
  pulledAt: '2026-01-01T00:00:00Z',
};
const channel: MarketChannel = {
  id: 'l1',
  shopId: 's2',
  channelId: '3001',
  name: 'Standard Delivery',
  platformEnabled: true,
  codEnabled: true,
  feeType: 'SIZE_SELECTION',
  maxWeightKg: '30.000',
  enabled: true,
  logisticsChannelId: null,
  logisticsChannelName: null,
  pulledAt: '2026-01-01T00:00:00Z',
  concurrencyStamp: 'y',
};

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    'GET /api/sitekit/shopes/all': { items: [shop, { ...shop, id: 's2', platform: 'SHOPEE', name: 'Shopee 店' }] },
    [`GET ${M}`]: { totalCount: 1, items: [mapping] },
    [`GET ${M}/catalog-options`]: {
      categories: [{ id: 'c2', parentId: null, name: '家居' }],
      attributes: [{ kind: 'screen', id: 'a1', name: '材质', values: [{ id: 'v1', name: '棉' }] }],
    },
    [`GET ${M}/platform-categories`]: { platform: 'LAZADA', region: 'MY', fetchedAt: '', items: [leaf] },
    [`GET ${M}/platform-attributes`]: { categoryId: leaf.id, items: attributes, brands: [] },
    [`POST ${M}`]: mapping,
    'GET /api/catalog/listing-items': { totalCount: 1, items: [item] },
    'GET /api/catalog/listing-items/pulls/latest': { pull: null },
    'POST /api/catalog/listing-items/push-price-stock': {
      rows: [{ itemId: '900001', sellerSku: 'DEMO-001', ok: true, message: null }],
    },
    'GET /api/sitekit/shopes/s2/logistics-channels': { items: [channel] },
    'GET /api/sitekit/logistics-channel-options': { items: [{ id: 'o1', code: 'YT', name: '云途专线' }] },
    'PUT /api/sitekit/shopes/s2/logistics-channels/3001': { ...channel, enabled: false },
  }),
  [
    'Marketplaces.CategoryMappings',
    'Marketplaces.CategoryMappings.Create',
    'Marketplaces.CategoryMappings.Update',
    'Marketplaces.CategoryMappings.Delete',
    'Marketplaces.Items',
    'Marketplaces.Items.Sync',
    'Marketplaces.Logistics',
    'Marketplaces.Logistics.Update',
  ],
);

chineseTextsBeforeEach({
  CategoryMapping: serverTexts.CategoryMapping['zh-Hans'],
  MarketItems: serverTexts.MarketItems['zh-Hans'],
});

describe('category mapping page', () => {
  it('has every text in English and Chinese', () => {
    for (const resource of ['CategoryMapping', 'MarketItems'])
      expect(Object.keys(serverTexts[resource]['zh-Hans']).sort()).toEqual(
        Object.keys(serverTexts[resource].en).sort(),
      );
  });

  it('lists the mappings of its platform', async () => {
    renderPage(<CategoryMappingPage />);
    expect(await screen.findByText('服装 / 女装')).toBeTruthy();
    expect(screen.getByTestId('mapping-platform-category-m1').textContent).toContain('Casual Dresses');
    await waitFor(() =>
      expect(calls.find((c) => c.key === `GET ${M}`)?.options.params).toMatchObject({ platform: 'LAZADA' }),
    );
    expect(screen.getByTestId('mapping-new')).toBeTruthy();
    // a search stays on the platform
    await typeInto('category-mappings-search', 'Dresses');
    await pressEnter('category-mappings-search');
    await waitFor(() =>
      expect(calls.filter((c) => c.key === `GET ${M}`).at(-1)?.options.params).toMatchObject({
        platform: 'LAZADA',
        filter: 'Dresses',
        skipCount: 0,
      }),
    );
  });

  it('opens a mapping: the platform attributes with the mandatory ones marked; a refusal is shown on its row', async () => {
    answers[`PUT ${M}/m1`] = refusal(`${M}/m1`, [
      { message: 'Warranty Type 为必填属性', members: ['attributes.0.defaultValue'] },
    ]);
    mapping.attributes = [
      {
        attribute: 'warranty_type',
        catalogAttributeKind: null,
        catalogAttributeId: null,
        valueMap: [],
        defaultValue: 'No Warranty',
      },
    ];
    renderPage(<CategoryMappingPage />);
    await screen.findByTestId('mapping-edit-m1');
    await click('mapping-edit-m1');
    const drawer = await screen.findByTestId('mapping-attributes');
    // the product fills its name; the mapping asks for the rest
    expect(within(drawer).queryByText('Name')).toBeNull();
    expect(within(drawer).getByText('Warranty Type')).toBeTruthy();
    expect(screen.getByTestId('mapping-mandatory-warranty_type')).toBeTruthy();
    expect(screen.queryByTestId('mapping-mandatory-model')).toBeNull();
    await submit('mapping-save');
    expect(await sentBody(calls, `PUT ${M}/m1`)).toMatchObject({
      catalogCategoryId: 'c1',
      platform: 'LAZADA',
      region: 'MY',
      platformCategoryId: leaf.id,
      attributes: [{ attribute: 'warranty_type', defaultValue: 'No Warranty', catalogAttributeId: null }],
    });
    expect((await screen.findByTestId('mapping-row-error-warranty_type')).textContent).toContain('必填');
    mapping.attributes = [];
  });
});

describe('marketplace items page', () => {
  it('shows the shop’s items with their catalogue product and pushes price and stock to the chosen ones', async () => {
    renderPage(<ItemsPage />);
    expect(await screen.findByText('Summer dress')).toBeTruthy();
    expect(screen.getByTestId('item-product-900001').textContent).toBe('夏季连衣裙');
    expect(screen.getByTestId('item-status-900001').textContent).toBe('在售');
    expect(screen.getByText('39.90 MYR')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'GET /api/catalog/listing-items')?.options.params).toMatchObject({
        shopId: 's1',
      }),
    );
    const row = screen.getByText('Summer dress').closest('tr') as HTMLElement;
    await act(async () => {
      fireEvent.click(within(row).getByRole('checkbox'));
    });
    await click('items-push');
    await click('items-push-confirm');
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/catalog/listing-items/push-price-stock')?.options.json).toEqual({
        shopId: 's1',
        itemIds: ['900001'],
        stock: true,
      }),
    );
  });
});

describe('marketplace logistics channels page', () => {
  it('lists the shop’s channels and switches one off', async () => {
    renderPage(<LogisticsPage />);
    expect(await screen.findByText('Standard Delivery')).toBeTruthy();
    await click('channel-enabled-3001');
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /api/sitekit/shopes/s2/logistics-channels/3001')?.options.json).toEqual({
        enabled: false,
        logisticsChannelId: null,
      }),
    );
  });
});

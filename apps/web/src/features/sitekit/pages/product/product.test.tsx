import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { expectNotSent, fakeApiBeforeEach, lastParams, sentBody } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import { click, pick, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { quietUi, renderPage } from '../../../../lib/testing/render-page.tsx';
import { findRow } from '../../../../lib/testing/table.ts';
import type { SiteProductDto } from '../../api.ts';
import { sitekitChineseTextsBeforeEach } from '../../components/server-texts.testing.ts';
import SiteProductPage from './index.tsx';

/** The site products page (站点商品) against a faked HTTP layer and the server's own texts. */

const URL = '/api/sitekit/products';
const SITE = 'a1b2c3d4-0000-4000-8000-000000000001';
const CLOTHING = '7d7c2a4e-3b1f-4c55-9d0e-1a2b3c4d5e01';
const V_RED = '5f0c8f3e-1d2a-4b3c-8d4e-000000000001';
const V_BLUE = '5f0c8f3e-1d2a-4b3c-8d4e-000000000002';
const P_SHIRT = '9e8d7c6b-0000-4000-8000-000000000001';

const product = (over: Partial<SiteProductDto>): SiteProductDto => ({
  id: 'sp1',
  siteId: SITE,
  productId: P_SHIRT,
  productSku: 'SHIRT-01',
  title: '纯棉T恤',
  titleEn: 'Cotton T-shirt',
  slug: 'cotton-t-shirt',
  description: '<p>纯棉</p>',
  imageUrl: null,
  categoryIds: [CLOTHING],
  categoryNames: ['服装'],
  priceMode: 'RULE',
  currency: 'CNY',
  price: '129.00',
  variants: [
    { variantId: V_RED, sku: 'SHIRT-01-RED', label: '红色', price: '129.00', compareAtPrice: null },
    { variantId: V_BLUE, sku: 'SHIRT-01-BLUE', label: '蓝色', price: '139.00', compareAtPrice: '159.00' },
  ],
  state: 'PUBLISHED',
  isPublished: true,
  publishedAt: '2026-01-02T00:00:00Z',
  visibleInListings: true,
  showOnHomepage: false,
  allowReviews: true,
  reviewCount: 3,
  rating: 4.5,
  syncedAt: '2026-01-02T00:00:00Z',
  ...audited('stamp-shirt'),
  ...over,
});
const shirt = product({});
const mug = product({
  id: 'sp2',
  productSku: 'MUG-01',
  title: '陶瓷杯',
  titleEn: null,
  slug: 'mug',
  categoryIds: [],
  categoryNames: [],
  state: 'HIDDEN',
  isPublished: false,
  publishedAt: null,
  variants: [{ variantId: V_RED, sku: 'MUG-01', label: '默认', price: '39.00', compareAtPrice: null }],
  price: '39.00',
});

const ALL = [
  'Sitekit.Catalog',
  'Sitekit.Catalog.Update',
  'Sitekit.Catalog.Delete',
  'Sitekit.Catalog.Sync',
  'Sitekit.Catalog.Publish',
];
const { calls } = fakeApiBeforeEach(
  () => ({
    'GET /api/sitekit/sites/all': { items: [{ id: SITE, name: 'Demo Store' }] },
    [`GET ${URL}`]: { totalCount: 2, items: [shirt, mug] },
    [`GET ${URL}/counts`]: { total: 2, capped: false, counts: { PUBLISHED: 1, HIDDEN: 1 } },
    'GET /api/sitekit/categories': {
      totalCount: 1,
      items: [
        {
          id: CLOTHING,
          siteId: SITE,
          parentId: null,
          name: '服装',
          nameEn: null,
          slug: 'clothing',
          description: null,
          imageUrl: null,
          sortOrder: 0,
          isPublished: true,
          catalogCategoryIds: [],
          productCount: 1,
          ...audited(),
        },
      ],
    },
    'GET /api/catalog/products': {
      totalCount: 1,
      items: [{ id: P_SHIRT, sku: 'SHIRT-01', name: '纯棉T恤' }],
    },
    [`POST ${URL}/sync`]: { created: 2, updated: 1 },
    [`PUT ${URL}/sp1`]: shirt,
    [`POST ${URL}/sp2/publish`]: product({ id: 'sp2' }),
  }),
  ALL,
);
sitekitChineseTextsBeforeEach();

describe('site products page', () => {
  it('lists the site’s products with their categories, prices in their currency and states', async () => {
    renderPage(<SiteProductPage />);
    const table = await screen.findByTestId('site-products');
    const row = await findRow(table, '纯棉T恤');
    expect(within(row).getByText('服装')).toBeTruthy();
    expect(within(row).getByText('129.00 CNY')).toBeTruthy();
    expect(within(row).getByText('已上架')).toBeTruthy();
    expect(within(row).getByText('定价规则')).toBeTruthy();
    const hidden = await findRow(table, '陶瓷杯');
    expect(within(hidden).getByText('未分类')).toBeTruthy();
    expect(within(hidden).getByTestId('site-product-publish-mug')).toBeTruthy();
    expect(within(row).getByTestId('site-product-unpublish-cotton-t-shirt')).toBeTruthy();
    expect((await screen.findByTestId('site-products-tab-HIDDEN')).textContent).toBe('未上架 (1)');
    await waitFor(() => expect(lastParams(calls, `GET ${URL}`).siteId).toBe(SITE));
    expect(lastParams(calls, `GET ${URL}/counts`).siteId).toBe(SITE);
  });

  it('syncs the chosen catalogue products into the site, publishing the new ones, and says what it did', async () => {
    const ui = quietUi();
    renderPage(<SiteProductPage />, { ui });
    await screen.findByText('纯棉T恤');
    await click('site-products-sync');
    await pick('site-products-sync-products', 'SHIRT-01 纯棉T恤');
    await click('site-products-sync-publish');
    await click('site-products-sync-start');
    expect(await sentBody(calls, `POST ${URL}/sync`)).toEqual({ siteId: SITE, productIds: [P_SHIRT], publish: true });
    await waitFor(() => expect(vi.mocked(ui.message.success)).toHaveBeenCalledWith('同步完成:新增 2 个,更新 1 个。'));
  });

  it('sets prices by hand per variant, sending the whole update with the product’s stamp', async () => {
    renderPage(<SiteProductPage />);
    await screen.findByText('纯棉T恤');
    await click('site-product-edit-cotton-t-shirt');
    const form = await screen.findByTestId('site-product-form');
    // by the rule, the prices are only shown
    expect(within(form).getByText('139.00 CNY')).toBeTruthy();
    expect(screen.queryByTestId('site-product-price-SHIRT-01-RED')).toBeNull();
    await click(within(form).getByText('手动定价'));
    await typeInto(await screen.findByTestId('site-product-price-SHIRT-01-RED'), '99.00');
    await submit('site-product-form-submit');
    expect(await sentBody(calls, `PUT ${URL}/sp1`)).toMatchObject({
      title: '纯棉T恤',
      titleEn: 'Cotton T-shirt',
      categoryIds: [CLOTHING],
      priceMode: 'MANUAL',
      variants: [
        { variantId: V_RED, price: '99.00', compareAtPrice: null },
        { variantId: V_BLUE, price: '139.00', compareAtPrice: '159.00' },
      ],
      isPublished: true,
      publishedAt: '2026-01-02T00:00:00.000Z',
      concurrencyStamp: 'stamp-shirt',
    });
  });

  it('publishes the hidden ones of the selected rows, once asked', async () => {
    renderPage(<SiteProductPage />);
    const table = await screen.findByTestId('site-products');
    const box = async (title: string) =>
      (await findRow(table, title)).querySelector('input[type="checkbox"]') as HTMLElement;
    await click(await box('纯棉T恤'));
    await click(await box('陶瓷杯'));
    await click('site-products-bulk-publish');
    expect(await screen.findByText('上架所选中的 1 个商品?')).toBeTruthy();
    expectNotSent(calls, `POST ${URL}/sp2/publish`);
    await click('site-products-bulk-publish-confirm');
    await waitFor(() => expect(calls.filter((c) => c.key === `POST ${URL}/sp2/publish`)).toHaveLength(1));
    expectNotSent(calls, `POST ${URL}/sp1/publish`);
  });

  it('offers no sync, edit, publish or delete without their permissions', async () => {
    useAbp.setState({ permissions: ['Sitekit.Catalog'] });
    renderPage(<SiteProductPage />);
    await screen.findByText('纯棉T恤');
    expect(screen.queryByTestId('site-products-sync')).toBeNull();
    expect(screen.queryByTestId('site-product-edit-cotton-t-shirt')).toBeNull();
    expect(screen.queryByTestId('site-product-unpublish-cotton-t-shirt')).toBeNull();
    expect(screen.queryByTestId('site-product-publish-mug')).toBeNull();
    expect(screen.queryByTestId('site-product-delete-mug')).toBeNull();
  });
});

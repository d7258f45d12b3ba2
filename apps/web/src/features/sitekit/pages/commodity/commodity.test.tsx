import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { expectNotSent, fakeApiBeforeEach, lastParams, sentBody } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import { click, fillIn, submit } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { findRow } from '../../../../lib/testing/table.ts';
import type { SiteCategoryDto } from '../../api.ts';
import { sitekitChineseTextsBeforeEach } from '../../components/server-texts.testing.ts';
import SiteCommodityPage from './index.tsx';

/** The site categories page (站点分类) against a faked HTTP layer and the server's own texts. */

const URL = '/api/sitekit/categories';
const CLOTHING = '7d7c2a4e-3b1f-4c55-9d0e-1a2b3c4d5e01';
const TSHIRTS = '7d7c2a4e-3b1f-4c55-9d0e-1a2b3c4d5e02';
const MEN = '0b6f3c1a-8e2d-4f7a-9c5b-6d4e3f2a1b01';
const HOODIES = '0b6f3c1a-8e2d-4f7a-9c5b-6d4e3f2a1b02';

const category = (over: Partial<SiteCategoryDto>): SiteCategoryDto => ({
  id: CLOTHING,
  siteId: 's2',
  parentId: null,
  name: '服装',
  nameEn: 'Clothing',
  slug: 'clothing',
  description: null,
  imageUrl: null,
  sortOrder: 1,
  isPublished: true,
  catalogCategoryIds: [MEN],
  productCount: 12,
  ...audited(),
  ...over,
});
const clothing = category({});
const tshirts = category({
  id: TSHIRTS,
  parentId: CLOTHING,
  name: 'T恤',
  nameEn: null,
  slug: 't-shirts',
  isPublished: false,
  catalogCategoryIds: [],
  productCount: 0,
});

const ALL = ['Sitekit.Catalog', 'Sitekit.Catalog.Create', 'Sitekit.Catalog.Update', 'Sitekit.Catalog.Delete'];
const { calls } = fakeApiBeforeEach(
  () => ({
    'GET /api/sitekit/sites/all': {
      items: [
        { id: 's1', name: 'Demo Store' },
        { id: 's2', name: '第二个站' },
      ],
    },
    [`GET ${URL}`]: { totalCount: 2, items: [tshirts, clothing] },
    'GET /api/catalog/categories/all': {
      items: [
        { id: MEN, parentId: null, code: 'MEN', name: '男装', nameEn: 'Men' },
        { id: HOODIES, parentId: MEN, code: 'HOODIE', name: '卫衣', nameEn: 'Hoodies' },
      ],
    },
    [`POST ${URL}`]: category({ id: 'c3', slug: 'hoodies' }),
    [`DELETE ${URL}/${TSHIRTS}`]: undefined,
  }),
  ALL,
);
sitekitChineseTextsBeforeEach();

const open = () => renderPage(<SiteCommodityPage />, { at: '/publishingPlatform/site/Commodity?siteId=s2' });

describe('site categories page', () => {
  it('shows the chosen site’s categories as a tree, with the catalogue categories mapped into each', async () => {
    open();
    const table = await screen.findByTestId('site-categories');
    const root = await findRow(table, '服装');
    expect(within(root).getByText('男装')).toBeTruthy();
    expect(within(root).getByText('显示')).toBeTruthy();
    expect(within(root).getByText('12')).toBeTruthy();
    // the child sits under its parent, opened
    const child = await findRow(table, 'T恤');
    expect(child.className).toContain('ant-table-row-level-1');
    expect(within(child).getByText('隐藏')).toBeTruthy();
    expect(within(child).getByText('未映射')).toBeTruthy();
    expect(lastParams(calls, `GET ${URL}`)).toMatchObject({ siteId: 's2', maxResultCount: 1000 });
  });

  it('adds a subcategory of the chosen site, mapping a catalogue category picked from its tree', async () => {
    open();
    await screen.findByText('服装');
    await click('site-category-add-clothing');
    await screen.findByTestId('site-category-form');
    expect(screen.getByText('在“服装”下新建分类')).toBeTruthy();
    await fillIn({ 'site-category-name': '卫衣', 'site-category-name-en': 'Hoodies' });
    await act(async () => {
      fireEvent.mouseDown(within(screen.getByTestId('site-category-catalog')).getByRole('combobox'));
    });
    await click(await screen.findByTitle('卫衣 (HOODIE)'));
    await submit('site-category-form-submit');
    const body = await sentBody(calls, `POST ${URL}`);
    expect(body).toMatchObject({
      siteId: 's2',
      parentId: CLOTHING,
      name: '卫衣',
      nameEn: 'Hoodies',
      catalogCategoryIds: [HOODIES],
      sortOrder: 0,
      isPublished: true,
    });
    // a blank address is the server's to make
    expect(body.slug).toBeUndefined();
  });

  it('deletes a category only once confirmed', async () => {
    open();
    await screen.findByText('T恤');
    await click('site-category-delete-t-shirts');
    expect(await screen.findByText('删除分类“T恤”?')).toBeTruthy();
    expectNotSent(calls, `DELETE ${URL}/${TSHIRTS}`);
    await click('site-category-delete-t-shirts-confirm');
    await waitFor(() => expect(calls.filter((c) => c.key === `DELETE ${URL}/${TSHIRTS}`)).toHaveLength(1));
  });

  it('offers no writes to a user who may only read', async () => {
    useAbp.setState({ permissions: ['Sitekit.Catalog'] });
    open();
    await screen.findByText('T恤');
    expect(screen.queryByTestId('site-categories-new')).toBeNull();
    expect(screen.queryByTestId('site-category-add-clothing')).toBeNull();
    expect(screen.queryByTestId('site-category-edit-clothing')).toBeNull();
    expect(screen.queryByTestId('site-category-delete-clothing')).toBeNull();
  });
});

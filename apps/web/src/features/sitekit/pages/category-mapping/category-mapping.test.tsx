import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { fakeApiBeforeEach, lastParams } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import { click } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { findRow } from '../../../../lib/testing/table.ts';
import type { SiteCategoryDto } from '../../api.ts';
import { sitekitChineseTextsBeforeEach } from '../../components/server-texts.testing.ts';
import CategoryMappingPage from './index.tsx';

/** The category mapping page (分类映射) against a faked HTTP layer and the server's own texts. */

const URL = '/api/sitekit/categories';
const CLOTHING = '7d7c2a4e-3b1f-4c55-9d0e-1a2b3c4d5e01';
const HOME = '7d7c2a4e-3b1f-4c55-9d0e-1a2b3c4d5e02';
const MEN = '0b6f3c1a-8e2d-4f7a-9c5b-6d4e3f2a1b01';
const HOODIES = '0b6f3c1a-8e2d-4f7a-9c5b-6d4e3f2a1b02';
const KITCHEN = '0b6f3c1a-8e2d-4f7a-9c5b-6d4e3f2a1b03';

const siteCategory = (over: Partial<SiteCategoryDto>): SiteCategoryDto => ({
  id: CLOTHING,
  siteId: 's1',
  parentId: null,
  name: '服装',
  nameEn: 'Clothing',
  slug: 'clothing',
  description: '四季服装',
  imageUrl: null,
  sortOrder: 1,
  isPublished: true,
  catalogCategoryIds: [MEN, HOODIES],
  productCount: 12,
  ...audited('stamp-clothing'),
  ...over,
});
const clothing = siteCategory({});
const home = siteCategory({
  id: HOME,
  name: '家居',
  nameEn: null,
  slug: 'home',
  description: null,
  sortOrder: 2,
  catalogCategoryIds: [],
  productCount: 0,
  ...audited('stamp-home'),
});

const { calls } = fakeApiBeforeEach(
  () => ({
    'GET /api/sitekit/sites/all': { items: [{ id: 's1', name: 'Demo Store' }] },
    [`GET ${URL}`]: { totalCount: 2, items: [clothing, home] },
    'GET /api/catalog/categories/all': {
      items: [
        { id: MEN, parentId: null, code: 'MEN', name: '男装', nameEn: 'Men' },
        { id: HOODIES, parentId: MEN, code: 'HOODIE', name: '卫衣', nameEn: 'Hoodies' },
        { id: KITCHEN, parentId: null, code: 'KITCHEN', name: '厨房用品', nameEn: null },
      ],
    },
    [`PUT ${URL}/${CLOTHING}`]: siteCategory({ catalogCategoryIds: [HOODIES] }),
    [`PUT ${URL}/${HOME}`]: home,
  }),
  ['Sitekit.Catalog', 'Sitekit.Catalog.Update'],
);
sitekitChineseTextsBeforeEach();

describe('category mapping page', () => {
  it('shows each catalogue category with the site category it maps to, the unmapped ones marked and counted', async () => {
    renderPage(<CategoryMappingPage />);
    const table = await screen.findByTestId('category-mapping');
    const men = await findRow(table, '男装');
    expect(within(men).getByText('已映射')).toBeTruthy();
    expect(
      within(within(men).getByTestId('mapping-select-MEN').closest('.ant-select')!).getByText('服装'),
    ).toBeTruthy();
    const kitchen = await findRow(table, '厨房用品');
    expect(within(kitchen).getByTestId('mapping-unmapped-KITCHEN').textContent).toBe('未映射');
    expect((await screen.findByTestId('category-mapping-summary')).textContent).toBe('共 3 个商品库分类,1 个未映射。');
    expect(lastParams(calls, `GET ${URL}`)).toMatchObject({ siteId: 's1' });

    // only the unmapped ones
    await click('category-mapping-only-unmapped');
    await waitFor(() => expect(within(table).queryByText('男装')).toBeNull());
    expect(within(table).getByText('厨房用品')).toBeTruthy();
    expect(within(table).queryByText('卫衣')).toBeNull();
  });

  it('moves a catalogue category to another site category: out of the old one, into the new one', async () => {
    renderPage(<CategoryMappingPage />);
    await screen.findByText('男装');
    await act(async () => {
      fireEvent.mouseDown(
        within(screen.getByTestId('mapping-select-MEN').closest('.ant-select')!).getByRole('combobox'),
      );
    });
    await click(await screen.findByTitle('家居'));
    await waitFor(() => expect(calls.some((c) => c.key === `PUT ${URL}/${HOME}`)).toBe(true));
    const bodies = calls.filter((c) => c.key.startsWith('PUT ')).map((c) => [c.key, c.options.json]);
    expect(bodies).toEqual([
      [
        `PUT ${URL}/${CLOTHING}`,
        {
          parentId: null,
          name: '服装',
          nameEn: 'Clothing',
          slug: 'clothing',
          description: '四季服装',
          imageUrl: null,
          sortOrder: 1,
          isPublished: true,
          catalogCategoryIds: [HOODIES],
          concurrencyStamp: 'stamp-clothing',
        },
      ],
      [`PUT ${URL}/${HOME}`, expect.objectContaining({ catalogCategoryIds: [MEN], concurrencyStamp: 'stamp-home' })],
    ]);
  });

  it('shows the mapping without a way to change it to a user who may only read', async () => {
    useAbp.setState({ permissions: ['Sitekit.Catalog'] });
    renderPage(<CategoryMappingPage />);
    const table = await screen.findByTestId('category-mapping');
    const men = await findRow(table, '男装');
    expect(within(men).getByTestId('mapping-site-MEN').textContent).toBe('服装');
    expect(screen.queryByTestId('mapping-select-MEN')).toBeNull();
    expect(screen.queryByTestId('mapping-select-KITCHEN')).toBeNull();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { fakeApiBeforeEach } from '../../../../lib/testing/fake-http.ts';
import { click } from '../../../../lib/testing/form-events.ts';
import { quietUi, renderPage } from '../../../../lib/testing/render-page.tsx';
import RecyclePage from './index.tsx';

/** The recycle bin against a faked HTTP layer. */

const ui = quietUi();
const success = vi.mocked(ui.message.success);
const PRODUCTS = '/api/catalog/recycle/products';
const VENDORS = '/api/catalog/recycle/vendors';

const product = {
  id: 'p1',
  sku: 'HB-005',
  name: '手提包',
  price: 12.5,
  priceCurrency: 'USD',
  deletionTime: '2026-01-02T03:04:00Z',
};
const vendor = {
  id: 'v1',
  productSku: 'HB-005',
  productName: '手提包',
  supplierCode: 'S01',
  supplierName: '义乌皮具',
  purchasePrice: '5.0000',
  currency: 'CNY',
  deletionTime: '2026-01-03T03:04:00Z',
};

let location = '';

const { calls } = fakeApiBeforeEach(
  () => ({
    [`GET ${PRODUCTS}`]: { totalCount: 1, items: [product] },
    [`GET ${VENDORS}`]: { totalCount: 1, items: [vendor] },
    [`PUT ${PRODUCTS}/p1/reback`]: undefined,
    [`DELETE ${VENDORS}/v1/clear`]: undefined,
  }),
  ['Catalog.Products', 'Catalog.Products.Delete'],
);

beforeEach(() => {
  success.mockClear();
  applyServerTexts('zh-Hans', {
    Catalog: { RecycledProducts: '商品', RecycledVendors: '供应商', Restore: '还原', ClearForGood: '彻底删除' },
  });
});

function Where() {
  location = useLocation().search;
  return null;
}

const renderRecycle = (at: string) =>
  renderPage(
    <>
      <RecyclePage />
      <Where />
    </>,
    { at, ui },
  );

const pageCalls = (url: string) => calls.filter((c) => c.key === `GET ${url}`);

describe('recycle page', () => {
  it('lists the deleted products by the URL, restores one and reads the list again', async () => {
    renderRecycle('/product/recycle?filter=HB&sorting=sku+asc');
    const restore = await screen.findByTestId('recycle-restore-HB-005');
    expect(within(screen.getByTestId('recycle')).getByText('12.5 USD')).toBeTruthy();
    expect(pageCalls(PRODUCTS)[0]?.options.params).toMatchObject({ filter: 'HB', sorting: 'sku asc' });
    const before = pageCalls(PRODUCTS).length;
    await act(async () => {
      fireEvent.click(restore);
    });
    await waitFor(() => expect(calls.some((c) => c.key === `PUT ${PRODUCTS}/p1/reback`)).toBe(true));
    await waitFor(() => expect(pageCalls(PRODUCTS).length).toBeGreaterThan(before));
    expect(success).toHaveBeenCalled();
  });

  it('opens the vendors tab from a clean URL and clears a vendor for good', async () => {
    renderRecycle('/product/recycle?sorting=sku+asc&page=2');
    await screen.findByTestId('recycle-restore-HB-005');
    await click('recycle-tab-vendors');
    await screen.findByTestId('recycle-vendor-restore-HB-005-S01');
    expect(location).toBe('');
    // the products' sorting is not sent to the vendors
    expect(pageCalls(VENDORS).every((c) => !c.options.params?.sorting && !c.options.params?.skipCount)).toBe(true);
    expect(screen.queryByTestId('recycle-restore-HB-005')).toBeNull();
    await click('recycle-vendor-clear-HB-005-S01');
    await act(async () => {
      fireEvent.click(
        screen
          .getAllByRole('button')
          .find((b) => b.textContent?.match(/删\s*除|Delete|确\s*定|OK/) && b.closest('.ant-popover'))!,
      );
    });
    await waitFor(() => expect(calls.some((c) => c.key === `DELETE ${VENDORS}/v1/clear`)).toBe(true));
  });
});

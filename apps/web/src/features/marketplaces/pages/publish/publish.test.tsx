import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { fakeApiBeforeEach } from '../../../../lib/testing/fake-http.ts';
import { click, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderRoutes } from '../../../../lib/testing/render-page.tsx';
import type { PreviewRow } from '../../api.ts';
import { listingTexts } from '../listings/texts.testing.ts';
import PublishWizardPage from './index.tsx';

/** The publish wizard against a faked HTTP layer (the contract's shapes) and the server's texts. */

const URL = '/api/catalog/listing';
const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const LZ = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const SP = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const product = (id: string, sku: string, name: string) => ({
  id,
  sku,
  name,
  nameEn: null,
  categoryIds: [],
  brandId: null,
  price: 20,
  pmsStatus: 2,
  isActive: true,
  inStock: true,
  developer: null,
  purchaser: null,
  artDesigner: null,
  region: null,
  mainImage: null,
  creationTime: '2026-01-01T00:00:00Z',
  lastModificationTime: null,
  concurrencyStamp: 's',
  isDeleted: false,
  deletionTime: null,
  variantCount: 0,
});
const shop = (id: string, platform: 'LAZADA' | 'SHOPEE', name: string, status: string) => ({
  id,
  platform,
  name,
  regions: ['MY'],
  status,
  authorized: status === 'active',
});

const row = (over: Partial<PreviewRow>): PreviewRow => ({
  productId: P1,
  productSku: 'CUP-1',
  productName: '保温杯',
  shopId: LZ,
  shopName: 'Lazada MY',
  platform: 'LAZADA',
  region: 'MY',
  currency: 'MYR',
  category: { id: '10001', name: 'Kitchen > Bottles' },
  attributes: { brand: 'No Brand' },
  missingAttributes: [],
  price: {
    amount: '36.90',
    currency: 'MYR',
    priceRuleId: 'r1',
    priceRuleName: 'Lazada 马来西亚 成本加价',
    steps: [
      { key: 'Cost', label: '成本', amount: '20.00', currency: 'CNY' },
      { key: 'Rounding', label: '向上取整到 x.90', amount: '36.90', currency: 'MYR' },
    ],
  },
  stock: 12,
  images: ['https://img.example/1.jpg'],
  skus: [],
  existingListingId: null,
  problems: [],
  ...over,
});

const rows: PreviewRow[] = [
  row({}),
  row({
    shopId: SP,
    shopName: 'Shopee MY',
    platform: 'SHOPEE',
    missingAttributes: [
      {
        name: 'material',
        label: '材质',
        options: [
          { id: '1', name: 'Steel' },
          { id: '2', name: 'Glass' },
        ],
      },
      { name: 'warranty', label: '保修', options: [] },
    ],
    problems: [{ code: 'MISSING_ATTRIBUTES', message: '必填属性未填写:材质, 保修。', blocking: true }],
  }),
  row({
    productId: P2,
    productSku: 'MUG-2',
    productName: '马克杯',
    category: null,
    price: null,
    problems: [
      { code: 'NO_MAPPING', message: '商品分类尚未映射到 LAZADA(MY)的平台类目。', blocking: true },
      { code: 'NO_PRICE', message: '没有价格', blocking: true },
    ],
  }),
  row({
    productId: P2,
    productSku: 'MUG-2',
    productName: '马克杯',
    shopId: SP,
    shopName: 'Shopee MY',
    platform: 'SHOPEE',
  }),
];

const { calls } = fakeApiBeforeEach(
  () => ({
    'GET /api/catalog/products': {
      totalCount: 2,
      items: [product(P1, 'CUP-1', '保温杯'), product(P2, 'MUG-2', '马克杯')],
    },
    'GET /api/sitekit/shopes/all': {
      items: [
        shop(LZ, 'LAZADA', 'Lazada MY', 'active'),
        shop('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'LAZADA', 'Lazada SG', 'expired'),
        shop(SP, 'SHOPEE', 'Shopee MY', 'active'),
      ],
    },
    [`POST ${URL}/preview`]: { items: rows },
    [`POST ${URL}`]: {
      items: [
        { productId: P1, shopId: LZ, ok: true, id: 'l1', error: null },
        { productId: P1, shopId: SP, ok: true, id: 'l2', error: null },
        { productId: P2, shopId: SP, ok: false, id: null, error: '该商品在此店铺已有刊登(l9)。' },
      ],
      succeeded: 2,
      failed: 1,
    },
  }),
  ['Marketplaces.Listings', 'Marketplaces.Listings.Create'],
);

beforeEach(() => {
  applyServerTexts('zh-Hans', { Listings: listingTexts('zh') });
});

const renderAt = (path: string) =>
  renderRoutes([{ path: '/publishingPlatform/publishs/publish-lazada-shopee', Component: PublishWizardPage }], path);

const submitButton = () => screen.getByTestId('publish-submit') as HTMLButtonElement;

describe('publish wizard', () => {
  it('chooses products in the picker; only authorized shops can be chosen', async () => {
    renderAt('/publishingPlatform/publishs/publish-lazada-shopee');
    const next = () => screen.getByTestId('publish-next') as HTMLButtonElement;
    const picker = await screen.findByTestId('publish-products');
    await within(picker).findByText('保温杯');
    expect(next().disabled).toBe(true);
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('publish-product-CUP-1')).getByRole('checkbox'));
    });
    expect(within(screen.getByTestId('publish-chosen-products')).getByText('CUP-1')).toBeTruthy();
    await typeInto('publish-products-search', '马克');
    await act(async () => {
      fireEvent.keyDown(within(screen.getByTestId('publish-products-search')).getByRole('searchbox'), {
        key: 'Enter',
        keyCode: 13,
      });
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'GET /api/catalog/products').at(-1)?.options.params).toMatchObject({
        filter: '马克',
      }),
    );

    await click('publish-next');
    const shops = await screen.findByTestId('publish-shops');
    const box = (name: string) =>
      within(shops).getByText(name).closest('label')?.querySelector('input') as HTMLInputElement;
    await within(shops).findByText('Lazada SG');
    expect(box('Lazada SG').disabled).toBe(true);
    expect(within(shops).getByText('未授权')).toBeTruthy();
    expect(box('Lazada MY').disabled).toBe(false);
    expect(next().disabled).toBe(true);
    await act(async () => {
      fireEvent.click(box('Lazada MY'));
    });
    expect(next().disabled).toBe(false);
  });

  it('reviews each product × shop, blocks the submit until attributes are given or the row left out, then shows each answer', async () => {
    renderAt(`/publishingPlatform/publishs/publish-lazada-shopee?productIds=${P1},${P2},not-an-id`);
    // preselected from the URL
    await waitFor(() => expect((screen.getByTestId('publish-next') as HTMLButtonElement).disabled).toBe(false));
    await click('publish-next');
    const shops = await screen.findByTestId('publish-shops');
    await within(shops).findByText('Shopee MY');
    for (const name of ['Lazada MY', 'Shopee MY'])
      await act(async () => {
        fireEvent.click(within(shops).getByText(name).closest('label')?.querySelector('input') as HTMLInputElement);
      });
    await click('publish-next');

    const review = await screen.findByTestId('publish-review');
    expect(calls.find((c) => c.key === `POST ${URL}/preview`)?.options.json).toEqual({
      productIds: [P1, P2],
      shopIds: [LZ, SP],
    });
    // the mapped category, the rule's price, the missing mapping with its link
    expect(within(review).getByTestId('publish-category-CUP-1-Lazada MY').textContent).toBe('Kitchen > Bottles');
    expect(within(review).getByTestId('publish-price-CUP-1-Lazada MY').textContent).toBe('36.90 MYR');
    const noMapping = within(review).getByTestId('publish-no-mapping-MUG-2-Lazada MY');
    expect(within(noMapping).getByText('去映射类目').getAttribute('href')).toBe(
      '/publishingPlatform/lazada/classified',
    );
    // two rows blocked: missing attributes; no mapping (and no price)
    expect(screen.getByTestId('publish-blocked').textContent).toBe('2 行有问题:请修正或取消勾选。');
    expect(submitButton().disabled).toBe(true);
    const shopeeRow = within(review).getByTestId('publish-row-CUP-1-Shopee MY');
    expect(within(shopeeRow).getByText('必填属性未填写:材质, 保修。')).toBeTruthy();

    // fix the attributes inline: a list where the platform has options, text otherwise
    await act(async () => {
      fireEvent.mouseDown(within(screen.getByTestId('publish-attr-CUP-1-Shopee MY-material')).getByRole('combobox'));
    });
    await act(async () => {
      fireEvent.click(await screen.findByTitle('Glass'));
    });
    expect(within(review).getByText('必填属性未填写:保修。')).toBeTruthy();
    await typeInto('publish-attr-CUP-1-Shopee MY-warranty', '12 个月');
    expect(shopeeRow.getAttribute('data-blocked')).toBe('false');
    expect(screen.getByTestId('publish-blocked').textContent).toBe('1 行有问题:请修正或取消勾选。');
    expect(submitButton().disabled).toBe(true);

    // the row that cannot be fixed here is left out
    await act(async () => {
      fireEvent.click(screen.getByTestId('publish-include-MUG-2-Lazada MY'));
    });
    expect(screen.queryByTestId('publish-blocked')).toBeNull();
    expect(submitButton().disabled).toBe(false);
    expect(submitButton().textContent).toContain('提交刊登 3 条');

    // the price explained step by step
    const expand = within(review)
      .getByTestId('publish-row-CUP-1-Lazada MY')
      .querySelector('.ant-table-row-expand-icon') as HTMLElement;
    await act(async () => {
      fireEvent.click(expand);
    });
    expect(
      within(await screen.findByTestId('publish-steps-CUP-1-Lazada MY')).getByText('向上取整到 x.90'),
    ).toBeTruthy();

    await submit('publish-submit');
    const result = await screen.findByTestId('publish-result');
    expect(calls.find((c) => c.key === `POST ${URL}`)?.options.json).toEqual({
      items: [
        { productId: P1, shopId: LZ, attributes: {}, price: undefined },
        { productId: P1, shopId: SP, attributes: { material: 'Glass', warranty: '12 个月' }, price: undefined },
        { productId: P2, shopId: SP, attributes: {}, price: undefined },
      ],
    });
    expect(within(result).getByText('已排队 2 条刊登,拒绝 1 条')).toBeTruthy();
    expect(within(result).getByText('该商品在此店铺已有刊登(l9)。')).toBeTruthy();
    expect(within(result).getAllByText('排队中')).toHaveLength(2);
    expect(within(result).getByTestId('publish-goto-LAZADA')).toBeTruthy();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { type Call, fakeHttp, refusal } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import { openNewForm, pressEnter, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderRoutes } from '../../../../lib/testing/render-page.tsx';
import type { ProductDto, ProductListItem } from '../../products-api.ts';
import { createdRange, productsApi } from '../../products-api.ts';
import ProductDetailPage from '../product-detail/index.tsx';
import ProductsPage from './index.tsx';

/** The product list, form and detail page against a faked HTTP layer (the contract's shapes). */

/** Ids the form checks as the server does (GUIDs). */
const CATEGORY = '00000000-0000-4000-8000-000000000001';
const COLOR = '00000000-0000-4000-8000-000000000002';
const BLACK = '00000000-0000-4000-8000-000000000003';
const WHITE = '00000000-0000-4000-8000-000000000004';
const MATERIAL = '00000000-0000-4000-8000-000000000005';
const POLYESTER = '00000000-0000-4000-8000-000000000006';
const COTTON = '00000000-0000-4000-8000-000000000007';

const variant = (id: string, valueId: string, code: string, label: string) => ({
  id,
  productId: 'p1',
  sku: `CUP2408-0001-${code}`,
  valueIds: [valueId],
  label,
  price: '25.50',
  weight: 300,
  length: null,
  width: null,
  height: null,
  image: null,
  sort: 0,
});

const product: ProductDto = {
  id: 'p1',
  ...audited('stamp-1', '2024-08-01T00:00:00Z'),
  sku: 'CUP2408-0001',
  name: '保温水杯',
  nameEn: null,
  categoryIds: [CATEGORY],
  brandId: null,
  description: '不锈钢保温杯',
  price: '25.50',
  priceCurrency: 'CNY',
  pmsStatus: 1,
  isActive: true,
  inStock: false,
  developer: '李雷',
  purchaser: null,
  artDesigner: null,
  weight: 300,
  length: null,
  width: null,
  height: null,
  packageWeight: null,
  packageLength: null,
  packageWidth: null,
  packageHeight: null,
  declaredNameCn: null,
  declaredNameEn: null,
  declaredValue: null,
  declaredCurrency: 'USD',
  hsCode: null,
  specialAttributes: [],
  variantOptions: [{ attributeId: COLOR, valueIds: [BLACK, WHITE] }],
  variants: [variant('pv1', BLACK, 'BLK', '黑色'), variant('pv2', WHITE, 'WHT', '白色')],
  region: 'MY',
  developmentDate: '2024-07-01',
  launchDate: '2024-08-01',
  salesTypes: ['normal'],
  resource: 'factory',
  screenValues: [{ attributeId: MATERIAL, optionIds: [POLYESTER] }],
  specifications: [{ id: 'sp1', name: '材质', value: '304 不锈钢', sort: 0 }],
  detailContent: '详情:双层真空',
  mainImage: null,
  images: [],
  isDeleted: false,
  deletionTime: null,
};

const row: ProductListItem = {
  id: 'p1',
  sku: product.sku,
  name: product.name,
  nameEn: null,
  categoryIds: [CATEGORY],
  brandId: null,
  price: '25.50',
  priceCurrency: 'CNY',
  pmsStatus: 1,
  isActive: true,
  inStock: false,
  developer: '李雷',
  purchaser: null,
  artDesigner: null,
  region: 'MY',
  mainImage: null,
  variantCount: 2,
  creationTime: '2024-08-01T00:00:00Z',
  lastModificationTime: null,
  concurrencyStamp: 'stamp-1',
  isDeleted: false,
  deletionTime: null,
};

const answers: Record<string, unknown> = {
  'GET /api/catalog/products': { totalCount: 1, items: [row] },
  'GET /api/catalog/products/p1': product,
  'GET /api/catalog/categories/all': {
    items: [{ id: CATEGORY, parentId: null, code: 'KITCHEN', name: '厨房用品', nameEn: null, sort: 0 }],
  },
  'GET /api/catalog/brands/all': { items: [] },
  'GET /api/catalog/purchase-attributes/all': {
    items: [
      {
        id: COLOR,
        name: '颜色',
        nameEn: null,
        sort: 0,
        values: [
          { id: BLACK, value: '黑色', valueEn: null, code: 'BLK', sort: 0 },
          { id: WHITE, value: '白色', valueEn: null, code: 'WHT', sort: 1 },
        ],
      },
    ],
  },
  'GET /api/catalog/screen-attributes/all': {
    items: [
      {
        id: MATERIAL,
        name: '材质',
        nameEn: null,
        sort: 0,
        options: [
          { id: POLYESTER, value: '涤纶', valueEn: null, sort: 0 },
          { id: COTTON, value: '棉', valueEn: null, sort: 1 },
        ],
      },
    ],
  },
  'GET /api/catalog/products/product-vendors/p1': { items: [] },
  'PUT /api/catalog/products/p1': product,
  'DELETE /api/catalog/products/remove-specification/sp1': undefined,
};

let calls: Call[] = [];

beforeEach(() => {
  calls = fakeHttp(answers);
  useAbp.setState({
    permissions: ['Catalog.Products', 'Catalog.Products.Create', 'Catalog.Products.Update'],
  });
  applyServerTexts('zh-Hans', {
    Catalog: {
      'Region:MY': '马来西亚',
      'Resource:factory': '工厂',
      'SalesType:normal': '普通',
      'Product:RegionRequired': '请选择区域',
      'Product:DateRequired': '请选择日期',
      'Product:TypeRequired': '请至少选择一个类型',
      'Product:ResourceRequired': '请选择资源',
      ListingsHint: '设置刊登后,此商品在各平台的刊登将显示在这里。',
      'VariantTable:PriceChanged': '新价格将用于跟随商品的 {0} 个变体;{1} 个变体保留自己的价格。',
    },
  });
});

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/product/productList', Component: ProductsPage },
      { path: '/product/product-detail', Component: ProductDetailPage },
    ],
    path,
  );

const listCalls = () => calls.filter((c) => c.key === 'GET /api/catalog/products');

/** The body of the first call `key`, once made. */
const sent = (key: string) =>
  waitFor(() => {
    const call = calls.find((c) => c.key === key);
    expect(call).toBeTruthy();
    return call?.options.json as Record<string, unknown>;
  });

/** Types into an input (the element or the input inside it) and leaves it. */
const type = typeInto;

/** The list, then the edit form of the product (its variant table filled in). */
async function openEdit() {
  renderAt('/product/productList');
  await screen.findByText('CUP2408-0001');
  await act(async () => {
    fireEvent.click(screen.getByTestId('products-edit-CUP2408-0001'));
  });
  await screen.findByTestId('products-form');
  await screen.findByTestId('variant-WHT-sku');
}

describe('products list and form', () => {
  it('shows the variant count of a list row and filters by developer', async () => {
    renderAt('/product/productList');
    const table = await screen.findByTestId('products');
    await within(table).findByText('CUP2408-0001');
    expect(within(table).getByText('厨房用品')).toBeTruthy();
    expect(within(table.querySelector('tbody') as HTMLElement).getByText('2')).toBeTruthy();

    await typeInto('products-filter-developer', ' 李 ');
    await pressEnter('products-filter-developer');
    await waitFor(() => expect(listCalls().at(-1)?.options.params).toMatchObject({ developer: '李' }));
  });

  it('fetches the whole product before editing and sends the spec sheet and every variant’s values', async () => {
    await openEdit();
    const form = screen.getByTestId('products-form');
    expect(calls.some((c) => c.key === 'GET /api/catalog/products/p1')).toBe(true);
    await within(form).findByText('马来西亚 (MY)');
    expect((screen.getByTestId('product-spec-0-name') as HTMLInputElement).value).toBe('材质');
    await submit('products-form-submit');
    const put = await sent('PUT /api/catalog/products/p1');
    expect(put).toMatchObject({
      concurrencyStamp: 'stamp-1',
      region: 'MY',
      developmentDate: '2024-07-01',
      launchDate: '2024-08-01',
      salesTypes: ['normal'],
      resource: 'factory',
      screenValues: [{ attributeId: MATERIAL, optionIds: [POLYESTER] }],
      specifications: [{ name: '材质', value: '304 不锈钢' }],
      detailContent: '详情:双层真空',
      // unchanged: the generated SKUs follow the parent, the equal prices the product's (decimal text)
      variants: [
        { valueIds: [BLACK], sku: null, price: '25.50', weight: 300, length: null },
        { valueIds: [WHITE], sku: null, price: '25.50', weight: 300, length: null },
      ],
    });
  });

  it('sets a variant’s own SKU, price and weight; empty cells follow the product, visibly', async () => {
    await openEdit();
    const table = screen.getByTestId('product-variants');
    // what following variants take, shown where their values would be
    const blackSku = () => screen.getByTestId('variant-BLK-sku') as HTMLInputElement;
    const blackPrice = () => screen.getByTestId('variant-BLK-price') as HTMLInputElement;
    expect(blackSku().value).toBe('');
    expect(blackSku().placeholder).toBe('CUP2408-0001-BLK');
    expect(blackPrice().placeholder).toBe('25.50');
    expect(within(table).getByText('白色')).toBeTruthy();

    await type(screen.getByTestId('variant-WHT-sku'), 'cup-white');
    await type(screen.getByTestId('variant-WHT-price'), '30');
    await type(screen.getByTestId('variant-WHT-weight'), '280');
    await type(screen.getByTestId('variant-BLK-weight'), '');
    // a new product price and parent SKU: the following variant shows them at once, the own price stays
    await type(screen.getByTestId('product-price'), '27');
    await type(screen.getByTestId('product-sku'), 'CUP2408-0002');
    await waitFor(() => expect(blackPrice().placeholder).toBe('27'));
    expect(blackSku().placeholder).toBe('CUP2408-0002-BLK');
    expect((screen.getByTestId('variant-WHT-price') as HTMLInputElement).value).toBe('30.00');
    expect(screen.getByTestId('variant-price-effect').textContent).toBe(
      '新价格将用于跟随商品的 1 个变体;1 个变体保留自己的价格。',
    );
    expect((screen.getByTestId('variant-BLK-weight') as HTMLInputElement).placeholder).toBe('300');

    await submit('products-form-submit');
    expect((await sent('PUT /api/catalog/products/p1')).variants).toEqual([
      { valueIds: [BLACK], sku: null, price: '27', weight: null, length: null, width: null, height: null },
      { valueIds: [WHITE], sku: 'CUP-WHITE', price: '30', weight: 280, length: null, width: null, height: null },
    ]);
  });

  it('shows the server’s refusal of a variant’s SKU on that variant’s cell', async () => {
    answers['PUT /api/catalog/products/p1'] = refusal('/api/catalog/products/p1', [
      { message: 'SKU CUP-X 已被占用。', members: ['variants.1.sku'] },
    ]);
    try {
      await openEdit();
      await type(screen.getByTestId('variant-WHT-sku'), 'cup-x');
      await submit('products-form-submit');
      const cell = screen.getByTestId('variant-WHT-sku').closest('.ant-form-item') as HTMLElement;
      await within(cell).findByText('SKU CUP-X 已被占用。');
    } finally {
      answers['PUT /api/catalog/products/p1'] = product;
    }
  });

  it('shows the spec messages for the new required fields of an empty form', async () => {
    renderAt('/product/productList');
    await screen.findByText('CUP2408-0001');
    await openNewForm('products-form');
    await submit('products-form-submit');
    const form = screen.getByTestId('products-form');
    for (const message of ['请选择区域', '请至少选择一个类型', '请选择资源']) {
      await within(form).findByText(message);
    }
    expect(within(form).getAllByText('请选择日期')).toHaveLength(2);
    expect(calls.some((c) => c.options.method === 'POST')).toBe(false);
  });
});

describe('product detail', () => {
  // first in its file: antd warns about a misuse only once
  it('lays out its descriptions without antd warnings (spans adding up to the columns)', async () => {
    const errors = vi.spyOn(console, 'error');
    try {
      renderAt('/product/product-detail?id=p1');
      const detail = await screen.findByTestId('product-detail');
      await within(detail).findByText('涤纶');
      const warnings = errors.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('[antd'));
      expect(warnings).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  it('renders gathered detail content sanitized: its structure and emphasis, no script, handler or image', async () => {
    const script = vi.fn();
    (globalThis as { pwned?: unknown }).pwned = script;
    answers['GET /api/catalog/products/p1'] = {
      ...product,
      detailContent:
        '<p>厂家直供,<b>支持</b>一件代发。</p><script>pwned()</script><img src=x onerror="pwned()"><ul><li>双层真空</li><li>304 不锈钢</li></ul>',
    };
    renderAt('/product/product-detail?id=p1');
    const content = await screen.findByTestId('product-detail-content');
    expect(content.innerHTML).toBe(
      '<p>厂家直供,<b>支持</b>一件代发。</p><ul><li>双层真空</li><li>304 不锈钢</li></ul>',
    );
    expect(content.querySelector('img, script, [onerror]')).toBeNull();
    expect(script).not.toHaveBeenCalled();
  });

  it('shows the new fields and removes a specification line through remove-specification', async () => {
    renderAt('/product/product-detail?id=p1');
    const detail = await screen.findByTestId('product-detail');
    expect(within(detail).getByText('马来西亚')).toBeTruthy();
    expect(within(detail).getByText('工厂')).toBeTruthy();
    expect(within(detail).getByText('2024-07-01')).toBeTruthy();
    await within(detail).findByText('涤纶');
    expect(within(screen.getByTestId('product-specs')).getByText('304 不锈钢')).toBeTruthy();
    expect(within(screen.getByTestId('product-listings')).getByText(/设置刊登后/)).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByTestId('product-spec-remove-材质'));
    });
    await act(async () => {
      const popconfirm = (await screen.findByRole('tooltip')) as HTMLElement;
      fireEvent.click(within(popconfirm).getByRole('button', { name: /删\s?除/ }));
    });
    await waitFor(() =>
      expect(calls.some((c) => c.key === 'DELETE /api/catalog/products/remove-specification/sp1')).toBe(true),
    );
  });

  it('turns a picked range of days into createdFrom (inclusive) and createdTo (exclusive)', () => {
    const range = createdRange([dayjs('2024-08-01T15:00'), dayjs('2024-08-03T09:30')]);
    expect(range).toEqual({
      createdFrom: dayjs('2024-08-01T00:00').toISOString(),
      createdTo: dayjs('2024-08-04T00:00').toISOString(),
    });
    expect(createdRange(null)).toEqual({ createdFrom: undefined, createdTo: undefined });
  });

  it('refuses to call remove-specification without an id', () => {
    expect(() => productsApi.removeSpecification('')).toThrow('Missing path parameter value for id');
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { fakeApiBeforeEach, refusal } from '../../../../lib/testing/fake-http.ts';
import { click, pressEnter, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderRoutes } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import type { GatherBatch, GatherDetail, GatherRow } from '../../gathers-api.ts';
import GathersPage from './index.tsx';

/** The gather list against a faked HTTP layer answering the contract's shapes. */

const G1 = '00000000-0000-4000-8000-000000000011';
const G2 = '00000000-0000-4000-8000-000000000012';
const CATEGORY = '00000000-0000-4000-8000-000000000001';
const BATCH = '00000000-0000-4000-8000-000000000099';
const URL_ = '/api/catalog/gathers';

const row = (id: string, itemId: string, title: string, extra: Partial<GatherRow> = {}): GatherRow => ({
  id,
  sourcePlatform: '1688',
  sourceUrl: `https://detail.1688.com/offer/${itemId}.html`,
  sourceItemId: itemId,
  title,
  images: ['https://cbu01.alicdn.com/a.jpg'],
  mainImage: 'https://cbu01.alicdn.com/a.jpg',
  priceMin: '23.00',
  priceMax: '27.50',
  currency: 'CNY',
  optionNames: ['颜色'],
  supplierName: '永康杯业',
  supplierShopUrl: 'https://shop1.1688.com',
  status: 'NEW',
  claimCount: 0,
  origin: 'url',
  gathererId: 'u1',
  gathererName: 'admin',
  gatheredAt: '2026-03-01T08:00:00Z',
  skuCount: 2,
  creationTime: '2026-03-01T08:00:00Z',
  creatorId: 'u1',
  lastModificationTime: null,
  lastModifierId: null,
  concurrencyStamp: 's1',
  ...extra,
});

const cup = row(G1, '610000000001', '保温杯');
const bag = row(G2, '610000000002', '帆布包', { priceMin: '9.90', priceMax: '9.90', skuCount: 0 });

const detail: GatherDetail = {
  ...cup,
  descriptionHtml: null,
  skus: [
    { sourceSkuId: '1', options: { 颜色: '黑色' }, price: '23.00', stock: 10, image: null },
    { sourceSkuId: '2', options: { 颜色: '白色' }, price: '27.50', stock: null, image: null },
  ],
  attributes: [{ name: '材质', value: '304 不锈钢' }],
  sourceWeightG: null,
  logs: [
    {
      id: 'l1',
      action: 'Gathered',
      text: null,
      productId: null,
      productSku: null,
      userId: 'u1',
      userName: 'admin',
      creationTime: '2026-03-01T08:00:00Z',
    },
  ],
};

const batch = (status: GatherBatch['status'], rows: GatherBatch['rows']): GatherBatch => ({
  id: BATCH,
  status,
  total: rows.length,
  succeeded: rows.filter((r) => r.status === 'Succeeded').length,
  failed: rows.filter((r) => r.status === 'Failed').length,
  rows,
  creatorId: 'u1',
  creationTime: '2026-03-01T08:00:00Z',
  completionTime: null,
});

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL_}`]: { totalCount: 2, items: [cup, bag] },
    [`GET ${URL_}/counts`]: { total: 5, capped: false, counts: { NEW: 2, CLAIMED: 2, IGNORED: 1 } },
    [`GET ${URL_}/gatherers`]: { items: [{ id: 'u1', name: 'admin' }] },
    [`GET ${URL_}/${G1}`]: detail,
    [`PUT ${URL_}/${G1}/add-log`]: { ...detail.logs[0], id: 'l2', action: 'Note', text: '样品已下单' },
    [`POST ${URL_}/bulk-delete`]: {
      items: [
        { id: G1, ok: true, error: null, productId: null, sku: null },
        { id: G2, ok: false, error: '已被其他用户删除', productId: null, sku: null },
      ],
      succeeded: 1,
      failed: 1,
    },
    'GET /api/catalog/categories/all': {
      items: [{ id: CATEGORY, parentId: null, code: 'KITCHEN', name: '厨房用品', nameEn: null, sort: 0 }],
    },
    'GET /api/catalog/brands/all': { items: [] },
    'GET /api/catalog/suppliers/all': { items: [] },
    [`POST ${URL_}/${G1}/claim`]: {
      gatherId: G1,
      productId: 'p9',
      sku: 'G2603-0001',
      variantCount: 2,
      supplierId: 's1',
      vendorId: 'v1',
      imagesCopied: 1,
      imagesSkipped: [],
      claimCount: 1,
    },
  }),
  [
    'Catalog.Gathers',
    'Catalog.Gathers.Create',
    'Catalog.Gathers.Update',
    'Catalog.Gathers.Delete',
    'Catalog.Gathers.Claim',
    'Catalog.Products.Create',
  ],
);

chineseTextsBeforeEach({
  Catalog: {
    'GatherPage:Platform:1688': '1688',
    'GatherPage:Status:NEW': '未认领',
    'GatherPage:Status:CLAIMED': '已认领',
    'GatherPage:BulkSummary': '成功 {0} 项,失败 {1} 项',
    'GatherPage:Selected': '已选 {0} 项',
    'GatherPage:BatchDone': '采集完成:成功 {0} 个,失败 {1} 个',
    'GatherPage:TooManyUrls': '一次最多 {0} 个链接',
    'Product:CategoryRequired': '请选择分类',
    'Gather:WeightRequired': '来源未标明重量，请填写重量（克）。',
    'Gather:AlreadyGathered': '该链接已采集过，请打开已采集的商品。',
    'GatherPage:SourceWeight': '来源标明的重量:{0} g',
  },
});

const renderGathers = () =>
  renderRoutes([{ path: '/product/gather-list', Component: GathersPage }], '/product/gather-list');

const lastList = () => calls.filter((c) => c.key === `GET ${URL_}`).at(-1)?.options.params;

/** Opens the list and ticks the rows of both gathered products (保温杯, 帆布包). */
async function selectBothRows() {
  renderGathers();
  const table = await screen.findByTestId('gathers');
  await within(table).findByText('保温杯');
  const box = (title: string) =>
    within(table).getByText(title).closest('tr')?.querySelector('input[type="checkbox"]') as HTMLElement;
  await click(box('保温杯'));
  await click(box('帆布包'));
}

describe('gather list', () => {
  it('lists the items of the status tab with their counts, price ranges and SKU counts', async () => {
    renderGathers();
    const table = await screen.findByTestId('gathers');
    await within(table).findByText('保温杯');
    expect(within(table).getByText('23.00–27.50 CNY')).toBeTruthy();
    expect(within(table).getByText('9.90 CNY')).toBeTruthy();
    // the list kit opens on every status, in the declared order
    expect(lastList()?.status).toBeUndefined();
    await waitFor(() => expect(screen.getByTestId('gathers-tab-NEW').textContent).toContain('(2)'));
    expect(screen.getByTestId('gathers-tab-all').textContent).toContain('(5)');

    await click(screen.getByTestId('gathers-tab-CLAIMED'));
    await waitFor(() => expect(lastList()).toMatchObject({ status: 'CLAIMED' }));
    await click(screen.getByTestId('gathers-tab-all'));
    await waitFor(() => expect(lastList()?.status).toBeUndefined());
  });

  it('filters by keyword, also in the counts', async () => {
    renderGathers();
    await screen.findByText('保温杯');
    const input = screen.getByTestId('gathers-search').querySelector('input') ?? screen.getByTestId('gathers-search');
    await typeInto(input, '杯');
    await pressEnter(input);
    await waitFor(() => expect(lastList()).toMatchObject({ filter: '杯' }));
    const counts = calls.filter((c) => c.key === `GET ${URL_}/counts`).at(-1)?.options.params;
    expect(counts).toMatchObject({ filter: '杯' });
    expect(counts).not.toHaveProperty('status');
  });

  it('shows the detail with the SKU matrix, attributes and log, and adds a note', async () => {
    renderGathers();
    await screen.findByText('保温杯');
    await click(screen.getByTestId('gather-detail-610000000001'));
    const skus = await screen.findByTestId('gather-detail-skus');
    expect(within(skus).getByText('黑色')).toBeTruthy();
    expect(within(skus).getByText('27.50 CNY')).toBeTruthy();
    expect(within(screen.getByTestId('gather-detail-attributes')).getByText('304 不锈钢')).toBeTruthy();
    expect(within(screen.getByTestId('gather-detail-log')).getByText('admin', { exact: false })).toBeTruthy();

    // an empty note is refused before anything is sent
    await click(screen.getByTestId('gather-note-add'));
    await waitFor(() => expect(screen.getByText('LogTextRequired', { exact: false })).toBeTruthy());
    expect(calls.some((c) => c.key.endsWith('/add-log'))).toBe(false);

    await typeInto('gather-note-input', '样品已下单');
    await click(screen.getByTestId('gather-note-add'));
    await waitFor(() =>
      expect(calls.find((c) => c.key.endsWith('/add-log'))?.options.json).toEqual({ text: '样品已下单' }),
    );
  });

  it('bulk-deletes the selected rows and shows each row’s result', async () => {
    await selectBothRows();
    expect(screen.getByTestId('gathers-bulk').textContent).toContain('已选 2 项');
    await click(screen.getByTestId('gathers-bulk-delete'));
    // the confirmation's own delete button
    await waitFor(() => expect(document.querySelector('.ant-popconfirm .ant-btn-dangerous')).toBeTruthy());
    await click(document.querySelector('.ant-popconfirm .ant-btn-dangerous') as HTMLElement);
    await waitFor(() =>
      expect(calls.find((c) => c.key === `POST ${URL_}/bulk-delete`)?.options.json).toEqual({ ids: [G1, G2] }),
    );
    const results = await screen.findByTestId('gather-results');
    expect(within(results).getByText('已被其他用户删除')).toBeTruthy();
    expect(within(results).getByText('帆布包')).toBeTruthy();
    expect(screen.getByTestId('gather-results-summary').textContent).toContain('成功 1 项,失败 1 项');
  });

  it('bulk-claims the selected rows with one set of claim options and shows each row’s result', async () => {
    answers[`POST ${URL_}/bulk-claim`] = {
      items: [
        { id: G1, ok: true, error: null, productId: 'p9', sku: 'G2603-0001' },
        { id: G2, ok: false, error: '分类不存在', productId: null, sku: null },
      ],
      succeeded: 1,
      failed: 1,
    };
    await selectBothRows();
    await click(screen.getByTestId('gathers-bulk-claim'));
    await screen.findByTestId('gather-claim-form');
    // one claim's own SKU and name are not asked for several
    expect(screen.queryByTestId('gather-claim-sku')).toBeNull();
    await act(async () => {
      fireEvent.mouseDown(within(screen.getByTestId('gather-claim-categories')).getByRole('combobox'));
    });
    await click(await screen.findByTitle('厨房用品 (KITCHEN)'));
    await submit('gather-claim-form-submit');
    await waitFor(() =>
      expect(calls.find((c) => c.key === `POST ${URL_}/bulk-claim`)?.options.json).toMatchObject({
        ids: [G1, G2],
        categoryIds: [CATEGORY],
      }),
    );
    const results = await screen.findByTestId('gather-results');
    expect(within(results).getByText('分类不存在')).toBeTruthy();
    expect(within(results).getByTestId('gather-result-product-G2603-0001')).toBeTruthy();
    // the selection is done with
    expect(screen.queryByTestId('gathers-bulk')).toBeNull();
  });

  it('offers no claim without the right to create products (the server asks for both)', async () => {
    useAbp.setState({ permissions: ['Catalog.Gathers', 'Catalog.Gathers.Claim'] });
    renderGathers();
    const table = await screen.findByTestId('gathers');
    await within(table).findByText('保温杯');
    expect(screen.queryAllByTestId(/^gather-detail-/).length).toBeGreaterThan(0);
    expect(screen.queryAllByTestId(/^gather-claim-[0-9]+$/)).toHaveLength(0);
  });

  it('claims one item: the category is required, then the product made is linked', async () => {
    renderGathers();
    await screen.findByText('保温杯');
    await click(screen.getByTestId('gather-claim-610000000001'));
    const form = await screen.findByTestId('gather-claim-form');
    await submit('gather-claim-form-submit');
    await within(form).findByText('请选择分类');
    expect(calls.some((c) => c.key.endsWith('/claim'))).toBe(false);

    await act(async () => {
      fireEvent.mouseDown(within(screen.getByTestId('gather-claim-categories')).getByRole('combobox'));
    });
    await click(await screen.findByTitle('厨房用品 (KITCHEN)'));
    // the source states no weight: the claim asks for it
    await submit('gather-claim-form-submit');
    await within(form).findByText('来源未标明重量，请填写重量（克）。');
    expect(calls.some((c) => c.key.endsWith('/claim'))).toBe(false);
    await typeInto(screen.getByTestId('gather-claim-weight'), '350');
    await submit('gather-claim-form-submit');
    await waitFor(() =>
      expect(calls.find((c) => c.key === `POST ${URL_}/${G1}/claim`)?.options.json).toMatchObject({
        categoryIds: [CATEGORY],
        region: 'GLOBAL',
        skuPrefix: 'G',
        weightG: 350,
      }),
    );
    const link = await screen.findByTestId('gather-result-product-G2603-0001');
    expect(link.getAttribute('href')).toBe('/product/product-detail?id=p9');
  });

  it("does not ask for the weight the item's source states", async () => {
    answers[`GET ${URL_}/${G1}`] = { ...detail, sourceWeightG: 480 };
    renderGathers();
    await screen.findByText('保温杯');
    await click(screen.getByTestId('gather-claim-610000000001'));
    expect((await screen.findByTestId('gather-claim-source-weight')).textContent).toBe('来源标明的重量:480 g');
    expect(screen.queryByTestId('gather-claim-weight')).toBeNull();
  });

  it('says a URL gathered before was not gathered again, and opens the item there is', async () => {
    const url = 'https://detail.1688.com/offer/610000000001.html';
    const before = {
      index: 0,
      url,
      status: 'Failed',
      gatherId: G1,
      error: '该链接已采集过，请打开已采集的商品。',
    } as const;
    answers[`POST ${URL_}/by-urls`] = batch('Completed', [before]);
    answers[`GET ${URL_}/batches/${BATCH}`] = batch('Completed', [before]);
    renderGathers();
    await screen.findByText('保温杯');
    await click(screen.getByTestId('gathers-by-urls'));
    await typeInto(await screen.findByTestId('gather-urls-input'), url);
    await click(screen.getByTestId('gather-urls-start'));
    expect((await screen.findByTestId('gather-batch-error-0')).textContent).toBe(
      '该链接已采集过，请打开已采集的商品。',
    );
    await click(screen.getByTestId('gather-batch-open-0'));
    await screen.findByTestId('gather-detail-skus');
    expect(calls.some((c) => c.key === `GET ${URL_}/${G1}`)).toBe(true);
  });

  it('gathers by URLs: refuses more than fifty, then polls the batch and shows each URL’s result', async () => {
    let polls = 0;
    const urls = ['https://detail.1688.com/offer/1.html', 'https://detail.1688.com/offer/404.html'];
    answers[`POST ${URL_}/by-urls`] = batch('Queued', [
      { index: 0, url: urls[0], status: 'Pending', gatherId: null, error: null },
      { index: 1, url: urls[1], status: 'Pending', gatherId: null, error: null },
    ]);
    answers[`GET ${URL_}/batches/${BATCH}`] = () =>
      ++polls < 2
        ? batch('Running', [
            { index: 0, url: urls[0], status: 'Succeeded', gatherId: G1, error: null },
            { index: 1, url: urls[1], status: 'Pending', gatherId: null, error: null },
          ])
        : batch('Completed', [
            { index: 0, url: urls[0], status: 'Succeeded', gatherId: G1, error: null },
            { index: 1, url: urls[1], status: 'Failed', gatherId: null, error: '页面不存在' },
          ]);
    renderGathers();
    await screen.findByText('保温杯');
    await click(screen.getByTestId('gathers-by-urls'));
    const input = await screen.findByTestId('gather-urls-input');
    const many = Array.from({ length: 51 }, (_, i) => `https://detail.1688.com/offer/${i}.html`).join('\n');
    await typeInto(input, many);
    await click(screen.getByTestId('gather-urls-start'));
    await screen.findByText('一次最多 50 个链接');
    expect(calls.some((c) => c.key.endsWith('/by-urls'))).toBe(false);

    await typeInto(input, `${urls[0]}\n\n ${urls[1]} \n${urls[0]}`);
    await click(screen.getByTestId('gather-urls-start'));
    await waitFor(() => expect(calls.find((c) => c.key.endsWith('/by-urls'))?.options.json).toEqual({ urls }));
    const status = await screen.findByTestId('gather-batch-status');
    await waitFor(() => expect(status.textContent).toContain('采集完成:成功 1 个,失败 1 个'));
    expect(screen.getByText('页面不存在')).toBeTruthy();
    // the list was refreshed as rows were done
    expect(calls.filter((c) => c.key === `GET ${URL_}`).length).toBeGreaterThan(1);
  });

  it('shows a server refusal of the URLs on the text box', async () => {
    answers[`POST ${URL_}/by-urls`] = refusal(`${URL_}/by-urls`, [{ message: '链接格式不正确', members: ['urls.0'] }]);
    renderGathers();
    await screen.findByText('保温杯');
    await click(screen.getByTestId('gathers-by-urls'));
    await typeInto(await screen.findByTestId('gather-urls-input'), 'https://x.example/a');
    await click(screen.getByTestId('gather-urls-start'));
    await screen.findByText('链接格式不正确');
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApiBeforeEach } from '../../../../lib/testing/fake-http.ts';
import { searchIn, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import { parseSkus, type SkuImageExportDto } from '../../sku-images-api.ts';
import SkuImagesPage from './index.tsx';

/** The SKU image export page against a faked HTTP layer (the contract's shapes). */

const API = '/api/catalog/sku-images/exports';

const exportRow = (over: Partial<SkuImageExportDto> = {}): SkuImageExportDto => ({
  id: 'e1',
  status: 'running',
  total: 4,
  done: 2,
  missing: 1,
  fileSize: null,
  fileName: 'sku-images-2026-11-24-e1.zip',
  selection: { kind: 'skus', count: 3 },
  error: null,
  creatorId: 'u1',
  creationTime: '2026-11-24T08:00:00Z',
  completionTime: null,
  ...over,
});

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${API}`]: { items: [] },
    'GET /api/catalog/categories/all': { items: [] },
    'GET /api/catalog/products': {
      totalCount: 1,
      items: [{ id: 'p1', sku: 'CUP-1', name: '保温杯' }],
    },
  }),
  ['Catalog.SkuImages'],
);

chineseTextsBeforeEach({
  Catalog: {
    'SkuImages:Title': 'SKU图片下载',
    'SkuImages:Start': '导出图片',
    'SkuImages:NoExports': '暂无导出记录。',
    'SkuImages:Mode:products': '选择商品',
    'SkuImages:Mode:skus': '输入SKU',
    'SkuImages:Mode:filter': '按筛选条件',
    'SkuImages:SkusCount': '{0} 个SKU',
    'SkuImages:ImagesDone': '{0} / {1} 张图片',
    'SkuImages:MissingCount': '{0} 个SKU无图片(见 missing.txt)',
    'SkuImages:Status:running': '进行中',
    'SkuImages:Status:completed': '已完成',
    'SkuImages:Status:failed': '失败',
    'SkuImages:Selection:skus': '{0} 个SKU',
    'SkuImages:Download': '下载',
    'SkuImages:Delete': '删除',
    'SkuImages:DeleteConfirm': '确定删除该导出及其压缩包吗?',
  },
});

const sent = (key: string) => calls.filter((c) => c.key === key);

describe('SKU image export page', () => {
  it('reads pasted SKUs one per line or separated by commas, upper-cased, each once', () => {
    expect(parseSkus('cup-1\nCUP-2, cup-1；BAG-3  \n\n')).toEqual(['CUP-1', 'CUP-2', 'BAG-3']);
  });

  it('shows the empty list, starts an export of typed SKUs, follows its progress and offers the download when done', async () => {
    renderPage(<SkuImagesPage />);
    await screen.findByText('暂无导出记录。');
    const start = screen.getByTestId('sku-images-start');
    expect((start as HTMLButtonElement).disabled).toBe(true);

    await act(async () => {
      fireEvent.click(screen.getByText('输入SKU'));
    });
    const box = await screen.findByTestId('sku-images-skus');
    await typeInto(box, 'cup-1\nCUP-2,bag-3');
    expect(screen.getByTestId('sku-images-skus-count').textContent).toBe('3 个SKU');

    answers[`POST ${API}`] = exportRow({ status: 'queued', done: 0, total: 0, missing: 0 });
    answers[`GET ${API}`] = { items: [exportRow()] };
    await act(async () => {
      fireEvent.click(screen.getByTestId('sku-images-start'));
    });
    await waitFor(() => expect(sent(`POST ${API}`)).toHaveLength(1));
    expect(sent(`POST ${API}`)[0].options.json).toEqual({ skus: ['CUP-1', 'CUP-2', 'BAG-3'] });

    // running: the bar and counts, no download yet
    const progress = await screen.findByTestId('sku-images-progress-e1');
    expect(progress.textContent).toContain('2 / 4 张图片');
    expect(progress.textContent).toContain('1 个SKU无图片');
    expect(screen.getByTestId('sku-images-status-e1').textContent).toBe('进行中');
    expect(screen.queryByTestId('sku-images-download-e1')).toBeNull();

    // the list is read again while it runs: completed, with its size and the download
    answers[`GET ${API}`] = { items: [exportRow({ status: 'completed', done: 4, fileSize: 2048 })] };
    const download = await screen.findByTestId('sku-images-download-e1');
    expect(screen.getByTestId('sku-images-status-e1').textContent).toBe('已完成');
    expect(within(screen.getByTestId('sku-images-exports')).getByText('2.0 KB')).toBeTruthy();

    const created = vi.fn(() => 'blob:zip');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    answers[`GET ${API}/e1/download`] = new Blob(['zip']);
    await act(async () => {
      fireEvent.click(download);
    });
    await waitFor(() => expect(sent(`GET ${API}/e1/download`)).toHaveLength(1));
    expect(sent(`GET ${API}/e1/download`)[0].options.responseType).toBe('blob');
    await waitFor(() => expect(created).toHaveBeenCalled());
  });

  it('sends the chosen products, and the list filter', async () => {
    renderPage(<SkuImagesPage />);
    await screen.findByText('暂无导出记录。');
    await searchIn('sku-images-products', 'CUP');
    await waitFor(() =>
      expect(sent('GET /api/catalog/products').at(-1)?.options.params).toMatchObject({ filter: 'CUP' }),
    );
    const option = await screen.findByText('CUP-1 保温杯');
    await act(async () => {
      fireEvent.click(option);
    });
    answers[`POST ${API}`] = exportRow({ status: 'queued' });
    await act(async () => {
      fireEvent.click(screen.getByTestId('sku-images-start'));
    });
    await waitFor(() => expect(sent(`POST ${API}`)).toHaveLength(1));
    expect(sent(`POST ${API}`)[0].options.json).toEqual({ productIds: ['p1'] });

    await act(async () => {
      fireEvent.click(screen.getByText('按筛选条件'));
    });
    await typeInto('sku-images-filter-keyword', ' cup ');
    await act(async () => {
      fireEvent.click(screen.getByTestId('sku-images-start'));
    });
    await waitFor(() => expect(sent(`POST ${API}`)).toHaveLength(2));
    expect(sent(`POST ${API}`)[1].options.json).toEqual({ filter: { filter: 'cup' } });
  });

  it('shows a failed export with its message and deletes an export after confirming', async () => {
    answers[`GET ${API}`] = {
      items: [
        exportRow({ status: 'failed', error: '压缩包生成失败,请重试。', completionTime: '2026-11-24T08:01:00Z' }),
      ],
    };
    renderPage(<SkuImagesPage />);
    await screen.findByText('压缩包生成失败,请重试。');
    expect(screen.getByTestId('sku-images-status-e1').textContent).toBe('失败');

    answers[`DELETE ${API}/e1`] = undefined;
    await act(async () => {
      fireEvent.click(screen.getByTestId('sku-images-delete-e1'));
    });
    const confirm = (await screen.findByText('确定删除该导出及其压缩包吗?')).closest('.ant-popover') as HTMLElement;
    answers[`GET ${API}`] = { items: [] };
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    });
    await waitFor(() => expect(sent(`DELETE ${API}/e1`)).toHaveLength(1));
    await screen.findByText('暂无导出记录。');
  });
});

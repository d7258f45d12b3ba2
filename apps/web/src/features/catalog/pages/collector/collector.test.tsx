import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { fakeApiBeforeEach } from '../../../../lib/testing/fake-http.ts';
import { renderRoutes } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import CollectorPage from './index.tsx';

/** The collector page: install steps, and the extension's ZIP downloaded with this admin's address. */

const { calls } = fakeApiBeforeEach(
  () => ({}),
  undefined,
  () => new Blob(['PK']),
);

chineseTextsBeforeEach({
  Catalog: {
    'GatherPage:Collector:Download': '下载插件(ZIP)',
    'GatherPage:Collector:Step5Detail': '打开采集箱',
  },
});

const renderCollector = () =>
  renderRoutes([{ path: '/product/collector', Component: CollectorPage }], '/product/collector');

describe('collector page', () => {
  it('downloads the extension with this admin’s address and leads to the gather list', async () => {
    useAbp.setState({ permissions: ['Catalog.Gathers'] });
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
    renderCollector();
    expect(screen.getByText('chrome://extensions')).toBeTruthy();
    expect(screen.getByTestId('collector-gather-list').getAttribute('href')).toBe('/product/gather-list');
    await act(async () => {
      fireEvent.click(screen.getByTestId('collector-download'));
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].key).toBe('GET /api/catalog/gathers/extension.zip');
    expect(calls[0].options.params).toEqual({ server: expect.stringMatching(/^https?:\/\/[^/]+$/) });
    expect(calls[0].options.responseType).toBe('blob');
  });

  it('offers no download without the gathers permission', () => {
    useAbp.setState({ permissions: [] });
    renderCollector();
    expect(screen.queryByTestId('collector-download')).toBeNull();
    expect(screen.getByText('chrome://extensions')).toBeTruthy();
  });
});

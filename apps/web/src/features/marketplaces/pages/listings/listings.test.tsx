import { allowedListingActions, type ListingChangedEvent } from '@seller/contracts/marketplaces';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { fakeApiBeforeEach } from '../../../../lib/testing/fake-http.ts';
import { click } from '../../../../lib/testing/form-events.ts';
import { renderRoutes } from '../../../../lib/testing/render-page.tsx';
import type { Listing } from '../../api.ts';
import LazadaListingsPage from './lazada.tsx';
import { listingTexts } from './texts.testing.ts';

/** The published page against a faked HTTP layer (the contract's shapes), the server's texts and a faked hub. */

const hub = vi.hoisted(() => ({ listeners: new Map<string, (payload: unknown) => void>() }));
vi.mock('../../../../lib/realtime.ts', () => ({
  useHubEvent: (name: string, listener: (payload: unknown) => void) => {
    hub.listeners.set(name, listener);
    return 'connected';
  },
}));

const URL = '/api/catalog/listing';
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const listing = (n: number, status: number, over: Partial<Listing> = {}): Listing => {
  const platformItemId =
    over.platformItemId === undefined ? (status === 3 || status === 10 ? `LZ${n}` : null) : over.platformItemId;
  return {
    id: ID(n),
    shopId: 'shop-1',
    shopName: 'Lazada MY 旗舰店',
    platform: 'LAZADA',
    region: 'MY',
    productId: `p${n}`,
    productSku: `SKU-${n}`,
    productName: `商品 ${n}`,
    productImage: null,
    status,
    priorStatus: null,
    op: 'CREATE',
    platformItemId,
    platformStatus: null,
    itemUrl: platformItemId ? `https://lazada.example/item/${platformItemId}` : null,
    price: '36.90',
    currency: 'MYR',
    stock: 10,
    attempts: 0,
    maxAttempts: 5,
    lastError: null,
    scheduledAt: null,
    publishedAt: null,
    lastSyncedAt: null,
    allowedActions: allowedListingActions({ status, platformItemId }),
    creationTime: '2026-01-02T03:04:05Z',
    lastModificationTime: null,
    ...over,
  };
};

const queued = listing(1, 1);
const live = listing(2, 3);
const failed = listing(3, 4, {
  attempts: 5,
  lastError: {
    code: 'InvalidParameter',
    message: '2 个 SKU 被拒绝',
    requestId: 'req-9',
    rows: [
      { sellerSku: 'SKU-3-RED', field: 'price', message: '价格低于最低价' },
      { sellerSku: 'SKU-3-BLUE', field: 'image', message: '图片尺寸不足' },
    ],
  },
});
const offline = listing(4, 10);

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 4, items: [queued, live, failed, offline] },
    [`GET ${URL}/counts`]: { total: 4, capped: false, counts: { '1': 1, '3': 1, '4': 1, '10': 1 } },
    'GET /api/sitekit/shopes/all?platform=LAZADA': { items: [{ id: 'shop-1', name: 'Lazada MY 旗舰店' }] },
    [`PUT ${URL}/${ID(1)}/pause`]: listing(1, 5),
    [`PUT ${URL}/bulk-pause`]: {
      items: [
        { id: ID(1), ok: true, error: null, status: 5 },
        { id: ID(2), ok: false, error: '状态为“刊登成功”的刊登不能执行“暂停”。', status: 3 },
      ],
      succeeded: 1,
      failed: 1,
    },
    [`GET ${URL}/${ID(3)}/events`]: {
      totalCount: 2,
      items: [
        {
          id: 'e2',
          fromStatus: 2,
          toStatus: 4,
          event: 'failed',
          eventName: '失败',
          actor: null,
          message: '价格低于最低价',
          requestId: 'req-9',
          at: '2026-01-02T03:05:00Z',
        },
        {
          id: 'e1',
          fromStatus: null,
          toStatus: 1,
          event: 'publish',
          eventName: '已发布(排队)',
          actor: 'admin',
          message: null,
          requestId: null,
          at: '2026-01-02T03:04:05Z',
        },
      ],
    },
  }),
  [
    'Marketplaces.Listings',
    'Marketplaces.Listings.Create',
    'Marketplaces.Listings.Manage',
    'Marketplaces.Listings.Delete',
  ],
);

beforeEach(() => {
  hub.listeners.clear();
  applyServerTexts('zh-Hans', { Listings: listingTexts('zh') });
});

const renderListings = () =>
  renderRoutes(
    [{ path: '/publishingPlatform/lazada/published', Component: LazadaListingsPage }],
    '/publishingPlatform/lazada/published',
  );

const actionsOf = (id: string) =>
  within(screen.getByTestId(`listing-actions-${id}`))
    .getAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''))
    .filter(Boolean);

describe('published listings page', () => {
  it('every text the server has in English has its Chinese one', () => {
    expect(Object.keys(listingTexts('zh')).sort()).toEqual(Object.keys(listingTexts('en')).sort());
  });

  it('shows the state tabs with their counts, and a tab asks for its state only', async () => {
    const router = renderListings();
    await waitFor(() => expect(screen.getByTestId('listing-tab-all').textContent).toBe('全部 (4)'));
    expect(screen.getByTestId('listing-tab-1').textContent).toBe('排队中 (1)');
    expect(screen.getByTestId('listing-tab-3').textContent).toBe('刊登成功 (1)');
    expect(screen.getByTestId('listing-tab-5').textContent).toBe('已暂停');
    expect(screen.getByTestId('listing-tab-20').textContent).toBe('同步中');
    expect(calls.find((c) => c.key === `GET ${URL}/counts`)?.options.params).toMatchObject({ platform: 'LAZADA' });
    expect(calls.find((c) => c.key === `GET ${URL}`)?.options.params).toMatchObject({ platform: 'LAZADA' });
    // the platform is the page's: not a filter of the bar, not in the address
    expect(screen.queryByTestId('listing-filter-platform')).toBeNull();
    expect(screen.getByTestId('listing-filter-shopId')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByTestId('listing-tab-4'));
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.key === `GET ${URL}`).at(-1)?.options.params).toMatchObject({
        platform: 'LAZADA',
        status: '4',
      }),
    );
    expect(router.state.location.search).toBe('?status=4');
  });

  it('offers on each row only the actions its state allows', async () => {
    renderListings();
    await screen.findByTestId(`listing-status-${ID(1)}`);
    expect(screen.getByTestId(`listing-status-${ID(2)}`).textContent).toBe('刊登成功');
    // queued: pause, cancel, drop; live: refresh, take offline; failed: pause, resume, cancel, drop
    expect(actionsOf(ID(1))).toEqual(['暂停', '取消', '删除']);
    expect(actionsOf(ID(2))).toEqual(['刷新', '下架']);
    expect(actionsOf(ID(3))).toEqual(['暂停', '恢复', '取消', '删除']);
    expect(actionsOf(ID(4))).toEqual(['刷新', '上架', '删除']);
    // price with its currency, the item id linked
    const row = screen.getByTestId(`listing-status-${ID(2)}`).closest('tr') as HTMLElement;
    expect(within(row).getByText('36.90 MYR')).toBeTruthy();
    expect(within(row).getByText('LZ2').closest('a')?.getAttribute('href')).toBe('https://lazada.example/item/LZ2');

    await click(`listing-pause-${ID(1)}`);
    await waitFor(() => expect(calls.some((c) => c.key === `PUT ${URL}/${ID(1)}/pause`)).toBe(true));
  });

  it('without the manage permission only drop (with delete) is offered, and no bulk buttons', async () => {
    useAbp.setState({ permissions: ['Marketplaces.Listings', 'Marketplaces.Listings.Delete'] });
    renderListings();
    await screen.findByTestId(`listing-status-${ID(1)}`);
    expect(actionsOf(ID(1))).toEqual(['删除']);
    expect(actionsOf(ID(2))).toEqual([]);
    // no selection, so no bulk pause or cancel
    expect(
      within(screen.getByTestId(`listing-status-${ID(1)}`).closest('tr') as HTMLElement).queryByRole('checkbox'),
    ).toBeNull();
    expect(screen.queryByTestId('listing-bulk-pause')).toBeNull();
  });

  it('drops only after confirming', async () => {
    answers[`DELETE ${URL}/${ID(1)}/drop`] = undefined;
    renderListings();
    await screen.findByTestId(`listing-drop-${ID(1)}`);
    await click(`listing-drop-${ID(1)}`);
    expect(await screen.findByText('删除这条刊登?')).toBeTruthy();
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    await click(`listing-drop-confirm-${ID(1)}`);
    await waitFor(() => expect(calls.some((c) => c.key === `DELETE ${URL}/${ID(1)}/drop`)).toBe(true));
  });

  it('takes a live item offline, puts it online and cancels only after confirming', async () => {
    const steps = [
      ['offline', ID(2), '确定从平台下架该商品?下架后买家将无法看到或购买。'],
      ['online', ID(4), '确定在平台上重新上架该商品?'],
      ['cancel', ID(1), '确定取消这条刊登?取消后不再发布,且无法撤销。'],
    ] as const;
    for (const [action, id] of steps) answers[`PUT ${URL}/${id}/${action}`] = { ...listing(9, 2), id };
    renderListings();
    for (const [action, id, question] of steps) {
      const call = `PUT ${URL}/${id}/${action}`;
      await screen.findByTestId(`listing-${action}-${id}`);
      await click(`listing-${action}-${id}`);
      expect(await screen.findByText(question)).toBeTruthy();
      expect(calls.some((c) => c.key === call)).toBe(false);
      await click(`listing-${action}-confirm-${id}`);
      await waitFor(() => expect(calls.some((c) => c.key === call)).toBe(true));
    }
  });

  it('cancels the selected rows only after confirming', async () => {
    answers[`PUT ${URL}/bulk-cancel`] = {
      succeeded: 1,
      failed: 0,
      items: [{ id: ID(1), ok: true, status: 6, error: null }],
    };
    renderListings();
    await screen.findByTestId(`listing-status-${ID(1)}`);
    await act(async () => {
      fireEvent.click(
        within(screen.getByTestId(`listing-status-${ID(1)}`).closest('tr') as HTMLElement).getByRole('checkbox'),
      );
    });
    await click('listing-bulk-cancel');
    expect(await screen.findByText('确定取消 1 条刊登?取消后不再发布,且无法撤销。')).toBeTruthy();
    expect(calls.some((c) => c.key === `PUT ${URL}/bulk-cancel`)).toBe(false);
    await click('listing-bulk-cancel-confirm');
    await waitFor(() => expect(calls.some((c) => c.key === `PUT ${URL}/bulk-cancel`)).toBe(true));
  });

  it("shows the marketplace's per-SKU reasons of a failure", async () => {
    renderListings();
    const error = await screen.findByTestId(`listing-error-${ID(3)}`);
    expect(error.textContent).toBe('2 个 SKU 被拒绝');
    await act(async () => {
      fireEvent.click(error);
    });
    const rows = await screen.findByTestId(`listing-error-rows-${ID(3)}`);
    expect(within(rows).getByText('SKU-3-RED')).toBeTruthy();
    expect(within(rows).getByText('图片尺寸不足')).toBeTruthy();
    expect(within(rows).getByText(/req-9/)).toBeTruthy();
  });

  it('pauses the selected rows and shows the answer of each', async () => {
    renderListings();
    await screen.findByTestId(`listing-status-${ID(1)}`);
    const box = (id: string) =>
      within(screen.getByTestId(`listing-status-${id}`).closest('tr') as HTMLElement).getByRole('checkbox');
    await act(async () => {
      fireEvent.click(box(ID(1)));
      fireEvent.click(box(ID(2)));
    });
    expect(screen.getByTestId('listing-bulk-pause').textContent).toContain('(2)');
    await click('listing-bulk-pause');
    const dialog = await screen.findByTestId('listing-bulk-result');
    expect(calls.find((c) => c.key === `PUT ${URL}/bulk-pause`)?.options.json).toEqual({ ids: [ID(1), ID(2)] });
    expect(within(dialog).getByText('成功 1 条,拒绝 1 条。')).toBeTruthy();
    expect(within(dialog).getByText('SKU-1 · Lazada MY 旗舰店')).toBeTruthy();
    expect(within(dialog).getByText('已暂停')).toBeTruthy();
    expect(within(dialog).getByTestId(`listing-bulk-error-${ID(2)}`).textContent).toBe(
      '状态为“刊登成功”的刊登不能执行“暂停”。',
    );
  });

  it("opens a listing's history", async () => {
    renderListings();
    await screen.findByTestId(`listing-events-${ID(3)}`);
    await click(`listing-events-${ID(3)}`);
    const events = await screen.findByTestId('listing-events');
    await within(events).findByText('失败');
    expect(within(events).getByText('处理中 → 刊登失败')).toBeTruthy();
    expect(within(events).getByText('已发布(排队)')).toBeTruthy();
    expect(within(events).getByText(/后台任务/)).toBeTruthy();
  });

  it('changes a row as soon as the hub says its listing changed, then asks the server again', async () => {
    renderListings();
    await screen.findByTestId(`listing-status-${ID(1)}`);
    const before = calls.filter((c) => c.key === `GET ${URL}`).length;
    answers[`GET ${URL}`] = { totalCount: 4, items: [listing(1, 3), live, failed, offline] };
    const event: ListingChangedEvent = {
      listings: [{ id: ID(1), shopId: 'shop-1', productId: 'p1', status: 2, lastErrorMessage: null }],
    };
    await act(async () => {
      const listener = hub.listeners.get('listing-changed');
      expect(listener).toBeTruthy();
      listener?.(event);
    });
    // at once, from the event: processing, nothing allowed
    await waitFor(() => expect(screen.getByTestId(`listing-status-${ID(1)}`).textContent).toBe('处理中'), {
      interval: 20,
    });
    expect(actionsOf(ID(1))).toEqual([]);
    // then the server's rows (the worker finished meanwhile)
    await waitFor(() => expect(screen.getByTestId(`listing-status-${ID(1)}`).textContent).toBe('刊登成功'));
    expect(calls.filter((c) => c.key === `GET ${URL}`).length).toBe(before + 1);
  });
});

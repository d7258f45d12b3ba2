import { CloudUploadOutlined, HistoryOutlined, PauseCircleOutlined, StopOutlined } from '@ant-design/icons';
import {
  allowedListingActions,
  LISTING_BULK_MAX,
  LISTING_CHANGED_EVENT,
  type ListingAction,
  type ListingChangedEvent,
  type MarketPlatform,
  MarketplacePermissions,
} from '@seller/contracts/marketplaces';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Popconfirm, Select, Space, Tabs, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Access, type CrudColumn, CrudPage, downloadExport } from '../../../../components/crud/index.ts';
import { FileImage } from '../../../../components/FileImage.tsx';
import type { PagedResult } from '../../../../lib/abp/types.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useHubEvent } from '../../../../lib/realtime.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  type BulkResult,
  type Listing,
  type ListingFilters,
  LL,
  listingKeys,
  listingStatusLabel,
  listingStatusTabs,
  listingsApi,
  PUBLISH_PATH,
  platformLabel,
} from '../../api.ts';
import { BulkResultDialog, DATE_TIME, EventsDrawer, LastError, StatusTag } from './parts.tsx';

const P = MarketplacePermissions.Listings;
/** Which permission each action needs (drop deletes; the others manage). */
const actionPermission = (a: ListingAction) => (a === 'drop' ? `${P}.Delete` : `${P}.Manage`);
/** How long live events are gathered before the page asks the server again. */
const LIVE_SETTLE_MS = 300;

/**
 * The published listings of one platform (`/publishingPlatform/{lazada|shopee}/published`): tabs
 * per state with their counts, shop and keyword filters, per-row actions (only those the row's state
 * allows), bulk pause and cancel with a per-row answer, the history of a listing, and live updates
 * from the hub (no polling: the rows a `listing-changed` event names change at once, then the page
 * asks the server again).
 */
export function ListingsPage({ platform }: { platform: MarketPlatform }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const access = useAccess();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [status, setStatus] = useState<number | undefined>();
  const [shopId, setShopId] = useState<string | undefined>();
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [bulk, setBulk] = useState<{ title: string; answer: BulkResult } | null>(null);
  const [history, setHistory] = useState<Listing | null>(null);
  const filters: ListingFilters = { platform, status, shopId };

  const shops = useQuery({ queryKey: listingKeys.shops(platform), queryFn: () => listingsApi.shops(platform) });
  const counts = useQuery({
    queryKey: listingKeys.counts({ platform, shopId }),
    queryFn: ({ signal }) => listingsApi.counts({ platform, shopId }, signal),
  });

  /** Rows seen on the current page, by id (for the bulk answer's names). */
  const rowsSeen = useRef(new Map<string, Listing>());
  const refresh = () => queryClient.invalidateQueries({ queryKey: listingKeys.all });

  // live: patch the rows the event names in every cached page, then ask again once events settle
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const hub = useHubEvent<ListingChangedEvent>(LISTING_CHANGED_EVENT, (event) => {
    const changed = new Map(event.listings.map((l) => [l.id, l]));
    queryClient.setQueriesData<PagedResult<Listing>>({ queryKey: [...listingKeys.all, 'list'] }, (page) => {
      if (!page?.items.some((r) => changed.has(r.id))) return page;
      return {
        ...page,
        items: page.items.map((r) => {
          const c = changed.get(r.id);
          if (!c) return r;
          const lastError =
            c.lastErrorMessage === null
              ? null
              : r.lastError?.message === c.lastErrorMessage
                ? r.lastError
                : { code: '', message: c.lastErrorMessage, requestId: null, rows: [] };
          return {
            ...r,
            status: c.status,
            lastError,
            allowedActions: allowedListingActions({ status: c.status, platformItemId: r.platformItemId }),
          };
        }),
      };
    });
    clearTimeout(settle.current);
    settle.current = setTimeout(() => void refresh(), LIVE_SETTLE_MS);
  });

  const act = async (listing: Listing, action: ListingAction) => {
    setBusy(`${listing.id}:${action}`);
    try {
      await listingsApi.act(listing.id, action);
      message.success(`${LL(`Action:${action}`)} · ${listing.productSku}`);
    } catch {
      // the HTTP client has notified (a refused action names the state)
    } finally {
      setBusy(null);
      await refresh();
    }
  };
  const runBulk = async (kind: 'pause' | 'cancel') => {
    setBusy(`bulk:${kind}`);
    try {
      const ids = selected.slice(0, LISTING_BULK_MAX);
      const answer = kind === 'pause' ? await listingsApi.bulkPause(ids) : await listingsApi.bulkCancel(ids);
      setBulk({ title: LL(kind === 'pause' ? 'Page:BulkPause' : 'Page:BulkCancel'), answer });
      setSelected([]);
    } catch {
      // notified
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const columns: CrudColumn<Listing>[] = useMemo(
    () => [
      {
        key: 'product',
        title: LL('Page:Product'),
        sortField: 'productSku',
        render: (_v, r) => (
          <Space>
            <FileImage url={r.productImage ?? ''} size={40} alt={r.productSku} />
            <div style={{ minWidth: 0 }}>
              <Link to={`/product/product-detail?id=${r.productId}`} data-testid={`listing-sku-${r.id}`}>
                {r.productSku}
              </Link>
              <Typography.Text ellipsis style={{ display: 'block', maxWidth: 220 }} title={r.productName}>
                {r.productName}
              </Typography.Text>
            </div>
          </Space>
        ),
      },
      {
        key: 'shop',
        title: LL('Page:Shop'),
        sortField: 'shopName',
        width: 150,
        ellipsis: true,
        render: (_v, r) => `${r.shopName} · ${r.region}`,
      },
      {
        key: 'status',
        title: LL('Page:Status'),
        dataIndex: 'status',
        sortField: 'status',
        fit: { texts: listingStatusTabs.map((s) => listingStatusLabel(s.code)), tag: true },
        render: (s: number, r) => (
          <Tooltip title={r.platformStatus ?? undefined}>
            <span>
              <StatusTag status={s} testid={`listing-status-${r.id}`} />
            </span>
          </Tooltip>
        ),
      },
      {
        key: 'price',
        title: LL('Page:Price'),
        dataIndex: 'price',
        width: 120,
        align: 'right',
        render: (v: string | null, r) => (v === null ? '—' : `${v} ${r.currency}`),
      },
      {
        key: 'itemId',
        title: LL('Page:ItemId'),
        dataIndex: 'platformItemId',
        width: 140,
        ellipsis: true,
        render: (v: string | null, r) =>
          v === null ? (
            '—'
          ) : r.itemUrl ? (
            <Typography.Link href={r.itemUrl} target="_blank" rel="noreferrer noopener">
              {v}
            </Typography.Link>
          ) : (
            v
          ),
      },
      {
        key: 'attempts',
        title: LL('Page:Attempts'),
        width: 90,
        align: 'right',
        render: (_v, r) => `${r.attempts} / ${r.maxAttempts}`,
      },
      { key: 'lastError', title: LL('Page:LastError'), width: 220, render: (_v, r) => <LastError listing={r} /> },
      {
        key: 'updated',
        title: LL('Page:Updated'),
        sortField: 'lastSyncedAt',
        fit: { texts: [DATE_TIME] },
        render: (_v, r) => dayjs(r.lastModificationTime ?? r.creationTime).format(DATE_TIME),
      },
    ],
    [],
  );

  const rowActions = (r: Listing) => {
    rowsSeen.current.set(r.id, r);
    const allowed = r.allowedActions.filter((a) => access.can(actionPermission(a)));
    return (
      <Space size={0} wrap={false} data-testid={`listing-actions-${r.id}`}>
        {allowed.map((a) =>
          a === 'drop' ? (
            <Popconfirm
              key={a}
              title={LL(r.platformItemId ? 'Page:ConfirmDropRemote' : 'Page:ConfirmDrop')}
              okText={LL('Action:drop')}
              cancelText={t('common.cancel')}
              okButtonProps={{
                danger: true,
                ...({ 'data-testid': `listing-drop-confirm-${r.id}` } as Record<`data-${string}`, string>),
              }}
              onConfirm={() => act(r, a)}
            >
              <Button type="link" size="small" danger data-testid={`listing-drop-${r.id}`}>
                {LL('Action:drop')}
              </Button>
            </Popconfirm>
          ) : (
            <Button
              key={a}
              type="link"
              size="small"
              loading={busy === `${r.id}:${a}`}
              onClick={() => void act(r, a)}
              data-testid={`listing-${a}-${r.id}`}
            >
              {LL(`Action:${a}`)}
            </Button>
          ),
        )}
        <Tooltip title={LL('Page:Events')}>
          <Button
            type="link"
            size="small"
            icon={<HistoryOutlined />}
            aria-label={LL('Page:Events')}
            onClick={() => setHistory(r)}
            data-testid={`listing-events-${r.id}`}
          />
        </Tooltip>
      </Space>
    );
  };

  const count = (key: string) => counts.data?.[key] ?? 0;
  const tabLabel = (label: string, n: number) => (
    <Space size={4}>
      {label}
      <Badge count={n} showZero overflowCount={99999} color={n ? undefined : '#d9d9d9'} />
    </Space>
  );
  const manage = access.can(`${P}.Manage`);

  return (
    <>
      <Tabs
        data-testid="listing-tabs"
        activeKey={status === undefined ? 'all' : String(status)}
        onChange={(key) => {
          setStatus(key === 'all' ? undefined : Number(key));
          setSelected([]);
        }}
        items={[
          { key: 'all', label: <span data-testid="listing-tab-all">{tabLabel(LL('Page:All'), count('all'))}</span> },
          ...listingStatusTabs.map((s) => ({
            key: String(s.code),
            label: (
              <span data-testid={`listing-tab-${s.code}`}>
                {tabLabel(listingStatusLabel(s.code), count(String(s.code)))}
              </span>
            ),
          })),
        ]}
      />
      <CrudPage<Listing>
        testid="listings"
        title={`${platformLabel(platform)} · ${LL('Page:Published')}`}
        queryKey={listingKeys.list(filters)}
        rowKey="id"
        defaultSorting="creationTime desc"
        searchPlaceholder={LL('Page:KeywordPlaceholder')}
        request={(q, signal) => listingsApi.list({ ...q, ...filters }, signal)}
        columns={columns}
        columnSettings
        exportExcel={{
          run: (q) =>
            downloadExport('/api/catalog/listing/export', { ...q, ...filters }, `${LL('Page:Published')}.xlsx`),
        }}
        rowActions={rowActions}
        rowSelection={
          manage
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as string[]),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        toolbar={
          <>
            <Typography.Text type="secondary" data-testid="listing-live" data-status={hub}>
              <Badge status={hub === 'connected' ? 'processing' : 'default'} />
              {LL(hub === 'connected' ? 'Page:Live' : 'Page:LivePaused')}
            </Typography.Text>
            <Select
              allowClear
              style={{ width: 180 }}
              placeholder={LL('Page:Shop')}
              loading={shops.isLoading}
              options={(shops.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={shopId}
              onChange={(v?: string) => setShopId(v)}
              data-testid="listing-filter-shop"
            />
            {manage && (
              <>
                <Button
                  icon={<PauseCircleOutlined />}
                  disabled={selected.length === 0}
                  loading={busy === 'bulk:pause'}
                  onClick={() => void runBulk('pause')}
                  data-testid="listing-bulk-pause"
                >
                  {LL('Page:BulkPause')}
                  {selected.length ? ` (${selected.length})` : ''}
                </Button>
                <Button
                  icon={<StopOutlined />}
                  disabled={selected.length === 0}
                  loading={busy === 'bulk:cancel'}
                  onClick={() => void runBulk('cancel')}
                  data-testid="listing-bulk-cancel"
                >
                  {LL('Page:BulkCancel')}
                  {selected.length ? ` (${selected.length})` : ''}
                </Button>
              </>
            )}
            <Access permission={`${P}.Create`}>
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                onClick={() => navigate(PUBLISH_PATH)}
                data-testid="listing-publish"
              >
                {LL('Page:Publish')}
              </Button>
            </Access>
          </>
        }
      />
      <BulkResultDialog result={bulk} rows={rowsSeen.current} onClose={() => setBulk(null)} />
      <EventsDrawer listing={history} onClose={() => setHistory(null)} />
    </>
  );
}

import { CloudUploadOutlined, HistoryOutlined, PauseCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { DeclaredList } from '@seller/contracts/lists';
import {
  allowedListingActions,
  LISTING_BULK_MAX,
  LISTING_CHANGED_EVENT,
  type ListingAction,
  type ListingChangedEvent,
  listingList,
  type MarketPlatform,
  MarketplacePermissions,
} from '@seller/contracts/marketplaces';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Space, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmButton, PrimaryAction } from '../../../../components/crud/index.ts';
import { FileImage } from '../../../../components/FileImage.tsx';
import { IconButton } from '../../../../components/IconButton.tsx';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { ListPage, listPageKeys } from '../../../../components/list/index.ts';
import { OptionalLink } from '../../../../components/OptionalLink.tsx';
import type { PagedResult } from '../../../../lib/abp/types.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useHubEvent } from '../../../../lib/realtime.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  type BulkResult,
  type Listing,
  LL,
  listingKeys,
  listingsApi,
  listingUrl,
  PUBLISH_PATH,
  platformLabel,
  platformShopsUrl,
} from '../../api.ts';
import { BulkResultDialog, DATE_TIME, EventsDrawer, LastError, StatusTag } from './parts.tsx';

const P = MarketplacePermissions.Listings;
/** Which permission each action needs (drop deletes; the others manage). */
const actionPermission = (a: ListingAction) => (a === 'drop' ? `${P}.Delete` : `${P}.Manage`);
/**
 * The question an action asks first: those that change the item on the marketplace (online,
 * offline, a drop of an item there) and those that cannot be undone (cancel, drop); none for
 * pause, resume and refresh.
 */
function confirmOf(action: ListingAction, r: Listing): string | null {
  switch (action) {
    case 'online':
      return LL('Page:ConfirmOnline');
    case 'offline':
      return LL('Page:ConfirmOffline');
    case 'cancel':
      return LL('Page:ConfirmCancel');
    case 'drop':
      return LL(r.platformItemId ? 'Page:ConfirmDropRemote' : 'Page:ConfirmDrop');
    default:
      return null;
  }
}
/** How long live events are gathered before the page asks the server again. */
const LIVE_SETTLE_MS = 300;

/**
 * The list as one platform's page draws it: the platform is the page's (a fixed filter), the shop
 * picked among that platform's shops, the product filter left to the product's own card.
 */
function platformList(platform: MarketPlatform): DeclaredList {
  const shopId = listingList.spec.filters.shopId;
  return {
    ...listingList,
    spec: {
      ...listingList.spec,
      filters: { shopId: { ...shopId, options: platformShopsUrl(platform) } as typeof shopId },
    },
  };
}

/**
 * The published listings of one platform (`/publishingPlatform/{lazada|shopee}/published`) on the
 * list kit: tabs per state with their counts, shop filter and keyword search (kept in the URL),
 * per-row actions (only those the row's state allows), bulk pause and cancel with a per-row
 * answer, the history of a listing, and live updates from the hub (no polling: the rows a
 * `listing-changed` event names change at once, then the page asks the server again).
 */
export function ListingsPage({ platform }: { platform: MarketPlatform }) {
  const { message } = useUi();
  const access = useAccess();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useMemo(() => platformList(platform), [platform]);
  const [busy, setBusy] = useState<string | null>(null);
  const [bulk, setBulk] = useState<{ title: string; answer: BulkResult; rows: Map<string, Listing> } | null>(null);
  const [history, setHistory] = useState<Listing | null>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listPageKeys.all(listingUrl) }),
      queryClient.invalidateQueries({ queryKey: listingKeys.all }),
    ]);

  // live: patch the rows the event names in every cached page, then ask again once events settle
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const hub = useHubEvent<ListingChangedEvent>(LISTING_CHANGED_EVENT, (event) => {
    const changed = new Map(event.listings.map((l) => [l.id, l]));
    queryClient.setQueriesData<PagedResult<Listing>>({ queryKey: listPageKeys.pages(listingUrl) }, (page) => {
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
  const runBulk = async (kind: 'pause' | 'cancel', rows: Listing[], done: () => void) => {
    setBusy(`bulk:${kind}`);
    try {
      const ids = rows.map((r) => r.id);
      const answer = kind === 'pause' ? await listingsApi.bulkPause(ids) : await listingsApi.bulkCancel(ids);
      setBulk({
        title: LL(kind === 'pause' ? 'Page:BulkPause' : 'Page:BulkCancel'),
        answer,
        rows: new Map(rows.map((r) => [r.id, r])),
      });
      done();
    } catch {
      // notified
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const rowActions = (r: Listing) => {
    const allowed = r.allowedActions.filter((a) => access.can(actionPermission(a)));
    return (
      <Space size={0} wrap={false} data-testid={`listing-actions-${r.id}`}>
        {allowed.map((a) => {
          const question = confirmOf(a, r);
          return question ? (
            <ConfirmButton
              key={a}
              title={question}
              danger={a !== 'online'}
              loading={busy === `${r.id}:${a}`}
              onConfirm={() => act(r, a)}
              testid={`listing-${a}-${r.id}`}
              confirmTestid={`listing-${a}-confirm-${r.id}`}
            >
              {LL(`Action:${a}`)}
            </ConfirmButton>
          ) : (
            <LinkButton
              key={a}
              loading={busy === `${r.id}:${a}`}
              onClick={() => void act(r, a)}
              data-testid={`listing-${a}-${r.id}`}
            >
              {LL(`Action:${a}`)}
            </LinkButton>
          );
        })}
        <IconButton
          title={LL('Page:Events')}
          type="link"
          size="small"
          icon={<HistoryOutlined />}
          onClick={() => setHistory(r)}
          data-testid={`listing-events-${r.id}`}
        />
      </Space>
    );
  };

  const manage = access.can(`${P}.Manage`);

  return (
    <>
      <ListPage<Listing>
        list={list}
        url={listingUrl}
        fixed={{ platform }}
        testid="listing"
        title={`${platformLabel(platform)} · ${LL('Page:Published')}`}
        render={{
          // image and SKU, then the name: each kept to its column (cut with the whole text on hover)
          productSku: (r) => (
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
              <FileImage url={r.productImage ?? ''} size={40} alt={r.productSku} />
              <Typography.Text ellipsis={{ tooltip: r.productSku }} style={{ minWidth: 0 }}>
                <Link to={`/product/product-detail?id=${r.productId}`} data-testid={`listing-sku-${r.id}`}>
                  {r.productSku}
                </Link>
              </Typography.Text>
            </div>
          ),
          productName: (r) => (
            <Typography.Text ellipsis={{ tooltip: r.productName }} style={{ display: 'block' }}>
              {r.productName}
            </Typography.Text>
          ),
          platform: (r) => platformLabel(r.platform),
          shopName: (r) => `${r.shopName} · ${r.region}`,
          // the state, and under it the marketplace's last refusal (its per-SKU reasons in a popover)
          status: (r) => (
            <Space orientation="vertical" size={2}>
              <Tooltip title={r.platformStatus ?? undefined}>
                <span>
                  <StatusTag status={r.status} testid={`listing-status-${r.id}`} />
                </span>
              </Tooltip>
              <LastError listing={r} />
            </Space>
          ),
          price: (r) => (r.price === null ? '—' : `${r.price} ${r.currency}`),
          platformItemId: (r) => <OptionalLink text={r.platformItemId} href={r.itemUrl} />,
          attempts: (r) => `${r.attempts} / ${r.maxAttempts}`,
          lastModificationTime: (r) => dayjs(r.lastModificationTime ?? r.creationTime).format(DATE_TIME),
        }}
        rowActions={rowActions}
        selectionMax={LISTING_BULK_MAX}
        bulkActions={
          manage
            ? (rows, done) => (
                <>
                  <Button
                    icon={<PauseCircleOutlined />}
                    loading={busy === 'bulk:pause'}
                    onClick={() => void runBulk('pause', rows, done)}
                    data-testid="listing-bulk-pause"
                  >
                    {LL('Page:BulkPause')} ({rows.length})
                  </Button>
                  <ConfirmButton
                    link={false}
                    danger
                    icon={<StopOutlined />}
                    title={LL('Page:ConfirmBulkCancel', rows.length)}
                    okText={LL('Page:BulkCancel')}
                    loading={busy === 'bulk:cancel'}
                    onConfirm={() => runBulk('cancel', rows, done)}
                    testid="listing-bulk-cancel"
                  >
                    {LL('Page:BulkCancel')} ({rows.length})
                  </ConfirmButton>
                </>
              )
            : undefined
        }
        toolbar={
          <>
            <Typography.Text type="secondary" data-testid="listing-live" data-status={hub}>
              <Badge status={hub === 'connected' ? 'processing' : 'default'} />
              {LL(hub === 'connected' ? 'Page:Live' : 'Page:LivePaused')}
            </Typography.Text>
            <PrimaryAction
              permission={`${P}.Create`}
              icon={<CloudUploadOutlined />}
              onClick={() => navigate(PUBLISH_PATH)}
              testid="listing-publish"
            >
              {LL('Page:Publish')}
            </PrimaryAction>
          </>
        }
      />
      <BulkResultDialog result={bulk} rows={bulk?.rows ?? new Map()} onClose={() => setBulk(null)} />
      <EventsDrawer listing={history} onClose={() => setHistory(null)} />
    </>
  );
}

import { CloudDownloadOutlined, SyncOutlined, UploadOutlined } from '@ant-design/icons';
import { type MarketPlatform, MarketplacePermissions, marketItemList } from '@seller/contracts/marketplaces';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Modal, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListPage, listPageKeys } from '../../../../components/list/index.ts';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  ITEMS_PUSH_MAX,
  itemsUrl,
  LI,
  type MarketItem,
  mappingKeys,
  marketItemsApi,
  platformLabel,
  type SyncResult,
} from '../../api.ts';
import { ShopPicker } from './ShopPicker.tsx';

const SYNC = `${MarketplacePermissions.Items}.Sync`;
/** How often the page reads a running pull's progress. */
const PULL_POLL_MS = 1000;
const statusColor: Record<string, string> = {
  LIVE: 'success',
  PENDING: 'processing',
  INACTIVE: 'default',
  REJECTED: 'error',
  BANNED: 'error',
  DELETED: 'default',
};

/** The selected items a push is about to take, and how the list clears its selection after it. */
interface Pushing {
  itemIds: string[];
  done(): void;
}

/**
 * The items of a shop as they are on the marketplace (`/publishingPlatform/{lazada|shopee}/product…`),
 * on the list kit: the shop picked in the toolbar (a filter the page fixes), tabs per status with
 * their counts, the table with each item's catalogue product, a pull of the shop's items (a
 * background job, its progress shown), and pushing the catalogue's price (and a stock) to, or
 * reading the status of, the selected items.
 */
export function ItemsPage({ platform }: { platform: MarketPlatform }) {
  const { message } = useUi();
  const access = useAccess();
  const client = useQueryClient();
  const [, setParams] = useSearchParams();
  const [shopId, setShopId] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const [pushing, setPushing] = useState<Pushing | null>(null);
  const [withStock, setWithStock] = useState(true);
  const [result, setResult] = useState<SyncResult | null>(null);
  const canSync = access.can(SYNC);

  const pull = useQuery({
    queryKey: [...mappingKeys.items(shopId), 'pull'],
    queryFn: () => marketItemsApi.latestPull(shopId!),
    enabled: !!shopId,
    refetchInterval: (q) =>
      q.state.data?.pull && ['queued', 'running'].includes(q.state.data.pull.status) ? PULL_POLL_MS : false,
  });
  const running = !!pull.data?.pull && ['queued', 'running'].includes(pull.data.pull.status);
  // a pull that just ended: read the items (and their counts) again
  const [wasRunning, setWasRunning] = useState(false);
  useEffect(() => {
    if (wasRunning && !running) void client.invalidateQueries({ queryKey: listPageKeys.all(itemsUrl) });
    setWasRunning(running);
  }, [running, wasRunning, client]);

  /** Another shop: its list from the first page (the URL keeps the tab, search and sorting). */
  const pickShop = (id: string | undefined) => {
    setShopId(id);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const startPull = async () => {
    if (!shopId) return;
    setBusy('pull');
    try {
      await marketItemsApi.pull(shopId);
      await pull.refetch();
    } finally {
      setBusy(null);
    }
  };

  const push = async () => {
    if (!shopId || !pushing) return;
    setBusy('push');
    try {
      const answer = await marketItemsApi.pushPriceStock({
        shopId,
        itemIds: pushing.itemIds,
        stock: withStock,
      });
      const ok = answer.rows.filter((r) => r.ok).length;
      message.success(LI('Pushed', ok, answer.rows.length - ok));
      if (answer.rows.some((r) => !r.ok)) setResult(answer);
      pushing.done();
      setPushing(null);
    } finally {
      setBusy(null);
    }
  };

  const pullStatus = async (itemIds: string[], done: () => void) => {
    if (!shopId) return;
    setBusy('status');
    try {
      await marketItemsApi.pullStatus({ shopId, itemIds });
      message.success(LI('StatusPulled'));
      done();
    } finally {
      setBusy(null);
    }
  };

  const picker = <ShopPicker platform={platform} value={shopId} onChange={(id) => pickShop(id)} testid="items-shop" />;
  const p = pull.data?.pull;
  return (
    <>
      {shopId ? (
        <ListPage<MarketItem>
          // another shop starts with nothing selected
          key={shopId}
          list={marketItemList}
          url={itemsUrl}
          fixed={{ shopId }}
          testid="market-items"
          title={`${platformLabel(platform)} · ${LI('Items')}`}
          rowKey="itemId"
          render={{
            name: (r) => (
              <Typography.Text ellipsis style={{ display: 'block', maxWidth: 280 }} title={r.name}>
                {r.name}
              </Typography.Text>
            ),
            status: (r) => (
              <Tooltip title={r.rejectReason ?? r.rawStatus}>
                <Tag color={statusColor[r.status]} data-testid={`item-status-${r.itemId}`}>
                  {LI(`Status:${r.status}`)}
                </Tag>
              </Tooltip>
            ),
            price: (r) => (r.price === null ? '—' : `${r.price} ${r.currency}`),
            productName: (r) =>
              r.productId ? (
                <Link to={`/product/product-detail?id=${r.productId}`} data-testid={`item-product-${r.itemId}`}>
                  {r.productName ?? r.sellerSku}
                </Link>
              ) : (
                <Typography.Text type="secondary">{LI('NotLinked')}</Typography.Text>
              ),
          }}
          selectionMax={ITEMS_PUSH_MAX}
          bulkActions={
            canSync
              ? (rows, done) => (
                  <>
                    <Button
                      icon={<UploadOutlined />}
                      onClick={() => setPushing({ itemIds: rows.map((r) => r.itemId), done })}
                      data-testid="items-push"
                    >
                      {LI('PushPriceStock')} ({rows.length})
                    </Button>
                    <Button
                      icon={<SyncOutlined />}
                      loading={busy === 'status'}
                      onClick={() =>
                        void pullStatus(
                          rows.map((r) => r.itemId),
                          done,
                        )
                      }
                      data-testid="items-pull-status"
                    >
                      {LI('PullStatus')}
                    </Button>
                  </>
                )
              : undefined
          }
          toolbar={
            <>
              {picker}
              {canSync && (
                <Button
                  icon={<CloudDownloadOutlined />}
                  loading={busy === 'pull' || running}
                  onClick={() => void startPull()}
                  data-testid="items-pull"
                >
                  {LI('Pull')}
                </Button>
              )}
            </>
          }
        />
      ) : (
        <Space>{picker}</Space>
      )}
      {p && p.status !== 'completed' ? (
        <div data-testid="items-pull-progress" data-status={p.status} style={{ marginTop: 8 }}>
          {p.status === 'failed' ? (
            <Typography.Text type="danger">{LI('PullFailed', p.error ?? '')}</Typography.Text>
          ) : (
            <Space>
              <Progress type="circle" size={20} percent={99} status="active" showInfo={false} />
              {LI('Pulling', p.done)}
            </Space>
          )}
        </div>
      ) : p ? (
        <Typography.Text type="secondary" data-testid="items-pull-progress" data-status={p.status}>
          {LI('PullDone', p.done)}
        </Typography.Text>
      ) : null}
      <Modal
        open={!!pushing}
        title={LI('PushPriceStock')}
        onCancel={() => setPushing(null)}
        onOk={() => void push()}
        okButtonProps={{ loading: busy === 'push', ...{ 'data-testid': 'items-push-confirm' } }}
      >
        <Typography.Paragraph>{LI('Selected', pushing?.itemIds.length ?? 0)}</Typography.Paragraph>
        <Checkbox checked={withStock} onChange={(e) => setWithStock(e.target.checked)} data-testid="items-push-stock">
          {LI('PushStock')}
        </Checkbox>
      </Modal>
      <Modal open={!!result} footer={null} onCancel={() => setResult(null)} title={LI('PushPriceStock')}>
        <SmallTable
          rowKey={(r) => `${r.itemId}:${r.sellerSku}`}
          dataSource={result?.rows ?? []}
          columns={[
            { key: 'itemId', title: LI('ItemId'), dataIndex: 'itemId' },
            { key: 'sellerSku', title: LI('SellerSku'), dataIndex: 'sellerSku' },
            {
              key: 'ok',
              title: LI('Status'),
              render: (_v, r) => (r.ok ? <Tag color="success">OK</Tag> : <Tag color="error">{r.message}</Tag>),
            },
          ]}
        />
      </Modal>
    </>
  );
}

import { CloudDownloadOutlined, SyncOutlined, UploadOutlined } from '@ant-design/icons';
import { MarketItemStatuses, type MarketPlatform, MarketplacePermissions } from '@seller/contracts/marketplaces';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, InputNumber, Modal, Progress, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type CrudColumn, CrudPage } from '../../../../components/crud/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LI, type MarketItem, mappingKeys, marketItemsApi, platformLabel, type SyncResult } from '../../api.ts';
import { ShopPicker } from './ShopPicker.tsx';

const SYNC = `${MarketplacePermissions.Items}.Sync`;
const DATE_TIME = 'YYYY-MM-DD HH:mm';
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

/**
 * The items of a shop as they are on the marketplace (`/publishingPlatform/{lazada|shopee}/product…`):
 * a shop picker, tabs per status, the table with each item's catalogue product, a pull of the
 * shop's items (a background job, its progress shown), and pushing the catalogue's price (and a
 * stock) to, or reading the status of, the selected items.
 */
export function ItemsPage({ platform }: { platform: MarketPlatform }) {
  const { message } = useUi();
  const access = useAccess();
  const client = useQueryClient();
  const [shopId, setShopId] = useState<string | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [pushOpen, setPushOpen] = useState(false);
  const [quantity, setQuantity] = useState<number | null>(null);
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
  // a pull that just ended: read the items again
  const [wasRunning, setWasRunning] = useState(false);
  useEffect(() => {
    if (wasRunning && !running) void client.invalidateQueries({ queryKey: mappingKeys.items(shopId) });
    setWasRunning(running);
  }, [running, wasRunning, client, shopId]);

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
    if (!shopId) return;
    setBusy('push');
    try {
      const answer = await marketItemsApi.pushPriceStock({
        shopId,
        itemIds: selected,
        ...(quantity !== null ? { quantity } : {}),
      });
      const ok = answer.rows.filter((r) => r.ok).length;
      message.success(LI('Pushed', ok, answer.rows.length - ok));
      if (answer.rows.some((r) => !r.ok)) setResult(answer);
      setPushOpen(false);
      await client.invalidateQueries({ queryKey: mappingKeys.items(shopId) });
    } finally {
      setBusy(null);
    }
  };

  const pullStatus = async () => {
    if (!shopId) return;
    setBusy('status');
    try {
      await marketItemsApi.pullStatus({ shopId, itemIds: selected });
      message.success(LI('StatusPulled'));
      await client.invalidateQueries({ queryKey: mappingKeys.items(shopId) });
    } finally {
      setBusy(null);
    }
  };

  const columns: CrudColumn<MarketItem>[] = [
    {
      key: 'name',
      title: LI('Name'),
      sortField: 'name',
      render: (_v, r) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text ellipsis style={{ display: 'block', maxWidth: 280 }} title={r.name}>
            {r.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {LI('ItemId')}: {r.itemId}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'sellerSku', title: LI('SellerSku'), dataIndex: 'sellerSku', sortField: 'sellerSku', width: 150 },
    {
      key: 'status',
      title: LI('Status'),
      sortField: 'status',
      width: 120,
      render: (_v, r) => (
        <Tooltip title={r.rejectReason ?? r.rawStatus}>
          <Tag color={statusColor[r.status]} data-testid={`item-status-${r.itemId}`}>
            {LI(`Status:${r.status}`)}
          </Tag>
        </Tooltip>
      ),
    },
    {
      key: 'price',
      title: LI('Price'),
      sortField: 'price',
      width: 130,
      align: 'right',
      render: (_v, r) => (r.price === null ? '—' : `${r.price} ${r.currency}`),
    },
    { key: 'stock', title: LI('Stock'), dataIndex: 'stock', sortField: 'stock', width: 90, align: 'right' },
    {
      key: 'product',
      title: LI('Product'),
      width: 200,
      render: (_v, r) =>
        r.productId ? (
          <Link to={`/product/product-detail?id=${r.productId}`} data-testid={`item-product-${r.itemId}`}>
            {r.productName ?? r.sellerSku}
          </Link>
        ) : (
          <Typography.Text type="secondary">{LI('NotLinked')}</Typography.Text>
        ),
    },
    {
      key: 'pulledAt',
      title: LI('PulledAt'),
      width: 150,
      render: (_v, r) => dayjs(r.pulledAt).format(DATE_TIME),
    },
  ];

  const p = pull.data?.pull;
  return (
    <>
      <Tabs
        activeKey={status ?? 'all'}
        onChange={(k) => {
          setStatus(k === 'all' ? undefined : k);
          setSelected([]);
        }}
        items={[
          { key: 'all', label: <span data-testid="item-tab-all">{LI('All')}</span> },
          ...MarketItemStatuses.map((s) => ({
            key: s,
            label: <span data-testid={`item-tab-${s}`}>{LI(`Status:${s}`)}</span>,
          })),
        ]}
      />
      {shopId ? (
        <CrudPage<MarketItem>
          testid="market-items"
          title={`${platformLabel(platform)} · ${LI('Items')}`}
          queryKey={[...mappingKeys.items(shopId), status ?? 'all']}
          rowKey="itemId"
          request={(q, signal) => marketItemsApi.list({ ...q, shopId, status }, signal)}
          columns={columns}
          rowSelection={
            canSync
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected((keys as string[]).slice(0, 50)) }
              : undefined
          }
          toolbar={
            <>
              <ShopPicker
                platform={platform}
                value={shopId}
                onChange={(id) => {
                  setShopId(id);
                  setSelected([]);
                }}
                testid="items-shop"
              />
              {canSync && (
                <>
                  <Button
                    icon={<CloudDownloadOutlined />}
                    loading={busy === 'pull' || running}
                    onClick={() => void startPull()}
                    data-testid="items-pull"
                  >
                    {LI('Pull')}
                  </Button>
                  <Button
                    icon={<UploadOutlined />}
                    disabled={!selected.length}
                    onClick={() => setPushOpen(true)}
                    data-testid="items-push"
                  >
                    {LI('PushPriceStock')}
                    {selected.length ? ` (${selected.length})` : ''}
                  </Button>
                  <Button
                    icon={<SyncOutlined />}
                    disabled={!selected.length}
                    loading={busy === 'status'}
                    onClick={() => void pullStatus()}
                    data-testid="items-pull-status"
                  >
                    {LI('PullStatus')}
                  </Button>
                </>
              )}
            </>
          }
        />
      ) : (
        <Space>
          <ShopPicker platform={platform} value={shopId} onChange={(id) => setShopId(id)} testid="items-shop" />
        </Space>
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
        open={pushOpen}
        title={LI('PushPriceStock')}
        onCancel={() => setPushOpen(false)}
        onOk={() => void push()}
        okButtonProps={{ loading: busy === 'push', ...{ 'data-testid': 'items-push-confirm' } }}
      >
        <Typography.Paragraph>{LI('Selected', selected.length)}</Typography.Paragraph>
        <Typography.Text>{LI('PushQuantity')}</Typography.Text>
        <InputNumber
          style={{ width: '100%', marginTop: 4 }}
          min={0}
          max={999999}
          precision={0}
          value={quantity}
          onChange={(v) => setQuantity(v)}
          data-testid="items-push-quantity"
        />
      </Modal>
      <Modal open={!!result} footer={null} onCancel={() => setResult(null)} title={LI('PushPriceStock')}>
        <Table
          size="small"
          rowKey={(r) => `${r.itemId}:${r.sellerSku}`}
          pagination={false}
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

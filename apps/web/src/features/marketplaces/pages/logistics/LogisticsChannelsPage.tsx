import { CloudDownloadOutlined } from '@ant-design/icons';
import { type MarketPlatform, MarketplacePermissions } from '@seller/contracts/marketplaces';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Select, Space, Switch, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LI, type MarketChannel, mappingKeys, marketChannelsApi, platformLabel } from '../../api.ts';
import { ShopPicker } from '../items/ShopPicker.tsx';

const UPDATE = `${MarketplacePermissions.Logistics}.Update`;

/**
 * A shop's logistics channels as the marketplace reports them
 * (`/publishingPlatform/{lazada|shopee}/logisticFreight`): pull them, switch each on or off for
 * this product's items, and link it to one of the tenant's own logistics channels.
 */
export function LogisticsChannelsPage({ platform }: { platform: MarketPlatform }) {
  const { message } = useUi();
  const access = useAccess();
  const client = useQueryClient();
  const [shopId, setShopId] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const canUpdate = access.can(UPDATE);
  const key = mappingKeys.channels(shopId);

  const channels = useQuery({ queryKey: key, queryFn: () => marketChannelsApi.list(shopId!), enabled: !!shopId });
  const own = useQuery({ queryKey: ['marketplaces', 'own-channels'], queryFn: () => marketChannelsApi.ownOptions() });

  const pull = async () => {
    if (!shopId) return;
    setBusy('pull');
    try {
      const r = await marketChannelsApi.pull(shopId);
      client.setQueryData(key, r);
      message.success(LI('ChannelsPulled', r.items.length));
    } finally {
      setBusy(null);
    }
  };

  const save = async (row: MarketChannel, patch: { enabled?: boolean; logisticsChannelId?: string | null }) => {
    if (!shopId) return;
    setBusy(row.channelId);
    try {
      await marketChannelsApi.update(shopId, row.channelId, {
        enabled: patch.enabled ?? row.enabled,
        logisticsChannelId: patch.logisticsChannelId === undefined ? row.logisticsChannelId : patch.logisticsChannelId,
      });
      message.success(LI('Saved'));
    } finally {
      setBusy(null);
      await client.invalidateQueries({ queryKey: key });
    }
  };

  return (
    <Card title={`${platformLabel(platform)} · ${LI('Channels')}`}>
      <Space wrap style={{ marginBottom: 12 }}>
        <ShopPicker platform={platform} value={shopId} onChange={(id) => setShopId(id)} testid="channels-shop" />
        {canUpdate && (
          <Button
            icon={<CloudDownloadOutlined />}
            loading={busy === 'pull'}
            disabled={!shopId}
            onClick={() => void pull()}
            data-testid="channels-pull"
          >
            {LI('PullChannels')}
          </Button>
        )}
      </Space>
      <Table<MarketChannel>
        rowKey="channelId"
        size="middle"
        loading={channels.isLoading && !!shopId}
        dataSource={channels.data?.items ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="channels-table"
        columns={[
          { key: 'name', title: LI('ChannelName'), dataIndex: 'name' },
          { key: 'channelId', title: LI('ChannelId'), dataIndex: 'channelId', width: 110 },
          {
            key: 'platformEnabled',
            title: LI('PlatformEnabled'),
            width: 120,
            render: (_v, r) => (
              <Tag color={r.platformEnabled ? 'success' : 'default'}>{r.platformEnabled ? '✓' : '—'}</Tag>
            ),
          },
          { key: 'cod', title: LI('Cod'), width: 80, render: (_v, r) => (r.codEnabled ? '✓' : '—') },
          { key: 'feeType', title: LI('FeeType'), dataIndex: 'feeType', width: 160, render: (v) => v ?? '—' },
          { key: 'maxWeight', title: LI('MaxWeight'), dataIndex: 'maxWeightKg', width: 120, render: (v) => v ?? '—' },
          {
            key: 'enabled',
            title: LI('Enabled'),
            width: 80,
            render: (_v, r) => (
              <Switch
                checked={r.enabled}
                disabled={!canUpdate}
                loading={busy === r.channelId}
                onChange={(enabled) => void save(r, { enabled })}
                data-testid={`channel-enabled-${r.channelId}`}
              />
            ),
          },
          {
            key: 'own',
            title: LI('OwnChannel'),
            width: 220,
            render: (_v, r) => (
              <Select
                allowClear
                style={{ width: 200 }}
                disabled={!canUpdate}
                value={r.logisticsChannelId ?? undefined}
                options={(own.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
                onChange={(v?: string) => void save(r, { logisticsChannelId: v ?? null })}
                data-testid={`channel-link-${r.channelId}`}
              />
            ),
          },
          {
            key: 'pulledAt',
            title: LI('PulledAt'),
            width: 150,
            render: (_v, r) => dayjs(r.pulledAt).format('YYYY-MM-DD HH:mm'),
          },
        ]}
      />
    </Card>
  );
}

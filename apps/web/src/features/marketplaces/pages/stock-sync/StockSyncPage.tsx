import { CloudUploadOutlined, SaveOutlined } from '@ant-design/icons';
import {
  type MarketPlatform,
  MarketplacePermissions,
  type StockPushDto,
  type StockRuleMode,
  StockRuleModes,
  stockPushList,
} from '@seller/contracts/marketplaces';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, InputNumber, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ListPage, listPageKeys } from '../../../../components/list/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LSS, platformLabel, stockSyncApi, stockSyncUrl } from '../../api.ts';
import { ShopPicker } from '../items/ShopPicker.tsx';

const P = MarketplacePermissions;

/**
 * A shop's stock sync (`/publishingPlatform/{lazada|shopee}/stockSync`): its stock rule (all of
 * the available stock, a share, or at most some units), the push of the current stock now (after
 * confirming: it changes the marketplace), and the log of what was pushed when.
 */
export function StockSyncPage({ platform }: { platform: MarketPlatform }) {
  const { message } = useUi();
  const access = useAccess();
  const client = useQueryClient();
  const [shopId, setShopId] = useState<string | undefined>();
  const [mode, setMode] = useState<StockRuleMode>('ALL');
  const [share, setShare] = useState<number | null>(null);
  const [cap, setCap] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const key = ['marketplaces', 'stock-rule', shopId];
  const rule = useQuery({ queryKey: key, queryFn: () => stockSyncApi.rule(shopId!), enabled: !!shopId });

  useEffect(() => {
    if (!rule.data) return;
    setMode(rule.data.mode);
    setShare(rule.data.share);
    setCap(rule.data.cap);
  }, [rule.data]);

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: key });
    if (shopId) await client.invalidateQueries({ queryKey: listPageKeys.all(`${stockSyncUrl(shopId)}/pushes`) });
  };

  const save = async () => {
    if (!shopId) return;
    setBusy('save');
    try {
      await stockSyncApi.setRule(shopId, { mode, share, cap });
      message.success(LSS('RuleSaved'));
      await refresh();
    } finally {
      setBusy(null);
    }
  };

  const pushNow = async () => {
    if (!shopId) return;
    setBusy('push');
    try {
      const { queued } = await stockSyncApi.pushNow(shopId);
      if (queued) message.success(LSS('PushQueued', queued));
      else message.info(LSS('NothingToPush'));
      await refresh();
    } finally {
      setBusy(null);
    }
  };

  const canEdit = access.can(`${P.Shops}.Update`);
  return (
    <>
      <Card title={`${platformLabel(platform)} · ${LSS('StockSync')}`} style={{ marginBottom: 12 }}>
        <Flex vertical gap={12}>
          <Space wrap>
            <ShopPicker platform={platform} value={shopId} onChange={(id) => setShopId(id)} testid="stock-sync-shop" />
            {access.can(`${P.Items}.Sync`) && (
              <Popconfirm title={LSS('PushNowConfirm')} onConfirm={() => void pushNow()} disabled={!shopId}>
                <Button
                  icon={<CloudUploadOutlined />}
                  loading={busy === 'push'}
                  disabled={!shopId}
                  data-testid="stock-sync-push"
                >
                  {LSS('PushNow')}
                </Button>
              </Popconfirm>
            )}
            {rule.data && rule.data.pending > 0 && <Tag color="orange">{LSS('Pending', rule.data.pending)}</Tag>}
          </Space>
          {shopId && (
            <Space wrap align="center" data-testid="stock-sync-rule">
              <Typography.Text strong>{LSS('Rule')}</Typography.Text>
              <Select<StockRuleMode>
                value={mode}
                onChange={setMode}
                disabled={!canEdit}
                style={{ width: 140 }}
                options={StockRuleModes.map((m) => ({ value: m, label: LSS(`Mode:${m}`) }))}
                data-testid="stock-sync-mode"
              />
              {mode === 'SHARE' && (
                <InputNumber
                  min={1}
                  max={100}
                  precision={0}
                  value={share}
                  onChange={(v) => setShare(v)}
                  addonAfter="%"
                  aria-label={LSS('Share')}
                  disabled={!canEdit}
                />
              )}
              {mode === 'CAP' && (
                <InputNumber
                  min={0}
                  precision={0}
                  value={cap}
                  onChange={(v) => setCap(v)}
                  aria-label={LSS('Cap')}
                  disabled={!canEdit}
                />
              )}
              {canEdit && (
                <Button
                  type="primary"
                  icon={<SaveOutlined />}
                  loading={busy === 'save'}
                  onClick={() => void save()}
                  data-testid="stock-sync-save"
                >
                  {LSS('Save')}
                </Button>
              )}
            </Space>
          )}
          <Alert type="info" showIcon title={LSS('RuleHelp')} />
        </Flex>
      </Card>
      {shopId && (
        <ListPage<StockPushDto>
          key={shopId}
          list={stockPushList}
          url={`${stockSyncUrl(shopId)}/pushes`}
          testid="stock-pushes"
          title={LSS('StockPushLog')}
          keepInUrl={false}
          render={{
            ok: (r) => <Tag color={r.ok ? 'green' : 'red'}>{LSS(r.ok ? 'Accepted' : 'Refused')}</Tag>,
          }}
        />
      )}
    </>
  );
}

import { FileSearchOutlined, KeyOutlined, LinkOutlined, SyncOutlined } from '@ant-design/icons';
import {
  type MarketPlatform,
  MarketplacePermissions as P,
  PlatformRegions,
  shopManagementList,
  shopUpdateInput,
} from '@seller/contracts/marketplaces';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Drawer, Input, Select, Space, Switch, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import {
  Access,
  CrudField,
  DeleteAction,
  EditAction,
  FormOverlay,
  PrimaryAction,
  TextField,
  useOpenForm,
} from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { QueryTable } from '../../../../components/SmallTable.tsx';
import { currentCulture } from '../../../../lib/i18n/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  LS,
  platformLabel,
  SHOP_CALLBACK_PATH,
  type Shop,
  type ShopCall,
  type ShopRow,
  shopKeys,
  shopStatusColor,
  shopsApi,
  shopsManagementUrl,
} from '../../api.ts';

/** The form: what a user edits (the platform is the page's; tokens come from the authorization). */
const formSchema = shopUpdateInput.omit({ concurrencyStamp: true });

/** "3 d 4 h", "25 min": how long until `iso`, in the user's language; null when past. */
export function expiresIn(iso: string | null, now = Date.now()): string | null {
  if (!iso) return null;
  const ms = new Date(iso).getTime() - now;
  if (ms <= 0) return null;
  const zh = currentCulture() === 'zh-Hans';
  const d = Math.floor(ms / 86_400_000);
  const h = Math.floor((ms % 86_400_000) / 3_600_000);
  const m = Math.max(1, Math.floor((ms % 3_600_000) / 60_000));
  if (d > 0) return zh ? `${d}天${h}小时` : `${d} d ${h} h`;
  if (h > 0) return zh ? `${h}小时${m}分` : `${h} h ${m} min`;
  return zh ? `${m}分钟` : `${m} min`;
}

/** The token state: its tag, and when the token ends. */
function TokenState({ shop }: { shop: Shop }) {
  const left = expiresIn(shop.accessExpiresAt);
  return (
    <Space size={4} direction="vertical" data-testid={`shop-status-${shop.name}`}>
      <Tag color={shopStatusColor[shop.status]} data-status={shop.status}>
        {LS(`Status:${shop.status}`)}
      </Tag>
      {shop.authorized && shop.accessExpiresAt && (
        <span style={{ fontSize: 12, color: '#888' }}>
          {LS('AccessExpiresAt')}: {left ? LS('ExpiresIn', left) : LS('Expired')}
        </span>
      )}
    </Space>
  );
}

/** A shop's marketplace calls, newest first, failed ones only on request. */
function CallLog({ shop, onClose }: { shop: Shop | null; onClose(): void }) {
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  const size = 20;
  const logs = useQuery({
    queryKey: [...shopKeys.logs(shop?.id ?? '', failed), page],
    queryFn: () => shopsApi.logs(shop!.id, { skipCount: (page - 1) * size, maxResultCount: size, failed }),
    enabled: !!shop,
  });
  return (
    <Drawer
      open={!!shop}
      onClose={onClose}
      width={960}
      title={`${LS('CallLog')} · ${shop?.name ?? ''}`}
      extra={
        <Space>
          {LS('OnlyFailed')}
          <Switch
            size="small"
            checked={failed}
            onChange={(v) => {
              setFailed(v);
              setPage(1);
            }}
            data-testid="shop-log-failed"
          />
        </Space>
      }
    >
      <QueryTable<ShopCall>
        query={logs}
        data-testid="shop-log"
        rowKey="id"
        pagination={{ current: page, pageSize: size, total: logs.data?.totalCount ?? 0, onChange: setPage }}
        columns={[
          { key: 'at', title: LS('Call:At'), dataIndex: 'at', render: (v: string) => new Date(v).toLocaleString() },
          { key: 'api', title: LS('Call:Api'), render: (_v, r) => `${r.method} ${r.api}` },
          { key: 'http', title: LS('Call:Status'), dataIndex: 'httpStatus' },
          {
            key: 'code',
            title: LS('Call:Code'),
            render: (_v, r) => {
              const ok = (r.code === '0' || r.code === null) && r.httpStatus !== null && r.httpStatus < 400;
              return <Tag color={ok ? 'success' : 'error'}>{r.code ?? (ok ? 'OK' : '—')}</Tag>;
            },
          },
          { key: 'message', title: LS('Call:Message'), dataIndex: 'message', ellipsis: true },
          { key: 'requestId', title: LS('Call:RequestId'), dataIndex: 'requestId', ellipsis: true },
          { key: 'duration', title: LS('Call:Duration'), dataIndex: 'durationMs', align: 'right' },
        ]}
      />
    </Drawer>
  );
}

/**
 * A platform's shops (`shopLazada`, `shopShopee`): the list with each shop's token state, add and
 * edit, authorization through the marketplace's consent page (and again), refresh of the token,
 * delete, and the call log.
 */
export function ShopsPage({ platform }: { platform: MarketPlatform }) {
  const ui = useUi();
  const queryClient = useQueryClient();
  const key = platform.toLowerCase();
  const [logOf, setLogOf] = useState<Shop | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['marketplaces', 'shops'] }),
      queryClient.invalidateQueries({ queryKey: [shopsManagementUrl] }),
    ]);

  const { open, save, overlay } = useOpenForm(
    (target: Shop | 'new') =>
      target === 'new'
        ? {
            title: LS('NewShop'),
            initial: { name: '', regions: [PlatformRegions[platform][0]], shortCode: '', remark: '' },
          }
        : {
            title: LS('EditShop'),
            initial: {
              name: target.name,
              regions: target.regions,
              shortCode: target.shortCode ?? '',
              remark: target.remark ?? '',
            },
          },
    refresh,
  );

  /** Asks the server for the consent link and goes there; the marketplace comes back to the callback page. */
  const authorize = async (shop?: Shop) => {
    setBusy(shop ? `auth-${shop.id}` : 'auth');
    try {
      const { url } = await shopsApi.authorizeUrl({
        platform,
        redirectUri: `${window.location.origin}${SHOP_CALLBACK_PATH}`,
        ...(shop ? { shopId: shop.id } : {}),
      });
      window.location.assign(url);
    } finally {
      setBusy(null);
    }
  };

  const refreshToken = async (shop: Shop) => {
    setBusy(`refresh-${shop.id}`);
    try {
      await shopsApi.refreshToken(shop.id);
      ui.message.success(LS('TokenRefreshed'));
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  return (
    <>
      <ListPage<ShopRow>
        list={shopManagementList}
        url={shopsManagementUrl}
        // the page's platform (its menu entry): never drawn in the filter bar
        fixed={{ platform }}
        testid={`shops-${key}`}
        title={`${platformLabel(platform)} · ${LS('Shops')}`}
        onCreate={() => open('new')}
        createPermission={`${P.Shops}.Create`}
        toolbar={
          <PrimaryAction
            permission={`${P.Shops}.Authorize`}
            icon={<LinkOutlined />}
            loading={busy === 'auth'}
            onClick={() => authorize()}
            testid={`shops-${key}-authorize`}
          >
            {LS('AuthorizeShop')}
          </PrimaryAction>
        }
        render={{
          status: (r) => <TokenState shop={r} />,
          regions: (r) => r.regions.map((region) => <Tag key={region}>{region}</Tag>),
          refreshedAt: (r) => (r.refreshedAt ? new Date(r.refreshedAt).toLocaleString() : ''),
          refreshExpiresAt: (r) => (r.refreshExpiresAt ? new Date(r.refreshExpiresAt).toLocaleDateString() : ''),
          lastError: (r) => (r.lastError ? <Tooltip title={r.lastError}>{r.lastError}</Tooltip> : ''),
        }}
        actionsWidth={320}
        rowActions={(r) => (
          <Space size={0} wrap>
            <EditAction permission={`${P.Shops}.Update`} onClick={() => open(r)} testid={`shop-edit-${r.name}`} />
            <Access permission={`${P.Shops}.Authorize`}>
              <LinkButton
                icon={<KeyOutlined />}
                loading={busy === `auth-${r.id}`}
                onClick={() => authorize(r)}
                data-testid={`shop-reauthorize-${r.name}`}
              >
                {r.authorized ? LS('Reauthorize') : LS('AuthorizeShop')}
              </LinkButton>
              {r.authorized && (
                <LinkButton
                  icon={<SyncOutlined />}
                  loading={busy === `refresh-${r.id}`}
                  onClick={() => refreshToken(r)}
                  data-testid={`shop-refresh-${r.name}`}
                >
                  {LS('RefreshToken')}
                </LinkButton>
              )}
            </Access>
            <LinkButton icon={<FileSearchOutlined />} onClick={() => setLogOf(r)} data-testid={`shop-log-${r.name}`}>
              {LS('CallLog')}
            </LinkButton>
            <DeleteAction
              permission={`${P.Shops}.Delete`}
              title={LS('DeleteConfirm', r.name)}
              onConfirm={async () => {
                await shopsApi.remove(r.id);
                await refresh();
              }}
              testid={`shop-delete-${r.name}`}
            />
          </Space>
        )}
      />
      <FormOverlay
        {...overlay}
        schema={formSchema}
        onSubmit={(values) =>
          save(values, { create: (v) => shopsApi.create({ ...v, platform }), update: shopsApi.update })
        }
        testid="shop-form"
      >
        <TextField name="name" label={LS('Name')} autoFocus data-testid="shop-name" />
        <CrudField name="regions" label={LS('Regions')}>
          <Select
            mode="multiple"
            options={PlatformRegions[platform].map((r) => ({ value: r, label: r }))}
            data-testid="shop-regions"
          />
        </CrudField>
        <TextField name="shortCode" label={LS('ShortCode')} data-testid="shop-short-code" />
        <CrudField name="remark" label={LS('Remark')}>
          <Input.TextArea rows={2} data-testid="shop-remark" />
        </CrudField>
      </FormOverlay>
      <CallLog shop={logOf} onClose={() => setLogOf(null)} />
    </>
  );
}

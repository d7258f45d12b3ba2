import {
  CheckCircleOutlined,
  DownOutlined,
  EyeOutlined,
  LinkOutlined,
  PlusOutlined,
  ShoppingCartOutlined,
  StopOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { GatherStatuses } from '@seller/contracts/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Dropdown, Input, Popconfirm, Select, Space, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access, type CrudColumn, CrudPage, DeleteAction } from '../../../../components/crud/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LC } from '../../api.ts';
import {
  type GatherDetail,
  type GatherFilters,
  type GatherRow,
  type GatherStatus,
  gathersApi,
  platformLabel,
  platformOptions,
  priceRange,
  statusColor,
  statusLabel,
} from '../../gathers-api.ts';
import { createdRange } from '../../products-api.ts';
import { GatherByUrls } from './by-urls.tsx';
import { ClaimDialog, type ClaimTarget } from './claim.tsx';
import { GatherDrawer } from './detail.tsx';
import { GatherImage } from './GatherImage.tsx';
import { type BulkOutcome, BulkResults } from './results.tsx';
import { GatherUpload } from './upload.tsx';

const P = 'Catalog.Gathers';
/** A claim writes a product: the server asks for this as well as the claim permission. */
const CLAIM_ALSO_NEEDS = ['Catalog.Products.Create'];
const T = (key: string, ...args: unknown[]) => LC(`GatherPage:${key}`, ...args);
const DATE_TIME = 'YYYY-MM-DD HH:mm';
const queryKey = ['catalog', 'gathers'];
type Tab = GatherStatus | 'ALL';

/**
 * /product/gather-list (采集箱): products gathered from source platforms. Status tabs with counts,
 * filters, gather by URLs (a background job, per-URL results), upload, the detail drawer with the
 * log, claim into the catalogue (one or many, per-row results), mark claimed, ignore, delete.
 */
export default function GathersPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('NEW');
  const [filters, setFilters] = useState<Omit<GatherFilters, 'status'> & { filter?: string }>({});
  const [selected, setSelected] = useState<GatherRow[]>([]);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [claiming, setClaiming] = useState<ClaimTarget | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [byUrls, setByUrls] = useState(false);
  const [bulkBusy, setBulkBusy] = useState(false);

  const counts = useQuery({
    queryKey: [...queryKey, 'counts', filters],
    queryFn: ({ signal }) => gathersApi.counts(filters, signal),
  });
  const gatherers = useQuery({ queryKey: [...queryKey, 'gatherers'], queryFn: () => gathersApi.gatherers() });

  /** The list, its counts and an open detail are all under `queryKey`. */
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const act = async (run: () => Promise<unknown>, done = t('crud.saved')) => {
    try {
      await run();
      message.success(done);
      await refresh();
    } catch {
      // the HTTP client has notified
    }
  };
  const titles = (rows: GatherRow[]) => Object.fromEntries(rows.map((r) => [r.id, r.title]));
  const bulkDelete = async () => {
    setBulkBusy(true);
    try {
      const result = await gathersApi.bulkDelete(selected.map((r) => r.id));
      setOutcome({ action: 'Delete', result, titles: titles(selected) });
      setSelected([]);
      await refresh();
    } catch {
      // the HTTP client has notified
    } finally {
      setBulkBusy(false);
    }
  };

  const columns: CrudColumn<GatherRow>[] = [
    {
      key: 'image',
      title: T('Column:Image'),
      dataIndex: 'mainImage',
      width: 72,
      render: (src: string | null, r) => <GatherImage src={src} size={48} alt={r.title} />,
    },
    {
      key: 'title',
      title: T('Column:Title'),
      dataIndex: 'title',
      sortField: 'title',
      // wide enough to read: the table scrolls sideways on narrow screens rather than squeeze it
      width: 260,
      ellipsis: true,
      render: (title: string, r) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto', maxWidth: '100%' }}
            onClick={() => setDetailId(r.id)}
            title={title}
            data-testid={`gather-title-${r.sourceItemId ?? r.id}`}
          >
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</span>
          </Button>
          <a href={r.sourceUrl} target="_blank" rel="noopener noreferrer" style={{ fontSize: 12 }}>
            <LinkOutlined /> {r.sourceItemId ?? T('Source')}
          </a>
        </Space>
      ),
    },
    {
      key: 'platform',
      title: T('Column:Platform'),
      dataIndex: 'sourcePlatform',
      sortField: 'sourcePlatform',
      fit: { texts: platformOptions().map((o) => o.label), tag: true },
      render: (p: string) => <Tag>{platformLabel(p)}</Tag>,
    },
    {
      key: 'price',
      title: T('Column:Price'),
      dataIndex: 'priceMin',
      sortField: 'priceMin',
      width: 150,
      align: 'right',
      render: (_: string, r) => priceRange(r.priceMin, r.priceMax, r.currency),
    },
    { key: 'skuCount', title: T('Column:SkuCount'), dataIndex: 'skuCount', width: 80, align: 'right' },
    {
      key: 'supplier',
      title: T('Column:Supplier'),
      dataIndex: 'supplierName',
      width: 140,
      ellipsis: true,
      render: (name: string | null, r) =>
        r.supplierShopUrl ? (
          <a href={r.supplierShopUrl} target="_blank" rel="noopener noreferrer">
            {name ?? r.supplierShopUrl}
          </a>
        ) : (
          name
        ),
    },
    {
      key: 'status',
      title: T('Column:Status'),
      dataIndex: 'status',
      sortField: 'status',
      fit: { texts: GatherStatuses.map(statusLabel), tag: true },
      render: (s: GatherStatus, r) => (
        <Tag color={statusColor[s]} data-testid={`gather-status-${r.sourceItemId ?? r.id}`}>
          {statusLabel(s)}
        </Tag>
      ),
    },
    {
      key: 'claimCount',
      title: T('Column:ClaimCount'),
      dataIndex: 'claimCount',
      sortField: 'claimCount',
      width: 90,
      align: 'right',
    },
    { key: 'gatherer', title: T('Column:Gatherer'), dataIndex: 'gathererName', width: 110, ellipsis: true },
    {
      key: 'gatheredAt',
      title: T('Column:GatheredAt'),
      dataIndex: 'gatheredAt',
      sortField: 'gatheredAt',
      fit: { texts: [DATE_TIME] },
      render: (v: string) => dayjs(v).format(DATE_TIME),
    },
  ];

  /** Actions on one item, shared by the row and the detail drawer. */
  const itemActions = (r: GatherRow | GatherDetail, inDrawer = false) => {
    // a row's buttons are named by the item; the drawer's (one at a time) by the drawer
    const key = inDrawer ? 'drawer' : (r.sourceItemId ?? r.id);
    const more = [
      ...(access.can(`${P}.Update`) && r.status !== 'CLAIMED'
        ? [{ key: 'mark', icon: <CheckCircleOutlined />, label: T('MarkClaimed') }]
        : []),
      ...(access.can(`${P}.Update`) && r.status !== 'IGNORED'
        ? [{ key: 'ignore', icon: <StopOutlined />, label: T('Ignore') }]
        : []),
      ...(access.can(`${P}.Update`) && r.status === 'IGNORED'
        ? [{ key: 'restore', icon: <UndoOutlined />, label: T('Restore') }]
        : []),
    ];
    return (
      <Space size={0}>
        {!inDrawer && (
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            onClick={() => setDetailId(r.id)}
            data-testid={`gather-detail-${key}`}
          >
            {T('Detail')}
          </Button>
        )}
        <Access permission={`${P}.Claim`} anyOf={CLAIM_ALSO_NEEDS}>
          <Button
            type="link"
            size="small"
            icon={<ShoppingCartOutlined />}
            onClick={() => {
              // the claim dialog takes the drawer's place (a dialog opened over a drawer would sit under it)
              if (inDrawer) setDetailId(null);
              setClaiming({ kind: 'one', row: r });
            }}
            data-testid={`gather-claim-${key}`}
          >
            {T('Claim')}
          </Button>
        </Access>
        {more.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: more,
              onClick: ({ key: action }) => {
                if (action === 'mark') void act(() => gathersApi.setAsClaimed(r.id));
                else if (action === 'ignore') void act(() => gathersApi.setStatus(r.id, 'IGNORED'));
                else if (action === 'restore') void act(() => gathersApi.setStatus(r.id, 'NEW'));
              },
            }}
          >
            <Button type="link" size="small" data-testid={`gather-more-${key}`}>
              {T('More')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
        <DeleteAction
          permission={`${P}.Delete`}
          testid={`gather-delete-${key}`}
          onConfirm={async () => {
            await gathersApi.remove(r.id);
            if (inDrawer) setDetailId(null);
            await refresh();
          }}
        />
      </Space>
    );
  };

  const byStatus = counts.data?.byStatus;
  const tabs: { key: Tab; count?: number }[] = [
    { key: 'NEW', count: byStatus?.NEW },
    { key: 'CLAIMED', count: byStatus?.CLAIMED },
    { key: 'IGNORED', count: byStatus?.IGNORED },
    { key: 'ALL', count: counts.data?.total },
  ];

  const toolbar = (
    <>
      <Input.Search
        allowClear
        style={{ width: 220 }}
        placeholder={T('KeywordPlaceholder')}
        onSearch={(v) => setFilters((f) => ({ ...f, filter: v.trim() || undefined }))}
        data-testid="gathers-filter-keyword"
      />
      <Select
        allowClear
        style={{ width: 140 }}
        placeholder={T('Column:Platform')}
        options={platformOptions()}
        value={filters.platform}
        onChange={(platform?: GatherFilters['platform']) => setFilters((f) => ({ ...f, platform }))}
        data-testid="gathers-filter-platform"
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 140 }}
        placeholder={T('Column:Gatherer')}
        options={(gatherers.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
        value={filters.gathererId}
        onChange={(gathererId?: string) => setFilters((f) => ({ ...f, gathererId }))}
        data-testid="gathers-filter-gatherer"
      />
      <DatePicker.RangePicker
        style={{ width: 260 }}
        placeholder={[T('GatheredFrom'), T('GatheredTo')]}
        onChange={(range) => {
          const { createdFrom, createdTo } = createdRange(range);
          setFilters((f) => ({ ...f, gatheredFrom: createdFrom, gatheredTo: createdTo }));
        }}
        data-testid="gathers-filter-date"
      />
      <Access permission={`${P}.Create`}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setByUrls(true)} data-testid="gathers-by-urls">
          {T('ByUrls')}
        </Button>
      </Access>
      <GatherUpload onUploaded={refresh} />
    </>
  );

  const bulkBar = selected.length > 0 && (
    <Space wrap style={{ marginBottom: 12 }} data-testid="gathers-bulk">
      <span>{T('Selected', selected.length)}</span>
      <Access permission={`${P}.Claim`} anyOf={CLAIM_ALSO_NEEDS}>
        <Button
          icon={<ShoppingCartOutlined />}
          onClick={() => setClaiming({ kind: 'bulk', rows: selected })}
          data-testid="gathers-bulk-claim"
        >
          {T('BulkClaim')}
        </Button>
      </Access>
      <Access permission={`${P}.Delete`}>
        <Popconfirm
          title={T('BulkDeleteConfirm', selected.length)}
          description={t('crud.deleteWarning')}
          okText={t('crud.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, loading: bulkBusy }}
          onConfirm={bulkDelete}
        >
          <Button danger loading={bulkBusy} data-testid="gathers-bulk-delete">
            {T('BulkDelete')}
          </Button>
        </Popconfirm>
      </Access>
      <Button type="link" onClick={() => setSelected([])}>
        {T('ClearSelection')}
      </Button>
    </Space>
  );

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as Tab);
          setSelected([]);
        }}
        items={tabs.map(({ key, count }) => ({
          key,
          label: (
            <span data-testid={`gathers-tab-${key}`}>
              {key === 'ALL' ? T('AllStatuses') : statusLabel(key)}
              {count !== undefined && (
                <Tag style={{ marginInlineStart: 6 }} data-testid={`gathers-count-${key}`}>
                  {count}
                </Tag>
              )}
            </span>
          ),
        }))}
      />
      {bulkBar}
      <CrudPage<GatherRow>
        testid="gathers"
        queryKey={[...queryKey, 'list', tab, filters]}
        rowKey="id"
        search={false}
        defaultSorting="gatheredAt desc"
        request={(q, signal) => gathersApi.list({ ...q, ...filters, status: tab === 'ALL' ? undefined : tab }, signal)}
        columns={columns}
        columnSettings
        toolbar={toolbar}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.id),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) =>
            setSelected((before) => {
              // rows of other pages stay selected (antd passes them as undefined)
              const byId = new Map(before.map((r) => [r.id, r]));
              return _keys
                .map((k) => rows.find((r) => r?.id === k) ?? byId.get(String(k)))
                .filter(Boolean) as GatherRow[];
            }),
        }}
        rowActions={(r) => itemActions(r)}
      />
      <GatherDrawer id={detailId} onClose={() => setDetailId(null)} actions={(item) => itemActions(item, true)} />
      <ClaimDialog
        target={claiming}
        onClose={() => setClaiming(null)}
        onClaimed={async (result, row) => {
          setOutcome({
            action: 'Claim',
            result: {
              items: [{ id: row.id, ok: true, error: null, productId: result.productId, sku: result.sku }],
              succeeded: 1,
              failed: 0,
            },
            titles: { [row.id]: row.title },
          });
          await refresh();
        }}
        onBulkClaimed={async (result, rows) => {
          setOutcome({ action: 'Claim', result, titles: titles(rows) });
          setSelected([]);
          await refresh();
        }}
      />
      <BulkResults outcome={outcome} onClose={() => setOutcome(null)} />
      <GatherByUrls
        open={byUrls}
        onClose={() => setByUrls(false)}
        onProgress={refresh}
        onOpen={(id) => {
          // the dialog keeps its batch while hidden: opened again, it shows it
          setByUrls(false);
          setDetailId(id);
        }}
      />
    </>
  );
}

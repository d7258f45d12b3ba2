import { CloudDownloadOutlined } from '@ant-design/icons';
import { TradePermissions } from '@seller/contracts';
import { salesOrderStatuses } from '@seller/contracts/trade';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Input, Modal, Select, Space, Tabs, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { type CrudColumn, CrudPage } from '../../../../components/crud/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { OL, type OrderFilters, orderKeys, ordersApi, type SalesOrderRow } from '../../api/orders.ts';
import { OrderDetail } from './OrderDetail.tsx';
import { OrderForm } from './OrderForm.tsx';
import { StatusTag } from './parts.tsx';

const P = TradePermissions.Orders;
const DATE_TIME = 'YYYY-MM-DD HH:mm';
const PULL_POLL_MS = 1000;

/**
 * Sales orders (`/order/sales`): status tabs with their counts, filters (shop, platform, order
 * date, SKU, buyer, country), the list with its Excel export, the pull from the marketplaces (a
 * background job, its result shown), a new manual order, and the detail drawer with its actions.
 */
export default function SalesOrdersPage() {
  const { message } = useUi();
  const access = useAccess();
  const client = useQueryClient();
  const [filters, setFilters] = useState<OrderFilters>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [status, setStatus] = useState<string | undefined>();
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [pullOpen, setPullOpen] = useState(false);
  const [pullShop, setPullShop] = useState<string | undefined>();
  const [pulling, setPulling] = useState(false);

  const shops = useQuery({ queryKey: orderKeys.shops, queryFn: () => ordersApi.shops() });
  const counts = useQuery({
    queryKey: [...orderKeys.counts, filters],
    queryFn: ({ signal }) => ordersApi.counts(filters, signal),
  });
  const set = (patch: Partial<OrderFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const refresh = () => client.invalidateQueries({ queryKey: orderKeys.all });

  const startPull = async () => {
    setPulling(true);
    try {
      const { jobId } = await ordersApi.pull(pullShop);
      setPullOpen(false);
      if (!jobId) return;
      const hide = message.loading(OL('Pulling'), 0);
      try {
        for (let i = 0; i < 600; i++) {
          const s = await ordersApi.pullState(jobId);
          if (s.state === 'completed' && s.result) {
            const r = s.result;
            if (r.failed.length) message.error(OL('PullFailed', r.failed.length));
            message.success(OL('PullDone', r.created, r.updated, r.unchanged));
            break;
          }
          if (s.state === 'failed' || s.state === 'cancelled') {
            message.error(OL('PullFailed', 1));
            break;
          }
          await new Promise((r) => setTimeout(r, PULL_POLL_MS));
        }
      } finally {
        hide();
      }
      await refresh();
    } finally {
      setPulling(false);
    }
  };

  const columns: CrudColumn<SalesOrderRow>[] = [
    {
      key: 'orderNo',
      title: OL('OrderNo'),
      sortField: 'orderNo',
      width: 190,
      render: (_v, r) => (
        <Space size={4}>
          <Typography.Link data-testid={`order-open-${r.orderNo}`} onClick={() => setOpenId(r.id)}>
            {r.orderNo}
          </Typography.Link>
          {r.hasUnmatched && <Tag color="warning">{OL('Unmatched')}</Tag>}
        </Space>
      ),
    },
    { key: 'platformOrderId', title: OL('PlatformOrderId'), dataIndex: 'platformOrderId', width: 170 },
    {
      key: 'shop',
      title: OL('Shop'),
      width: 180,
      render: (_v, r) => r.shopName ?? OL(`Source:${r.source}`),
    },
    { key: 'buyerName', title: OL('Buyer'), dataIndex: 'buyerName', sortField: 'buyerName', width: 140 },
    { key: 'countryCode', title: OL('Country'), dataIndex: 'countryCode', width: 70 },
    {
      key: 'total',
      title: OL('Total'),
      sortField: 'total',
      align: 'right',
      width: 130,
      render: (_v, r) => `${r.total} ${r.currency}`,
    },
    { key: 'status', title: OL('Status'), width: 110, render: (_v, r) => <StatusTag status={r.status} /> },
    {
      key: 'orderedAt',
      title: OL('OrderedAt'),
      sortField: 'orderedAt',
      width: 150,
      render: (_v, r) => dayjs(r.orderedAt).format(DATE_TIME),
    },
  ];

  const c = counts.data;
  const listFilters = { ...filters, status };
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }} data-testid="order-filters">
        <Select
          allowClear
          placeholder={OL('Shop')}
          style={{ width: 200 }}
          data-testid="order-filter-shop"
          value={filters.shopId}
          onChange={(v) => set({ shopId: v })}
          options={(shops.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
        <Select
          allowClear
          placeholder={OL('Platform')}
          style={{ width: 120 }}
          value={filters.platform}
          onChange={(v) => set({ platform: v })}
          options={[
            { value: 'LAZADA', label: 'Lazada' },
            { value: 'SHOPEE', label: 'Shopee' },
          ]}
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => {
            setRange(v);
            set({
              from: v?.[0] ? v[0].startOf('day').toISOString() : undefined,
              to: v?.[1] ? v[1].add(1, 'day').startOf('day').toISOString() : undefined,
            });
          }}
        />
        <Input.Search
          allowClear
          placeholder={OL('Sku')}
          style={{ width: 150 }}
          data-testid="order-filter-sku"
          onSearch={(v) => set({ sku: v.trim() || undefined })}
        />
        <Input.Search
          allowClear
          placeholder={OL('Buyer')}
          style={{ width: 150 }}
          data-testid="order-filter-buyer"
          onSearch={(v) => set({ buyer: v.trim() || undefined })}
        />
        <Input.Search
          allowClear
          placeholder={OL('Country')}
          style={{ width: 100 }}
          maxLength={2}
          onSearch={(v) => set({ countryCode: v.trim().toUpperCase() || undefined })}
        />
      </Space>
      <Tabs
        activeKey={status ?? 'all'}
        onChange={(k) => setStatus(k === 'all' ? undefined : k)}
        items={[
          { key: 'all', label: <span data-testid="order-tab-all">{`${OL('All')} (${c?.total ?? 0})`}</span> },
          ...salesOrderStatuses.map((s) => ({
            key: s,
            label: <span data-testid={`order-tab-${s}`}>{`${OL(`Status:${s}`)} (${c?.counts[s] ?? 0})`}</span>,
          })),
        ]}
      />
      <CrudPage<SalesOrderRow>
        testid="sales-orders"
        title={OL('Title')}
        queryKey={[...orderKeys.list, listFilters]}
        rowKey="id"
        request={(q, signal) => ordersApi.list({ ...q, ...listFilters }, signal)}
        columns={columns}
        searchPlaceholder={OL('OrderNo')}
        onCreate={() => setCreating(true)}
        createPermission={`${P}.Create`}
        exportExcel={{
          permission: `${P}.Export`,
          run: (q) => ordersApi.export({ ...q, ...listFilters }, `${OL('ExportName')}.xlsx`),
        }}
        toolbar={
          access.can(`${P}.Pull`) ? (
            <Button icon={<CloudDownloadOutlined />} data-testid="orders-pull" onClick={() => setPullOpen(true)}>
              {OL('PullOrders')}
            </Button>
          ) : null
        }
      />
      <Modal
        open={pullOpen}
        title={OL('PullOrders')}
        onCancel={() => setPullOpen(false)}
        onOk={startPull}
        confirmLoading={pulling}
        okButtonProps={{ 'data-testid': 'orders-pull-start' } as never}
        destroyOnHidden
      >
        <Select
          allowClear
          style={{ width: '100%' }}
          data-testid="orders-pull-shop"
          placeholder={OL('PullAllShops')}
          value={pullShop}
          onChange={setPullShop}
          options={(shops.data?.items ?? []).filter((s) => s.authorized).map((s) => ({ value: s.id, label: s.name }))}
        />
      </Modal>
      {creating && (
        <OrderForm
          onClose={() => setCreating(false)}
          onSaved={(o) => {
            setCreating(false);
            void refresh();
            setOpenId(o.id);
          }}
        />
      )}
      {openId && <OrderDetail id={openId} onClose={() => setOpenId(null)} onChanged={refresh} />}
    </>
  );
}

import { CloudDownloadOutlined } from '@ant-design/icons';
import { TradePermissions } from '@seller/contracts';
import { salesOrderList } from '@seller/contracts/trade';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCreateThenOpen } from '../../../../components/crud/index.ts';
import { ListPage } from '../../../../components/list/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { OL, orderKeys, ordersApi, ordersUrl, type SalesOrderRow } from '../../api/orders.ts';
import { refreshTrade } from '../../api/refresh.ts';
import { useOrderBulk } from './bulk.tsx';
import { OrderDetail } from './OrderDetail.tsx';
import { OrderForm } from './OrderForm.tsx';
import { StatusTag } from './parts.tsx';

const P = TradePermissions.Orders;
const PULL_POLL_MS = 1000;

/**
 * Sales orders (`/order/sales`): status tabs with their counts, filters (shop, platform, order
 * date, SKU, buyer, country), the list with its Excel export, the pull from the marketplaces (a
 * background job, its result shown), bulk confirm and bulk shipments of the selected orders (a
 * background job each, `bulk.tsx`), a new manual order, and the detail drawer with its actions.
 */
export default function SalesOrdersPage() {
  const { message } = useUi();
  const access = useAccess();
  const client = useQueryClient();
  const [pullOpen, setPullOpen] = useState(false);
  const [pullShop, setPullShop] = useState<string | undefined>();
  const [pulling, setPulling] = useState(false);

  const shops = useQuery({ queryKey: orderKeys.shops, queryFn: () => ordersApi.shops() });
  // an order's write may move stock and shipments too: their pages read again when shown
  const refresh = () => refreshTrade(client);
  const bulk = useOrderBulk();
  const { creating, setCreating, openId, setOpenId, created } = useCreateThenOpen(refresh, { inUrl: true });

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

  return (
    <>
      <ListPage<SalesOrderRow>
        list={salesOrderList}
        url={ordersUrl}
        testid="sales-orders"
        title={OL('Title')}
        render={{
          orderNo: (r) => (
            <Space size={4}>
              <Typography.Link data-testid={`order-open-${r.orderNo}`} onClick={() => setOpenId(r.id)}>
                {r.orderNo}
              </Typography.Link>
              {r.hasUnmatched && <Tag color="warning">{OL('Unmatched')}</Tag>}
            </Space>
          ),
          shopName: (r) => r.shopName ?? OL(`Source:${r.source}`),
          status: (r) => <StatusTag status={r.status} />,
        }}
        bulkActions={bulk.actions}
        selectionMax={bulk.max}
        onCreate={() => setCreating(true)}
        createPermission={`${P}.Create`}
        exportPermission={`${P}.Export`}
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
      {bulk.result}
      {creating && <OrderForm onClose={() => setCreating(false)} onSaved={created} />}
      {openId && <OrderDetail id={openId} onClose={() => setOpenId(null)} onChanged={refresh} />}
    </>
  );
}

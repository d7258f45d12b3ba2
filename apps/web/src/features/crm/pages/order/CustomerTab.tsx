import { PlusOutlined } from '@ant-design/icons';
import { CrmPermissions } from '@seller/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCreateThenOpen } from '../../../../components/crud/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { CL, crmOrderKeys, crmOrdersApi } from '../../api/orders.ts';
import { money } from '../business/parts.tsx';
import { OrderDetail } from './OrderDetail.tsx';
import { OrderForm } from './OrderForm.tsx';
import { OrderStatusTag } from './parts.tsx';

/** A customer's orders (newest first) with their status and amount, and a new order for them. */
export default function CustomerTab({ customerId }: { customerId: string }) {
  const access = useAccess();
  const client = useQueryClient();
  const q = useQuery({
    queryKey: [...crmOrderKeys.list, 'customer', customerId],
    queryFn: ({ signal }) =>
      crmOrdersApi.list({ skipCount: 0, maxResultCount: 100, sorting: 'orderedAt desc', customerId }, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: crmOrderKeys.all });
  const { creating, setCreating, openId, setOpenId, created } = useCreateThenOpen(refresh);
  return (
    <div data-testid="customer-orders">
      {access.can(`${CrmPermissions.Orders}.Create`) && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          style={{ marginBottom: 12 }}
          data-testid="customer-order-new"
        >
          {CL('NewOrder')}
        </Button>
      )}
      {q.isLoading ? (
        <Skeleton active />
      ) : !q.data?.items.length ? (
        <Empty description={CL('Empty')} />
      ) : (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={q.data.items}
          columns={[
            {
              key: 'orderNo',
              title: CL('OrderNo'),
              render: (_v, r) => (
                <Typography.Link onClick={() => setOpenId(r.id)} data-testid={`customer-order-${r.orderNo}`}>
                  {r.orderNo}
                </Typography.Link>
              ),
            },
            { key: 'status', title: CL('Status'), render: (_v, r) => <OrderStatusTag status={r.status} /> },
            {
              key: 'amount',
              title: CL('Amount'),
              align: 'right',
              render: (_v, r) => `${money(r.amount)} ${r.currency}`,
            },
            { key: 'orderedAt', title: CL('OrderedAt'), render: (_v, r) => dayjs(r.orderedAt).format('YYYY-MM-DD') },
          ]}
        />
      )}
      {creating && <OrderForm customerId={customerId} onClose={() => setCreating(false)} onSaved={created} />}
      {openId && <OrderDetail id={openId} onClose={() => setOpenId(null)} onChanged={refresh} />}
    </div>
  );
}

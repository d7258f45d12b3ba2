import { CrmPermissions } from '@seller/contracts';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { CL, type CrmOrderRow, crmOrderKeys, crmOrdersApi } from '../../api/orders.ts';
import { CustomerDealsTab } from '../../components/CustomerDealsTab.tsx';
import { money } from '../business/parts.tsx';
import { OrderDetail } from './OrderDetail.tsx';
import { OrderForm } from './OrderForm.tsx';
import { OrderStatusTag } from './parts.tsx';

/** A customer's orders (newest first) with their status and amount, and a new order for them. */
export default function CustomerTab({ customerId }: { customerId: string }) {
  return (
    <CustomerDealsTab<CrmOrderRow>
      customerId={customerId}
      testid="customer-orders"
      newTestid="customer-order-new"
      keys={crmOrderKeys}
      load={(id, signal) =>
        crmOrdersApi.list({ skipCount: 0, maxResultCount: 100, sorting: 'orderedAt desc', customerId: id }, signal)
      }
      createPermission={`${CrmPermissions.Orders}.Create`}
      newLabel={CL('NewOrder')}
      emptyText={CL('Empty')}
      Form={OrderForm}
      Detail={OrderDetail}
    >
      {(rows, open) => (
        <SmallTable
          rowKey="id"
          scroll={{ x: 'max-content' }}
          dataSource={rows}
          columns={[
            {
              key: 'orderNo',
              title: CL('OrderNo'),
              render: (_v, r) => (
                <Typography.Link onClick={() => open(r.id)} data-testid={`customer-order-${r.orderNo}`}>
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
    </CustomerDealsTab>
  );
}

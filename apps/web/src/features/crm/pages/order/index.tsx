import { CrmPermissions } from '@seller/contracts';
import { crmOrderList } from '@seller/contracts/crm';
import { useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useCreateThenOpen } from '../../../../components/crud/index.ts';
import { ListPage } from '../../../../components/list/index.ts';
import { CL, type CrmOrderRow, crmOrderKeys, crmOrdersUrl } from '../../api/orders.ts';
import { money } from '../business/parts.tsx';
import { OrderDetail } from './OrderDetail.tsx';
import { OrderForm } from './OrderForm.tsx';
import { OrderStatusTag } from './parts.tsx';

const P = CrmPermissions.Orders;

/**
 * Order tracking (`/crm/crm-order`): customers' orders with search (number or customer), filters by
 * status, source, customer and order date, sorting, paging and the Excel export; a new order, and
 * the detail drawer with the status change and the history.
 */
export default function CrmOrdersPage() {
  const client = useQueryClient();
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: crmOrderKeys.all });
    await client.invalidateQueries({ queryKey: [crmOrdersUrl] });
  };
  const { creating, setCreating, openId, setOpenId, created } = useCreateThenOpen(refresh);

  return (
    <>
      <ListPage<CrmOrderRow>
        list={crmOrderList}
        url={crmOrdersUrl}
        testid="crm-orders"
        title={CL('Title')}
        render={{
          orderNo: (r) => (
            <Typography.Link data-testid={`crm-order-open-${r.orderNo}`} onClick={() => setOpenId(r.id)}>
              {r.orderNo}
            </Typography.Link>
          ),
          status: (r) => <OrderStatusTag status={r.status} />,
          amount: (r) => `${money(r.amount)} ${r.currency}`,
        }}
        onCreate={() => setCreating(true)}
        createPermission={`${P}.Create`}
      />
      {creating && <OrderForm onClose={() => setCreating(false)} onSaved={created} />}
      {openId && <OrderDetail id={openId} onClose={() => setOpenId(null)} onChanged={refresh} />}
    </>
  );
}

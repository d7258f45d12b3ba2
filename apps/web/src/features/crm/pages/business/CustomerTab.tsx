import { PlusOutlined } from '@ant-design/icons';
import { CrmPermissions } from '@seller/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, List, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCreateThenOpen } from '../../../../components/crud/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { BL, businessesApi, businessKeys } from '../../api/businesses.ts';
import { BusinessDetail } from './BusinessDetail.tsx';
import { BusinessForm } from './BusinessForm.tsx';
import { money, StageTag } from './parts.tsx';

/** A customer's businesses with their stage or result and amount, and a new business for them. */
export default function CustomerTab({ customerId }: { customerId: string }) {
  const access = useAccess();
  const client = useQueryClient();
  const key = [...businessKeys.list, 'customer', customerId];
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      businessesApi.list({ skipCount: 0, maxResultCount: 100, sorting: 'creationTime desc', customerId }, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: businessKeys.all });
  const { creating, setCreating, openId, setOpenId, created } = useCreateThenOpen(refresh);
  return (
    <div data-testid="customer-businesses">
      {access.can(`${CrmPermissions.Businesses}.Create`) && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          style={{ marginBottom: 12 }}
          data-testid="customer-business-new"
        >
          {BL('NewBusiness')}
        </Button>
      )}
      {q.isLoading ? (
        <Skeleton active />
      ) : !q.data?.items.length ? (
        <Empty description={BL('Empty')} />
      ) : (
        <List
          size="small"
          dataSource={q.data.items}
          renderItem={(b) => (
            <List.Item extra={<Typography.Text strong>{`${money(b.totalPrice)} ${b.currency}`}</Typography.Text>}>
              <List.Item.Meta
                title={
                  <Typography.Link onClick={() => setOpenId(b.id)} data-testid={`customer-business-${b.id}`}>
                    {b.name}
                  </Typography.Link>
                }
                description={
                  <>
                    <StageTag row={b} />
                    {b.dealTime && `${BL('DealTime')}: ${dayjs(b.dealTime).format('YYYY-MM-DD')}`}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      {creating && <BusinessForm customerId={customerId} onClose={() => setCreating(false)} onSaved={created} />}
      {openId && <BusinessDetail id={openId} onClose={() => setOpenId(null)} onChanged={refresh} />}
    </div>
  );
}

import { CrmPermissions } from '@seller/contracts';
import { List, Typography } from 'antd';
import dayjs from 'dayjs';
import { BL, type BusinessRow, businessesApi, businessKeys } from '../../api/businesses.ts';
import { CustomerDealsTab } from '../../components/CustomerDealsTab.tsx';
import { BusinessDetail } from './BusinessDetail.tsx';
import { BusinessForm } from './BusinessForm.tsx';
import { money, StageTag } from './parts.tsx';

/** A customer's businesses with their stage or result and amount, and a new business for them. */
export default function CustomerTab({ customerId }: { customerId: string }) {
  return (
    <CustomerDealsTab<BusinessRow>
      customerId={customerId}
      testid="customer-businesses"
      newTestid="customer-business-new"
      keys={businessKeys}
      load={(id, signal) =>
        businessesApi.list({ skipCount: 0, maxResultCount: 100, sorting: 'creationTime desc', customerId: id }, signal)
      }
      createPermission={`${CrmPermissions.Businesses}.Create`}
      newLabel={BL('NewBusiness')}
      emptyText={BL('Empty')}
      Form={BusinessForm}
      Detail={BusinessDetail}
    >
      {(rows, open) => (
        <List
          size="small"
          dataSource={rows}
          renderItem={(b) => (
            <List.Item extra={<Typography.Text strong>{`${money(b.totalPrice)} ${b.currency}`}</Typography.Text>}>
              <List.Item.Meta
                title={
                  <Typography.Link onClick={() => open(b.id)} data-testid={`customer-business-${b.id}`}>
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
    </CustomerDealsTab>
  );
}

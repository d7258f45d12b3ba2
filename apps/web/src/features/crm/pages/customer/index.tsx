import { CrmPermissions } from '@seller/contracts';
import { customerList } from '@seller/contracts/crm';
import { useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ListPage, useIdInUrl } from '../../../../components/list/index.ts';
import { CL, type CustomerRow, customerKeys, customersUrl } from '../../api/customers.ts';
import { CustomerDetail } from './CustomerDetail.tsx';
import { CustomerImport } from './CustomerImport.tsx';
import { LevelTag, StatusBadges, TagList } from './parts.tsx';

const P = CrmPermissions.Customers;

/**
 * Customers (`/crm/customer`): the list kit's page of `customerList` (scope, owner, tag, level,
 * source, industry, follow-up, locked, dealt, created between; the search takes name, mobile or
 * e-mail), Excel import and export, new customer (the editing page), and the detail drawer
 * (`?id=`, kept in the URL beside the list's own state).
 */
export default function CustomersPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { openId, open } = useIdInUrl(true);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: customerKeys.all });
    await client.invalidateQueries({ queryKey: customerKeys.list });
  };

  return (
    <>
      <ListPage<CustomerRow>
        list={customerList}
        url={customersUrl}
        testid="crm-customers"
        title={CL('Title')}
        render={{
          name: (r) => (
            <Typography.Link data-testid={`customer-open-${r.id}`} onClick={() => open(r.id)}>
              {r.name}
            </Typography.Link>
          ),
          tags: (r) => <TagList tags={r.tags} />,
          ownerName: (r) => r.ownerName ?? CL('Pool'),
          level: (r) => <LevelTag level={r.level} />,
          lockStatus: (r) => <StatusBadges lockStatus={r.lockStatus} dealStatus={false} />,
          dealStatus: (r) => <StatusBadges lockStatus={false} dealStatus={r.dealStatus} />,
        }}
        onCreate={() => navigate('/crm/customer-editing')}
        createPermission={`${P}.Create`}
        exportPermission={`${P}.Export`}
        toolbar={<CustomerImport onImported={refresh} />}
      />
      {openId && <CustomerDetail id={openId} onClose={() => open(null)} onChanged={refresh} />}
    </>
  );
}

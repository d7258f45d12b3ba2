import { CrmPermissions } from '@seller/contracts';
import { crmOrderSources, crmOrderStatuses } from '@seller/contracts/crm';
import { useQueryClient } from '@tanstack/react-query';
import { DatePicker, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { type CrudColumn, CrudPage } from '../../../../components/crud/index.ts';
import { CL, type CrmOrderFilters, type CrmOrderRow, crmOrderKeys, crmOrdersApi } from '../../api/orders.ts';
import { money, RemoteSelect } from '../business/parts.tsx';
import { OrderDetail } from './OrderDetail.tsx';
import { OrderForm } from './OrderForm.tsx';
import { OrderStatusTag } from './parts.tsx';

const P = CrmPermissions.Orders;
const DATE_TIME = 'YYYY-MM-DD HH:mm';

/**
 * Order tracking (`/crm/crm-order`): customers' orders with search (number or customer), filters by
 * status, source, customer and order date, sorting, paging and the Excel export; a new order, and
 * the detail drawer with the status change and the history.
 */
export default function CrmOrdersPage() {
  const client = useQueryClient();
  const [filters, setFilters] = useState<CrmOrderFilters>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const set = (patch: Partial<CrmOrderFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const refresh = () => client.invalidateQueries({ queryKey: crmOrderKeys.all });

  const columns: CrudColumn<CrmOrderRow>[] = [
    {
      key: 'orderNo',
      title: CL('OrderNo'),
      sortField: 'orderNo',
      width: 180,
      render: (_v, r) => (
        <Typography.Link data-testid={`crm-order-open-${r.orderNo}`} onClick={() => setOpenId(r.id)}>
          {r.orderNo}
        </Typography.Link>
      ),
    },
    { key: 'customerName', title: CL('Customer'), dataIndex: 'customerName', sortField: 'customerName', width: 180 },
    { key: 'source', title: CL('Source'), width: 110, render: (_v, r) => CL(`Source:${r.source}`) },
    {
      key: 'status',
      title: CL('Status'),
      sortField: 'status',
      width: 110,
      render: (_v, r) => <OrderStatusTag status={r.status} />,
    },
    {
      key: 'amount',
      title: CL('Amount'),
      sortField: 'amount',
      align: 'right',
      width: 140,
      render: (_v, r) => `${money(r.amount)} ${r.currency}`,
    },
    {
      key: 'orderedAt',
      title: CL('OrderedAt'),
      sortField: 'orderedAt',
      width: 150,
      render: (_v, r) => dayjs(r.orderedAt).format(DATE_TIME),
    },
    { key: 'remark', title: CL('Remark'), dataIndex: 'remark', ellipsis: true, defaultHidden: true },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }} data-testid="crm-order-filters">
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={CL('AllStatuses')}
          data-testid="crm-order-filter-status"
          value={filters.status}
          onChange={(v) => set({ status: v })}
          options={crmOrderStatuses.map((s) => ({ value: s, label: CL(`Status:${s}`) }))}
        />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={CL('AllSources')}
          data-testid="crm-order-filter-source"
          value={filters.source}
          onChange={(v) => set({ source: v })}
          options={crmOrderSources.map((s) => ({ value: s, label: CL(`Source:${s}`) }))}
        />
        <div style={{ width: 180 }}>
          <RemoteSelect
            queryKey="order-filter-customers"
            testid="crm-order-filter-customer"
            placeholder={CL('Customer')}
            load={crmOrdersApi.customers}
            label={(c) => c.name}
            value={filters.customerId}
            onChange={(v) => set({ customerId: v })}
          />
        </div>
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
      </Space>
      <CrudPage<CrmOrderRow>
        testid="crm-orders"
        title={CL('Title')}
        queryKey={[...crmOrderKeys.list, filters]}
        rowKey="id"
        request={(q, signal) => crmOrdersApi.list({ ...q, ...filters }, signal)}
        columns={columns}
        searchPlaceholder={CL('Filter')}
        onCreate={() => setCreating(true)}
        createPermission={`${P}.Create`}
        exportExcel={{ run: (q) => crmOrdersApi.export({ ...q, ...filters }, `${CL('ExportName')}.xlsx`) }}
        columnSettings
      />
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

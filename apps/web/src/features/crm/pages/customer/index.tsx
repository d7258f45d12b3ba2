import { CrmPermissions } from '@seller/contracts';
import { customerIndustries, customerLevels, customerSources } from '@seller/contracts/crm';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Select, Space, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type CrudColumn, CrudPage } from '../../../../components/crud/index.ts';
import {
  CL,
  type CustomerFilterValues,
  type CustomerRow,
  type CustomerScope,
  customerKeys,
  customersApi,
  dictLabel,
  dictOptions,
} from '../../api/customers.ts';
import { CustomerDetail } from './CustomerDetail.tsx';
import { CustomerImport } from './CustomerImport.tsx';
import { DATE_TIME, LevelTag, StatusBadges, TagList, tagOptions, UserSelect, useCustomerTags } from './parts.tsx';

const P = CrmPermissions.Customers;
const SCOPES: CustomerScope[] = ['mine', 'team', 'all'];
const yesNo = (yes: string, no: string) => [
  { value: 'true', label: CL(yes) },
  { value: 'false', label: CL(no) },
];
const asBool = (v?: string) => (v === undefined ? undefined : v === 'true');
const asText = (v?: boolean) => (v === undefined ? undefined : String(v));
const when = (d: string | null) => (d ? dayjs(d).format(DATE_TIME) : '—');

/**
 * Customers (`/crm/customer`): scope tabs (mine, my teams, all I can see), the filter bar (owner,
 * tag, level, source, industry, follow-up, locked, dealt, created between; the search takes name,
 * mobile or e-mail), the list with tags, owner, level, contacts and badges, Excel import and
 * export, new customer (the editing page), and the detail drawer (`?id=`).
 */
export default function CustomersPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [scope, setScope] = useState<CustomerScope>('mine');
  const [filters, setFilters] = useState<CustomerFilterValues>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const tags = useCustomerTags();
  const openId = search.get('id');
  const set = (patch: Partial<CustomerFilterValues>) => setFilters((f) => ({ ...f, ...patch }));
  const refresh = () => client.invalidateQueries({ queryKey: customerKeys.all });
  const open = (id: string | null) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (id) next.set('id', id);
        else next.delete('id');
        return next;
      },
      { replace: !id },
    );

  const columns: CrudColumn<CustomerRow>[] = [
    {
      key: 'name',
      title: CL('Name'),
      sortField: 'name',
      width: 220,
      render: (_v, r) => (
        <Typography.Link data-testid={`customer-open-${r.id}`} onClick={() => open(r.id)}>
          {r.name}
        </Typography.Link>
      ),
    },
    { key: 'tags', title: CL('Tags'), width: 180, render: (_v, r) => <TagList tags={r.tags} /> },
    {
      key: 'owner',
      title: CL('Owner'),
      width: 110,
      render: (_v, r) => r.ownerName ?? CL('Pool'),
    },
    {
      key: 'level',
      title: CL('Level'),
      sortField: 'level',
      width: 120,
      render: (_v, r) => <LevelTag level={r.level} />,
    },
    { key: 'mobile', title: CL('Mobile'), dataIndex: 'mobile', width: 140 },
    { key: 'email', title: CL('Email'), dataIndex: 'email', width: 180, defaultHidden: true },
    {
      key: 'source',
      title: CL('Source'),
      width: 110,
      defaultHidden: true,
      render: (_v, r) => dictLabel(customerSources, r.source),
    },
    {
      key: 'industry',
      title: CL('Industry'),
      width: 110,
      defaultHidden: true,
      render: (_v, r) => dictLabel(customerIndustries, r.industry),
    },
    {
      key: 'contactLastTime',
      title: CL('ContactLastTime'),
      sortField: 'contactLastTime',
      width: 150,
      render: (_v, r) => when(r.contactLastTime),
    },
    {
      key: 'contactNextTime',
      title: CL('ContactNextTime'),
      sortField: 'contactNextTime',
      width: 150,
      render: (_v, r) => when(r.contactNextTime),
    },
    {
      key: 'status',
      title: `${CL('Locked')}/${CL('Dealt')}`,
      width: 120,
      render: (_v, r) => <StatusBadges lockStatus={r.lockStatus} dealStatus={r.dealStatus} />,
    },
    {
      key: 'creationTime',
      title: CL('CreationTime'),
      sortField: 'creationTime',
      width: 150,
      defaultHidden: true,
      render: (_v, r) => when(r.creationTime),
    },
  ];

  const listFilters: CustomerFilterValues = { ...filters, scope };
  return (
    <>
      <Tabs
        activeKey={scope}
        onChange={(k) => setScope(k as CustomerScope)}
        items={SCOPES.map((s) => ({
          key: s,
          label: <span data-testid={`customer-scope-${s}`}>{CL(`Scope:${s}`)}</span>,
        }))}
      />
      <Space wrap style={{ marginBottom: 12 }} data-testid="customer-filters">
        <UserSelect
          allowClear
          placeholder={CL('Owner')}
          testid="customer-filter-owner"
          value={filters.ownerUserId}
          onChange={(v) => set({ ownerUserId: v })}
          style={{ width: 160 }}
        />
        <Select
          allowClear
          placeholder={CL('Tags')}
          style={{ width: 150 }}
          data-testid="customer-filter-tag"
          value={filters.tagId}
          onChange={(v) => set({ tagId: v })}
          options={tagOptions(tags.data?.items)}
          optionFilterProp="title"
        />
        <Select
          allowClear
          placeholder={CL('Level')}
          style={{ width: 150 }}
          data-testid="customer-filter-level"
          value={filters.level}
          onChange={(v) => set({ level: v })}
          options={dictOptions(customerLevels)}
        />
        <Select
          allowClear
          placeholder={CL('Source')}
          style={{ width: 130 }}
          value={filters.source}
          onChange={(v) => set({ source: v })}
          options={dictOptions(customerSources)}
        />
        <Select
          allowClear
          placeholder={CL('Industry')}
          style={{ width: 130 }}
          value={filters.industry}
          onChange={(v) => set({ industry: v })}
          options={dictOptions(customerIndustries)}
        />
        <Select
          allowClear
          placeholder={CL('FollowUpStatus')}
          style={{ width: 120 }}
          value={asText(filters.followUpStatus)}
          onChange={(v) => set({ followUpStatus: asBool(v) })}
          options={yesNo('FollowedUp', 'NotFollowedUp')}
        />
        <Select
          allowClear
          placeholder={CL('Locked')}
          style={{ width: 110 }}
          data-testid="customer-filter-locked"
          value={asText(filters.lockStatus)}
          onChange={(v) => set({ lockStatus: asBool(v) })}
          options={yesNo('Locked', 'Unlocked')}
        />
        <Select
          allowClear
          placeholder={CL('Dealt')}
          style={{ width: 110 }}
          value={asText(filters.dealStatus)}
          onChange={(v) => set({ dealStatus: asBool(v) })}
          options={yesNo('Dealt', 'NotDealt')}
        />
        <DatePicker.RangePicker
          value={range}
          placeholder={[CL('CreatedRange'), CL('CreatedRange')]}
          onChange={(v) => {
            setRange(v);
            set({
              createdFrom: v?.[0] ? v[0].startOf('day').toISOString() : undefined,
              createdTo: v?.[1] ? v[1].add(1, 'day').startOf('day').toISOString() : undefined,
            });
          }}
        />
        <Button
          data-testid="customer-filter-reset"
          onClick={() => {
            setFilters({});
            setRange(null);
          }}
        >
          {CL('Reset')}
        </Button>
      </Space>
      <CrudPage<CustomerRow>
        testid="crm-customers"
        title={CL('Title')}
        queryKey={[...customerKeys.list, listFilters]}
        rowKey="id"
        request={(q, signal) => customersApi.list({ ...q, ...listFilters }, signal)}
        columns={columns}
        searchPlaceholder={CL('Keyword')}
        onCreate={() => navigate('/crm/customer-editing')}
        createPermission={`${P}.Create`}
        exportExcel={{
          permission: `${P}.Export`,
          run: (q) => customersApi.export({ ...q, ...listFilters }, `${CL('ExportName')}.xlsx`),
        }}
        toolbar={<CustomerImport onImported={refresh} />}
      />
      {openId && <CustomerDetail id={openId} onClose={() => open(null)} onChanged={refresh} />}
    </>
  );
}

import { CheckOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { LogisticsPermissions } from '@seller/contracts/logistics';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Input,
  Popconfirm,
  Segmented,
  Space,
  Switch,
  Table,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toSorting, useCrudList } from '../../../../components/crud/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { currentCulture } from '../../../../lib/i18n/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { type CountryDto, countriesApi, LL, logisticsKeys } from '../../api.ts';

type Enabled = '' | 'true' | 'false';

const UPDATE = `${LogisticsPermissions.Countries}.Update`;

/** Codes named in a confirmation: the first few, then how many in all. */
const named = (codes: string[]) =>
  codes.length <= 8 ? codes.join(', ') : `${codes.slice(0, 8).join(', ')}… (${codes.length})`;

/**
 * /physical/Country: the ISO 3166-1 countries with the tenant's choice of those it ships to.
 * Enabling or disabling (one by its switch, or the selected ones) is sent, then the list is read again.
 */
export default function CountriesPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const canUpdate = useAccess().can(UPDATE);
  const [search, setSearch] = useState('');
  const [enabled, setEnabled] = useState<Enabled>('');
  const [selected, setSelected] = useState<string[]>([]);
  const [pending, setPending] = useState<string[]>([]);
  const list = useCrudList<CountryDto>({
    queryKey: [...logisticsKeys.countries, 'page', enabled],
    request: (q, signal) => countriesApi.list({ ...q, enabled: enabled || undefined }, signal),
    defaultSorting: 'code asc',
    pageSize: 20,
  });

  const update = async (codes: string[], isEnabled: boolean) => {
    setPending((p) => [...p, ...codes]);
    try {
      await countriesApi.setEnabled({ codes, isEnabled });
      message.success(LL('Country:Updated', codes.length));
      setSelected((s) => s.filter((c) => !codes.includes(c)));
      await queryClient.invalidateQueries({ queryKey: logisticsKeys.countries });
    } catch {
      // the HTTP client has notified
    } finally {
      setPending((p) => p.filter((c) => !codes.includes(c)));
    }
  };

  // the name in the UI language first (useTranslation renders again when it changes)
  const culture = currentCulture();
  const nameColumns: ColumnType<CountryDto>[] = [
    { key: 'nameZh', title: LL('Country:NameZh'), dataIndex: 'nameZh', sorter: true, width: 160 },
    { key: 'nameEn', title: LL('Country:NameEn'), dataIndex: 'nameEn', sorter: true, width: 220 },
  ];
  if (culture === 'en') nameColumns.reverse();
  const sortable = new Set(['code', 'nameEn', 'nameZh', 'currency']);
  const base: ColumnType<CountryDto>[] = [
    {
      key: 'code',
      title: LL('Country:Code'),
      dataIndex: 'code',
      sorter: true,
      width: 100,
      render: (v: string) => <span data-testid={`country-row-${v}`}>{v}</span>,
    },
    { key: 'alpha3', title: LL('Country:Alpha3'), dataIndex: 'alpha3', width: 90 },
    ...nameColumns,
    { key: 'currency', title: LL('Country:Currency'), dataIndex: 'currency', sorter: true, width: 90 },
    { key: 'phoneCode', title: LL('Country:PhoneCode'), dataIndex: 'phoneCode', width: 110 },
    {
      key: 'isEnabled',
      title: LL('Country:IsEnabled'),
      dataIndex: 'isEnabled',
      width: 110,
      render: (on: boolean, r) => {
        const toggle = (
          <Switch
            checked={on}
            size="small"
            disabled={!canUpdate}
            loading={pending.includes(r.code)}
            aria-label={LL(on ? 'Country:Disable' : 'Country:Enable')}
            onChange={(next) => {
              // turning off asks first (the confirmation below)
              if (next) void update([r.code], true);
            }}
            data-testid={`country-enabled-${r.code}`}
          />
        );
        return on && canUpdate ? (
          <Popconfirm
            title={LL('Country:ConfirmDisable', r.code)}
            okText={LL('Country:Disable')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => update([r.code], false)}
          >
            {toggle}
          </Popconfirm>
        ) : (
          toggle
        );
      },
    },
  ];
  const columns = base.map((c) => ({ ...c, sortOrder: sortOrder(String(c.key), list.sorting, sortable) }));

  const onChange: TableProps<CountryDto>['onChange'] = (pagination, _filters, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<CountryDto> | undefined;
    const key = typeof s?.columnKey === 'string' && sortable.has(s.columnKey) ? s.columnKey : undefined;
    const sorting = toSorting(key, s?.order);
    if (sorting !== list.sorting && (sorting || list.sorting)) list.setSorting(sorting);
    else list.setPage(pagination.current ?? 1, pagination.pageSize);
  };

  const bulk = (isEnabled: boolean) => (
    <Popconfirm
      title={LL(isEnabled ? 'Country:ConfirmEnable' : 'Country:ConfirmDisable', named(selected))}
      okText={LL(isEnabled ? 'Country:Enable' : 'Country:Disable')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: !isEnabled }}
      onConfirm={() => update(selected, isEnabled)}
    >
      <Button
        icon={isEnabled ? <CheckOutlined /> : <StopOutlined />}
        danger={!isEnabled}
        disabled={selected.length === 0}
        data-testid={isEnabled ? 'countries-enable' : 'countries-disable'}
      >
        {LL(isEnabled ? 'Country:EnableSelected' : 'Country:DisableSelected')}
      </Button>
    </Popconfirm>
  );

  return (
    <Card title={LL('Country:Countries')} data-testid="countries">
      <Typography.Paragraph type="secondary">{LL('Country:Hint')}</Typography.Paragraph>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          <Input.Search
            allowClear
            style={{ maxWidth: 260 }}
            placeholder={LL('Country:SearchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => list.setFilter(v)}
            enterButton={t('crud.search')}
            data-testid="countries-search"
          />
          <Segmented<Enabled>
            value={enabled}
            onChange={(v) => {
              setEnabled(v);
              list.setPage(1);
            }}
            options={[
              { value: '', label: LL('Country:All') },
              { value: 'true', label: LL('Country:Enabled') },
              { value: 'false', label: LL('Country:Disabled') },
            ]}
            data-testid="countries-filter"
          />
        </Space>
        <Space wrap>
          {canUpdate && (
            <>
              {selected.length > 0 && <Tag>{LL('Country:Selected', selected.length)}</Tag>}
              {bulk(true)}
              {bulk(false)}
            </>
          )}
          <Tooltip title={t('crud.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('crud.refresh')}
              onClick={() => void list.refresh()}
              loading={list.query.isFetching}
            />
          </Tooltip>
        </Space>
      </div>
      <Table<CountryDto>
        rowKey="code"
        size="middle"
        columns={columns}
        dataSource={list.items}
        loading={list.query.isLoading || (list.query.isFetching && list.query.isPlaceholderData)}
        onChange={onChange}
        rowSelection={
          canUpdate
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                columnWidth: 48,
                onChange: (keys) => setSelected(keys as string[]),
              }
            : undefined
        }
        scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), canUpdate ? 48 : 0) }}
        tableLayout="fixed"
        locale={{ emptyText: t('crud.empty') }}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: list.total,
          showSizeChanger: true,
          showTotal: (total) => t('crud.total', { total }),
        }}
      />
    </Card>
  );
}

/** The order a sortable column shows for the list's `field asc|desc` sorting. */
function sortOrder(key: string | undefined, sorting: string | undefined, sortable: Set<string>) {
  if (!key || !sortable.has(key)) return undefined;
  if (!sorting?.startsWith(`${key} `)) return null;
  return sorting.endsWith(' desc') ? ('descend' as const) : ('ascend' as const);
}

import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { CrmPermissions } from '@seller/contracts';
import { businessList } from '@seller/contracts/crm';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Segmented, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useCreateThenOpen } from '../../../../components/crud/index.ts';
import { type ListFilters, ListPage } from '../../../../components/list/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import {
  BL,
  type BusinessFilters,
  type BusinessRow,
  businessesApi,
  businessesUrl,
  businessKeys,
} from '../../api/businesses.ts';
import { Board, BoardLoading } from './Board.tsx';
import { BusinessDetail } from './BusinessDetail.tsx';
import { BusinessForm } from './BusinessForm.tsx';
import { Funnel } from './Funnel.tsx';
import { money, RemoteSelect, StageTag } from './parts.tsx';
import { StageGroups } from './StageGroups.tsx';

const P = CrmPermissions.Businesses;
type View = 'board' | 'list' | 'funnel';

/**
 * Businesses (`/crm/crm-business`): the kanban of a stage group (drag a card to another stage, or to
 * won or lost), the list (the list kit's `businessList`: the toolbar's filters by stage group,
 * stage, owner, customer and result fixed on it; search, sorting and paging in the URL; Excel
 * export) and the funnel with the win rate. New business, the detail drawer with its
 * actions, and the stage groups for `Crm.Businesses.Stages` holders.
 */
export default function BusinessesPage() {
  const access = useAccess();
  const client = useQueryClient();
  const [view, setView] = useState<View>('board');
  const [filters, setFilters] = useState<BusinessFilters>({});
  const [keyword, setKeyword] = useState<string | undefined>();
  const [stagesOpen, setStagesOpen] = useState(false);
  const groups = useQuery({ queryKey: businessKeys.stageGroups, queryFn: () => businessesApi.stageGroups() });
  const owners = useQuery({ queryKey: businessKeys.owners, queryFn: () => businessesApi.owners() });
  const group = groups.data?.items.find((g) => g.id === filters.statusTypeId) ?? groups.data?.items[0];
  const set = (patch: Partial<BusinessFilters>) => setFilters((f) => ({ ...f, ...patch }));
  /** A toolbar filter that may be cleared (all owners, all stages, all results). */
  const clearable = <K extends 'ownerUserId' | 'statusId' | 'endStatus'>(
    member: K,
    placeholder: string,
    options: { value: NonNullable<BusinessFilters[K]>; label: string }[],
    testid: string,
    width = 150,
  ) => (
    <Select
      allowClear
      showSearch={member === 'ownerUserId' ? { optionFilterProp: 'label' } : undefined}
      style={{ width }}
      placeholder={placeholder}
      data-testid={testid}
      value={filters[member]}
      onChange={(v) => set({ [member]: v })}
      options={options}
    />
  );
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: businessKeys.all }),
      client.invalidateQueries({ queryKey: [businessesUrl] }),
    ]);
  const { creating, setCreating, openId, setOpenId, created } = useCreateThenOpen(refresh);

  // the toolbar's filters are the page's (the board and the funnel read them too): fixed for the list
  const listFilters: ListFilters = {
    statusTypeId: filters.statusTypeId,
    statusId: filters.statusId,
    ownerUserId: filters.ownerUserId,
    customerId: filters.customerId,
    endStatus: filters.endStatus === undefined ? undefined : String(filters.endStatus),
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }} data-testid="business-toolbar">
        <Segmented<View>
          value={view}
          onChange={setView}
          data-testid="business-view"
          options={[
            { value: 'board', label: BL('Board') },
            { value: 'list', label: BL('List') },
            { value: 'funnel', label: BL('Funnel') },
          ]}
        />
        <Select
          style={{ width: 150 }}
          value={group?.id}
          aria-label={BL('StageGroup')}
          data-testid="business-filter-group"
          onChange={(v) => set({ statusTypeId: v, statusId: undefined })}
          options={(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.displayName }))}
        />
        {clearable(
          'ownerUserId',
          BL('AllOwners'),
          (owners.data?.items ?? []).map((o) => ({ value: o.id, label: o.name })),
          'business-filter-owner',
        )}
        {view !== 'funnel' && (
          <div style={{ width: 180 }}>
            <RemoteSelect
              queryKey="business-filter-customers"
              testid="business-filter-customer"
              placeholder={BL('Customer')}
              load={businessesApi.customers}
              label={(c) => c.name}
              value={filters.customerId}
              onChange={(v) => set({ customerId: v })}
            />
          </div>
        )}
        {view === 'list' && (
          <>
            {clearable(
              'statusId',
              BL('AllStages'),
              (group?.statuses ?? []).map((s) => ({ value: s.id, label: s.displayName })),
              'business-filter-stage',
            )}
            {clearable(
              'endStatus',
              BL('AllResults'),
              [0, 1, 2, 3].map((e) => ({ value: e, label: e ? BL(`End:${e}`) : BL('Open') })),
              'business-filter-end',
              130,
            )}
          </>
        )}
        {view === 'board' && (
          <Input.Search
            allowClear
            placeholder={BL('Filter')}
            style={{ width: 180 }}
            data-testid="business-board-search"
            onSearch={(v) => setKeyword(v.trim() || undefined)}
          />
        )}
        {view !== 'list' && access.can(`${P}.Create`) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="business-new">
            {BL('NewBusiness')}
          </Button>
        )}
        {access.can(`${P}.Stages`) && (
          <Button icon={<SettingOutlined />} onClick={() => setStagesOpen(true)} data-testid="business-stage-groups">
            {BL('StageGroups')}
          </Button>
        )}
      </Space>
      {view === 'board' &&
        (group ? (
          <Board
            filters={{
              statusTypeId: group?.id,
              ownerUserId: filters.ownerUserId,
              customerId: filters.customerId,
              filter: keyword,
            }}
            onOpen={setOpenId}
          />
        ) : groups.isLoading ? (
          // the stage groups come first: the board says it is loading meanwhile, not nothing
          <BoardLoading />
        ) : (
          <Empty data-testid="business-board-empty" />
        ))}
      {view === 'list' && (
        <ListPage<BusinessRow>
          list={businessList}
          url={businessesUrl}
          testid="business-list"
          title={BL('Title')}
          fixed={listFilters}
          render={{
            name: (r) => (
              <Typography.Link data-testid={`business-open-${r.id}`} onClick={() => setOpenId(r.id)}>
                {r.name}
              </Typography.Link>
            ),
            statusName: (r) => <StageTag row={r} />,
            totalPrice: (r) => `${money(r.totalPrice)} ${r.currency}`,
            dealTime: (r) => (r.dealTime ? dayjs(r.dealTime).format('YYYY-MM-DD') : '—'),
          }}
          onCreate={() => setCreating(true)}
          createPermission={`${P}.Create`}
        />
      )}
      {view === 'funnel' && group && <Funnel statusTypeId={group?.id} ownerUserId={filters.ownerUserId} />}
      {creating && <BusinessForm onClose={() => setCreating(false)} onSaved={created} />}
      {openId && <BusinessDetail id={openId} onClose={() => setOpenId(null)} onChanged={refresh} />}
      {stagesOpen && <StageGroups onClose={() => setStagesOpen(false)} />}
    </>
  );
}

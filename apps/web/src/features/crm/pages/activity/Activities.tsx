import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { CrmPermissions } from '@seller/contracts';
import {
  ACTIVITY_MAX_FILES,
  ActivityTypes,
  activityInput,
  activityList,
  activityUpdateInput,
} from '@seller/contracts/crm';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  DatePicker,
  Empty,
  Form,
  Input,
  Pagination,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Access,
  CrudField,
  createOrUpdate,
  EditAction,
  FormOverlay,
  useUploadRequest,
} from '../../../../components/crud/index.ts';
import { FileImage } from '../../../../components/FileImage.tsx';
import { HistoryTimeline } from '../../../../components/HistoryTimeline.tsx';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { type ListFilters, ListPage } from '../../../../components/list/index.ts';
import { optionsOf } from '../../../../lib/options.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  type Activity,
  type ActivityFilters,
  type ActivityType,
  AL,
  activitiesApi,
  activitiesUrl,
  activityKeys,
} from '../../api/activities.ts';
import { CustomerPicker } from '../address/CustomerPicker.tsx';

const P = CrmPermissions.Activities;
const DATE_TIME = 'YYYY-MM-DD HH:mm';
const typeColor: Record<string, string> = {
  CALL: 'blue',
  VISIT: 'green',
  EMAIL: 'purple',
  WECHAT: 'lime',
  MEETING: 'orange',
  OTHER: 'gray',
};
const types = optionsOf(ActivityTypes, (v) => AL(`Type:${v}`));
const PAGE = 10;

/**
 * Follow-up records as a timeline (newest first) or a table, with their filters (customer, type,
 * my records, date range): the `/crm/activity` page, or one customer's tab (`customerId`). Writing
 * one sets the customer's last and next contact on the server.
 */
export function Activities({ customerId }: { customerId?: string }) {
  const inTab = !!customerId;
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [view, setView] = useState<'timeline' | 'table'>('timeline');
  const [editing, setEditing] = useState<Activity | 'new' | null>(null);
  const query: ActivityFilters = { ...filters, ...(inTab ? { customerId } : {}) };
  const range: [Dayjs, Dayjs] | null = filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null;

  const toolbar = (
    <Space wrap data-testid="activity-filters">
      {!inTab && (
        <CustomerPicker
          allowClear
          placeholder={AL('AllCustomers')}
          value={filters.customerId}
          onChange={(id) => setFilters((f) => ({ ...f, customerId: id }))}
          testid="activity-customer"
        />
      )}
      <Select
        allowClear
        placeholder={AL('Type')}
        style={{ width: 110 }}
        value={filters.type}
        options={types()}
        onChange={(type: ActivityType | undefined) => setFilters((f) => ({ ...f, type }))}
        data-testid="activity-type"
      />
      <Checkbox
        checked={!!filters.mine}
        onChange={(e) => setFilters((f) => ({ ...f, mine: e.target.checked || undefined }))}
        data-testid="activity-mine"
      >
        {AL('Mine')}
      </Checkbox>
      <DatePicker.RangePicker
        value={range}
        allowClear
        style={{ maxWidth: 260 }}
        onChange={(v) =>
          setFilters((f) => ({ ...f, from: v?.[0]?.format('YYYY-MM-DD'), to: v?.[1]?.format('YYYY-MM-DD') }))
        }
        data-testid="activity-range"
      />
      {!inTab && (
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'timeline' | 'table')}
          options={[
            { value: 'timeline', label: AL('Timeline') },
            { value: 'table', label: AL('Table') },
          ]}
          data-testid="activity-view"
        />
      )}
    </Space>
  );

  return (
    <>
      {view === 'table' && !inTab ? (
        <ActivityTable query={query} toolbar={toolbar} onEdit={setEditing} onCreate={() => setEditing('new')} />
      ) : (
        <ActivityTimeline
          query={query}
          toolbar={toolbar}
          onEdit={setEditing}
          onCreate={() => setEditing('new')}
          title={inTab ? undefined : AL('Activities')}
        />
      )}
      <ActivityForm
        editing={editing}
        customerId={customerId ?? filters.customerId}
        fixed={inTab}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: activityKeys.all }),
      client.invalidateQueries({ queryKey: [activitiesUrl] }),
      // the customer's last and next contact changed with it
      client.invalidateQueries({ queryKey: ['crm', 'customers'] }),
    ]);
}

function DeleteActivity({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const refresh = useRefresh();
  return (
    <Access permission={`${P}.Delete`}>
      <Popconfirm
        title={AL('DeleteConfirm')}
        description={t('crud.deleteWarning')}
        okText={t('crud.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={async () => {
          try {
            await activitiesApi.remove(activity.id);
            message.success(t('crud.deleted'));
            await refresh();
          } catch {
            // notified by the HTTP client
          }
        }}
      >
        <LinkButton danger icon={<DeleteOutlined />} data-testid={`activity-delete-${activity.id}`}>
          {t('crud.delete')}
        </LinkButton>
      </Popconfirm>
    </Access>
  );
}

function EditActivity({ activity, onEdit }: { activity: Activity; onEdit(a: Activity): void }) {
  return (
    <EditAction permission={`${P}.Update`} onClick={() => onEdit(activity)} testid={`activity-edit-${activity.id}`} />
  );
}

interface ViewProps {
  query: ActivityFilters;
  toolbar: React.ReactNode;
  onEdit(a: Activity): void;
  onCreate(): void;
  title?: string;
}

/** The records as an antd Timeline, a page at a time. */
function ActivityTimeline({ query, toolbar, onEdit, onCreate, title }: ViewProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const key = JSON.stringify({ ...query, filter });
  const [pageKey, setPageKey] = useState(key);
  if (pageKey !== key) {
    setPageKey(key);
    setPage(1);
  }
  const list = useQuery({
    queryKey: [...activityKeys.all, 'timeline', query, filter, page],
    queryFn: ({ signal }) =>
      activitiesApi.list(
        { ...query, filter: filter || undefined, skipCount: (page - 1) * PAGE, maxResultCount: PAGE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  return (
    <div data-testid="activity-timeline">
      {title && (
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
      )}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 16 }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={AL('Content')}
            style={{ maxWidth: 240 }}
            onSearch={setFilter}
            enterButton={t('crud.search')}
            data-testid="activity-search"
          />
          {toolbar}
        </Space>
        <Access permission={`${P}.Create`}>
          <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid="activity-create">
            {AL('NewActivity')}
          </Button>
        </Access>
      </div>
      <Spin spinning={list.isFetching && !list.isLoading}>
        {list.isLoading ? (
          <Spin />
        ) : items.length === 0 ? (
          <Empty description={AL('Empty')} />
        ) : (
          <HistoryTimeline
            entries={items}
            color={(a) => typeColor[a.type]}
            entry={(a) => <ActivityItem activity={a} onEdit={onEdit} />}
          />
        )}
      </Spin>
      {(list.data?.totalCount ?? 0) > PAGE && (
        <Pagination
          size="small"
          current={page}
          pageSize={PAGE}
          total={list.data?.totalCount}
          onChange={setPage}
          showSizeChanger={false}
          showTotal={(total) => t('crud.total', { total })}
        />
      )}
    </div>
  );
}

function ActivityItem({ activity: a, onEdit }: { activity: Activity; onEdit(a: Activity): void }) {
  return (
    <div data-testid={`activity-${a.id}`} style={{ overflowWrap: 'anywhere' }}>
      <Space size={[8, 0]} wrap>
        <Typography.Text strong>{dayjs(a.creationTime).format(DATE_TIME)}</Typography.Text>
        <Tag color={typeColor[a.type]}>{AL(`Type:${a.type}`)}</Tag>
        <Typography.Text type="secondary">{a.creatorName}</Typography.Text>
        <Typography.Text data-content="data">
          {a.customerName}
          {a.bizType !== 'CUSTOMER' && a.bizName ? ` · ${AL(`BizType:${a.bizType}`)}: ${a.bizName}` : ''}
        </Typography.Text>
      </Space>
      <Typography.Paragraph data-content="data" style={{ margin: '4px 0', whiteSpace: 'pre-wrap' }}>
        {a.content}
      </Typography.Paragraph>
      {a.fileIds.length > 0 && (
        <Space wrap style={{ marginBottom: 4 }}>
          {a.fileIds.map((url) => (
            <FileImage key={url} url={url} size={56} alt={AL('Files')} />
          ))}
        </Space>
      )}
      <Space size={0} wrap>
        {a.nextTime && (
          <Typography.Text type="secondary" data-testid={`activity-next-${a.id}`}>
            {AL('NextTime')}: {dayjs(a.nextTime).format(DATE_TIME)}
          </Typography.Text>
        )}
        <EditActivity activity={a} onEdit={onEdit} />
        <DeleteActivity activity={a} />
      </Space>
    </div>
  );
}

/**
 * The records as a table, the list kit's `activityList`: the toolbar's filters fixed on it (the
 * timeline reads them too); search, sorting and paging in the URL; column settings, Excel export.
 */
function ActivityTable({ query, toolbar, onEdit, onCreate }: ViewProps) {
  const fixed: ListFilters = {
    customerId: query.customerId,
    // written on a contact or a business: not a filter of the page
    bizType: undefined,
    bizId: undefined,
    type: query.type,
    mine: query.mine || undefined,
    from: query.from,
    to: query.to,
  };
  return (
    <ListPage<Activity>
      list={activityList}
      url={activitiesUrl}
      testid="activity-table"
      title={AL('Activities')}
      fixed={fixed}
      render={{
        type: (r) => <Tag color={typeColor[r.type]}>{AL(`Type:${r.type}`)}</Tag>,
        content: (r) => (
          <Typography.Text ellipsis style={{ display: 'block' }} title={r.content}>
            {r.content}
          </Typography.Text>
        ),
      }}
      onCreate={onCreate}
      createPermission={`${P}.Create`}
      toolbar={toolbar}
      rowActions={(r) => (
        <Space size={0}>
          <EditActivity activity={r} onEdit={onEdit} />
          <DeleteActivity activity={r} />
        </Space>
      )}
    />
  );
}

/** Attachments: images uploaded to the files service, kept as their URLs. */
function Attachments({ value = [], onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { busy, customRequest } = useUploadRequest(
    (file) => activitiesApi.upload(file, file.name),
    (stored) => onChange?.([...value, stored.url]),
  );
  return (
    <Space wrap>
      {value.map((url) => (
        <span key={url} style={{ position: 'relative', display: 'inline-block' }}>
          <FileImage url={url} size={64} alt={AL('Files')} />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            style={{ position: 'absolute', top: 0, right: 0 }}
            aria-label="remove"
            onClick={() => onChange?.(value.filter((u) => u !== url))}
          />
        </span>
      ))}
      {value.length < ACTIVITY_MAX_FILES && (
        <Upload accept="image/png,image/jpeg,image/gif,image/webp" showUploadList={false} customRequest={customRequest}>
          <Button icon={<UploadOutlined />} loading={busy} data-testid="activity-upload">
            {AL('Upload')}
          </Button>
        </Upload>
      )}
    </Space>
  );
}

type Target = { bizType: 'CONTACT' | 'BUSINESS'; bizId: string };

/**
 * What the follow-up is on: the customer picked (default), or one of its contacts or businesses
 * (their follow-up times are set too). Not a field of the form: it replaces `bizType`/`bizId`.
 */
function TargetSelect({ value, onChange }: { value?: Target; onChange(t: Target | undefined): void }) {
  const form = Form.useFormInstance();
  const customerId = Form.useWatch('bizId', form) as string | undefined;
  const targets = useQuery({
    queryKey: [...activityKeys.all, 'targets', customerId],
    queryFn: () => activitiesApi.targets(customerId!),
    enabled: !!customerId,
    staleTime: 30_000,
  });
  // another customer: its contacts and businesses, not the previous one's
  const seen = useRef(customerId);
  useEffect(() => {
    if (seen.current === customerId) return;
    seen.current = customerId;
    onChange(undefined);
  }, [customerId, onChange]);
  const options = [
    { value: '', label: AL('BizType:CUSTOMER') },
    ...(targets.data?.contacts ?? []).map((c) => ({
      value: `CONTACT:${c.id}`,
      label: `${AL('BizType:CONTACT')}: ${c.name}`,
    })),
    ...(targets.data?.businesses ?? []).map((b) => ({
      value: `BUSINESS:${b.id}`,
      label: `${AL('BizType:BUSINESS')}: ${b.name}`,
    })),
  ];
  return (
    <Form.Item label={AL('BizType')}>
      <Select
        value={value ? `${value.bizType}:${value.bizId}` : ''}
        options={options}
        disabled={!customerId}
        loading={targets.isFetching}
        onChange={(v: string) => {
          const [bizType, bizId] = v.split(':');
          onChange(bizId ? { bizType: bizType as Target['bizType'], bizId } : undefined);
        }}
        data-testid="activity-form-target"
      />
    </Form.Item>
  );
}

/** Writes a follow-up on a customer (picked on the page, fixed in the tab) or edits one. */
function ActivityForm({
  editing,
  customerId,
  fixed,
  onClose,
}: {
  editing: Activity | 'new' | null;
  customerId?: string;
  /** The customer's tab: the customer is not picked. */
  fixed: boolean;
  onClose(): void;
}) {
  const refresh = useRefresh();
  const [target, setTarget] = useState<Target>();
  // fixed while the form is open: a re-render must not reset what is being typed
  // biome-ignore lint/correctness/useExhaustiveDependencies: read when the form opens
  const initial = useMemo(
    () =>
      editing === 'new'
        ? { bizType: 'CUSTOMER' as const, bizId: customerId, type: 'CALL' as const, fileIds: [] }
        : editing
          ? {
              type: editing.type,
              content: editing.content,
              nextTime: editing.nextTime ? dayjs(editing.nextTime) : undefined,
              fileIds: editing.fileIds,
            }
          : undefined,
    [editing],
  );
  return (
    <FormOverlay
      open={!!editing}
      title={editing === 'new' ? AL('NewActivity') : AL('EditActivity')}
      schema={editing === 'new' ? activityInput : activityUpdateInput}
      initialValues={initial as never}
      onSubmit={async (values) => {
        await createOrUpdate(editing, values, {
          create: (v) => activitiesApi.create(target ? { ...v, ...target } : v),
          update: activitiesApi.update,
        });
        await refresh();
      }}
      onClose={() => {
        setTarget(undefined);
        onClose();
      }}
      testid="activity-form"
    >
      {editing === 'new' && (
        <>
          <Form.Item name="bizType" hidden>
            <input />
          </Form.Item>
          {fixed ? (
            <Form.Item name="bizId" hidden>
              <input />
            </Form.Item>
          ) : (
            <CrudField name="bizId" label={AL('Customer')}>
              <CustomerPicker testid="activity-form-customer" />
            </CrudField>
          )}
          <TargetSelect value={target} onChange={setTarget} />
        </>
      )}
      <CrudField name="type" label={AL('Type')}>
        <Select options={types()} data-testid="activity-form-type" />
      </CrudField>
      <CrudField name="content" label={AL('Content')}>
        <Input.TextArea rows={4} maxLength={2000} showCount data-testid="activity-form-content" />
      </CrudField>
      <CrudField name="nextTime" label={AL('NextTime')}>
        <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME} data-testid="activity-form-next" />
      </CrudField>
      <CrudField name="fileIds" label={AL('Files')}>
        <Attachments />
      </CrudField>
    </FormOverlay>
  );
}

import { CrmPermissions, reportCategories } from '@seller/contracts/crm';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Checkbox, DatePicker, Popconfirm, Select, Space, Tabs, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Access, CrudPage } from '../../../../components/crud/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  categoryColor,
  LJ,
  type Report,
  type ReportBox,
  type ReportDetail,
  type ReportFilters,
  reportsApi,
  reportsKeys,
  userLabel,
} from '../../api/reports.ts';
import { ReportDrawer } from './ReportDrawer.tsx';
import { ReportForm } from './ReportForm.tsx';

const P = CrmPermissions.Reports;

/**
 * Job reports (`/crm/job-report`): tabs of my reports, those sent to me and (with
 * `Crm.Customers.ViewAll`) everyone's; filters by kind, author, dates and unread; search, sort,
 * paging and Excel export. A row opens the report (numbers, content, read marks, comments); "Write
 * a report" opens the form, whose period and numbers follow the chosen kind and date. `?id=` (the
 * notification's link) opens that report.
 */
export default function JobReportPage() {
  const ui = useUi();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const viewAll = access.can(`${CrmPermissions.Customers}.ViewAll`);
  const [box, setBox] = useState<ReportBox>('mine');
  const [category, setCategory] = useState<number>();
  const [authorId, setAuthorId] = useState<string>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [unread, setUnread] = useState(false);
  const [writing, setWriting] = useState<{ report: ReportDetail | null } | null>(null);
  const openId = search.get('id');
  const open = (id: string | null) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (id) next.set('id', id);
        else next.delete('id');
        return next;
      },
      { replace: true },
    );

  const filters: ReportFilters = {
    box,
    ...(category ? { category } : {}),
    ...(authorId && box !== 'mine' ? { authorId } : {}),
    ...(range?.[0] ? { from: range[0].format('YYYY-MM-DD') } : {}),
    ...(range?.[1] ? { to: range[1].format('YYYY-MM-DD') } : {}),
    ...(unread && box !== 'mine' ? { unread: true } : {}),
  };
  const users = useQuery({ queryKey: reportsKeys.recipients, queryFn: () => reportsApi.recipients() });
  const unreadCount = useQuery({
    queryKey: [...reportsKeys.all, 'list', 'unread-count'],
    queryFn: () => reportsApi.list({ box: 'received', unread: true, skipCount: 0, maxResultCount: 1 }),
  }).data?.totalCount;
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportsKeys.all });

  const remove = async (r: Report) => {
    try {
      await reportsApi.remove(r.id);
      ui.message.success(LJ('Page:Deleted'));
    } catch {
      // the HTTP client shows the refusal
    } finally {
      await refresh();
    }
  };

  const boxes: { key: ReportBox; label: React.ReactNode }[] = [
    { key: 'mine', label: <span data-testid="report-tab-mine">{LJ('Page:Mine')}</span> },
    {
      key: 'received',
      label: (
        <span data-testid="report-tab-received">
          {LJ('Page:Received')} <Badge count={unreadCount} size="small" />
        </span>
      ),
    },
    ...(viewAll ? [{ key: 'all' as const, label: <span data-testid="report-tab-all">{LJ('Page:All')}</span> }] : []),
  ];

  return (
    <>
      <Tabs activeKey={box} onChange={(k) => setBox(k as ReportBox)} items={boxes} />
      <CrudPage<Report>
        testid="reports"
        title={LJ('Page:Title')}
        queryKey={reportsKeys.list(filters)}
        rowKey="id"
        defaultSorting="periodStart desc"
        request={(q, signal) => reportsApi.list({ ...q, ...filters }, signal)}
        exportExcel={{ run: (q) => reportsApi.export({ ...q, ...filters }) }}
        onCreate={() => setWriting({ report: null })}
        createPermission={`${P}.Create`}
        toolbar={
          <Space wrap>
            <Select
              allowClear
              placeholder={LJ('Field:Category')}
              style={{ width: 110 }}
              value={category}
              onChange={setCategory}
              options={reportCategories.map((c) => ({ value: c, label: LJ(`Category:${c}`) }))}
              data-testid="report-filter-category"
            />
            {box !== 'mine' && (
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={LJ('Field:Author')}
                style={{ width: 150 }}
                value={authorId}
                onChange={setAuthorId}
                options={(users.data?.items ?? []).map((u) => ({ value: u.id, label: userLabel(u) }))}
                data-testid="report-filter-author"
              />
            )}
            <DatePicker.RangePicker
              value={range}
              onChange={(v) => setRange(v)}
              placeholder={[LJ('Page:PeriodFilter'), LJ('Page:PeriodFilter')]}
              style={{ width: 240 }}
              data-testid="report-filter-dates"
            />
            {box !== 'mine' && (
              <Checkbox
                checked={unread}
                onChange={(e) => setUnread(e.target.checked)}
                data-testid="report-filter-unread"
              >
                {LJ('Page:OnlyUnread')}
              </Checkbox>
            )}
          </Space>
        }
        columns={[
          {
            key: 'category',
            title: LJ('Field:Category'),
            dataIndex: 'category',
            sortField: 'category',
            fit: { texts: reportCategories.map((c) => LJ(`Category:${c}`)), tag: true },
            render: (v: number) => <Tag color={categoryColor[v]}>{LJ(`Category:${v}`)}</Tag>,
          },
          { key: 'period', title: LJ('Field:Period'), dataIndex: 'period', sortField: 'periodStart' },
          {
            key: 'title',
            title: LJ('Field:Title'),
            dataIndex: 'title',
            sortField: 'title',
            ellipsis: true,
            render: (v: string, r) => (
              <Space size={4}>
                {r.sentToMe && !r.myReadTime && <Badge status="processing" title={LJ('Page:Unread')} />}
                <Typography.Link onClick={() => open(r.id)} data-testid={`report-open-${r.period}`}>
                  {v}
                </Typography.Link>
              </Space>
            ),
          },
          { key: 'author', title: LJ('Field:Author'), render: (_v, r) => userLabel(r.author) },
          {
            key: 'numbers',
            title: `${LJ('Numbers:NewCustomers')} / ${LJ('Numbers:Activities')} / ${LJ('Numbers:NewBusinesses')}`,
            render: (_v, r) => `${r.numbers.newCustomers} / ${r.numbers.activities} / ${r.numbers.newBusinesses}`,
          },
          {
            key: 'won',
            title: LJ('Numbers:Won'),
            render: (_v, r) => r.numbers.wonAmounts.map((m) => `${m.amount} ${m.currency}`).join(' / ') || '0',
          },
          {
            key: 'read',
            title: LJ('Field:Read'),
            render: (_v, r) => `${r.readCount}/${r.recipientCount}`,
          },
          { key: 'comments', title: LJ('Field:Comments'), dataIndex: 'commentCount', defaultHidden: true },
          {
            key: 'creationTime',
            title: LJ('Field:CreationTime'),
            dataIndex: 'creationTime',
            sortField: 'creationTime',
            render: (v: string) => new Date(v).toLocaleString(),
          },
        ]}
        actionsWidth={120}
        rowActions={(r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => open(r.id)}>
              {LJ('Page:Open')}
            </Button>
            {box === 'mine' && (
              <Access permission={`${P}.Delete`}>
                <Popconfirm title={LJ('Page:ConfirmDelete')} onConfirm={() => remove(r)}>
                  <Button type="link" size="small" danger data-testid={`report-delete-${r.period}`}>
                    {LJ('Page:Delete')}
                  </Button>
                </Popconfirm>
              </Access>
            )}
          </Space>
        )}
      />
      <ReportDrawer id={openId} onClose={() => open(null)} onEdit={(report) => setWriting({ report })} />
      <ReportForm
        open={!!writing}
        report={writing?.report}
        onClose={() => setWriting(null)}
        onSaved={(saved) => {
          void refresh();
          open(saved.id);
        }}
      />
    </>
  );
}

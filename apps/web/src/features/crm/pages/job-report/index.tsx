import { CrmPermissions, reportCategories, reportList } from '@seller/contracts/crm';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Checkbox, DatePicker, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Access } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { type ListFilterInput, ListPage, readListUrl, useIdInUrl } from '../../../../components/list/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  categoryColor,
  LJ,
  type Report,
  type ReportBox,
  type ReportDetail,
  reportsApi,
  reportsKeys,
  reportsUrl,
  userLabel,
} from '../../api/reports.ts';
import { ReportDrawer } from './ReportDrawer.tsx';
import { ReportForm } from './ReportForm.tsx';

const P = CrmPermissions.Reports;

/**
 * Job reports (`/crm/job-report`), the list kit's page of `reportList`: tabs of my reports, those
 * sent to me (with the unread count) and (with `Crm.Customers.ViewAll`) everyone's; filters by
 * kind, author, dates and unread (the author and unread ones not on my reports); search, sort,
 * paging and Excel export, all in the URL. A row opens the report (numbers, content, read marks,
 * comments); "Write a report" opens the form, whose period and numbers follow the chosen kind and
 * date. `?id=` (the notification's link) opens that report.
 */
export default function JobReportPage() {
  const ui = useUi();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const viewAll = access.can(`${CrmPermissions.Customers}.ViewAll`);
  const box = (readListUrl(reportList, search).filters.box as ReportBox | undefined) ?? 'mine';
  const [writing, setWriting] = useState<{ report: ReportDetail | null } | null>(null);
  const { openId, open } = useIdInUrl();

  const users = useQuery({ queryKey: reportsKeys.recipients, queryFn: () => reportsApi.recipients() });
  const unreadCount = useQuery({
    queryKey: [...reportsKeys.all, 'list', 'unread-count'],
    queryFn: () => reportsApi.list({ box: 'received', unread: true, skipCount: 0, maxResultCount: 1 }),
  }).data?.totalCount;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reportsKeys.all }),
      queryClient.invalidateQueries({ queryKey: [reportsUrl] }),
    ]);

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

  const filterInputs: Record<string, ListFilterInput> = {
    category: ({ filters, onChange }) => (
      <Select
        allowClear
        placeholder={LJ('Field:Category')}
        style={{ width: 110 }}
        value={filters.category as string | undefined}
        onChange={(category?: string) => onChange({ category })}
        options={reportCategories.map((c) => ({ value: String(c), label: LJ(`Category:${c}`) }))}
        data-testid="report-filter-category"
      />
    ),
    authorId: ({ filters, onChange }) => (
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={LJ('Field:Author')}
        style={{ width: 150 }}
        value={filters.authorId as string | undefined}
        onChange={(authorId?: string) => onChange({ authorId })}
        options={(users.data?.items ?? []).map((u) => ({ value: u.id, label: userLabel(u) }))}
        data-testid="report-filter-author"
      />
    ),
    period: ({ filters, onChange }) => (
      <DatePicker.RangePicker
        value={[filters.from ? dayjs(filters.from as string) : null, filters.to ? dayjs(filters.to as string) : null]}
        allowEmpty={[true, true]}
        onChange={(v) => onChange({ from: v?.[0]?.format('YYYY-MM-DD'), to: v?.[1]?.format('YYYY-MM-DD') })}
        placeholder={[LJ('Page:PeriodFilter'), LJ('Page:PeriodFilter')]}
        style={{ width: 240 }}
        data-testid="report-filter-dates"
      />
    ),
    unread: ({ filters, onChange }) => (
      <Checkbox
        checked={filters.unread === true}
        onChange={(e) => onChange({ unread: e.target.checked || undefined })}
        data-testid="report-filter-unread"
      >
        {LJ('Page:OnlyUnread')}
      </Checkbox>
    ),
  };

  return (
    <>
      <ListPage<Report>
        list={reportList}
        url={reportsUrl}
        testid="reports"
        title={LJ('Page:Title')}
        filterTabs={{ member: 'box', tabs: boxes }}
        // my own reports: no author to pick, none unread
        fixed={box === 'mine' ? { authorId: undefined, unread: undefined } : undefined}
        filterInputs={filterInputs}
        sortBy={{ period: 'periodStart' }}
        render={{
          category: (r) => <Tag color={categoryColor[r.category]}>{LJ(`Category:${r.category}`)}</Tag>,
          title: (r) => (
            <Space size={4}>
              {r.sentToMe && !r.myReadTime && <Badge status="processing" title={LJ('Page:Unread')} />}
              <Typography.Link onClick={() => open(r.id)} data-testid={`report-open-${r.period}`}>
                {r.title}
              </Typography.Link>
            </Space>
          ),
          authorLabel: (r) => userLabel(r.author),
          newCustomers: (r) => r.numbers.newCustomers,
          activities: (r) => r.numbers.activities,
          newBusinesses: (r) => r.numbers.newBusinesses,
          won: (r) => r.numbers.wonAmounts.map((m) => `${m.amount} ${m.currency}`).join(' / ') || '0',
          read: (r) => `${r.readCount}/${r.recipientCount}`,
        }}
        onCreate={() => setWriting({ report: null })}
        createPermission={`${P}.Create`}
        actionsWidth={120}
        rowActions={(r) => (
          <Space size={0}>
            <LinkButton onClick={() => open(r.id)}>{LJ('Page:Open')}</LinkButton>
            {box === 'mine' && (
              <Access permission={`${P}.Delete`}>
                <Popconfirm title={LJ('Page:ConfirmDelete')} onConfirm={() => remove(r)}>
                  <LinkButton danger data-testid={`report-delete-${r.period}`}>
                    {LJ('Page:Delete')}
                  </LinkButton>
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

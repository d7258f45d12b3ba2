import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { expectNotSent, fakeApiBeforeEach, refusal } from '../../../../lib/testing/fake-http.ts';
import { click, errorOf, expectErrorOf, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { quietUi, renderPage } from '../../../../lib/testing/render-page.tsx';
import type { Report, ReportDetail } from '../../api/reports.ts';
import JobReportPage from './index.tsx';

/** The job reports page, its report drawer and its writing form against a faked HTTP layer. */

const ui = quietUi();
const success = vi.mocked(ui.message.success);
const URL = '/api/crm/reports';
const R1 = '00000000-0000-4000-8000-0000000000r1';
const ME = '00000000-0000-4000-8000-0000000000a1';
const U2 = '00000000-0000-4000-8000-0000000000a2';

const numbers = {
  newCustomers: 3,
  activities: 7,
  newBusinesses: 2,
  wonAmounts: [{ currency: 'CNY', amount: '1200.50' }],
  wonCount: 1,
  computedAt: '2026-11-24T09:00:00Z',
};
const report = (over: Partial<Report> = {}): Report => ({
  id: R1,
  category: 1,
  period: '2026-11-24',
  startDate: '2026-11-24',
  endDate: '2026-11-24',
  title: '日报 2026-11-24',
  content: '拜访客户，整理报价。',
  plan: '跟进报价',
  problems: null,
  numbers,
  author: { id: U2, userName: 'liu.yang', name: 'Yang Liu' },
  recipientCount: 2,
  readCount: 1,
  commentCount: 1,
  myReadTime: null,
  sentToMe: true,
  creationTime: '2026-11-24T10:00:00Z',
  lastModificationTime: null,
  concurrencyStamp: 's1',
  ...over,
});
const detail = (over: Partial<ReportDetail> = {}): ReportDetail => ({
  ...report({ myReadTime: '2026-11-24T11:00:00Z' }),
  recipients: [
    { id: ME, userName: 'zhang.wei', name: 'Wei Zhang', readTime: '2026-11-24T11:00:00Z' },
    { id: 'u3', userName: 'chen.jing', name: 'Jing Chen', readTime: null },
  ],
  comments: [
    {
      id: 'c1',
      content: '收到，辛苦了',
      creationTime: '2026-11-24T11:05:00Z',
      author: { id: ME, userName: 'zhang.wei', name: 'Wei Zhang' },
      mine: true,
    },
  ],
  canEdit: false,
  canComment: true,
  ...over,
});

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 1, items: [report()] },
    [`GET ${URL}/recipients`]: {
      items: [
        { id: ME, userName: 'zhang.wei', name: 'Wei Zhang' },
        { id: U2, userName: 'liu.yang', name: 'Yang Liu' },
      ],
    },
    [`GET ${URL}/${R1}`]: detail(),
    [`GET ${URL}/numbers`]: {
      category: 1,
      period: '2026-11-24',
      startDate: '2026-11-24',
      endDate: '2026-11-24',
      start: '2026-11-23T16:00:00Z',
      end: '2026-11-24T16:00:00Z',
      timeZone: 'Asia/Shanghai',
      numbers,
    },
    [`POST ${URL}/${R1}/comments`]: {},
    [`POST ${URL}`]: detail({ id: 'r2', canEdit: true, sentToMe: false }),
  }),
  ['Crm.Reports', 'Crm.Reports.Create', 'Crm.Reports.Update', 'Crm.Reports.Delete', 'Crm.Reports.Comment'],
);

beforeEach(() => {
  success.mockReset();
  applyServerTexts('zh-Hans', {
    CrmReports: {
      'Category:1': '日报',
      'Category:2': '周报',
      'Page:Mine': '我的报告',
      'Page:Received': '我收到的',
      'Page:All': '全部报告',
      'Page:OnlyUnread': '只看未读',
      'Page:Read': '已读',
      'Page:Unread': '未读',
      'Page:PeriodOf': '周期：{0}（{1} 至 {2}）',
      'Page:Sent': '报告已提交',
      'Numbers:NewCustomers': '新增客户',
    },
  });
});

const renderReports = (at = '/crm/job-report') => renderPage(<JobReportPage />, { at, ui });

const lists = () => calls.filter((c) => c.key === `GET ${URL}`).map((c) => c.options.params as Record<string, unknown>);

describe('job reports page', () => {
  it('shows my reports first; the received tab filters unread; all only with ViewAll', async () => {
    renderReports();
    const table = await screen.findByTestId('reports');
    const row = (await within(table).findByTestId('report-open-2026-11-24')).closest('tr') as HTMLElement;
    expect(within(row).getByText('日报 2026-11-24')).toBeTruthy();
    expect(within(row).getByText('日报')).toBeTruthy();
    expect(within(row).getByText('Yang Liu')).toBeTruthy();
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(expect.arrayContaining(['3', '7', '2', '1200.50 CNY', '1/2']));
    expect(within(row).getByTestId('report-delete-2026-11-24')).toBeTruthy();
    // the page's list asks for my box by name (the unread badge asks for the received one)
    expect(lists().some((p) => p.box === 'mine' && p.skipCount === 0)).toBe(true);
    expect(screen.queryByTestId('report-tab-all')).toBeNull();
    // my own reports have no author to pick and none unread
    expect(screen.getByTestId('report-filter-category')).toBeTruthy();
    expect(screen.getAllByTestId('report-filter-dates').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('report-filter-author')).toBeNull();
    expect(screen.queryByTestId('report-filter-unread')).toBeNull();

    await click('report-tab-received');
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ box: 'received', skipCount: 0 }));
    expect(lists().at(-1)?.unread).toBeUndefined();
    expect(screen.getByTestId('report-filter-author')).toBeTruthy();
    expect(screen.queryByTestId('report-delete-2026-11-24')).toBeNull();
    await click('report-filter-unread');
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ box: 'received', unread: true, skipCount: 0 }));
    // back on my reports the unread filter is not sent
    await click('report-tab-mine');
    await waitFor(() => expect(lists().at(-1)?.box).toBe('mine'));
    expect(lists().at(-1)?.unread).toBeUndefined();
  });

  it('with ViewAll, the all tab lists everyone’s', async () => {
    useAbp.setState({ permissions: ['Crm.Reports', 'Crm.Customers.ViewAll'] });
    renderReports();
    await click('report-tab-all');
    await waitFor(() => expect(lists().some((p) => p.box === 'all')).toBe(true));
  });

  it('opens a report: numbers as tiles, read marks, comments; a comment is sent', async () => {
    renderReports(`/crm/job-report?id=${R1}`);
    const body = await screen.findByTestId('report-detail');
    expect(within(body).getByTestId('report-detail-content').textContent).toBe('拜访客户，整理报价。');
    expect(within(screen.getByTestId('report-numbers-newCustomers')).getByText('3')).toBeTruthy();
    expect(screen.getByTestId('report-numbers-won').textContent?.replace(/[,\s]/g, '')).toContain('1200.50CNY');
    expect(screen.getByTestId('report-recipient-zhang.wei').getAttribute('data-read')).toBe('true');
    expect(screen.getByTestId('report-recipient-chen.jing').getAttribute('data-read')).toBe('false');
    expect(within(screen.getByTestId('report-comments')).getByText('收到，辛苦了')).toBeTruthy();
    // not mine: no edit nor delete
    expect(screen.queryByTestId('report-edit')).toBeNull();
    await typeInto('report-comment-input', '下周一起拜访');
    await click('report-comment-send');
    await waitFor(() =>
      expect(calls.find((c) => c.key === `POST ${URL}/${R1}/comments`)?.options.json).toEqual({
        content: '下周一起拜访',
      }),
    );
  });

  it('writes a report: the period and numbers previewed, the content checked, the server’s refusal on its field', async () => {
    renderReports();
    await screen.findByTestId('reports');
    const create = await screen.findByRole('button', { name: /新建|create/i });
    await waitFor(() => create.click());
    const period = await screen.findByTestId('report-form-period');
    await waitFor(() => expect(period.textContent).toContain('周期：2026-11-24（2026-11-24 至 2026-11-24）'));
    expect(within(period).getByTestId('report-form-numbers-activities').textContent).toContain('7');
    const numbersCall = calls.find((c) => c.key === `GET ${URL}/numbers`)!;
    expect((numbersCall.options.params as { category: number }).category).toBe(1);

    // empty content: refused by the shared schema, nothing sent
    await submit('report-form-submit');
    expect(await errorOf('report-form-content')).toBeTruthy();
    expectNotSent(calls, `POST ${URL}`);

    answers[`POST ${URL}`] = refusal(URL, [{ message: '该周期（2026-11-24）已有你的同类报告。', members: ['date'] }]);
    await typeInto('report-form-content', '拜访客户');
    await submit('report-form-submit');
    await expectErrorOf('report-form-date', /已有你的同类报告/);

    answers[`POST ${URL}`] = detail({ id: 'r2', canEdit: true, sentToMe: false });
    answers[`GET ${URL}/r2`] = detail({ id: 'r2', canEdit: true, sentToMe: false });
    await submit('report-form-submit');
    await waitFor(() => expect(success).toHaveBeenCalledWith('报告已提交'));
    const sent = calls.filter((c) => c.key === `POST ${URL}`).at(-1)?.options.json as Record<string, unknown>;
    expect(sent).toMatchObject({ category: 1, content: '拜访客户', recipientIds: [] });
    expect(sent.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // the new report opens
    expect(await screen.findByTestId('report-edit')).toBeTruthy();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNotSent, fakeApiBeforeEach, lastBody, lastParams } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import { click, errorOf, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import { findRow } from '../../../../lib/testing/table.ts';
import type { Activity } from '../../api/activities.ts';
import CustomerTab from './CustomerTab.tsx';
import ActivityPage from './index.tsx';

/** The follow-up page (timeline and table) and a customer's follow-up tab against a faked HTTP layer. */

const U = '/api/crm/activities';
const C1 = '00000000-0000-4000-8000-0000000000c1';
const A1 = '00000000-0000-4000-8000-0000000000a1';
const CT = '00000000-0000-4000-8000-0000000000e1';
const visit: Activity = {
  id: A1,
  bizType: 'CUSTOMER',
  bizId: C1,
  bizName: '华信贸易',
  customerId: C1,
  customerName: '华信贸易',
  type: 'VISIT',
  content: '上门拜访，洽谈年度合作',
  nextTime: '2026-02-01T02:00:00Z',
  fileIds: [],
  creatorName: '张伟',
  ...audited('s1', '2026-01-20T03:00:00Z'),
};

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    'GET /api/crm/customers': { totalCount: 1, items: [{ id: C1, name: '华信贸易' }] },
    [`GET ${U}`]: { totalCount: 1, items: [visit] },
    [`POST ${U}`]: visit,
    [`DELETE ${U}/${A1}`]: undefined,
    [`GET /api/crm/customers/${C1}/contacts`]: { items: [{ id: CT, name: '王经理' }] },
    'GET /api/crm/businesses': { totalCount: 0, items: [] },
  }),
  ['Crm.Activities', 'Crm.Activities.Create', 'Crm.Activities.Update', 'Crm.Activities.Delete'],
);

chineseTextsBeforeEach({
  CrmActivities: {
    'Type:VISIT': '拜访',
    'Type:EMAIL': '邮件',
    NewActivity: '写跟进',
    NextTime: '下次联系时间',
    Mine: '我的跟进',
    Table: '列表',
    Empty: '暂无跟进记录',
    DeleteConfirm: '确定删除这条跟进记录吗？',
  },
});

describe('follow-up page', () => {
  it('shows the timeline and narrows it by type and my records; the table view lists the same', async () => {
    renderPage(<ActivityPage />);
    const item = await screen.findByTestId(`activity-${A1}`);
    expect(within(item).getByText('上门拜访，洽谈年度合作')).toBeTruthy();
    expect(within(item).getByText('拜访')).toBeTruthy();
    expect(within(item).getByText('张伟')).toBeTruthy();
    expect(screen.getByTestId(`activity-next-${A1}`).textContent).toContain('下次联系时间');

    await act(async () => {
      fireEvent.mouseDown(within(screen.getByTestId('activity-type')).getByRole('combobox'));
    });
    await act(async () => {
      fireEvent.click((await screen.findAllByTitle('邮件')).at(-1)!);
    });
    await waitFor(() => expect(lastParams(calls, `GET ${U}`).type).toBe('EMAIL'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('activity-mine'));
    });
    await waitFor(() =>
      expect(lastParams(calls, `GET ${U}`)).toMatchObject({ type: 'EMAIL', mine: 'true', skipCount: 0 }),
    );

    const before = calls.length;
    await act(async () => {
      fireEvent.click(screen.getByText('列表'));
    });
    const table = await screen.findByTestId('activity-table');
    // the toolbar's filters stay with the table, not drawn again in a bar of its own
    await waitFor(() =>
      expect(calls.slice(before).find((c) => c.key === `GET ${U}`)?.options.params).toMatchObject({
        type: 'EMAIL',
        mine: true,
      }),
    );
    expect(within(table).queryByTestId('activity-table-filters')).toBeNull();
    expect(within(table).getByTestId('activity-filters')).toBeTruthy();
    const row = await findRow(table, '上门拜访，洽谈年度合作');
    expect(within(row).getByText('拜访')).toBeTruthy();
    expect(within(row).getByText('张伟')).toBeTruthy();
    expect(within(row).getByTestId(`activity-edit-${A1}`)).toBeTruthy();
    expect(within(row).getByTestId(`activity-delete-${A1}`)).toBeTruthy();
  });

  it('shows the empty state', async () => {
    answers[`GET ${U}`] = { totalCount: 0, items: [] };
    renderPage(<ActivityPage />);
    expect(await screen.findByText('暂无跟进记录')).toBeTruthy();
  });

  it('writes a follow-up only once a customer is picked', async () => {
    renderPage(<ActivityPage />);
    await screen.findByTestId(`activity-${A1}`);
    await click('activity-create');
    await typeInto('activity-form-content', '电话沟通报价');
    await submit('activity-form-submit');
    await errorOf('activity-form-customer');
    expectNotSent(calls, `POST ${U}`);
  });
});

describe('a customer’s follow-up tab', () => {
  it('lists that customer’s records, writes one on it and deletes one after confirming', async () => {
    renderPage(<CustomerTab customerId={C1} />);
    await screen.findByTestId(`activity-${A1}`);
    expect(lastParams(calls, `GET ${U}`).customerId).toBe(C1);
    expect(screen.queryByTestId('activity-customer')).toBeNull();

    await click('activity-create');
    await typeInto('activity-form-content', '微信确认样品');
    await submit('activity-form-submit');
    await waitFor(() => expect(lastBody(calls, `POST ${U}`)).toBeTruthy());
    expect(lastBody(calls, `POST ${U}`)).toMatchObject({
      bizType: 'CUSTOMER',
      bizId: C1,
      type: 'CALL',
      content: '微信确认样品',
      nextTime: null,
      fileIds: [],
    });

    // on one of the customer's contacts
    await click('activity-create');
    await act(async () => {
      fireEvent.mouseDown(within(screen.getByTestId('activity-form-target')).getByRole('combobox'));
    });
    await act(async () => {
      fireEvent.click((await screen.findAllByTitle(/王经理/)).at(-1)!);
    });
    await typeInto('activity-form-content', '联系人电话');
    await submit('activity-form-submit');
    await waitFor(() => expect(lastBody(calls, `POST ${U}`)).toMatchObject({ bizType: 'CONTACT', bizId: CT }));

    await click(`activity-delete-${A1}`);
    expect(await screen.findByText('确定删除这条跟进记录吗？')).toBeTruthy();
    await act(async () => {
      fireEvent.click(
        screen.getAllByRole('button').find((b) => b.textContent?.match(/删\s*除|Delete/) && b.closest('.ant-popover'))!,
      );
    });
    await waitFor(() => expect(calls.some((c) => c.key === `DELETE ${U}/${A1}`)).toBe(true));
  });
});

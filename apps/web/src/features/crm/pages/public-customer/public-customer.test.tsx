import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { HttpError } from '../../../../lib/http/errors.ts';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { expectNotSent, fakeApiBeforeEach } from '../../../../lib/testing/fake-http.ts';
import { click, submit } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import type { PoolCustomer } from '../../api/pool.ts';
import PublicCustomerPage from './index.tsx';

/** The public pool page against a faked HTTP layer. */

const success = vi.fn();
const info = vi.fn();
const ui = { message: { success, info }, notification: {} } as never;
const URL = '/api/crm/pool';
const C1 = '00000000-0000-4000-8000-0000000000c1';
const C2 = '00000000-0000-4000-8000-0000000000c2';
const U1 = '00000000-0000-4000-8000-0000000000a1';

const customer = (over: Partial<PoolCustomer>): PoolCustomer => ({
  id: C1,
  name: '深圳星河贸易',
  level: 1,
  industry: null,
  source: null,
  mobile: '13800000001',
  telephone: null,
  email: null,
  country: 'CN',
  dealStatus: false,
  contactLastTime: null,
  contactLastContent: null,
  poolTime: '2026-01-02T03:04:05Z',
  poolReasonKind: 'NO_FOLLOW_UP',
  poolReason: '公海规则：超期未跟进',
  previousOwnerId: U1,
  previousOwnerName: '张伟',
  creationTime: '2025-12-01T00:00:00Z',
  ...over,
});

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}/customers`]: {
      totalCount: 2,
      items: [
        customer({}),
        customer({
          id: C2,
          name: '杭州云帆',
          poolReasonKind: 'PUT_BACK',
          poolReason: '客户暂无需求',
          previousOwnerName: '刘洋',
        }),
      ],
    },
    [`GET ${URL}/config`]: {
      enabled: true,
      contactExpireDays: 30,
      dealExpireDays: 90,
      notifyEnabled: true,
      notifyDays: 3,
      lastRunTime: null,
      lastReturnedCount: null,
      concurrencyStamp: 's1',
    },
    [`GET ${URL}/users`]: { items: [{ id: U1, userName: 'zhang.wei', name: '张伟' }] },
    [`GET ${URL}/limits`]: {
      totalCount: 1,
      items: [
        {
          id: 'l1',
          type: 'OWNER',
          userIds: [U1],
          organizationUnitIds: [],
          users: [{ id: U1, userName: 'zhang.wei', name: '张伟' }],
          organizationUnits: [],
          maxCount: 200,
          dealCountEnabled: false,
          creationTime: '2026-01-01T00:00:00Z',
          concurrencyStamp: 'l1s',
        },
      ],
    },
    [`GET ${URL}/organization-units`]: { items: [] },
    [`POST ${URL}/claim`]: { count: 1 },
    [`POST ${URL}/auto-return`]: { enabled: true, returned: 7, reminded: 2 },
  }),
  ['Crm.Pool', 'Crm.Pool.Claim'],
);

beforeEach(() => {
  success.mockReset();
  info.mockReset();
  applyServerTexts('zh-Hans', {
    CrmPool: {
      'Page:Claim': '领取',
      'Page:RunNow': '立即执行回收',
      'Page:RunResult': '已回收 {0} 个客户，提醒 {1} 位负责人',
      'Page:Claimed': '已领取 {0} 个客户',
      'ReasonKind:NO_FOLLOW_UP': '超期未跟进',
      'ReasonKind:PUT_BACK': '手动放入',
      'Page:RuleSummary': '客户超过 {0} 天未跟进或 {1} 天未成交将自动掉入公海。',
    },
  });
});

const sent = (key: string) => calls.filter((c) => c.key === key).at(-1)?.options;

describe('public pool page', () => {
  it('lists the pool with pool time, reason and previous owner, and the rule; claims one after confirming', async () => {
    renderPage(<PublicCustomerPage />, { ui });
    const table = await screen.findByTestId('pool-customers');
    expect(await within(table).findByText('深圳星河贸易')).toBeTruthy();
    expect(within(table).getByText('超期未跟进')).toBeTruthy();
    expect(within(table).getByText('客户暂无需求')).toBeTruthy();
    expect(within(table).getByText('张伟')).toBeTruthy();
    expect(within(table).getByText('刘洋')).toBeTruthy();
    expect((await screen.findByTestId('pool-rule-summary')).textContent).toContain('30 天未跟进或 90 天未成交');
    // no settings, no assign without their permissions
    expect(screen.queryByTestId('pool-settings')).toBeNull();
    expect(screen.queryByTestId(`pool-assign-${C1}`)).toBeNull();

    await click(`pool-claim-${C1}`);
    expectNotSent(calls, `POST ${URL}/claim`);
    await click(`pool-claim-ok-${C1}`);
    await waitFor(() => expect(sent(`POST ${URL}/claim`)?.json).toEqual({ ids: [C1] }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('已领取 1 个客户'));
  });

  it('shows a limit refusal in a dialog, with the server’s words', async () => {
    answers[`POST ${URL}/claim`] = new HttpError(
      403,
      {
        error: {
          code: 'CrmPool::OwnerLimitReached',
          message: '已达到拥有客户数上限：当前 200 个，再增加 2 个将超过上限 200 个。',
        },
      },
      `${URL}/claim`,
      'limit',
    );
    renderPage(<PublicCustomerPage />, { ui });
    const table = await screen.findByTestId('pool-customers');
    await within(table).findByText('深圳星河贸易');
    // select both rows, then claim the selection
    const box = (name: string) =>
      within(table).getByText(name).closest('tr')?.querySelector('input[type="checkbox"]') as HTMLElement;
    for (const name of ['深圳星河贸易', '杭州云帆']) {
      await act(async () => {
        fireEvent.click(box(name));
      });
    }
    await waitFor(() => expect((screen.getByTestId('pool-claim-selected') as HTMLButtonElement).disabled).toBe(false));
    await click('pool-claim-selected');
    await submit('pool-claim-selected-ok');
    await waitFor(() => expect(sent(`POST ${URL}/claim`)?.json).toEqual({ ids: [C1, C2] }));
    expect((await screen.findByTestId('pool-limit-error')).textContent).toContain('超过上限 200 个');
  });

  it('offers the settings drawer and runs the rule now for Crm.Pool.Settings holders', async () => {
    useAbp.setState({ permissions: ['Crm.Pool', 'Crm.Pool.Claim', 'Crm.Pool.Assign', 'Crm.Pool.Settings'] });
    renderPage(<PublicCustomerPage />, { ui });
    await screen.findByTestId('pool-customers');
    expect(await screen.findByTestId(`pool-assign-${C1}`)).toBeTruthy();
    await click('pool-run-now');
    await submit('pool-run-ok');
    await waitFor(() => expect(success).toHaveBeenCalledWith('已回收 7 个客户，提醒 2 位负责人'));

    await click('pool-settings');
    const limits = await screen.findByTestId('pool-limits');
    expect(await within(limits).findByText('张伟')).toBeTruthy();
    expect(within(limits).getByText('200')).toBeTruthy();
    answers[`PUT ${URL}/config`] = {};
    await submit('pool-config-save');
    await waitFor(() => expect(calls.some((c) => c.key === `PUT ${URL}/config`)).toBe(true));
    expect(sent(`PUT ${URL}/config`)?.json).toMatchObject({
      enabled: true,
      contactExpireDays: 30,
      dealExpireDays: 90,
      notifyDays: 3,
      concurrencyStamp: 's1',
    });
  });
});

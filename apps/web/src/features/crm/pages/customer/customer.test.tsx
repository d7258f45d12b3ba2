import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { expectNotSent, fakeApiBeforeEach } from '../../../../lib/testing/fake-http.ts';
import { click, submit, typeInto, upload } from '../../../../lib/testing/form-events.ts';
import { quietUi, renderRoutes } from '../../../../lib/testing/render-page.tsx';
import { findRow } from '../../../../lib/testing/table.ts';
import type { Customer, CustomerRow } from '../../api/customers.ts';
import CustomersPage from './index.tsx';

/** The customer list and its detail drawer against a faked HTTP layer (the contract's shapes). */

const ui = quietUi();
const success = vi.mocked(ui.message.success);
const URL = '/api/crm/customers';
const ME = '11111111-1111-4111-8111-111111111111';
const LIU = '22222222-2222-4222-8222-222222222222';

const row: CustomerRow = {
  id: 'c1',
  name: '深圳华信贸易有限公司',
  mobile: '13800001111',
  telephone: null,
  email: 'buyer@huaxin.cn',
  country: 'CN',
  industry: 1,
  level: 1,
  source: 4,
  ownerUserId: ME,
  ownerName: 'Zhang Wei',
  ownerTime: '2026-10-01T02:00:00Z',
  tags: [{ id: 't1', name: 'VIP', color: 'gold' }],
  followUpStatus: true,
  contactLastTime: '2026-11-01T02:00:00Z',
  contactLastContent: '电话沟通',
  contactNextTime: null,
  lockStatus: true,
  dealStatus: false,
  creationTime: '2026-09-01T02:00:00Z',
};
const detail = (over: Partial<Customer> = {}): Customer => ({
  ...row,
  qq: null,
  wechat: 'wx_huaxin',
  detailAddress: '深圳市南山区',
  remark: null,
  poolTime: null,
  poolReason: null,
  creatorId: ME,
  creatorName: 'Zhang Wei',
  concurrencyStamp: 's1',
  members: [],
  contacts: [],
  ownerRecords: [
    {
      id: 'r1',
      kind: 'CREATE',
      fromUserId: null,
      fromName: null,
      toUserId: ME,
      toName: 'Zhang Wei',
      byUserId: ME,
      byName: 'Zhang Wei',
      reason: null,
      time: '2026-09-01T02:00:00Z',
    },
  ],
  access: { write: true, owner: true },
  ...over,
});

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 1, items: [row] },
    [`GET ${URL}/tags`]: { items: [{ id: 't1', name: 'VIP', color: 'gold' }] },
    [`GET ${URL}/users`]: {
      items: [
        { id: ME, userName: 'zhang.wei', name: 'Zhang Wei' },
        { id: LIU, userName: 'liu.yang', name: 'Liu Yang' },
      ],
    },
    [`GET ${URL}/c1`]: detail(),
    [`GET ${URL}/c1/contacts`]: { items: [] },
    [`POST ${URL}/c1/deal`]: detail({ dealStatus: true }),
    [`POST ${URL}/c1/transfer`]: detail({
      ownerUserId: LIU,
      ownerName: 'Liu Yang',
      access: { write: true, owner: false },
    }),
    [`POST ${URL}/c1/members`]: detail({
      members: [
        { userId: LIU, userName: 'liu.yang', name: 'Liu Yang', level: 3, creationTime: '2026-11-20T00:00:00Z' },
      ],
    }),
    [`DELETE ${URL}/c1`]: undefined,
  }),
  [
    'Crm.Customers',
    'Crm.Customers.Create',
    'Crm.Customers.Update',
    'Crm.Customers.Delete',
    'Crm.Customers.Import',
    'Crm.Customers.Export',
    'Crm.Customers.Transfer',
    'Crm.Customers.Lock',
    'Crm.Customers.Team',
    'Crm.Pool.PutBack',
  ],
  (key, options) => {
    // the other areas' tabs read their own lists
    if ((options.method ?? 'GET') === 'GET') return { totalCount: 0, items: [] };
    throw new Error(`unexpected ${key}`);
  },
);

beforeEach(() => {
  success.mockClear();
  applyServerTexts('zh-Hans', {
    CrmCustomers: {
      'Scope:mine': '我负责的',
      'Scope:team': '我参与的',
      'Scope:all': '全部客户',
      'Level:1': 'A 重点客户',
      'Level:2': 'B 普通客户',
      Scope: '范围',
      Locked: '锁定',
      Dealt: '成交',
      Transfer: '转移',
      Transferred: '已转移',
      MarkDealt: '标记成交',
      Saved: '已保存',
      Deleted: '已删除',
      ConfirmDelete: '确定删除客户 {0}?',
      'Kind:CREATE': '创建',
      ImportFailed: '未导入:共 {0} 处错误。',
      'MemberLevel:3': '读写',
    },
  });
});

const EditingStub = () => <div data-testid="editing-page" />;

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/crm/customer', Component: CustomersPage },
      { path: '/crm/customer-editing', Component: EditingStub },
    ],
    path,
    { ui },
  );

const lastList = () => calls.filter((c) => c.key === `GET ${URL}`).at(-1)?.options.params;
const pickOption = async (testid: string, title: string) => {
  const select = await screen.findByTestId(testid);
  await act(async () => {
    fireEvent.mouseDown(within(select).getByRole('combobox'));
  });
  await click(await screen.findByTitle(title));
};

describe('customer page', () => {
  it('lists customers with tags, owner, level and badges, by scope and filters kept in the URL', async () => {
    const router = renderAt('/crm/customer?scope=mine');
    const table = await screen.findByTestId('crm-customers');
    const tr = await findRow(table, '深圳华信贸易有限公司');
    expect(within(tr).getByText('VIP')).toBeTruthy();
    expect(within(tr).getByText('Zhang Wei')).toBeTruthy();
    expect(within(tr).getByText('A 重点客户')).toBeTruthy();
    expect(within(tr).getByTestId('customer-locked')).toBeTruthy();
    expect(within(tr).queryByTestId('customer-dealt')).toBeNull();
    expect(lastList()).toMatchObject({ scope: 'mine' });

    await pickOption('crm-customers-filter-scope', '我参与的');
    await waitFor(() => expect(lastList()).toMatchObject({ scope: 'team' }));
    await pickOption('crm-customers-filter-level', 'B 普通客户');
    await waitFor(() => expect(lastList()).toMatchObject({ scope: 'team', level: '2' }));
    expect(new URLSearchParams(router.state.location.search).get('level')).toBe('2');
    await pickOption('crm-customers-filter-lockStatus', '是');
    await waitFor(() => expect(lastList()).toMatchObject({ lockStatus: true }));
    await click(within(screen.getByTestId('crm-customers-filters')).getByText(/^(Reset|重 ?置)$/));
    await waitFor(() => expect(lastList()?.level).toBeUndefined());
  });

  it('opens the detail from a row, with its tabs and owner trail, and marks it dealt', async () => {
    const router = renderAt('/crm/customer');
    await click(await screen.findByTestId('customer-open-c1'));
    const drawer = await screen.findByTestId('customer-detail');
    expect(router.state.location.search).toBe('?id=c1');
    expect(within(drawer).getByText('wx_huaxin')).toBeTruthy();
    for (const tab of ['contacts', 'team', 'trail', 'CrmActivity', 'CrmBusiness', 'CrmOrder', 'CrmAddress']) {
      expect(within(drawer).getByTestId(`customer-tab-${tab}`)).toBeTruthy();
    }
    await click(within(drawer).getByTestId('customer-tab-trail'));
    expect((await screen.findByTestId('customer-owner-trail')).textContent).toContain('创建');

    answers[`GET ${URL}/c1`] = answers[`POST ${URL}/c1/deal`];
    await click(within(drawer).getByTestId('customer-deal'));
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}/c1/deal`)).toBe(true));
    await waitFor(() => expect(success).toHaveBeenCalledWith('已保存'));
    expect(await screen.findByTestId('customer-undeal')).toBeTruthy();
  });

  it('transfers to another user keeping the old owner as a write member', async () => {
    renderAt('/crm/customer?id=c1');
    await screen.findByTestId('customer-detail');
    await click(screen.getByTestId('customer-transfer'));
    answers[`GET ${URL}/c1`] = answers[`POST ${URL}/c1/transfer`];
    await pickOption('customer-transfer-user', 'Liu Yang (liu.yang)');
    await click(screen.getByText('读写'));
    await submit('customer-transfer-ok');
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}/c1/transfer`)).toBe(true));
    expect(calls.find((c) => c.key === `POST ${URL}/c1/transfer`)?.options.json).toEqual({
      toUserId: LIU,
      keepOldOwnerLevel: 3,
    });
    expect(success).toHaveBeenCalledWith('已转移');
    // no longer the owner: no transfer, no delete
    await waitFor(() => expect(screen.queryByTestId('customer-transfer')).toBeNull());
    expect(screen.queryByTestId('customer-delete')).toBeNull();
  });

  it('adds a team member from the team tab', async () => {
    renderAt('/crm/customer?id=c1');
    await screen.findByTestId('customer-detail');
    await click(screen.getByTestId('customer-tab-team'));
    await pickOption('member-user', 'Liu Yang (liu.yang)');
    await pickOption('member-level', '读写');
    answers[`GET ${URL}/c1`] = answers[`POST ${URL}/c1/members`];
    await click(screen.getByTestId('member-add'));
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}/c1/members`)).toBe(true));
    expect(calls.find((c) => c.key === `POST ${URL}/c1/members`)?.options.json).toEqual({ userId: LIU, level: 3 });
    expect(await within(screen.getByTestId('team-table')).findByText('Liu Yang')).toBeTruthy();
  });

  it('deletes only after confirming; edit goes to the editing page', async () => {
    const router = renderAt('/crm/customer?id=c1');
    await screen.findByTestId('customer-detail');
    await click(screen.getByTestId('customer-delete'));
    expect(await screen.findByText('确定删除客户 深圳华信贸易有限公司?')).toBeTruthy();
    expectNotSent(calls, `DELETE ${URL}/c1`);
    await submit('customer-delete-ok');
    await waitFor(() => expect(calls.some((c) => c.key === `DELETE ${URL}/c1`)).toBe(true));
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await act(async () => {
      await router.navigate('/crm/customer?id=c1');
    });
    await click(await screen.findByTestId('customer-edit'));
    expect(await screen.findByTestId('editing-page')).toBeTruthy();
    expect(router.state.location.search).toBe('?id=c1');
  });

  it('hides what a read member may not do', async () => {
    answers[`GET ${URL}/c1`] = detail({ access: { write: false, owner: false } });
    renderAt('/crm/customer?id=c1');
    await screen.findByTestId('customer-detail');
    for (const id of ['customer-edit', 'customer-transfer', 'customer-deal', 'customer-lock', 'customer-delete']) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
  });

  it("locks through the pool's call and puts back after asking why", async () => {
    answers[`GET ${URL}/c1`] = detail({ lockStatus: false });
    answers[`POST ${URL}/c1/lock`] = { id: 'c1', ownerUserId: ME, lockStatus: true, poolTime: null, poolReason: null };
    answers[`POST ${URL}/c1/put-back`] = {
      id: 'c1',
      ownerUserId: null,
      lockStatus: false,
      poolTime: null,
      poolReason: '无需求',
    };
    renderAt('/crm/customer?id=c1');
    await screen.findByTestId('customer-detail');
    await click(screen.getByTestId('customer-put-back'));
    const ok = (await screen.findByTestId('customer-put-back-ok')) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    await typeInto('customer-put-back-reason', '无需求');
    await submit('customer-put-back-ok');
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}/c1/put-back`)).toBe(true));
    expect(calls.find((c) => c.key === `POST ${URL}/c1/put-back`)?.options.json).toEqual({ reason: '无需求' });

    answers[`GET ${URL}/c1`] = detail({ lockStatus: true });
    await click(screen.getByTestId('customer-lock'));
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}/c1/lock`)).toBe(true));
    expect(await screen.findByTestId('customer-unlock')).toBeTruthy();
    // a locked customer is not put back
    expect(screen.queryByTestId('customer-put-back')).toBeNull();
  });

  it('imports a sheet and lists the rows refused', async () => {
    answers[`POST ${URL}/import`] = {
      created: 0,
      errors: [
        { row: 3, field: 'name', column: '客户名称', message: '字段 客户名称 不可为空。' },
        { row: 4, field: 'level', column: '客户级别', message: '请为“客户级别”选择给出的选项之一。' },
      ],
    };
    renderAt('/crm/customer');
    await click(await screen.findByTestId('customers-import'));
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['xlsx'], 'customers.xlsx');
    await upload(input, [file]);
    const report = await screen.findByTestId('customers-import-errors');
    expect(within(report).getByText('字段 客户名称 不可为空。')).toBeTruthy();
    expect(screen.getByText('未导入:共 2 处错误。')).toBeTruthy();
    expect(calls.find((c) => c.key === `POST ${URL}/import`)?.options.multipart?.get('file')).toBeInstanceOf(File);
  });
});

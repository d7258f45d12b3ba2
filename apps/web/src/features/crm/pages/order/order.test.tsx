import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { expectNotSent, fakeApiBeforeEach, refusal, sentBody } from '../../../../lib/testing/fake-http.ts';
import { click, pick, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { quietUi, renderPage } from '../../../../lib/testing/render-page.tsx';
import { findRow } from '../../../../lib/testing/table.ts';
import type { CrmOrder, CrmOrderRow } from '../../api/orders.ts';
import CustomerTab from './CustomerTab.tsx';
import CrmOrdersPage from './index.tsx';

/** The order tracking page against a faked HTTP layer (the contract's shapes). */

const ui = quietUi();
const success = vi.mocked(ui.message.success);
const URL = '/api/crm/orders';
const C1 = '0f8fad5b-d9cb-469f-a165-70867728950e';

const row: CrmOrderRow = {
  id: 'o1',
  orderNo: 'CO260105AB12CD',
  customerId: C1,
  customerName: '星辰贸易',
  source: 'STOREFRONT',
  status: 'Processing',
  amount: '12345.60',
  currency: 'USD',
  orderedAt: '2026-01-05T03:00:00Z',
  remark: null,
  tradeOrderId: null,
  creationTime: '2026-01-05T03:00:00Z',
};
const detail = (over: Partial<CrmOrder> = {}): CrmOrder => ({
  ...row,
  tradeOrder: null,
  nextStatuses: ['Shipped', 'Cancel'],
  canEdit: true,
  history: [
    {
      id: 'h1',
      fromStatus: null,
      toStatus: 'Pending',
      remark: null,
      byUserId: 'u1',
      byUserName: 'Zhang Wei',
      time: '2026-01-05T03:00:00Z',
    },
    {
      id: 'h2',
      fromStatus: 'Pending',
      toStatus: 'Processing',
      remark: '已付款',
      byUserId: 'u1',
      byUserName: 'Zhang Wei',
      time: '2026-01-05T05:00:00Z',
    },
  ],
  ...over,
});

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 1, items: [row] },
    [`GET ${URL}/customer-options`]: { items: [{ id: C1, name: '星辰贸易' }] },
    [`GET ${URL}/trade-order-options`]: { items: [] },
    [`GET ${URL}/o1`]: detail(),
    [`POST ${URL}/o1/status`]: detail({ status: 'Shipped', nextStatuses: ['Delivered', 'Refunded'] }),
  }),
  ['Crm.Orders', 'Crm.Orders.Create', 'Crm.Orders.Update'],
);

beforeEach(() => {
  success.mockClear();
  applyServerTexts('zh-Hans', {
    CrmOrders: {
      OrderNo: '订单号',
      'Status:Pending': '待处理',
      'Status:Processing': '处理中',
      'Status:Shipped': '已发货',
      'Status:Cancel': '已取消',
      'Status:Delivered': '已送达',
      'Source:STOREFRONT': '独立站',
      Money: '请输入最多两位小数的金额。',
      NewOrder: '新建订单',
      NoNextStatus: '该订单已是最终状态,不能再变更。',
    },
  });
});

function renderIt(node: React.ReactNode) {
  renderPage(node, { ui });
}

describe('order tracking page', () => {
  it('lists orders with status, source and amount, and filters by status', async () => {
    renderIt(<CrmOrdersPage />);
    const table = await screen.findByTestId('crm-orders');
    const tr = await findRow(table, 'CO260105AB12CD');
    expect(within(tr).getByText('12,345.60 USD')).toBeTruthy();
    expect(within(tr).getByText('处理中')).toBeTruthy();
    expect(within(tr).getByText('独立站')).toBeTruthy();
    await pick(screen.getByTestId('crm-orders-filter-status'), '已发货');
    await waitFor(() =>
      expect(calls.some((c) => c.key === `GET ${URL}` && c.options.params?.status === 'Shipped')).toBe(true),
    );
  });

  it('opens an order with its history and changes its status to an allowed next one', async () => {
    renderIt(<CrmOrdersPage />);
    await click(await screen.findByTestId('crm-order-open-CO260105AB12CD'));
    const drawer = await screen.findByTestId('crm-order-detail');
    const history = within(drawer).getByTestId('crm-order-history');
    expect(within(history).getByText('待处理 → 处理中')).toBeTruthy();
    expect(within(history).getByText(/已付款/)).toBeTruthy();
    const select = within(drawer).getByTestId('crm-order-status');
    await act(async () => {
      fireEvent.mouseDown(within(select).getByRole('combobox'));
    });
    // only what the table allows from Processing
    expect(await screen.findByTitle('已发货')).toBeTruthy();
    expect(screen.getByTitle('已取消')).toBeTruthy();
    expect(screen.queryByTitle('已送达')).toBeNull();
    await click(screen.getByTitle('已发货'));
    await typeInto(await screen.findByTestId('crm-order-status-remark'), '顺丰 SF123');
    answers[`GET ${URL}/o1`] = answers[`POST ${URL}/o1/status`];
    await submit('crm-order-status-ok');
    expect(await sentBody(calls, `POST ${URL}/o1/status`)).toEqual({
      status: 'Shipped',
      remark: '顺丰 SF123',
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('已发货'));
  });

  it('says a final order no longer changes, and hides changes without the permission', async () => {
    answers[`GET ${URL}/o1`] = detail({ status: 'Cancel', nextStatuses: [] });
    renderIt(<CrmOrdersPage />);
    await click(await screen.findByTestId('crm-order-open-CO260105AB12CD'));
    expect(await screen.findByText('该订单已是最终状态,不能再变更。')).toBeTruthy();
    cleanup();
    useAbp.setState({ permissions: ['Crm.Orders'] });
    answers[`GET ${URL}/o1`] = detail();
    renderIt(<CrmOrdersPage />);
    await click(await screen.findByTestId('crm-order-open-CO260105AB12CD'));
    await screen.findByTestId('crm-order-detail');
    expect(screen.queryByTestId('crm-order-status')).toBeNull();
    expect(screen.queryByTestId('crm-order-edit')).toBeNull();
  });

  it('creates an order: the form checks the amount with the shared schema, then shows the server’s refusal on its field', async () => {
    answers[`POST ${URL}`] = refusal(URL, [{ message: '订单号 X-1 已存在。', members: ['orderNo'] }]);
    renderIt(<CrmOrdersPage />);
    await screen.findByText('CO260105AB12CD');
    await click(screen.getByRole('button', { name: /(新建|New)$/ }));
    const form = await screen.findByTestId('crm-order-form');
    await pick(within(form).getByTestId('crm-order-form-customer'), '星辰贸易');
    await typeInto(within(form).getByTestId('crm-order-form-amount'), '1.234');
    await submit('crm-order-form-submit');
    await waitFor(() => expect(within(form).getByText('请输入最多两位小数的金额。')).toBeTruthy());
    expectNotSent(calls, `POST ${URL}`);
    await typeInto(within(form).getByTestId('crm-order-form-amount'), '99.5');
    await typeInto(within(form).getByTestId('crm-order-form-no'), 'X-1');
    await submit('crm-order-form-submit');
    expect(await sentBody(calls, `POST ${URL}`)).toMatchObject({
      customerId: C1,
      orderNo: 'X-1',
      amount: '99.5',
      currency: 'CNY',
      source: 'MANUAL',
    });
    expect(await within(form).findByText('订单号 X-1 已存在。')).toBeTruthy();
  });

  it('a customer’s tab lists its orders', async () => {
    renderIt(<CustomerTab customerId={C1} />);
    expect(await screen.findByText('CO260105AB12CD')).toBeTruthy();
    expect(calls.find((c) => c.key === `GET ${URL}`)?.options.params?.customerId).toBe(C1);
  });
});

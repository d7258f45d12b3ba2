import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { fakeApiBeforeEach, sentBody } from '../../../../lib/testing/fake-http.ts';
import { click, pick, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { quietUi, renderPage } from '../../../../lib/testing/render-page.tsx';
import { findRow } from '../../../../lib/testing/table.ts';
import type { SalesOrder, SalesOrderRow } from '../../api/orders.ts';
import SalesOrdersPage from './index.tsx';

/** The sales orders page against a faked HTTP layer (the contract's shapes). */

const ui = quietUi();
const success = vi.mocked(ui.message.success);
const URL = '/api/trade/orders';
const V1 = '0f8fad5b-d9cb-469f-a165-70867728950e';

const row: SalesOrderRow = {
  id: 'o1',
  orderNo: 'LZ400000000000123',
  source: 'MARKETPLACE',
  platform: 'LAZADA',
  shopId: 's1',
  shopName: 'Lazada 演示店铺 (MY)',
  platformOrderId: '400000000000123',
  platformStatus: 'unpaid',
  status: 'Pending',
  currency: 'MYR',
  total: '45.00',
  buyerName: 'Aisyah Rahman',
  countryCode: 'MY',
  hasUnmatched: true,
  orderedAt: '2026-01-05T03:00:00Z',
};
const detail = (over: Partial<SalesOrder> = {}): SalesOrder => ({
  ...row,
  goodsAmount: '40.00',
  shippingFee: '5.00',
  discount: '0.00',
  buyerEmail: null,
  address: {
    name: 'Aisyah',
    phone: '60123',
    line1: '1 Jalan Demo',
    line2: null,
    city: 'Kuala Lumpur',
    state: null,
    postCode: '50000',
    countryCode: 'MY',
  },
  paymentMethod: 'COD',
  paidAt: null,
  platformUpdatedAt: null,
  warehouseId: null,
  remark: null,
  actions: ['markPaid', 'confirm', 'cancel'],
  concurrencyStamp: 'x',
  lines: [
    {
      id: 'l1',
      lineNo: 1,
      platformItemId: '1',
      platformLineId: '1',
      sellerSku: 'SHIRT-RED-M',
      variantId: 'v1',
      sku: 'SHIRT-RED-M',
      name: 'Shirt red M',
      quantity: 2,
      unitPrice: '20.00',
      amount: '40.00',
      reservedQty: 0,
      shippedQty: 0,
    },
    {
      id: 'l2',
      lineNo: 2,
      platformItemId: '2',
      platformLineId: '2',
      sellerSku: 'UNKNOWN-1',
      variantId: null,
      sku: null,
      name: 'Something',
      quantity: 1,
      unitPrice: '0.00',
      amount: '0.00',
      reservedQty: 0,
      shippedQty: 0,
    },
  ],
  events: [
    {
      id: 'e1',
      time: '2026-01-05T03:00:00Z',
      event: 'Pulled',
      fromStatus: null,
      toStatus: 'Pending',
      message: 'unpaid',
      actorId: null,
    },
  ],
  ...over,
});

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 1, items: [row] },
    [`GET ${URL}/counts`]: { total: 7, counts: { Pending: 3, Processing: 4 } },
    [`GET ${URL}/shops`]: { items: [{ id: 's1', name: 'Lazada 演示店铺 (MY)', platform: 'LAZADA', authorized: true }] },
    [`GET ${URL}/o1`]: detail(),
    [`GET ${URL}/variant-options`]: {
      items: [{ id: 'v2', sku: 'SHIRT-BLUE-L', name: 'Shirt blue L', price: '21.00', currency: 'MYR' }],
    },
    [`PUT ${URL}/o1/lines/l2/match`]: detail({
      hasUnmatched: false,
      lines: detail().lines.map((l) => (l.id === 'l2' ? { ...l, variantId: 'v2', sku: 'SHIRT-BLUE-L' } : l)),
    }),
    [`POST ${URL}/o1/confirm`]: detail({
      status: 'Processing',
      actions: ['pack', 'cancel'],
      hasUnmatched: false,
      lines: detail().lines.map((l) => ({ ...l, variantId: l.variantId ?? 'v2', reservedQty: l.quantity })),
    }),
    [`POST ${URL}/o1/cancel`]: detail({ status: 'Cancel', actions: [] }),
    [`POST ${URL}/pull`]: { jobId: 'j1' },
    [`GET ${URL}/pull/j1`]: {
      jobId: 'j1',
      state: 'completed',
      result: { shops: 1, created: 2, updated: 1, unchanged: 0, failed: [] },
    },
  }),
  [
    'Trade.Orders',
    'Trade.Orders.Create',
    'Trade.Orders.Update',
    'Trade.Orders.Confirm',
    'Trade.Orders.Cancel',
    'Trade.Orders.Pull',
    'Trade.Orders.Export',
  ],
);

beforeEach(() => {
  success.mockClear();
  applyServerTexts('zh-Hans', {
    SalesOrders: {
      OrderNo: '订单号',
      All: '全部',
      'Status:Pending': '待处理',
      'Status:Processing': '处理中',
      'Status:Cancel': '已取消',
      'Action:confirm': '确认',
      'Action:cancel': '取消',
      'Action:markPaid': '标记付款',
      Unmatched: 'SKU 未配对',
      MapSku: '配对 SKU',
      PullOrders: '拉取订单',
      PullDone: '拉取完成:新增 {0},更新 {1},未变 {2}。',
      ConfirmCancel: '确定取消该订单?已占用的库存将被释放。',
      'Event:Pulled': '从平台拉取',
    },
  });
});

describe('sales orders page', () => {
  it('shows the tabs with their counts and the orders', async () => {
    renderPage(<SalesOrdersPage />, { ui });
    expect(await screen.findByText('全部 (7)')).toBeTruthy();
    expect(screen.getByText('待处理 (3)')).toBeTruthy();
    expect(screen.getByText('处理中 (4)')).toBeTruthy();
    const table = await screen.findByTestId('sales-orders');
    const tr = await findRow(table, 'LZ400000000000123');
    expect(within(tr).getByText('45.00 MYR')).toBeTruthy();
    expect(within(tr).getByText('SKU 未配对')).toBeTruthy();
    expect(within(tr).getByText('待处理')).toBeTruthy();
    await click(screen.getByTestId('sales-orders-tab-Processing'));
    await waitFor(() =>
      expect(calls.some((c) => c.key === `GET ${URL}` && c.options.params?.status === 'Processing')).toBe(true),
    );
  });

  it('opens an order, maps its unmatched SKU and confirms it (stock reserved)', async () => {
    renderPage(<SalesOrdersPage />, { ui });
    await click(await screen.findByTestId('order-open-LZ400000000000123'));
    const drawer = await screen.findByTestId('order-detail');
    expect(within(drawer).getByText('45.00 MYR')).toBeTruthy();
    expect(within(drawer).getByText(/从平台拉取/)).toBeTruthy();
    expect(within(drawer).getByTestId('order-action-markPaid')).toBeTruthy();
    await click(within(drawer).getByTestId('order-map-2'));
    await pick(await screen.findByTestId('order-map-variant'), 'SHIRT-BLUE-L · Shirt blue L');
    await submit('order-map-ok');
    expect(await sentBody(calls, `PUT ${URL}/o1/lines/l2/match`)).toEqual({ variantId: 'v2' });

    // the server's answer after confirming (the page reads the order again)
    answers[`GET ${URL}/o1`] = answers[`POST ${URL}/o1/confirm`];
    await click(screen.getByTestId('order-action-confirm'));
    await waitFor(() => expect(screen.getByTestId('order-line-reserved-1').textContent).toBe('2'));
    expect(screen.queryByTestId('order-action-confirm')).toBeNull();
    expect(success).toHaveBeenCalledWith('处理中');
  });

  it('asks for a reason before cancelling', async () => {
    renderPage(<SalesOrdersPage />, { ui });
    await click(await screen.findByTestId('order-open-LZ400000000000123'));
    await click(await screen.findByTestId('order-action-cancel'));
    expect(await screen.findByText('确定取消该订单?已占用的库存将被释放。')).toBeTruthy();
    const ok = screen.getByTestId('order-cancel-ok') as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    await typeInto('order-cancel-reason', '买家要求');
    await submit('order-cancel-ok');
    expect(await sentBody(calls, `POST ${URL}/o1/cancel`)).toEqual({ reason: '买家要求' });
  });

  it('pulls orders of a chosen shop and reports the result', async () => {
    renderPage(<SalesOrdersPage />, { ui });
    await click(await screen.findByTestId('orders-pull'));
    const select = await screen.findByTestId('orders-pull-shop');
    await act(async () => {
      fireEvent.mouseDown(within(select).getByRole('combobox'));
    });
    await click(await screen.findByTitle('Lazada 演示店铺 (MY)'));
    await click(screen.getByTestId('orders-pull-start'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('拉取完成:新增 2,更新 1,未变 0。'));
    expect(calls.find((c) => c.key === `POST ${URL}/pull`)?.options.json).toEqual({ shopId: 's1' });
  });

  it('edits a pending manual order: the form holds its values, the lines keep their SKUs', async () => {
    const manual = detail({
      source: 'MANUAL',
      platform: null,
      shopId: null,
      shopName: null,
      platformOrderId: null,
      platformStatus: null,
      hasUnmatched: false,
      lines: [{ ...detail().lines[0]!, variantId: V1 }],
    });
    answers[`GET ${URL}/o1`] = manual;
    answers[`PUT ${URL}/o1`] = { ...manual, buyerName: 'Siti Aminah' };
    renderPage(<SalesOrdersPage />, { ui });
    await click(await screen.findByTestId('order-open-LZ400000000000123'));
    await click(await screen.findByTestId('order-edit'));
    const form = await screen.findByTestId('order-form');
    const buyer = within(form).getByTestId('order-form-buyer') as HTMLInputElement;
    expect(buyer.value).toBe('Aisyah Rahman');
    // the chosen SKU reads as SKU · name before any search
    expect(within(form).getByText('SHIRT-RED-M · Shirt red M')).toBeTruthy();
    await typeInto(buyer, 'Siti Aminah');
    await submit('order-form-submit');
    expect(await sentBody(calls, `PUT ${URL}/o1`)).toMatchObject({
      buyerName: 'Siti Aminah',
      currency: 'MYR',
      lines: [{ variantId: V1, quantity: 2, unitPrice: '20.00' }],
    });
  });

  it('offers no edit on a marketplace order', async () => {
    renderPage(<SalesOrdersPage />, { ui });
    await click(await screen.findByTestId('order-open-LZ400000000000123'));
    await screen.findByTestId('order-detail');
    expect(screen.queryByTestId('order-edit')).toBeNull();
  });

  it('hides what the user may not do', async () => {
    useAbp.setState({ permissions: ['Trade.Orders'] });
    renderPage(<SalesOrdersPage />, { ui });
    await click(await screen.findByTestId('order-open-LZ400000000000123'));
    await screen.findByTestId('order-detail');
    expect(screen.queryByTestId('order-action-confirm')).toBeNull();
    expect(screen.queryByTestId('order-map-2')).toBeNull();
    expect(screen.queryByTestId('orders-pull')).toBeNull();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { HttpError } from '../../../../lib/http/errors.ts';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { fakeApiBeforeEach, lastParams, sentBody } from '../../../../lib/testing/fake-http.ts';
import { click, pick, submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { quietUi, renderPage } from '../../../../lib/testing/render-page.tsx';
import { findRow, rowWith } from '../../../../lib/testing/table.ts';
import type { OrderBulkState, SalesOrder, SalesOrderRow } from '../../api/orders.ts';
import type { Shipment } from '../../api/shipments.ts';
import type { StockBalance } from '../../api/stock.ts';
import StockPage from '../stock/index.tsx';
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
  refundedAmount: '0.00',
  refundable: '0.00',
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
      returnedQty: 0,
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
      returnedQty: 0,
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
      'Bulk:Confirm': '批量确认',
      'Bulk:Shipments': '批量生成发货单',
      'Bulk:ConfirmAsk': '确认所选 {0} 个订单？每个订单将预占库存。',
      'Bulk:Result': '成功 {0} 个，未处理 {1} 个',
      'Bulk:ConfirmResult': '批量确认结果',
      'Bulk:Done': '成功',
      'Bulk:Refused': '未处理',
      'Bulk:UnknownOrder': '（无法查看的订单）',
      'Bulk:OrderShipments': '发货单',
    },
    Shipments: {
      'Page:TrackingNo': '运单号',
      'Status:SHIPPED': '已发货',
      'Sync:SENT': '回传成功',
      'Sync:FAILED': '回传失败',
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

  it('records a partial refund: its amount (required) and the units sent back, confirmed first', async () => {
    const delivered = detail({
      status: 'Delivered',
      actions: ['partialRefund', 'refund'],
      refundable: '45.00',
      lines: detail().lines.map((l) => ({ ...l, variantId: l.variantId ?? 'v2', shippedQty: l.quantity })),
    });
    answers[`GET ${URL}/o1`] = delivered;
    const refunded = {
      ...delivered,
      status: 'PartiallyRefunded',
      actions: ['refund'],
      refundedAmount: '10.00',
      refundable: '35.00',
    };
    // the server's order changes with the refund: the drawer's reload after it reads it too
    answers[`POST ${URL}/o1/partial-refund`] = () => {
      answers[`GET ${URL}/o1`] = refunded;
      return refunded;
    };
    applyServerTexts('zh-Hans', { SalesOrders: { ConfirmRefund: '确定退款?', RefundLeft: '最多还可退款 {0} {1}。' } });
    renderPage(<SalesOrdersPage />, { ui });
    await click(await screen.findByTestId('order-open-LZ400000000000123'));
    await click(await screen.findByTestId('order-action-partialRefund'));
    expect(await screen.findByText('确定退款?')).toBeTruthy();
    expect(screen.getByText('最多还可退款 45.00 MYR。')).toBeTruthy();
    expect((screen.getByTestId('order-refund-ok') as HTMLButtonElement).disabled).toBe(true);
    await typeInto('order-refund-amount', '10.00');
    await typeInto('order-refund-return-1', '1');
    await typeInto('order-refund-reason', '一件划伤');
    await submit('order-refund-ok');
    expect(await sentBody(calls, `POST ${URL}/o1/partial-refund`)).toEqual({
      amount: '10.00',
      reason: '一件划伤',
      returns: [{ lineId: 'l1', quantity: 1 }],
    });
    expect(await screen.findByTestId('order-refunded')).toHaveProperty('textContent', '10.00 MYR');
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

  it('confirms the selected orders in bulk after asking, and lists each order’s outcome', async () => {
    const second: SalesOrderRow = { ...row, id: 'o2', orderNo: 'SO260105ABCDEF', hasUnmatched: false };
    answers[`GET ${URL}`] = { totalCount: 2, items: [row, second] };
    answers[`POST ${URL}/bulk/confirm`] = { jobId: 'j9' };
    const outcome = { status: null, shipmentNo: null, channelName: null, reason: null };
    const finished: OrderBulkState = {
      jobId: 'j9',
      state: 'completed',
      done: 3,
      total: 3,
      result: {
        kind: 'confirm',
        done: 1,
        refused: 2,
        items: [
          { ...outcome, id: 'o2', orderNo: 'SO260105ABCDEF', ok: true, status: 'Processing' },
          { ...outcome, id: 'o1', orderNo: row.orderNo, ok: false, reason: 'SKU 未配对：UNKNOWN-1' },
          { ...outcome, id: 'x', orderNo: null, ok: false, reason: '订单不存在或无权查看。' },
        ],
      },
    };
    // running at first, then done
    let asked = 0;
    answers[`GET ${URL}/bulk/j9`] = () =>
      ++asked === 1 ? { ...finished, state: 'active', done: 1, result: null } : finished;
    renderPage(<SalesOrdersPage />, { ui });
    const table = await screen.findByTestId('sales-orders');
    for (const no of [row.orderNo, second.orderNo]) {
      const box = (await findRow(table, no)).querySelector('input[type="checkbox"]') as HTMLElement;
      await act(async () => {
        fireEvent.click(box);
      });
    }
    await click(await screen.findByTestId('orders-bulk-confirm'));
    expect(await screen.findByText('确认所选 2 个订单？每个订单将预占库存。')).toBeTruthy();
    await submit('orders-bulk-confirm-ok');
    expect(await sentBody(calls, `POST ${URL}/bulk/confirm`)).toEqual({ ids: ['o1', 'o2'] });
    const result = await screen.findByTestId('orders-bulk-result');
    expect(within(result).getByTestId('orders-bulk-summary').textContent).toBe('成功 1 个，未处理 2 个');
    const refused = await findRow(result, row.orderNo);
    expect(within(refused).getByText('未处理')).toBeTruthy();
    expect(within(refused).getByText('SKU 未配对：UNKNOWN-1')).toBeTruthy();
    expect(within(await findRow(result, 'SO260105ABCDEF')).getByText('处理中')).toBeTruthy();
    expect(within(result).getByText('（无法查看的订单）')).toBeTruthy();
    // the selection was cleared, the list read again
    expect(screen.queryByTestId('sales-orders-bulk')).toBeNull();
  });

  it('a bulk job outlives the page: left while it runs, the page opened again shows its result', async () => {
    answers[`POST ${URL}/bulk/confirm`] = { jobId: 'j10' };
    let running = true;
    const result = {
      kind: 'confirm' as const,
      done: 1,
      refused: 0,
      items: [
        {
          id: 'o1',
          orderNo: row.orderNo,
          ok: true,
          status: 'Processing',
          shipmentNo: null,
          channelName: null,
          reason: null,
        },
      ],
    };
    answers[`GET ${URL}/bulk/j10`] = () =>
      running
        ? { jobId: 'j10', state: 'active', done: 0, total: 1, result: null }
        : { jobId: 'j10', state: 'completed', done: 1, total: 1, result };
    const first = renderPage(<SalesOrdersPage />, { ui });
    const box = (await findRow(await screen.findByTestId('sales-orders'), row.orderNo)).querySelector(
      'input[type="checkbox"]',
    ) as HTMLElement;
    await act(async () => {
      fireEvent.click(box);
    });
    await click(await screen.findByTestId('orders-bulk-confirm'));
    await submit('orders-bulk-confirm-ok');
    await waitFor(() => expect(calls.some((c) => c.key === `GET ${URL}/bulk/j10`)).toBe(true));
    first.unmount();
    // the job ends on the server while the seller is elsewhere
    running = false;
    renderPage(<SalesOrdersPage />, { ui });
    const shown = await screen.findByTestId('orders-bulk-result');
    expect(within(shown).getByTestId('orders-bulk-summary').textContent).toBe('成功 1 个，未处理 0 个');
    expect(sessionStorage.getItem('seller.orders.bulkJob')).toBeNull();
  });

  it('a remembered bulk job the server does not know is let go without a word', async () => {
    sessionStorage.setItem('seller.orders.bulkJob', JSON.stringify({ jobId: 'gone', kind: 'confirm' }));
    answers[`GET ${URL}/bulk/gone`] = () => {
      throw new HttpError(404, { error: { message: '记录不存在' } }, `${URL}/bulk/gone`, '记录不存在');
    };
    renderPage(<SalesOrdersPage />, { ui });
    await waitFor(() => expect(sessionStorage.getItem('seller.orders.bulkJob')).toBeNull());
    expect(screen.queryByTestId('orders-bulk-result')).toBeNull();
  });

  it('offers no selection without a bulk action’s permission', async () => {
    useAbp.setState({ permissions: ['Trade.Orders'] });
    renderPage(<SalesOrdersPage />, { ui });
    const tr = await findRow(await screen.findByTestId('sales-orders'), row.orderNo);
    expect(tr.querySelector('input[type="checkbox"]')).toBeNull();
  });

  it('shows the order’s shipments with their tracking numbers and marketplace sync', async () => {
    useAbp.setState({ permissions: ['Trade.Orders', 'Trade.Shipments'] });
    const shipment = {
      id: 's1',
      shipmentNo: 'SHP-260105-ABCDEF',
      status: 'SHIPPED',
      carrierName: '云途物流',
      channelName: '云途马来专线',
      trackingNo: 'YTMY482019375561',
      platformSyncStatus: 'FAILED',
      platformSyncError: 'Order does not exist',
    } as Shipment;
    answers['GET /api/trade/shipments'] = { totalCount: 1, items: [shipment] };
    renderPage(<SalesOrdersPage />, { ui });
    await click(await screen.findByTestId('order-open-LZ400000000000123'));
    const list = await screen.findByTestId('order-shipments');
    expect((await within(list).findByTestId('order-shipment-tracking-SHP-260105-ABCDEF')).textContent).toBe(
      'YTMY482019375561',
    );
    expect(within(list).getByText('云途物流 · 云途马来专线')).toBeTruthy();
    expect(within(list).getByTestId('order-shipment-sync-SHP-260105-ABCDEF').textContent).toBe('回传失败');
    expect(lastParams(calls, 'GET /api/trade/shipments')).toMatchObject({ orderId: 'o1' });
  });

  it('the stock page shows the reservation once an order is confirmed, without a reload', async () => {
    const balance = (reserved: number) =>
      ({
        id: 'w1:v1',
        warehouse: { id: 'w1', code: 'SZ-01', name: '深圳仓' },
        warehouseName: 'SZ-01 深圳仓',
        variantId: 'v1',
        sku: 'SHIRT-RED-M',
        productName: 'Shirt',
        label: 'red M',
        onHand: 10,
        reserved,
        available: 10 - reserved,
        inTransit: 0,
        defective: 0,
        safety: 0,
        avgCost: '3.5000',
        value: '35.00',
        currency: 'CNY',
        low: false,
      }) as StockBalance;
    answers['GET /api/trade/stock'] = { totalCount: 1, items: [balance(0)] };
    answers[`GET ${URL}/o1`] = detail({ hasUnmatched: false, lines: [detail().lines[0]!] });
    renderPage(
      <>
        <StockPage />
        <SalesOrdersPage />
      </>,
      { ui },
    );
    const stock = await screen.findByTestId('stock-balances');
    await within(stock).findByText('SHIRT-RED-M');
    await click(await screen.findByTestId('order-open-LZ400000000000123'));
    answers['GET /api/trade/stock'] = { totalCount: 1, items: [balance(2)] };
    await click(await screen.findByTestId('order-action-confirm'));
    await waitFor(() => expect(within(rowWith(stock, 'SHIRT-RED-M')).getByText('2')).toBeTruthy());
  });
});

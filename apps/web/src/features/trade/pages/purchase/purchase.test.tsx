import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { HttpError } from '../../../../lib/http/errors.ts';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { fakeApiBeforeEach, sentBody } from '../../../../lib/testing/fake-http.ts';
import { submit, typeInto } from '../../../../lib/testing/form-events.ts';
import { quietUi, renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import { rowWith } from '../../../../lib/testing/table.ts';
import type { PurchaseOrder, Suggestion } from '../../api/purchase.ts';
import PurchasePage from './index.tsx';
import { liveTotals } from './PurchaseForm.tsx';

/** The purchase page against a faked HTTP layer (the contract's shapes). */

const URL = '/api/trade/purchase-orders';

const po = (over: Partial<PurchaseOrder>): PurchaseOrder => ({
  id: 'p1',
  poNo: 'PO-20261124-0001',
  supplierId: 's1',
  supplierName: '义乌市佳美箱包有限公司',
  warehouseId: 'w1',
  warehouseName: '深圳仓',
  status: 'DRAFT',
  closedShort: false,
  exception: false,
  paymentStatus: 'UNPAID',
  type: 'REGULAR',
  currency: 'CNY',
  fxRate: '1',
  goodsAmount: '100.00',
  freight: '0.00',
  discount: '0.00',
  tax: '0.00',
  total: '100.00',
  qtyOrdered: 10,
  qtyReceived: 0,
  expectedArrival: null,
  submittedAt: null,
  approvedAt: null,
  approvedBy: null,
  rejectReason: null,
  remark: null,
  allowedActions: ['edit', 'delete', 'submit', 'cancel', 'flag'],
  creationTime: '2026-11-24T00:00:00Z',
  lastModificationTime: null,
  concurrencyStamp: 'x',
  ...over,
});
const draft = po({});
const submitted = po({
  id: 'p2',
  poNo: 'PO-20261124-0002',
  status: 'SUBMITTED',
  allowedActions: ['approve', 'reject', 'cancel', 'flag', 'pay'],
});
const partial = po({
  id: 'p3',
  poNo: 'PO-20261124-0003',
  status: 'PARTIALLY_RECEIVED',
  qtyReceived: 4,
  allowedActions: ['receivePartial', 'receiveAll', 'reversePartial', 'reverseAll', 'closeShort', 'flag', 'pay'],
});
const suggestion: Suggestion = {
  variantId: 'v1',
  sku: 'DEMO-TS-001-BLK-M',
  productName: '纯棉T恤 黑 / M',
  warehouseId: 'w1',
  warehouseName: '深圳仓',
  sold: 60,
  days: 30,
  dailySales: '2.0000',
  leadDays: 7,
  coverDays: 14,
  safety: 0,
  onHand: 10,
  reserved: 0,
  inTransit: 0,
  suggested: 32,
  supplierId: 's1',
  supplierName: '义乌市佳美箱包有限公司',
  unitPrice: '9.5000',
  currency: 'CNY',
};

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 3, items: [draft, submitted, partial] },
    [`GET ${URL}/counts`]: {
      total: 3,
      capped: false,
      counts: { DRAFT: 1, SUBMITTED: 1, APPROVED: 0, PARTIALLY_RECEIVED: 1, RECEIVED: 0, CANCELLED: 0 },
    },
    [`GET ${URL}/lookups`]: {
      suppliers: [{ id: 's1', code: 'SUP-001', name: '义乌市佳美箱包有限公司' }],
      warehouses: [{ id: 'w1', code: 'SZ-01', name: '深圳仓', isDefault: true }],
      currency: 'CNY',
      rates: { CNY: '1', USD: '7.12' },
    },
    [`POST ${URL}/p1/submit`]: { ...draft, status: 'SUBMITTED' },
    [`POST ${URL}/p2/approve`]: { ...submitted, status: 'APPROVED' },
    [`POST ${URL}/p2/reject`]: { ...submitted, status: 'DRAFT' },
    [`GET ${URL}/suggestions`]: { items: [suggestion] },
    [`POST ${URL}/suggestions/draft`]: { ids: ['p9'], poNos: ['PO-20261124-0009'] },
  }),
  [
    'Trade.Purchase',
    'Trade.Purchase.Create',
    'Trade.Purchase.Submit',
    'Trade.Purchase.Update',
    'Trade.Purchase.Cancel',
  ],
);

chineseTextsBeforeEach({
  Purchase: {
    'Status:DRAFT': '草稿',
    'Status:SUBMITTED': '待审核',
    'Status:PARTIALLY_RECEIVED': '部分到货',
    'Action:submit': '提交',
    'Action:approve': '审核通过',
    'Action:reject': '驳回',
    'Action:cancel': '作废',
    'Page:Replenishment': '补货建议',
    'Page:CreateDrafts': '生成采购草稿',
    'Page:DraftsCreated': '已生成采购单:{0}',
    'Done:submit': '{0} 已提交审核。',
    'Done:approve': '{0} 已审核通过。',
    'Done:reject': '{0} 已驳回,退回草稿。',
  },
});

const ui = quietUi();
const success = vi.mocked(ui.message.success);
beforeEach(() => success.mockClear());

describe('purchase page', () => {
  it('lists POs with status tags and offers only the actions the state and the permissions allow', async () => {
    renderPage(<PurchasePage />);
    const table = await screen.findByTestId('purchase-orders');
    await within(table).findByText('PO-20261124-0001');
    expect(screen.getByTestId('po-status-PO-20261124-0001').textContent).toBe('草稿');
    expect(screen.getByTestId('po-action-submit-PO-20261124-0001')).toBeTruthy();
    expect(screen.getByTestId('po-action-cancel-PO-20261124-0001')).toBeTruthy();
    // no Trade.Purchase.Approve: no approve or reject on the submitted one
    expect(screen.queryByTestId('po-action-approve-PO-20261124-0002')).toBeNull();
    expect(screen.queryByTestId('po-action-reject-PO-20261124-0002')).toBeNull();
    // a partially received PO is not submitted nor deleted
    expect(screen.queryByTestId('po-action-submit-PO-20261124-0003')).toBeNull();
    expect(screen.queryByTestId('po-action-delete-PO-20261124-0003')).toBeNull();
    // counts on the tabs
    await waitFor(() => expect(screen.getByTestId('purchase-orders-tab-all').textContent).toContain('3'));
  });

  it('submits, says so, and filters the list by the status tab', async () => {
    renderPage(<PurchasePage />, { ui });
    await screen.findByText('PO-20261124-0001');
    await act(async () => {
      fireEvent.click(screen.getByTestId('po-action-submit-PO-20261124-0001'));
    });
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}/p1/submit`)).toBe(true));
    await waitFor(() => expect(success).toHaveBeenCalledWith('PO-20261124-0001 已提交审核。'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('purchase-orders-tab-SUBMITTED'));
    });
    await waitFor(() =>
      expect(
        calls.some((c) => c.key === `GET ${URL}` && (c.options.params as { status?: string })?.status === 'SUBMITTED'),
      ).toBe(true),
    );
  });

  it('approves, and rejects only with a reason, with the approve permission; each says what it did', async () => {
    useAbp.setState({ permissions: ['Trade.Purchase', 'Trade.Purchase.Approve'] });
    renderPage(<PurchasePage />, { ui });
    await screen.findByText('PO-20261124-0002');
    await act(async () => {
      fireEvent.click(screen.getByTestId('po-action-reject-PO-20261124-0002'));
    });
    const ok = await screen.findByTestId('po-reject-ok');
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    await typeInto('po-reject-reason', '价格太高');
    await submit('po-reject-ok');
    await waitFor(() =>
      expect(calls.find((c) => c.key === `POST ${URL}/p2/reject`)?.options.json).toEqual({ reason: '价格太高' }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('PO-20261124-0002 已驳回,退回草稿。'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('po-action-approve-PO-20261124-0002'));
    });
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}/p2/approve`)).toBe(true));
    await waitFor(() => expect(success).toHaveBeenCalledWith('PO-20261124-0002 已审核通过。'));
  });

  it('shows the server’s 409 through the HTTP client and keeps the page', async () => {
    answers[`POST ${URL}/p1/submit`] = new HttpError(
      409,
      { error: { message: '当前状态为“待审核”,不能提交。' } },
      URL,
      'x',
    );
    renderPage(<PurchasePage />);
    await screen.findByText('PO-20261124-0001');
    await act(async () => {
      fireEvent.click(screen.getByTestId('po-action-submit-PO-20261124-0001'));
    });
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}/p1/submit`)).toBe(true));
    expect(screen.getByText('PO-20261124-0001')).toBeTruthy();
  });

  it('lists replenishment suggestions and creates draft POs from the checked rows', async () => {
    renderPage(<PurchasePage />);
    await screen.findByText('PO-20261124-0001');
    await act(async () => {
      fireEvent.click(screen.getByTestId('po-replenish'));
    });
    const table = await screen.findByTestId('repl-table');
    await within(table).findByText('DEMO-TS-001-BLK-M');
    const row = rowWith(table, 'DEMO-TS-001-BLK-M');
    await act(async () => {
      fireEvent.click(within(row).getByRole('checkbox'));
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('repl-create'));
    });
    await waitFor(() =>
      expect(calls.find((c) => c.key === `POST ${URL}/suggestions/draft`)?.options.json).toEqual({
        warehouseId: 'w1',
        lines: [{ variantId: 'v1', quantity: 32 }],
      }),
    );
  });

  it('sets the payment status in the row with the pay permission, where the state allows it', async () => {
    useAbp.setState({ permissions: ['Trade.Purchase', 'Trade.Purchase.Pay'] });
    answers[`PUT ${URL}/p3/payment-status`] = { ...partial, paymentStatus: 'PAID' };
    applyServerTexts('zh-Hans', { Purchase: { 'Payment:UNPAID': '未付款', 'Payment:PAID': '已付款' } });
    renderPage(<PurchasePage />);
    await screen.findByText('PO-20261124-0003');
    // a draft's payment is not set (the table has no pay there): plain text
    expect(screen.queryByTestId('po-action-pay-PO-20261124-0001')).toBeNull();
    const select = screen.getByTestId('po-action-pay-PO-20261124-0003');
    await act(async () => {
      fireEvent.mouseDown(within(select).getByRole('combobox'));
    });
    await act(async () => {
      fireEvent.click(await screen.findByTitle('已付款'));
    });
    expect(await sentBody(calls, `PUT ${URL}/p3/payment-status`)).toEqual({
      paymentStatus: 'PAID',
    });
  });

  it('shows the payment status as text without the pay permission', async () => {
    renderPage(<PurchasePage />);
    await screen.findByText('PO-20261124-0003');
    expect(screen.queryByTestId('po-action-pay-PO-20261124-0003')).toBeNull();
  });
});

describe('live totals', () => {
  it('computes as the server does: line amounts and taxes to the cent', () => {
    expect(
      liveTotals({
        freight: '5.5',
        discount: '1',
        lines: [
          { qtyOrdered: 3, unitPrice: '1.3333', taxRate: '13' },
          { qtyOrdered: 10, unitPrice: '2.5', taxRate: '0' },
        ],
      }),
    ).toEqual({ goods: '29.00', tax: '0.52', total: '34.02' });
  });
});

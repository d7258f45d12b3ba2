import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNotSent, fakeApiBeforeEach, refusal } from '../../../../lib/testing/fake-http.ts';
import { typeInto } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import type { PurchaseOrderDetail } from '../../api/purchase.ts';
import type { Receipt } from '../../api/receiving.ts';
import ReceivingPage from './index.tsx';

/** The receipts page and its receive drawer against a faked HTTP layer. */

const URL = '/api/trade/receipts';
const PO_URL = '/api/trade/purchase-orders';

const receipt = (over: Partial<Receipt>): Receipt => ({
  id: 'r1',
  receiptNo: 'RCV-20261124-0001',
  poId: 'p1',
  poNo: 'PO-20261124-0001',
  supplierName: '义乌市佳美箱包有限公司',
  warehouseId: 'w1',
  warehouseName: '深圳仓',
  status: 'POSTED',
  reversesReceiptId: null,
  reversesReceiptNo: null,
  reversedById: null,
  receivedAt: '2026-11-24T00:00:00Z',
  postedAt: '2026-11-24T00:00:00Z',
  freight: '0.00',
  trackingNo: null,
  remark: null,
  qtyArrived: 6,
  qtyAccepted: 5,
  qtyDamaged: 1,
  allowedActions: ['reverse'],
  creationTime: '2026-11-24T00:00:00Z',
  concurrencyStamp: 'x',
  ...over,
});
const posted = receipt({});
const pending = receipt({
  id: 'r2',
  receiptNo: 'RCV-20261124-0002',
  status: 'DRAFT',
  allowedActions: ['edit', 'delete', 'post'],
});
const order = {
  id: 'p1',
  poNo: 'PO-20261124-0001',
  supplierName: '义乌市佳美箱包有限公司',
  warehouseName: '深圳仓',
  status: 'APPROVED',
  lines: [
    {
      id: 'l1',
      lineNo: 1,
      variantId: 'v1',
      sku: 'SKU-A',
      productName: 'A',
      qtyOrdered: 10,
      qtyReceived: 4,
      qtyDamaged: 0,
    },
    {
      id: 'l2',
      lineNo: 2,
      variantId: 'v2',
      sku: 'SKU-B',
      productName: 'B',
      qtyOrdered: 8,
      qtyReceived: 0,
      qtyDamaged: 0,
    },
  ],
} as unknown as PurchaseOrderDetail;

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 2, items: [pending, posted] },
    [`GET ${PO_URL}/lookups`]: {
      suppliers: [],
      warehouses: [{ id: 'w1', code: 'SZ-01', name: '深圳仓', isDefault: true }],
      currency: 'CNY',
      rates: { CNY: '1' },
    },
    [`GET ${PO_URL}`]: {
      totalCount: 1,
      items: [{ id: 'p1', poNo: 'PO-20261124-0001', supplierName: '义乌市佳美箱包有限公司' }],
    },
    [`GET ${PO_URL}/p1`]: order,
    [`POST ${URL}`]: { ...pending, id: 'r3', receiptNo: 'RCV-20261124-0003' },
    [`POST ${URL}/r3/post`]: { ...posted, id: 'r3' },
    [`POST ${URL}/r2/post`]: { ...pending, status: 'POSTED' },
    [`POST ${URL}/r1/reverse`]: receipt({ id: 'r4', reversesReceiptId: 'r1' }),
  }),
  ['Trade.Receiving', 'Trade.Receiving.Create', 'Trade.Receiving.Post', 'Trade.Receiving.Reverse', 'Trade.Purchase'],
);

chineseTextsBeforeEach({
  Receiving: { 'Status:DRAFT': '草稿', 'Status:POSTED': '已入库', 'Page:Post': '入库', 'Page:Reverse': '冲销' },
});

const confirm = async (testid: string) => {
  await act(async () => {
    fireEvent.click(await screen.findByTestId(testid));
  });
};

/** Opens the page, picks the purchase order and opens its receiving form, once its lines have loaded. */
async function receivePo() {
  renderPage(<ReceivingPage />);
  await screen.findByText('RCV-20261124-0001');
  await act(async () => {
    fireEvent.mouseDown(within(screen.getByTestId('receipt-pick-po')).getByRole('combobox'));
  });
  await act(async () => {
    fireEvent.click(await screen.findByTitle('PO-20261124-0001 · 义乌市佳美箱包有限公司'));
  });
  await act(async () => {
    fireEvent.click(screen.getByTestId('receipt-receive'));
  });
  const lines = await screen.findByTestId('receive-lines');
  await within(lines).findByText('SKU-A');
}

describe('receiving page', () => {
  it('lists receipts: a draft can be posted, a posted one reversed, each after confirming', async () => {
    renderPage(<ReceivingPage />);
    const table = await screen.findByTestId('receipts');
    await within(table).findByText('RCV-20261124-0001');
    expect(screen.getByTestId('receipt-status-RCV-20261124-0002').textContent).toBe('草稿');
    expect(screen.queryByTestId('receipt-reverse-RCV-20261124-0002')).toBeNull();
    expect(screen.queryByTestId('receipt-post-RCV-20261124-0001')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId('receipt-post-RCV-20261124-0002'));
    });
    expectNotSent(calls, `POST ${URL}/r2/post`);
    await confirm('receipt-post-ok');
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}/r2/post`)).toBe(true));
    await act(async () => {
      fireEvent.click(screen.getByTestId('receipt-reverse-RCV-20261124-0001'));
    });
    await confirm('receipt-reverse-ok');
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}/r1/reverse`)).toBe(true));
  });

  it('receives against a PO: remaining quantities proposed, accepted follows damaged, posted after confirming', async () => {
    await receivePo();
    const arrived0 = within(
      screen.getByTestId('receive-qtyArrived-0').closest('.ant-input-number') as HTMLElement,
    ).getByRole('spinbutton') as HTMLInputElement;
    await waitFor(() => expect(arrived0.value).toBe('6'));
    const damaged0 = within(
      screen.getByTestId('receive-qtyDamaged-0').closest('.ant-input-number') as HTMLElement,
    ).getByRole('spinbutton');
    await typeInto(damaged0, '2');
    await act(async () => {
      fireEvent.click(screen.getByTestId('receive-post'));
    });
    await confirm('receive-post-ok');
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}/r3/post`)).toBe(true));
    expect(calls.find((c) => c.key === `POST ${URL}`)?.options.json).toMatchObject({
      poId: 'p1',
      lines: [
        { poLineId: 'l1', qtyArrived: 6, qtyAccepted: 4, qtyDamaged: 2 },
        { poLineId: 'l2', qtyArrived: 8, qtyAccepted: 8, qtyDamaged: 0 },
      ],
    });
  });

  it('puts the server’s over-receipt refusal under the line’s arrived input', async () => {
    answers[`POST ${URL}`] = refusal(URL, [
      { message: 'SKU-A 超过采购数量:最多还可到货 6。', members: ['lines[0].qtyArrived'] },
    ]);
    await receivePo();
    await act(async () => {
      fireEvent.click(screen.getByTestId('receive-draft'));
    });
    expect(await screen.findByText('SKU-A 超过采购数量:最多还可到货 6。')).toBeTruthy();
  });
});

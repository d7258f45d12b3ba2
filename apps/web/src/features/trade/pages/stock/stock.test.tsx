import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { HttpError } from '../../../../lib/http/errors.ts';
import { expectNotSent, fakeApiBeforeEach, lastParams, sentBody } from '../../../../lib/testing/fake-http.ts';
import { click, errorOf, expectErrorOf, pick, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import { findRow, rowWith } from '../../../../lib/testing/table.ts';
import type { StockBalance, StockLedgerRow } from '../../api/stock.ts';
import StockPage from './index.tsx';

/** The stock page against a faked HTTP layer (the contract's shapes). */

const URL = '/api/trade/stock';
const SZ = { id: '00000000-0000-4000-8000-000000000001', code: 'SZ-01', name: '深圳仓' };
const MY = { id: '00000000-0000-4000-8000-000000000002', code: 'MY-01', name: '马来西亚海外仓' };
const V1 = '00000000-0000-4000-8000-0000000000a1';

const balance = (over: Partial<StockBalance>): StockBalance => ({
  id: `${(over.warehouse ?? SZ).id}:${V1}`,
  warehouse: SZ,
  warehouseName: `${(over.warehouse ?? SZ).code} ${(over.warehouse ?? SZ).name}`,
  variantId: V1,
  sku: 'TSHIRT-RED-M',
  productName: '纯棉T恤',
  label: '红色 / M',
  onHand: 12,
  reserved: 2,
  available: 10,
  inTransit: 5,
  defective: 0,
  safety: 20,
  avgCost: '3.5000',
  value: '42.00',
  currency: 'CNY',
  low: true,
  ...over,
});
const ledgerRow: StockLedgerRow = {
  seq: 7,
  warehouse: SZ,
  warehouseName: 'SZ-01 深圳仓',
  variantId: V1,
  sku: 'TSHIRT-RED-M',
  type: 'ADJUST',
  qtyChange: -3,
  qtyAfter: 12,
  reservedChange: 0,
  reservedAfter: 2,
  inTransitChange: 0,
  defectiveChange: 0,
  unitCost: '3.5000',
  avgCostAfter: '3.5000',
  currency: 'CNY',
  voucherType: 'ADJUSTMENT',
  voucherNo: 'ADJ-20260101-0001',
  reason: '破损',
  operatorId: null,
  creationTime: '2026-01-01T00:00:00Z',
};

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: {
      totalCount: 2,
      items: [balance({}), balance({ warehouse: MY, sku: 'MUG-01', low: false, safety: 0, value: '10.00' })],
    },
    [`GET ${URL}/warehouses`]: {
      items: [
        { ...SZ, isDefault: true },
        { ...MY, isDefault: false },
      ],
    },
    [`GET ${URL}/variants`]: {
      items: [
        { variantId: V1, sku: 'TSHIRT-RED-M', productName: '纯棉T恤', label: '红色 / M', onHand: 12, available: 10 },
      ],
    },
    [`GET ${URL}/ledger`]: { totalCount: 1, items: [ledgerRow] },
    [`POST ${URL}/adjustments`]: { voucherType: 'ADJUSTMENT', voucherNo: 'ADJ-20260101-0002', items: [] },
    [`POST ${URL}/transfers`]: { voucherType: 'TRANSFER', voucherNo: 'TRF-20260101-0001', items: [] },
    [`PUT ${URL}/safety`]: {},
  }),
  ['Trade.Stock', 'Trade.Stock.Adjust', 'Trade.Stock.Transfer'],
);

chineseTextsBeforeEach({
  Stock: {
    Balances: '库存余额',
    Ledger: '库存流水',
    LedgerOf: '{0} 的流水',
    Low: '低库存',
    Adjust: '库存调整',
    Transfer: '库存调拨',
    Post: '过账',
    QuantityNotZero: '数量不能为 0。',
    SameWarehouse: '调入仓库不能与调出仓库相同。',
    SetSafety: '安全库存',
    ConfirmAdjust: '确认过账这 {0} 个 SKU 的调整?',
    'Type:PO_RECEIPT': '采购入库',
  },
  Trade: { 'StockTxn:ADJUST': '库存调整单' },
});

describe('stock page', () => {
  it('lists balances with the low-stock tag and value, filtered by warehouse and the low-stock switch', async () => {
    renderPage(<StockPage />);
    const table = await screen.findByTestId('stock-balances');
    const row = await findRow(table, 'TSHIRT-RED-M');
    expect(within(row).getByText('低库存')).toBeTruthy();
    expect(within(row).getByText('42.00 CNY')).toBeTruthy();
    const mug = rowWith(table, 'MUG-01');
    expect(within(mug).queryByText('低库存')).toBeNull();

    await pick('stock-balances-filter-lowStock', '是');
    await waitFor(() => expect(lastParams(calls, `GET ${URL}`)).toMatchObject({ lowStock: true }));
    await pick('stock-balances-filter-warehouseId', '马来西亚海外仓');
    await waitFor(() => expect(lastParams(calls, `GET ${URL}`)).toMatchObject({ lowStock: true, warehouseId: MY.id }));
  });

  it('lists the whole ledger in its tab, filtered by type', async () => {
    renderPage(<StockPage />);
    await click(await screen.findByText('库存流水'));
    const table = await screen.findByTestId('stock-ledger');
    const row = await findRow(table, 'ADJ-20260101-0001');
    expect(within(row).getByText('库存调整单')).toBeTruthy();
    expect(within(row).getByText('−3')).toBeTruthy();
    expect(screen.queryByTestId('stock-ledger-filter-variantId')).toBeNull();
    await pick('stock-ledger-filter-type', '采购入库');
    await waitFor(() => expect(lastParams(calls, `GET ${URL}/ledger`)).toMatchObject({ type: 'PO_RECEIPT' }));
  });

  it('opens a SKU’s ledger in the ledger tab, narrowed to it in the URL until the tag is closed', async () => {
    renderPage(<StockPage />);
    await screen.findByTestId('stock-ledger-TSHIRT-RED-M');
    await click('stock-ledger-TSHIRT-RED-M');
    const table = await screen.findByTestId('stock-ledger');
    expect(await within(table).findByText('ADJ-20260101-0001')).toBeTruthy();
    expect(within(table).getByText('库存调整单')).toBeTruthy();
    expect(within(table).getByText('−3')).toBeTruthy();
    await waitFor(() =>
      expect(lastParams(calls, `GET ${URL}/ledger`)).toMatchObject({ variantId: V1, warehouseId: SZ.id }),
    );
    const tag = await screen.findByTestId('stock-ledger-sku');
    expect(tag.textContent).toContain('TSHIRT-RED-M');
    await click(tag.querySelector('.ant-tag-close-icon') as HTMLElement);
    await waitFor(() => expect(lastParams(calls, `GET ${URL}/ledger`)).not.toHaveProperty('variantId'));
    expect(lastParams(calls, `GET ${URL}/ledger`)).toMatchObject({ warehouseId: SZ.id });
  });

  it('checks an adjustment with the shared schema, asks to confirm, posts it', async () => {
    renderPage(<StockPage />);
    await click('stock-adjust');
    await screen.findByTestId('stock-voucher-form');
    await click('stock-voucher-post');
    expect(await errorOf('stock-voucher-reason')).toBeTruthy();
    await typeInto('stock-voucher-reason', '盘盈');
    await pick('stock-line-0-sku', 'TSHIRT-RED-M');
    await typeInto('stock-line-0-qty', '0');
    await click('stock-voucher-post');
    await expectErrorOf('stock-line-0-qty', '数量不能为 0。');
    expectNotSent(calls, `POST ${URL}/adjustments`);

    await typeInto('stock-line-0-qty', '5');
    await click('stock-voucher-post');
    expect(await screen.findByText('确认过账这 1 个 SKU 的调整?')).toBeTruthy();
    await click('stock-voucher-confirm');
    expect(await sentBody(calls, `POST ${URL}/adjustments`)).toEqual({
      mode: 'adjust',
      warehouseId: SZ.id,
      reason: '盘盈',
      lines: [{ variantId: V1, quantity: 5 }],
    });
  });

  it('shows the server’s refusal (409 on a line going negative) under the line’s quantity', async () => {
    answers[`POST ${URL}/adjustments`] = new HttpError(
      409,
      {
        error: {
          code: 'Trade:InsufficientStock',
          message: 'TSHIRT-RED-M 库存不足。',
          data: { sku: 'TSHIRT-RED-M', member: 'lines.0.quantity' },
        },
      },
      `${URL}/adjustments`,
      'conflict',
    );
    renderPage(<StockPage />);
    await click('stock-adjust');
    await screen.findByTestId('stock-voucher-form');
    await typeInto('stock-voucher-reason', '报损');
    await pick('stock-line-0-sku', 'TSHIRT-RED-M');
    await typeInto('stock-line-0-qty', '-50');
    await click('stock-voucher-post');
    await click('stock-voucher-confirm');
    await expectErrorOf('stock-line-0-qty', 'TSHIRT-RED-M 库存不足。');
  });

  it('refuses a transfer to the same warehouse under the target, then posts one', async () => {
    renderPage(<StockPage />);
    await click('stock-transfer');
    await screen.findByTestId('stock-voucher-form');
    await pick('stock-voucher-to', 'SZ-01 深圳仓');
    await typeInto('stock-voucher-reason', '补货');
    await pick('stock-line-0-sku', 'TSHIRT-RED-M');
    await typeInto('stock-line-0-qty', '4');
    await click('stock-voucher-post');
    await expectErrorOf('stock-voucher-to', '调入仓库不能与调出仓库相同。');
    await pick('stock-voucher-to', 'MY-01 马来西亚海外仓');
    await click('stock-voucher-post');
    await click('stock-voucher-confirm');
    expect(await sentBody(calls, `POST ${URL}/transfers`)).toEqual({
      fromWarehouseId: SZ.id,
      toWarehouseId: MY.id,
      reason: '补货',
      lines: [{ variantId: V1, quantity: 4 }],
    });
  });

  it('hides the write actions from a reader', async () => {
    useAbp.setState({ permissions: ['Trade.Stock'] });
    renderPage(<StockPage />);
    await screen.findByTestId('stock-ledger-TSHIRT-RED-M');
    expect(screen.queryByTestId('stock-adjust')).toBeNull();
    expect(screen.queryByTestId('stock-transfer')).toBeNull();
    expect(screen.queryByTestId('stock-safety-TSHIRT-RED-M')).toBeNull();
  });
});

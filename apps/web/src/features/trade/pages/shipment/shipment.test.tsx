import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { expectNotSent, fakeApiBeforeEach, lastParams, refusal, sentBody } from '../../../../lib/testing/fake-http.ts';
import { click, submit } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import type { Shipment, ShipmentEstimate, ShippableOrder } from '../../api/shipments.ts';
import { shipmentRow } from './fixtures.ts';
import ShipmentPage from './index.tsx';

/** The shipment page against a faked HTTP layer (the contract's shapes). */

const URL = '/api/trade/shipments';
const WH = '00000000-0000-4000-8000-000000000001';
const O1 = '00000000-0000-4000-8000-0000000000a1';
const L1 = '00000000-0000-4000-8000-0000000000b1';

const shipment = (over: Partial<Shipment>): Shipment => shipmentRow({ warehouseId: WH, ...over });
const packed = shipment({
  id: '00000000-0000-4000-8000-0000000000c2',
  shipmentNo: 'SHP-260101-BBBBBB',
  status: 'PACKED',
  trackingNo: 'YT123456789012',
  allowedActions: ['ship', 'cancel'],
});
const failed = shipment({
  id: '00000000-0000-4000-8000-0000000000c3',
  shipmentNo: 'SHP-260101-CCCCCC',
  status: 'SHIPPED',
  trackingNo: 'YT999',
  platformSyncStatus: 'FAILED',
  platformSyncError: 'E: canceled',
  allowedActions: ['deliver', 'return', 'lose'],
});
const order: ShippableOrder = {
  id: O1,
  orderNo: 'SO-100',
  status: 'Processing',
  platform: 'LAZADA',
  buyerName: 'Aisyah',
  countryCode: 'MY',
  warehouseId: WH,
  orderedAt: '2026-01-01T00:00:00Z',
  lines: [{ id: L1, sku: 'MUG-01', name: '马克杯', quantity: 3, shippedQty: 0, left: 3 }],
};
const option = (code: string, total: string, picked: boolean) => ({
  channelId: `ch-${code}`,
  channelCode: code,
  channelName: `渠道 ${code}`,
  carrierName: '云途',
  transitDaysMin: 5,
  transitDaysMax: 9,
  chargeableWeight: 500,
  total,
  currency: 'CNY',
  totalInTenantCurrency: total,
  tenantCurrency: 'CNY',
  picked,
});
const estimate: ShipmentEstimate = {
  countryCode: 'MY',
  weightG: 500,
  options: [option('CHEAP', '30.00', true), option('FAST', '55.00', false)],
  excluded: [],
  pickedChannelId: 'ch-CHEAP',
};

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 3, items: [shipment({}), packed, failed] },
    [`GET ${URL}/counts`]: { total: 3, capped: false, counts: { CREATED: 1, PACKED: 1, SHIPPED: 1 } },
    [`GET ${URL}/orders`]: { items: [order] },
    [`GET ${URL}/warehouses`]: { items: [{ id: WH, code: 'SZ-01', name: '深圳仓', isDefault: true }] },
    [`GET ${URL}/estimate`]: estimate,
    [`POST ${URL}`]: shipment({ shipmentNo: 'SHP-NEW' }),
    [`POST ${URL}/${packed.id}/ship`]: { ...packed, status: 'SHIPPED' },
    [`POST ${URL}/${failed.id}/sync`]: { ...failed, platformSyncStatus: 'PENDING' },
  }),
  [
    'Trade.Shipments',
    'Trade.Shipments.Create',
    'Trade.Shipments.Update',
    'Trade.Shipments.Ship',
    'Trade.Shipments.Cancel',
  ],
);

chineseTextsBeforeEach({
  Shipments: {
    'Status:CREATED': '待打单',
    'Status:PACKED': '已打包',
    'Status:SHIPPED': '已发货',
    'Action:label': '打印面单',
    'Action:ship': '发货',
    'Action:cancel': '取消',
    'Sync:FAILED': '回传失败',
    'Page:Create': '创建发货单',
    'Page:Retry': '重新回传',
    'Page:ConfirmShip': '确认发货 {0}?',
    'Page:Picked': '推荐',
    OverShipping: '{0}:最多还能发 {1} 件。',
  },
});

/** Opens the page's "new shipment" drawer and ticks order SO-100 (its checkbox or the input in it). */
async function startShipmentOfSo100() {
  renderPage(<ShipmentPage />);
  await click('shipment-create-open');
  await screen.findByText('SO-100');
  const box = screen.getByTestId('shipment-order-SO-100');
  await act(async () => {
    fireEvent.click(box.tagName === 'INPUT' ? box : (box.querySelector('input') ?? box));
  });
}

describe('shipment page', () => {
  it('lists shipments with their status, the actions each state allows and tab counts', async () => {
    renderPage(<ShipmentPage />);
    const table = await screen.findByTestId('shipments');
    await within(table).findByText('SHP-260101-AAAAAA');
    expect(within(screen.getByTestId('shipment-actions-SHP-260101-AAAAAA')).getByText('打印面单')).toBeTruthy();
    expect(screen.queryByTestId('shipment-ship-SHP-260101-AAAAAA')).toBeNull();
    expect(screen.getByTestId('shipment-ship-SHP-260101-BBBBBB')).toBeTruthy();
    expect(screen.getByTestId('shipment-pdf-SHP-260101-BBBBBB')).toBeTruthy();
    expect(screen.getByTestId('shipment-sync-SHP-260101-CCCCCC').textContent).toBe('回传失败');
    await click('shipments-tab-PACKED');
    await waitFor(() => expect(lastParams(calls, `GET ${URL}`)).toMatchObject({ status: 'PACKED' }));
  });

  it('ships only after confirming', async () => {
    renderPage(<ShipmentPage />);
    await screen.findByTestId('shipment-ship-SHP-260101-BBBBBB');
    await click('shipment-ship-SHP-260101-BBBBBB');
    expect(await screen.findByText('确认发货 SHP-260101-BBBBBB?')).toBeTruthy();
    expectNotSent(calls, `POST ${URL}/${packed.id}/ship`);
    await click('shipment-ship-confirm-SHP-260101-BBBBBB');
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}/${packed.id}/ship`)).toBe(true));
  });

  it('retries a failed marketplace sync', async () => {
    renderPage(<ShipmentPage />);
    await screen.findByTestId('shipment-retry-SHP-260101-CCCCCC');
    await click('shipment-retry-SHP-260101-CCCCCC');
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}/${failed.id}/sync`)).toBe(true));
  });

  it('hides what the user may not do', async () => {
    useAbp.setState({ permissions: ['Trade.Shipments'] });
    renderPage(<ShipmentPage />);
    await screen.findByText('SHP-260101-AAAAAA');
    expect(screen.queryByTestId('shipment-create-open')).toBeNull();
    expect(screen.queryByTestId('shipment-ship-SHP-260101-BBBBBB')).toBeNull();
    expect(screen.queryByTestId('shipment-retry-SHP-260101-CCCCCC')).toBeNull();
  });

  it('creates a shipment from an order with the cheapest channel preselected', async () => {
    await startShipmentOfSo100();
    await waitFor(() => expect(lastParams(calls, `GET ${URL}/estimate`)).toMatchObject({ orderIds: O1 }));
    const cheap = await screen.findByTestId('shipment-channel-CHEAP');
    await waitFor(() => expect((cheap as HTMLInputElement).checked).toBe(true));
    expect(cheap.closest('label')?.textContent).toContain('30.00 CNY');
    await submit('shipment-create-submit');
    expect(await sentBody(calls, `POST ${URL}`)).toEqual({
      orderIds: [O1],
      warehouseId: WH,
      channelId: 'ch-CHEAP',
    });
  });

  it('splits a line and shows the server’s over-shipping refusal under its quantity', async () => {
    answers[`POST ${URL}`] = refusal(URL, [{ message: 'MUG-01:最多还能发 2 件。', members: ['lines.0.quantity'] }]);
    await startShipmentOfSo100();
    await click('shipment-create-split');
    await screen.findByTestId('shipment-split-0');
    await submit('shipment-create-submit');
    expect(await sentBody(calls, `POST ${URL}`)).toMatchObject({
      lines: [{ orderLineId: L1, quantity: 3 }],
    });
    expect(await screen.findByText('MUG-01:最多还能发 2 件。')).toBeTruthy();
  });
});

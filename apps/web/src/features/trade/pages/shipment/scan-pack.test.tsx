import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../../lib/http/errors.ts';
import { expectNotSent, fakeApiBeforeEach, sentBody } from '../../../../lib/testing/fake-http.ts';
import { click, pressEnter, typeInto } from '../../../../lib/testing/form-events.ts';
import { quietUi, renderPage } from '../../../../lib/testing/render-page.tsx';
import { chineseTextsBeforeEach } from '../../../../lib/testing/server-texts.ts';
import type { Shipment, ShipmentDetail } from '../../api/shipments.ts';
import { shipmentRow } from './fixtures.ts';
import ShipmentPage from './index.tsx';

/** The scan-to-pack drawer and the bulk actions of the shipments page, against a faked HTTP layer. */

const URL = '/api/trade/shipments';
const ID = (n: number) => `00000000-0000-4000-8000-0000000000c${n}`;

const row = (n: number, over: Partial<Shipment> = {}): Shipment =>
  shipmentRow({
    id: ID(n),
    shipmentNo: `SHP-260101-00000${n}`,
    status: 'LABELLED',
    warehouseId: 'wh',
    trackingNo: `YT00000000000${n}`,
    orderNos: `SO-${n}`,
    quantity: 3,
    allowedActions: ['pack', 'cancel'],
    ...over,
  });
const item = (sku: string, quantity: number) => ({
  id: `i-${sku}`,
  orderId: 'o1',
  orderNo: 'SO-1',
  orderLineId: `l-${sku}`,
  variantId: 'v',
  sku,
  name: `货品 ${sku}`,
  quantity,
});
const parcel: ShipmentDetail = { ...row(1), items: [item('MUG-01', 2), item('CAP-02', 1)], address: null };

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 2, items: [row(1), row(2, { status: 'CREATED', trackingNo: null })] },
    [`GET ${URL}/counts`]: { total: 2, capped: false, counts: { LABELLED: 1, CREATED: 1 } },
    [`GET ${URL}/scan`]: parcel,
    [`POST ${URL}/${ID(1)}/pack`]: { ...parcel, status: 'PACKED' },
    [`POST ${URL}/bulk/ship`]: {
      done: [ID(1)],
      failed: [{ id: ID(2), shipmentNo: 'SHP-260101-000002', message: '状态为“待打单”,不能发货。' }],
    },
    [`POST ${URL}/pick-list`]: {
      shipments: 2,
      skipped: 0,
      quantity: 5,
      warehouses: [
        {
          warehouseId: 'wh',
          warehouseName: '深圳仓',
          quantity: 5,
          lines: [{ sku: 'MUG-01', name: '马克杯', variant: '红色', quantity: 5, orderNos: ['SO-1', 'SO-2'] }],
        },
      ],
    },
  }),
  ['Trade.Shipments', 'Trade.Shipments.Update', 'Trade.Shipments.Ship'],
);

chineseTextsBeforeEach({
  Shipments: {
    'Status:LABELLED': '已打单',
    'Status:CREATED': '待打单',
    'Scan:Open': '扫描验货',
    'Scan:WrongSku': '{0} 不属于此包裹。',
    'Scan:TooMany': '{0}:{1} 件已全部扫描。',
    'Scan:Pack': '确认打包',
    'Bulk:Ship': '批量发货',
    'Bulk:ConfirmShip': '确认发货 {0} 个包裹?',
    'Bulk:Result': '成功 {0} 个,未通过 {1} 个。',
    'Bulk:PickList': '拣货单',
  },
});

const beeps = vi.fn();
beforeEach(() => {
  beeps.mockClear();
  // Web Audio is not in jsdom: a stand-in that counts the buzzes started
  class FakeAudio {
    currentTime = 0;
    destination = {};
    createOscillator() {
      const osc = {
        type: '',
        frequency: { value: 0 },
        connect: () => ({ connect: () => undefined }),
        start: beeps,
        stop: () => undefined,
        onended: null,
      };
      return osc;
    }
    createGain() {
      return { gain: { value: 0 } };
    }
    close() {
      return Promise.resolve();
    }
  }
  vi.stubGlobal('AudioContext', FakeAudio);
});
afterEach(() => vi.unstubAllGlobals());

/** What a keyboard-wedge scanner does: types the code, then Enter. */
async function scan(code: string) {
  await typeInto('scan-input', code);
  await pressEnter('scan-input');
}

describe('scan to pack', () => {
  it('finds the parcel, refuses a wrong or extra SKU in red with a buzz, and packs when every line matches', async () => {
    renderPage(<ShipmentPage />);
    await click('shipment-scan-open');
    await scan('YT000000000001');
    expect((await screen.findByTestId('scan-parcel')).textContent).toBe('SHP-260101-000001');
    expect(screen.getByTestId('scan-count-MUG-01').textContent).toBe('0/2');

    await scan('PEN-99');
    const refused = await screen.findByTestId('scan-refused');
    expect(refused.textContent).toContain('PEN-99 不属于此包裹。');
    expect(refused.className).toContain('ant-alert-error');
    expect(beeps).toHaveBeenCalledTimes(1);
    expect((screen.getByTestId('scan-pack-confirm') as HTMLButtonElement).disabled).toBe(true);

    await scan('mug-01');
    await scan('MUG-01');
    expect(screen.getByTestId('scan-count-MUG-01').textContent).toBe('2/2');
    await scan('MUG-01');
    expect((await screen.findByTestId('scan-refused')).textContent).toContain('MUG-01:2 件已全部扫描。');
    expect(beeps).toHaveBeenCalledTimes(2);
    expect((screen.getByTestId('scan-pack-confirm') as HTMLButtonElement).disabled).toBe(true);
    expectNotSent(calls, `POST ${URL}/${ID(1)}/pack`);

    await scan('CAP-02');
    await waitFor(() => expect((screen.getByTestId('scan-pack-confirm') as HTMLButtonElement).disabled).toBe(false));
    await click('scan-pack-confirm');
    expect(await sentBody(calls, `POST ${URL}/${ID(1)}/pack`)).toEqual({
      scanned: [
        { sku: 'MUG-01', quantity: 2 },
        { sku: 'CAP-02', quantity: 1 },
      ],
    });
  });

  it('shows the server’s refusal of an unknown code and buzzes', async () => {
    answers[`GET ${URL}/scan`] = new HttpError(
      404,
      { error: { message: '未找到 NOPE 对应的包裹。' } },
      `${URL}/scan`,
      '未找到 NOPE 对应的包裹。',
    );
    renderPage(<ShipmentPage />);
    await click('shipment-scan-open');
    await scan('NOPE');
    expect((await screen.findByTestId('scan-refused')).textContent).toContain('未找到 NOPE 对应的包裹。');
    expect(beeps).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('scan-parcel')).toBeNull();
  });
});

describe('bulk actions', () => {
  const select = async (...ns: number[]) => {
    await screen.findByText('SHP-260101-000001');
    await act(async () => {
      for (const n of ns)
        fireEvent.click(
          within(screen.getByText(`SHP-260101-00000${n}`).closest('tr') as HTMLElement).getByRole('checkbox'),
        );
    });
  };

  it('ships the selected rows only after confirming, and lists the refused ones', async () => {
    const ui = quietUi();
    renderPage(<ShipmentPage />, { ui });
    await select(1, 2);
    await click('shipments-bulk-ship');
    expect(await screen.findByText('确认发货 2 个包裹?')).toBeTruthy();
    expectNotSent(calls, `POST ${URL}/bulk/ship`);
    await click('shipments-bulk-ship-confirm');
    expect(await sentBody(calls, `POST ${URL}/bulk/ship`)).toEqual({ ids: [ID(1), ID(2)] });
    const warning = vi.mocked(ui.notification.warning);
    await waitFor(() => expect(warning).toHaveBeenCalled());
    const notice = warning.mock.calls.at(-1)![0];
    expect(notice.title).toBe('批量发货: 成功 1 个,未通过 1 个。');
    render(notice.description as ReactNode);
    expect(screen.getByTestId('shipments-bulk-refused').textContent).toContain(
      'SHP-260101-000002: 状态为“待打单”,不能发货。',
    );
  });

  it('opens the pick list of the selected rows', async () => {
    renderPage(<ShipmentPage />);
    await select(1, 2);
    await click('shipments-bulk-pick');
    expect(await sentBody(calls, `POST ${URL}/pick-list`)).toEqual({ ids: [ID(1), ID(2)] });
    const drawer = await screen.findByTestId('pick-list');
    expect(within(drawer).getByText('马克杯')).toBeTruthy();
    expect(within(drawer).getByText('SO-1, SO-2')).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { expectNotSent, fakeApiBeforeEach, lastParams, sentBody } from '../../../../lib/testing/fake-http.ts';
import { click, errorOf, fillIn, typeInto } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import type { ShipmentEvent } from '../../api/shipments.ts';
import ShipmentRecordPage from './index.tsx';

/** The tracking history page against a faked HTTP layer. */

const URL = '/api/trade/shipments';
const S1 = '00000000-0000-4000-8000-0000000000c1';

const event = (over: Partial<ShipmentEvent>): ShipmentEvent => ({
  id: 'e1',
  shipmentId: S1,
  shipmentNo: 'SHP-260101-AAAAAA',
  trackingNo: 'YT123456789012',
  time: '2026-01-02T03:04:05Z',
  code: 'SHIPPED',
  description: '已交 云途 揽收',
  location: null,
  source: 'USER',
  actorId: null,
  ...over,
});

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}/events`]: { totalCount: 1, items: [event({})] },
    [`GET ${URL}/${S1}`]: {
      id: S1,
      shipmentNo: 'SHP-260101-AAAAAA',
      trackingNo: 'YT123456789012',
      status: 'SHIPPED',
      carrierName: '云途',
      channelName: '专线',
      orderNos: 'SO-1',
      items: [],
    },
    [`GET ${URL}/${S1}/events`]: {
      items: [event({}), event({ id: 'e0', code: 'CREATED', description: '创建发货单' })],
    },
    [`POST ${URL}/${S1}/events`]: event({ id: 'e2', code: 'IN_TRANSIT', description: '到达吉隆坡' }),
  }),
  ['Trade.Shipments', 'Trade.Shipments.Update'],
);

beforeEach(() => {
  applyServerTexts('zh-Hans', {
    Shipments: {
      'Page:AddEvent': '添加轨迹',
      'Source:USER': '用户',
      'Status:SHIPPED': '已发货',
      'Status:CREATED': '待打单',
      'Code:IN_TRANSIT': '运输中',
    },
  });
});

describe('shipment record page', () => {
  it('lists events, searches by tracking number, opens a timeline and adds an event', async () => {
    renderPage(<ShipmentRecordPage />);
    const table = await screen.findByTestId('shipment-records');
    expect(await within(table).findByText('YT123456789012')).toBeTruthy();
    const search = screen.getByTestId('shipment-records-filter-trackingNo');
    await typeInto('shipment-records-filter-trackingNo', 'YT123');
    const input = (search.tagName === 'INPUT' ? search : search.querySelector('input')) as HTMLInputElement;
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true }));
    await waitFor(() => expect(lastParams(calls, `GET ${URL}/events`)).toMatchObject({ trackingNo: 'YT123' }));

    await click('record-open-e1');
    const drawer = await screen.findByTestId('shipment-timeline-events');
    expect(within(drawer).getByText('创建发货单')).toBeTruthy();
    // the shared schema refuses an empty code before anything is sent
    await click('shipment-event-add');
    expect(await errorOf('shipment-event-code')).toBeTruthy();
    expectNotSent(calls, `POST ${URL}/${S1}/events`);
    await fillIn({
      'shipment-event-code': 'IN_TRANSIT',
      'shipment-event-description': '到达吉隆坡',
      'shipment-event-location': 'Kuala Lumpur',
    });
    await click('shipment-event-add');
    expect(await sentBody(calls, `POST ${URL}/${S1}/events`)).toMatchObject({
      code: 'IN_TRANSIT',
      description: '到达吉隆坡',
      location: 'Kuala Lumpur',
    });
  });

  it('names each event by its label, never its stored code; a code of its own is shown as written', async () => {
    answers[`GET ${URL}/events`] = {
      totalCount: 3,
      items: [
        event({}),
        event({ id: 'e2', code: 'IN_TRANSIT', description: '到达吉隆坡' }),
        event({ id: 'e3', code: 'KL-HUB-SCAN', description: '中转扫描' }),
      ],
    };
    renderPage(<ShipmentRecordPage />);
    const table = await screen.findByTestId('shipment-records');
    await within(table).findByText('到达吉隆坡');
    const shown = table.querySelector('.ant-table-tbody')?.textContent ?? '';
    expect(shown).toContain('已发货');
    expect(shown).toContain('运输中');
    expect(shown).toContain('KL-HUB-SCAN');
    expect(shown).not.toMatch(/SHIPPED|IN_TRANSIT/);

    await click('record-open-e1');
    const drawer = await screen.findByTestId('shipment-timeline-events');
    await within(drawer).findByText('创建发货单');
    expect(drawer.textContent).toContain('待打单');
    expect(drawer.textContent).not.toMatch(/CREATED|SHIPPED/);
  });
});

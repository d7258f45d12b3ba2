import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyServerTexts, setCulture } from '../../../../lib/i18n/index.ts';
import { fakeApiBeforeEach, refusal, sentBody } from '../../../../lib/testing/fake-http.ts';
import { click, expectErrorOf, fillIn, pick, submit, typeInto, upload } from '../../../../lib/testing/form-events.ts';
import { quietUi, renderPage } from '../../../../lib/testing/render-page.tsx';
import CarriersPage from './index.tsx';
import { CHANNEL, carrier, channel, rateRow, rateTable, texts, ZONE_MY, ZONE_SG, zone } from './test-fixtures.ts';

/** The rate table of a channel (a drawer of the carriers page) against a faked HTTP layer. */

const ui = quietUi();
const success = vi.mocked(ui.message.success);
const RATES = `/api/logistics/channels/${CHANNEL}/rates`;

const sgFirst = rateRow();
const myFlat = rateRow({
  id: '3e9caf4b-4a5d-4f6e-8b12-000000000002',
  zoneId: ZONE_MY,
  zoneName: '马来西亚',
  weightFrom: 0,
  weightTo: 500,
  feeMode: 'FLAT',
  firstWeight: null,
  firstFee: null,
  additionalUnit: null,
  additionalFee: null,
  flatFee: '19.90',
  effectiveFrom: '2026-03-01',
});

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    'GET /api/logistics/carriers': { totalCount: 1, items: [carrier()] },
    'GET /api/logistics/channels': { totalCount: 1, items: [channel()] },
    'GET /api/logistics/zones/all': {
      items: [zone(ZONE_SG, '新加坡', ['SG']), zone(ZONE_MY, '马来西亚', ['MY'])],
    },
    [`GET ${RATES}`]: rateTable([sgFirst, myFlat]),
    [`PUT ${RATES}`]: rateTable([sgFirst, myFlat]),
    [`GET ${RATES}/export`]: new Blob(['xlsx']),
  }),
  ['Logistics.Carriers', 'Logistics.Carriers.Update'],
);

beforeEach(async () => {
  success.mockClear();
  await setCulture('zh-Hans');
  applyServerTexts('zh-Hans', { Logistics: texts });
});

async function openRates() {
  renderPage(<CarriersPage />, { ui });
  await screen.findByTestId('carrier-select-YUNEXPRESS');
  await click('carrier-select-YUNEXPRESS');
  await screen.findByTestId('channel-rates-YT-SEA-STD');
  await click('channel-rates-YT-SEA-STD');
  const table = await screen.findByTestId('rates-table');
  await within(table).findByText('新加坡');
  return table;
}

const rowsOf = (table: HTMLElement) => [...table.querySelectorAll<HTMLElement>('tr.ant-table-row')];
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('rate table', () => {
  it('shows each row’s zone, band, fee mode with its members, and effective dates', async () => {
    const table = await openRates();
    const [sg, my] = rowsOf(table);
    expect(cellsOf(sg).slice(0, 5)).toEqual([
      '新加坡',
      '0–2000',
      '首重+续重',
      '首重(g) 500首重费用 25.00续重单位(g) 500续重费用 6.50',
      '长期有效',
    ]);
    expect(cellsOf(my).slice(0, 5)).toEqual(['马来西亚', '0–500', '固定费用', '固定费用 19.90', '2026-03-01 起']);
  });

  it('adds a row checked by the contract, saves the whole table with the stamp, and puts the refusal on its row', async () => {
    answers[`PUT ${RATES}`] = refusal(RATES, [
      { message: '重量区间与同一分区第 1 行重叠,且有效期也重叠。', members: ['rows.2.weightFrom'] },
    ]);
    const table = await openRates();
    await click('rates-add');
    await screen.findByTestId('rate-row-form');
    await pick('rate-zone', '新加坡');
    await fillIn({
      'rate-weight-from': '1000',
      'rate-weight-to': '3000',
    });
    await submit('rate-row-submit');
    // the fee mode's members are required
    await expectErrorOf('rate-firstFee', '该计费方式必须填写。');
    await pick('rate-fee-mode', '固定费用');
    expect(screen.queryByTestId('rate-firstFee')).toBeNull();
    await typeInto('rate-flatFee', '42.5');
    await submit('rate-row-submit');
    await waitFor(() => expect(rowsOf(table)).toHaveLength(3));

    await submit('rates-save');
    const sent = (await sentBody(calls, `PUT ${RATES}`)) as { rows: object[]; concurrencyStamp: string };
    expect(sent.concurrencyStamp).toBe('channel-stamp');
    // the stored row goes back as it came, without its zone's name (the server's to say)
    const { zoneName: _zoneName, ...sgFirstSent } = sgFirst;
    expect(sent.rows[0]).toEqual(sgFirstSent);
    expect(sent.rows[2]).toEqual({
      zoneId: ZONE_SG,
      weightFrom: 1000,
      weightTo: 3000,
      feeMode: 'FLAT',
      firstWeight: null,
      firstFee: null,
      additionalUnit: null,
      additionalFee: null,
      baseFee: null,
      perKgFee: null,
      flatFee: '42.5',
      effectiveFrom: null,
      effectiveTo: null,
    });

    // the refusal is shown on the row it names, and on the field when the row is opened
    const refused = rowsOf(table)[2];
    expect(within(refused).getByText('重量区间与同一分区第 1 行重叠,且有效期也重叠。')).toBeTruthy();
    expect(within(rowsOf(table)[0]).queryByText(/重叠/)).toBeNull();
    expect(screen.getByTestId('rates-refused')).toBeTruthy();
    await click('rates-edit-2');
    await expectErrorOf('rate-weight-from', '重量区间与同一分区第 1 行重叠,且有效期也重叠。');
  });

  it('lists a refused sheet’s rows, and reads the table again after an import', async () => {
    answers[`POST ${RATES}/import`] = refusal(`${RATES}/import`, [
      { message: '没有名为“东马”的分区。', members: ['rows.4.zone'] },
      { message: '该计费方式必须填写。', members: ['rows.7.flatFee'] },
    ]);
    await openRates();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['xlsx'], 'rates.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await upload(input, [file]);
    const report = await screen.findByTestId('rates-import-errors');
    const lines = [...report.querySelectorAll('tr.ant-table-row')].map((tr) => cellsOf(tr as HTMLElement));
    expect(lines).toEqual([
      ['4', '分区', '没有名为“东马”的分区。'],
      ['7', '固定费用', '该计费方式必须填写。'],
    ]);
    const sentFile = calls.find((c) => c.key === `POST ${RATES}/import`)?.options.multipart;
    expect(sentFile?.get('file')).toBeInstanceOf(File);
    expect(screen.getByText('未导入任何数据:请修正以下行后重新导入。')).toBeTruthy();

    answers[`POST ${RATES}/import`] = { imported: 12, zones: 3 };
    const reads = calls.filter((c) => c.key === `GET ${RATES}`).length;
    await upload(document.querySelector('input[type=file]') as HTMLInputElement, [file]);
    await waitFor(() => expect(success).toHaveBeenCalledWith('已导入 3 个分区的 12 行运价。'));
    await waitFor(() => expect(calls.filter((c) => c.key === `GET ${RATES}`).length).toBeGreaterThan(reads));
    expect(screen.queryByTestId('rates-import-errors')).toBeNull();
  });

  it('exports the table as a download', async () => {
    await openRates();
    await click('rates-export');
    await waitFor(() => expect(calls.some((c) => c.key === `GET ${RATES}/export`)).toBe(true));
    expect(calls.find((c) => c.key === `GET ${RATES}/export`)?.options.responseType).toBe('blob');
  });
});

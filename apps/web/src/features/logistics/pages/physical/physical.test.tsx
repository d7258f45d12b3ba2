import { noChannelLimits } from '@seller/contracts/logistics';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { applyServerTexts, setCulture } from '../../../../lib/i18n/index.ts';
import { expectNotSent, fakeApiBeforeEach, refusal, sentBody } from '../../../../lib/testing/fake-http.ts';
import { click, expectErrorsOf, fillIn, pick, submit } from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { findRow } from '../../../../lib/testing/table.ts';
import CarriersPage from './index.tsx';
import { CARRIER, CHANNEL, carrier, channel, OTHER_CARRIER, texts } from './test-fixtures.ts';

/** The carriers and channels page against a faked HTTP layer (the contract's shapes). */

const CHANNELS = '/api/logistics/channels';

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    'GET /api/logistics/carriers': {
      totalCount: 2,
      items: [
        carrier(),
        carrier({ id: OTHER_CARRIER, code: 'SF', name: '顺丰国际', type: 'EXPRESS', channelCount: 0 }),
      ],
    },
    [`GET ${CHANNELS}`]: { totalCount: 1, items: [channel()] },
    [`POST ${CHANNELS}`]: channel({ id: 'new' }),
    [`PUT ${CHANNELS}/${CHANNEL}`]: channel(),
  }),
  ['Logistics.Carriers', 'Logistics.Carriers.Create', 'Logistics.Carriers.Update'],
);

beforeEach(async () => {
  useAbp.setState({ config: { setting: { values: { 'Logistics.Currency': 'CNY' } } } as never });
  await setCulture('zh-Hans');
  applyServerTexts('zh-Hans', { Logistics: texts });
});

async function showChannels() {
  renderPage(<CarriersPage />);
  await screen.findByTestId('carrier-select-YUNEXPRESS');
  expect(screen.getByText('请选择一个物流商查看其渠道。')).toBeTruthy();
  await click('carrier-select-YUNEXPRESS');
  return screen.findByTestId('channels');
}

describe('carriers and channels page', () => {
  it('lists the carriers, and the channels of the one chosen with their fees and rate table counts', async () => {
    const channels = await showChannels();
    expect(within(channels).getByText('YUNEXPRESS 的渠道')).toBeTruthy();
    const row = await findRow(channels, 'YT-SEA-STD');
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(
      expect.arrayContaining(['空运', '5–9', 'CNY', '12.50%', '8.00', '18.00', '2 行 / 2 个分区', '启用']),
    );
    const listed = calls.filter((c) => c.key === `GET ${CHANNELS}`);
    expect(listed.at(-1)?.query).toContain(`carrierId=${CARRIER}`);
    const sf = screen.getByTestId('carrier-select-SF').closest('tr') as HTMLElement;
    expect(within(sf).getByText('快递')).toBeTruthy();
  });

  it('checks a new channel with the shared schema, then sends money as decimal text', async () => {
    await showChannels();
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('channels')).getByRole('button', { name: /新\s?建/ }));
    });
    await screen.findByTestId('channels-form');
    await fillIn({
      'channel-code': 'yt-my',
      'channel-name': '云途马来专线',
      'channel-transit-min': '7',
      'channel-transit-max': '4',
      'channel-minimum': '12.5x',
    });
    expect(screen.queryByTestId('channel-threshold')).toBeNull();
    await pick('channel-volume-mode', '最长边超限时计泡');
    expect(screen.getByTestId('channel-threshold')).toBeTruthy();
    await submit('channels-form-submit');
    await expectErrorsOf({
      'channel-code': '只能使用大写字母、数字和单个连字符。',
      'channel-minimum': '请输入数字,如 12.50。',
    });
    // rules across fields once each field is right
    await fillIn({
      'channel-code': 'YT-MY',
      'channel-minimum': '12.50',
    });
    await submit('channels-form-submit');
    await expectErrorsOf({
      'channel-transit-max': '不能小于下限。',
      'channel-threshold': '请填写最长边阈值,超过该值才计体积重。',
    });
    expectNotSent(calls, `POST ${CHANNELS}`);

    await fillIn({
      'channel-transit-max': '12',
      'channel-threshold': '60',
      'channel-fuel': '5.5',
      'channel-currency': 'usd',
      'channel-max-weight': '20000',
    });
    await click('channel-battery');
    await submit('channels-form-submit');
    expect(await sentBody(calls, `POST ${CHANNELS}`)).toEqual({
      carrierId: CARRIER,
      code: 'YT-MY',
      name: '云途马来专线',
      mode: 'AIR',
      transitDaysMin: 7,
      transitDaysMax: 12,
      volumeMode: 'LONGEST_SIDE',
      volumeDivisor: 5000,
      longestSideThreshold: 60,
      currency: 'USD',
      fuelSurchargePct: '5.5',
      minimumCharge: '12.50',
      registrationFee: '0',
      limits: { ...noChannelLimits, maxWeight: 20000, batteryAllowed: true },
      remark: null,
      isActive: true,
    });
  });

  it('shows the server’s refusals under the fields they name, a limit’s too, and sends the stamp', async () => {
    answers[`PUT ${CHANNELS}/${CHANNEL}`] = refusal(`${CHANNELS}/${CHANNEL}`, [
      { message: 'YT-SEA-STD 已存在。', members: ['code'] },
      { message: '不能小于下限。', members: ['limits.maxWeight'] },
    ]);
    await showChannels();
    await click('channels-edit-YT-SEA-STD');
    await screen.findByTestId('channels-form');
    expect((screen.getByTestId('channel-minimum') as HTMLInputElement).value).toBe('8.00');
    await submit('channels-form-submit');
    await expectErrorsOf({
      'channel-code': 'YT-SEA-STD 已存在。',
      'channel-max-weight': '不能小于下限。',
    });
    expect(calls.find((c) => c.key === `PUT ${CHANNELS}/${CHANNEL}`)?.options.json).toMatchObject({
      carrierId: CARRIER,
      code: 'YT-SEA-STD',
      fuelSurchargePct: '12.50',
      minimumCharge: '8.00',
      registrationFee: '18.00',
      limits: { maxWeight: 30000, maxLongestSide: 120, batteryAllowed: true },
      concurrencyStamp: 'channel-stamp',
    });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNotSent, fakeApiBeforeEach, sentBody } from '../../../../lib/testing/fake-http.ts';
import { audited, malaysiaAndSingapore } from '../../../../lib/testing/fixtures.ts';
import {
  click,
  expectErrorOf,
  fillIn,
  openNewFormOn,
  pick,
  submit,
  typeInto,
} from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { findRow } from '../../../../lib/testing/table.ts';
import type { FreightEstimateDto, StrategyDto } from '../../freight-api.ts';
import { applyLogisticsTexts, untranslated } from '../charge/test-support.ts';
import FreightStrategiesPage from './index.tsx';

/** The freight strategies page and its test panel against a faked HTTP layer (the contract's shapes). */

const URL = '/api/logistics/freight-strategies';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const SF = id(1);
const YT = id(2);
const EMS = id(3);
const ZONE = id(4);

const strategy: StrategyDto = {
  id: id(9),
  name: '东南亚默认',
  priority: 10,
  description: '马来、新加坡的日常订单',
  isActive: true,
  rules: [
    {
      name: '带电专线',
      countries: [],
      zoneIds: [],
      platforms: [],
      shopIds: [],
      warehouseIds: [],
      weightFrom: null,
      weightTo: null,
      orderValueFrom: null,
      orderValueTo: null,
      attributesAny: ['battery'],
      attributesNone: [],
      objective: 'FIXED',
      channelIds: [EMS],
      fallbackChannelId: null,
    },
  ],
  ...audited(),
};

const tested: FreightEstimateDto = {
  parcel: {
    source: 'PARCEL',
    weight: 800,
    length: null,
    width: null,
    height: null,
    attributes: [],
    declaredValue: null,
    orderValue: null,
    currency: 'CNY',
    countryCode: 'MY',
    postalCode: null,
  },
  tenantCurrency: 'CNY',
  options: [
    {
      channelId: YT,
      channelCode: 'YT-MY-ECO',
      channelName: '马来经济小包',
      carrierId: id(5),
      carrierName: '云途',
      mode: 'LAND',
      zoneId: ZONE,
      zoneName: '东南亚一区',
      transitDaysMin: 10,
      transitDaysMax: 15,
      actualWeight: 800,
      volumetricWeight: null,
      chargeableWeight: 800,
      feeMode: 'FLAT',
      steps: { first: null, units: 0, unit: null },
      currency: 'CNY',
      freight: '30.00',
      fuelSurchargePct: '0',
      fuelSurcharge: '0',
      registrationFee: '0',
      subtotal: '30.00',
      minimumCharge: null,
      minimumApplied: false,
      total: '30.00',
      tenantCurrency: 'CNY',
      exchangeRate: '1',
      totalInTenantCurrency: '30.00',
      picked: true,
    },
  ],
  excluded: [
    {
      channelId: EMS,
      channelCode: 'EMS-MY',
      channelName: 'EMS 特快',
      carrierName: '中国邮政',
      reasons: [{ code: 'TooHeavy', message: '超过最大重量 500 克。' }],
    },
  ],
  strategy: {
    strategyId: id(9),
    strategyName: '东南亚默认',
    ruleIndex: 1,
    ruleName: '其他',
    objective: 'FIXED',
    pickedChannelId: YT,
    fallbackUsed: true,
  },
  trace: [
    {
      strategyId: id(9),
      strategyName: '东南亚默认',
      ruleIndex: 0,
      ruleName: '带电专线',
      matched: false,
      reasons: [{ code: 'AttributesAnyMissing', message: '不含以下任一属性:含电。' }],
    },
    { strategyId: id(9), strategyName: '东南亚默认', ruleIndex: 1, ruleName: '其他', matched: true, reasons: [] },
  ],
};

const { calls } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 1, items: [strategy] },
    [`POST ${URL}`]: { ...strategy, id: id(8) },
    [`POST ${URL}/test`]: tested,
    'GET /api/logistics/countries/all': malaysiaAndSingapore,
    'GET /api/logistics/zones/all': { items: [{ id: ZONE, name: '东南亚一区', countries: ['MY', 'SG'] }] },
    'GET /api/logistics/warehouses/all': { items: [] },
    'GET /api/logistics/channels/all': {
      items: [
        { id: SF, carrierName: '顺丰国际', name: '马来标准小包' },
        { id: YT, carrierName: '云途', name: '马来经济小包' },
        { id: EMS, carrierName: '中国邮政', name: 'EMS 特快' },
      ],
    },
  }),
  ['Logistics.FreightStrategies', 'Logistics.FreightStrategies.Create', 'Logistics.FreightStrategies.Update'],
);

beforeEach(() => {
  applyLogisticsTexts();
});

describe('freight strategies page', () => {
  it('lists strategies with their priority, status and number of rules', async () => {
    const { container } = renderPage(<FreightStrategiesPage />);
    const list = await screen.findByTestId('strategies');
    const row = await findRow(list, '东南亚默认');
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(expect.arrayContaining(['10', '启用', '1', '马来、新加坡的日常订单']));
    expect(untranslated(container)).toEqual([]);
  });

  it('sends the rules in the order they were arranged, each with its conditions and action', async () => {
    await openNewFormOn(<FreightStrategiesPage />, '东南亚默认', 'strategies-form');
    await fillIn({
      'strategy-name': '大促策略',
      'strategy-priority': '5',
      'strategy-rule-0-name': '默认',
    });
    await pick('strategy-rule-0-channelIds', '云途 / 马来经济小包');
    await pick('strategy-rule-0-channelIds', '顺丰国际 / 马来标准小包');

    await click('strategy-add-rule');
    await typeInto('strategy-rule-1-name', '马来轻小件');
    await pick('strategy-rule-1-countries', 'MY 马来西亚');
    await pick('strategy-rule-1-zoneIds', '东南亚一区');
    await pick('strategy-rule-1-platforms', 'Shopee');
    await fillIn({
      'strategy-rule-1-weightTo': '2000',
      'strategy-rule-1-orderValueFrom': '99.5',
    });
    await pick('strategy-rule-1-attributesNone', '含电');
    await pick('strategy-rule-1-objective', '固定顺序');
    await pick('strategy-rule-1-channelIds', '顺丰国际 / 马来标准小包');
    await pick('strategy-rule-1-fallbackChannelId', '中国邮政 / EMS 特快');
    // the new rule goes first
    await click('strategy-rule-1-up');
    expect((screen.getByTestId('strategy-rule-0-name') as HTMLInputElement).value).toBe('马来轻小件');
    expect((screen.getByTestId('strategy-rule-1-name') as HTMLInputElement).value).toBe('默认');

    await submit('strategies-form-submit');
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${URL}`)).toBe(true));
    const none = { countries: [], zoneIds: [], platforms: [], shopIds: [], warehouseIds: [] };
    expect(calls.find((c) => c.key === `POST ${URL}`)?.options.json).toEqual({
      name: '大促策略',
      priority: 5,
      description: null,
      isActive: true,
      rules: [
        {
          ...none,
          name: '马来轻小件',
          countries: ['MY'],
          zoneIds: [ZONE],
          platforms: ['SHOPEE'],
          weightFrom: null,
          weightTo: 2000,
          orderValueFrom: '99.5',
          orderValueTo: null,
          attributesAny: [],
          attributesNone: ['battery'],
          objective: 'FIXED',
          channelIds: [SF],
          fallbackChannelId: EMS,
        },
        {
          ...none,
          name: '默认',
          weightFrom: null,
          weightTo: null,
          orderValueFrom: null,
          orderValueTo: null,
          attributesAny: [],
          attributesNone: [],
          objective: 'CHEAPEST',
          channelIds: [YT, SF],
          fallbackChannelId: null,
        },
      ],
    });
  });

  it('refuses a rule without candidate channels, and a weight range upside down, before sending', async () => {
    await openNewFormOn(<FreightStrategiesPage />, '东南亚默认', 'strategies-form');
    await fillIn({
      'strategy-name': '空策略',
      'strategy-rule-0-name': '默认',
      'strategy-rule-0-weightFrom': '2000',
      'strategy-rule-0-weightTo': '500',
    });
    await submit('strategies-form-submit');
    await expectErrorOf('strategy-rule-0-channelIds', '请至少选择一个候选渠道。');
    await pick('strategy-rule-0-channelIds', '云途 / 马来经济小包');
    await submit('strategies-form-submit');
    await expectErrorOf('strategy-rule-0-weightTo', '不能小于下限。');
    expectNotSent(calls, `POST ${URL}`);
  });

  it('tests a strategy on a parcel: the matched rule, the skipped ones with why, the pick and the fallback', async () => {
    renderPage(<FreightStrategiesPage />);
    await screen.findByText('东南亚默认');
    await click('strategies-test-东南亚默认');
    await screen.findByTestId('strategy-test-form');
    await pick('strategy-test-country', 'MY 马来西亚');
    await typeInto('strategy-test-weight', '800');
    await pick('strategy-test-platform', 'Lazada');
    await submit('strategy-test-submit');

    expect(await sentBody(calls, `POST ${URL}/test`)).toEqual({
      countryCode: 'MY',
      weight: 800,
      platform: 'LAZADA',
      strategyId: id(9),
    });
    const result = await screen.findByTestId('strategy-test-result');
    expect(within(result).getByTestId('strategy-test-result-matched').textContent).toBe('命中规则 #2:其他');
    const picked = within(result).getByTestId('strategy-test-result-pick').textContent;
    expect(picked).toContain('云途 / 马来经济小包');
    expect(picked).toContain('已使用兜底渠道');
    const skipped = within(result).getByTestId('strategy-test-result-rule-0');
    expect(skipped.dataset.matched).toBe('false');
    expect(skipped.textContent).toContain('跳过');
    expect(skipped.textContent).toContain('不含以下任一属性:含电。');
    const matched = within(result).getByTestId('strategy-test-result-rule-1');
    expect(matched.dataset.matched).toBe('true');
    expect(matched.textContent).toContain('命中');
    expect(screen.getByTestId('strategy-test-options-YT-MY-ECO').textContent).toContain('30.00 CNY');
    expect(screen.getByTestId('strategy-test-excluded-EMS-MY').textContent).toContain('超过最大重量 500 克。');
    expect(untranslated(document.body)).toEqual([]);
  });

  it('offers the test of a saved strategy inside its form', async () => {
    renderPage(<FreightStrategiesPage />);
    await screen.findByText('东南亚默认');
    await click('strategies-edit-东南亚默认');
    await screen.findByTestId('strategies-form');
    expect((screen.getByTestId('strategy-rule-0-name') as HTMLInputElement).value).toBe('带电专线');
    await click('strategy-test-open');
    expect(await screen.findByText('测试运费策略:东南亚默认')).toBeTruthy();
    await pick('strategy-test-country', 'SG 新加坡');
    await typeInto('strategy-test-weight', '300');
    await submit('strategy-test-submit');
    expect(await sentBody(calls, `POST ${URL}/test`)).toMatchObject({ strategyId: id(9) });
    // the strategy itself is not saved by the test
    expectNotSent(calls, `PUT ${URL}/${id(9)}`);
    expect(screen.queryByTestId('strategy-test-open')).toBeTruthy();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { type Call, fakeHttp, refusal } from '../../../../lib/testing/fake-http.ts';
import { malaysiaAndSingapore } from '../../../../lib/testing/fixtures.ts';
import {
  click,
  errorOf,
  expectErrorOf,
  fillIn,
  pick,
  searchIn,
  submit,
  typeInto,
} from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { countrySearch, type FreightEstimateDto, type FreightOptionDto } from '../../freight-api.ts';
import { compareChartOption, comparePoints } from './chart-option.ts';
import FreightEstimatePage from './index.tsx';
import { applyLogisticsTexts, serverTexts, untranslated } from './test-support.ts';

/** The freight estimate page against a faked HTTP layer answering in the contract's shapes. */

const ESTIMATE = 'POST /api/logistics/freight/estimate';

const option = (over: Partial<FreightOptionDto>): FreightOptionDto => ({
  channelId: 'c1',
  channelCode: 'SF-MY-STD',
  channelName: '马来标准小包',
  carrierId: 'k1',
  carrierName: '顺丰国际',
  mode: 'AIR',
  zoneId: 'z1',
  zoneName: '东南亚一区',
  transitDaysMin: 5,
  transitDaysMax: 8,
  actualWeight: 1200,
  volumetricWeight: 1000,
  chargeableWeight: 1200,
  feeMode: 'FIRST_ADDITIONAL',
  steps: { first: 500, units: 7, unit: 100 },
  currency: 'USD',
  freight: '10.50',
  fuelSurchargePct: '12.5',
  fuelSurcharge: '1.3125',
  registrationFee: '2.00',
  subtotal: '13.8125',
  minimumCharge: '15.00',
  minimumApplied: true,
  total: '15.00',
  tenantCurrency: 'CNY',
  exchangeRate: '7.12',
  totalInTenantCurrency: '106.80',
  picked: true,
  ...over,
});

const sf = option({});
const yunexpress = option({
  channelId: 'c2',
  channelCode: 'YT-MY-ECO',
  channelName: '马来经济小包',
  carrierName: '云途',
  mode: 'LAND',
  transitDaysMin: 10,
  transitDaysMax: 15,
  volumetricWeight: null,
  feeMode: 'PER_KG',
  steps: { first: null, units: 1200, unit: 1 },
  currency: 'MYR',
  freight: '9.00',
  fuelSurchargePct: '0',
  fuelSurcharge: '0',
  registrationFee: '0.80',
  subtotal: '9.80',
  minimumCharge: null,
  minimumApplied: false,
  total: '9.80',
  exchangeRate: '1.55',
  totalInTenantCurrency: '15.19',
  picked: false,
});

const estimate = (over: Partial<FreightEstimateDto> = {}): FreightEstimateDto => ({
  parcel: {
    source: 'PARCEL',
    weight: 1200,
    length: 30,
    width: 20,
    height: 10,
    attributes: [],
    declaredValue: '25.5',
    orderValue: null,
    currency: 'CNY',
    countryCode: 'MY',
    postalCode: '50000',
  },
  tenantCurrency: 'CNY',
  options: [yunexpress, sf],
  excluded: [
    {
      channelId: 'c3',
      channelCode: 'EMS-MY',
      channelName: 'EMS 特快',
      carrierName: '中国邮政',
      reasons: [
        { code: 'BatteryNotAllowed', message: '不接受带电产品。' },
        { code: 'TooHeavy', message: '超过最大重量 1000 克。' },
      ],
    },
  ],
  strategy: {
    strategyId: 's1',
    strategyName: '东南亚默认',
    ruleIndex: 1,
    ruleName: '轻小件走快线',
    objective: 'FASTEST',
    pickedChannelId: 'c1',
    fallbackUsed: false,
  },
  trace: [
    {
      strategyId: 's1',
      strategyName: '东南亚默认',
      ruleIndex: 0,
      ruleName: '带电专线',
      matched: false,
      reasons: [{ code: 'AttributesAnyMissing', message: '不含以下任一属性:含电。' }],
    },
    {
      strategyId: 's1',
      strategyName: '东南亚默认',
      ruleIndex: 1,
      ruleName: '轻小件走快线',
      matched: true,
      reasons: [],
    },
  ],
  ...over,
});

let calls: Call[] = [];
let answers: Record<string, unknown> = {};

beforeEach(() => {
  answers = {
    'GET /api/logistics/countries/all': malaysiaAndSingapore,
    'GET /api/logistics/warehouses/all': { items: [] },
    'GET /api/logistics/freight-strategies/all': { items: [] },
    'GET /api/catalog/products': (o: { params?: { filter?: string } }) => ({
      totalCount: 1,
      items: o.params?.filter === 'mug' ? [{ id: 'p1', sku: 'MUG-01', name: '陶瓷马克杯' }] : [],
    }),
    [ESTIMATE]: estimate(),
  };
  calls = fakeHttp(answers);
  useAbp.setState({ permissions: ['Logistics.Freight', 'Catalog.Products'] });
  applyLogisticsTexts();
});

const posted = () => calls.filter((c) => c.key === ESTIMATE).map((c) => c.options.json);

describe('freight estimate page', () => {
  it('shows the empty state, then posts the parcel and shows the options with their breakdown, the pick, the exclusions and the chart', async () => {
    const { container } = renderPage(<FreightEstimatePage />);
    expect(screen.getByTestId('estimate-empty')).toBeTruthy();
    await fillIn({
      'estimate-weight': '1200',
      'estimate-length': '30',
      'estimate-width': '20',
      'estimate-height': '10',
    });
    await pick('estimate-country', 'MY 马来西亚');
    await fillIn({
      'estimate-postal': '50000',
      'estimate-declared': '25.5',
    });
    await submit('estimate-submit');

    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toEqual({
      countryCode: 'MY',
      postalCode: '50000',
      weight: 1200,
      length: 30,
      width: 20,
      height: 10,
      declaredValue: '25.5',
    });

    const options = await screen.findByTestId('estimate-options');
    // the server's order, the pick tagged in its row only
    const sfRow = within(options).getByTestId('estimate-option-SF-MY-STD');
    const ytRow = within(options).getByTestId('estimate-option-YT-MY-ECO');
    expect(ytRow.compareDocumentPosition(sfRow) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(sfRow).getByTestId('estimate-picked').textContent).toBe('选中');
    expect(within(ytRow).queryByTestId('estimate-picked')).toBeNull();
    // and why: the matched rule and what its objective means (a cheaper channel may be slower)
    expect(within(sfRow).getByTestId('estimate-picked-why').textContent).toBe(
      '按策略“东南亚默认”的规则 #2(轻小件走快线)选中:能承运此包裹的最快渠道,即使较慢的渠道更便宜。',
    );
    expect(within(ytRow).queryByTestId('estimate-picked-why')).toBeNull();
    expect(sfRow.textContent).toContain('顺丰国际 / 马来标准小包');
    expect(sfRow.textContent).toContain('空运');
    expect(sfRow.textContent).toContain('5–8 天');
    expect(sfRow.textContent).toContain('实重 1200 克 · 体积重 1000 克');
    expect(sfRow.textContent).toContain('15.00 USD');
    expect(sfRow.textContent).toContain('106.80 CNY');
    expect(ytRow.textContent).toContain('10–15 天');
    expect(ytRow.textContent).toContain('实重 1200 克');

    // the breakdown of the picked option
    await act(async () => {
      fireEvent.click(within(sfRow).getByRole('button'));
    });
    const breakdown = await screen.findByTestId('estimate-breakdown-SF-MY-STD');
    const text = breakdown.textContent ?? '';
    expect(text).toContain('10.50 USD');
    expect(text).toContain('首重 500 克 + 7 × 续重 100 克');
    expect(text).toContain('燃油附加费(12.5%)');
    expect(text).toContain('1.3125 USD');
    expect(text).toContain('挂号费2.00 USD');
    expect(text).toContain('小计13.8125 USD');
    expect(text).toContain('15.00 USD 已适用');
    expect(text).toContain('1 USD = 7.12 CNY');
    expect(text).toContain('106.80 CNY');

    // the strategy's choice and the rules it tried
    const outcome = screen.getByTestId('estimate-strategy-result');
    expect(within(outcome).getByTestId('estimate-strategy-result-matched').textContent).toBe(
      '命中规则 #2:轻小件走快线',
    );
    expect(within(outcome).getByTestId('estimate-strategy-result-why').textContent).toContain('最快渠道');
    expect(within(outcome).getByTestId('estimate-strategy-result-pick').textContent).toContain(
      '顺丰国际 / 马来标准小包',
    );
    expect(within(outcome).getByTestId('estimate-strategy-result-rule-0').textContent).toContain(
      '不含以下任一属性:含电。',
    );
    expect(within(outcome).getByTestId('estimate-strategy-result-rule-1').dataset.matched).toBe('true');

    // the channels left out, with why
    const excluded = screen.getByTestId('estimate-excluded-EMS-MY');
    expect(excluded.textContent).toContain('中国邮政 / EMS 特快');
    expect(within(excluded).getByText('不接受带电产品。')).toBeTruthy();
    expect(within(excluded).getByText('超过最大重量 1000 克。')).toBeTruthy();

    // the parcel priced, and the chart
    expect(screen.getByTestId('estimate-parcel').textContent).toContain('30 × 20 × 10 厘米');
    const chart = await screen.findByTestId('estimate-chart');
    await waitFor(() =>
      expect([...chart.querySelectorAll('svg text')].map((t) => t.textContent)).toEqual(
        expect.arrayContaining(['马来标准小包', '马来经济小包', '时效', '总价(CNY)']),
      ),
    );
    expect(untranslated(container)).toEqual([]);
  });

  it('posts SKUs and their quantities, and shows the refusal of an unknown SKU on its row', async () => {
    answers[ESTIMATE] = refusal('/api/logistics/freight/estimate', [
      { message: '没有 SKU 为 NOPE-1 的商品或变体。', members: ['items.1.sku'] },
    ]);
    renderPage(<FreightEstimatePage />);
    await click('estimate-mode-sku');
    // a catalogue product found by its name
    await searchIn('estimate-sku-0', 'mug');
    const mug = await screen.findByTitle('MUG-01 陶瓷马克杯');
    await act(async () => {
      fireEvent.click(mug);
    });
    await typeInto('estimate-qty-0', '2');
    // a SKU typed as it is
    await click('estimate-add-sku');
    await searchIn('estimate-sku-1', 'nope-1');
    const typed = await screen.findByTitle('NOPE-1');
    await act(async () => {
      fireEvent.click(typed);
    });
    await pick('estimate-country', 'SG 新加坡');
    await submit('estimate-submit');

    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toEqual({
      countryCode: 'SG',
      items: [
        { sku: 'MUG-01', quantity: 2 },
        { sku: 'NOPE-1', quantity: 1 },
      ],
    });
    await expectErrorOf('estimate-sku-1', '没有 SKU 为 NOPE-1 的商品或变体。');
    expect(screen.getByTestId('estimate-empty')).toBeTruthy();
  });

  it('says what is missing before sending: the country, and the weight or SKUs', async () => {
    renderPage(<FreightEstimatePage />);
    await submit('estimate-submit');
    await expectErrorOf('estimate-weight', '请输入重量,或选择 SKU。');
    expect(await errorOf('estimate-country')).toBeTruthy();
    await fillIn({
      'estimate-weight': '800',
      'estimate-length': '30',
    });
    await pick('estimate-country', 'MY 马来西亚');
    await submit('estimate-submit');
    await expectErrorOf('estimate-width', '长宽高须全部填写或都不填。');
    expect(posted()).toHaveLength(0);
  });

  it('tells the parcel came from the SKUs', async () => {
    answers[ESTIMATE] = estimate({
      parcel: { ...estimate().parcel, source: 'ITEMS', attributes: ['battery'] },
      strategy: null,
      trace: [],
    });
    renderPage(<FreightEstimatePage />);
    await typeInto('estimate-weight', '1200');
    await pick('estimate-country', 'MY 马来西亚');
    await submit('estimate-submit');
    const parcel = await screen.findByTestId('estimate-parcel');
    expect(parcel.textContent).toContain('重量和尺寸取自 SKU');
    expect(parcel.textContent).toContain('含电');
    expect(screen.getByTestId('estimate-strategy-result-matched').textContent).toBe(
      '没有规则命中:渠道按价格从低到高排列。',
    );
  });
});

describe('compare chart option', () => {
  const texts = {
    days: '时效',
    total: '总价(CNY)',
    options: '可选渠道',
    picked: '选中',
    range: '时效范围',
    transit: (min: number, max: number) => `${min}-${max}`,
  };

  it('puts one point per option at its longest transit and its total in the tenant’s currency, the pick apart', () => {
    expect(comparePoints(estimate())).toEqual([
      { name: '马来经济小包', channelId: 'c2', value: [15, 15.19], daysMin: 10, picked: false },
      { name: '马来标准小包', channelId: 'c1', value: [8, 106.8], daysMin: 5, picked: true },
    ]);
    const option = compareChartOption(estimate(), texts, { option: 'blue', picked: 'green', range: 'grey' });
    const series = option.series as Array<{ type: string; data: unknown[]; itemStyle: { color: string } }>;
    expect(series.map((s) => s.type)).toEqual(['custom', 'scatter', 'scatter']);
    // the transit ranges: [from, to, total]
    expect(series[0].data).toEqual([
      [10, 15, 15.19],
      [5, 8, 106.8],
    ]);
    expect(series[1].data).toMatchObject([{ name: '马来经济小包', value: [15, 15.19] }]);
    expect(series[2].data).toMatchObject([{ name: '马来标准小包', value: [8, 106.8] }]);
    expect(series[2].itemStyle.color).toBe('green');
    expect(option.yAxis).toMatchObject({ name: '总价(CNY)' });
  });

  it('escapes channel names in the tooltip', () => {
    const named = estimate({ options: [option({ channelName: '<img src=x onerror=alert(1)>' })] });
    const tooltip = compareChartOption(named, texts, { option: 'b', picked: 'g', range: 'r' }).tooltip as {
      formatter(p: unknown): string;
    };
    const html = tooltip.formatter({ data: comparePoints(named)[0] });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });
});

describe('texts and search', () => {
  it('has every page text of the strategies and the estimate in English and Chinese', () => {
    const pageKeys = (texts: Record<string, string>) =>
      Object.keys(texts)
        .filter((k) => /^(Strategy|Freight):/.test(k))
        .sort();
    const en = pageKeys(serverTexts('en'));
    expect(en.length).toBeGreaterThan(100);
    expect(pageKeys(serverTexts('zh'))).toEqual(en);
  });

  it('finds a country by its code before names that merely contain the text', () => {
    const options = [
      { value: 'BL', label: 'BL Saint Barthélemy' },
      { value: 'MM', label: 'MM Myanmar' },
      { value: 'MY', label: 'MY Malaysia' },
    ];
    const sorted = [...options].sort((a, b) => countrySearch.filterSort(a, b, { searchValue: 'my' }));
    expect(sorted.map((o) => o.value)).toEqual(['MY', 'MM', 'BL']);
  });
});

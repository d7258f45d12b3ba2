import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { expectNotSent, fakeApiBeforeEach, refusal, sentBody } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import {
  click,
  expectErrorOf,
  expectErrorsOf,
  fillIn,
  openNewFormOn,
  pick,
  submit,
  typeInto,
} from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { textsOf } from '../../../../lib/testing/server-texts.ts';
import { findRow, rowWith } from '../../../../lib/testing/table.ts';
import type { PriceRuleDto, TierRuleDto } from '../../api.ts';
import PriceRulesPage from './index.tsx';

/** The price rules page against a faked HTTP layer (the contract's shapes) and the server's own texts. */

const URL = '/api/catalog/price-rule';

const sources = import.meta.glob<string>('../../../../../../server/src/modules/pricing/texts.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The pricing module's texts in one language, as the server has them. */
const serverTexts = (culture: 'en' | 'zh') => textsOf(Object.values(sources)[0], culture);

const rule = (over: Partial<PriceRuleDto> = {}): PriceRuleDto => ({
  id: 'r1',
  name: 'Lazada 马来西亚 成本加价',
  platform: 'LAZADA',
  siteCode: 'MY',
  shopId: null,
  categoryId: null,
  priority: 10,
  currencyFrom: 'CNY',
  currencyTo: 'MYR',
  exchangeRate: '0.65',
  fxBufferPct: '2.00',
  mode: 'COST_PLUS',
  markupPct: '30.00',
  targetMarginPct: '0.00',
  commissionPct: '5.00',
  paymentPct: '2.00',
  withdrawalPct: '1.00',
  promotionPct: '0.00',
  fixedFee: '1.00',
  packagingFee: '0.50',
  domesticFreight: '2.00',
  freightSource: 'FIXED',
  internationalFreight: '15.00',
  freightStrategyId: null,
  rounding: 'X_90',
  minPrice: null,
  maxPrice: null,
  isActive: true,
  retailRuleCount: 0,
  tierRuleCount: 2,
  ...audited(),
  ...over,
});
const lazada = rule();
const shopee = rule({
  id: 'r2',
  name: 'Shopee 新加坡 目标利润率',
  platform: 'SHOPEE',
  siteCode: 'SG',
  currencyTo: 'SGD',
  mode: 'MARGIN',
  targetMarginPct: '25.00',
  tierRuleCount: 0,
  isActive: false,
});
const tier = (over: Partial<TierRuleDto>): TierRuleDto => ({
  id: 't1',
  priceRuleId: 'r1',
  minQuantity: 3,
  maxQuantity: 9,
  discountPct: '3.00',
  ...audited('ts-1'),
  ...over,
});

const steps = [
  { key: 'Cost', label: '成本', amount: '20.00', currency: 'CNY' },
  { key: 'LandedCost', label: '= 到岸成本', amount: '38.50', currency: 'CNY' },
  { key: 'Markup', label: '× (1 + 加价率 30%)', amount: '50.05', currency: 'CNY' },
  { key: 'Exchange', label: '× 汇率 0.65', amount: '36.0025', currency: 'MYR' },
  { key: 'Rounding', label: '向上取整到 x.90', amount: '36.90', currency: 'MYR' },
];
const priced = {
  priceRuleId: 'r1',
  sku: null,
  price: '36.90',
  currency: 'MYR',
  cost: '20.00',
  costCurrency: 'CNY',
  retailPriceRuleId: null,
  freightChannel: null,
  steps,
};

const invalid = (path: string, member: string, message: string) => refusal(path, [{ message, members: [member] }]);

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 2, items: [lazada, shopee] },
    [`GET ${URL}/all`]: { items: [lazada, shopee] },
    [`POST ${URL}`]: rule({ id: 'r3', name: 'Shopee 泰国' }),
    [`GET ${URL}/retailPrice-rule/r1`]: { items: [] },
    [`GET ${URL}/tierPrice-rule/r1`]: {
      items: [tier({}), tier({ id: 't2', minQuantity: 10, maxQuantity: null, discountPct: '10.00' })],
    },
    [`GET ${URL}/calc-tierPrice`]: {
      ...priced,
      tiers: [
        { tierPriceRuleId: 't1', minQuantity: 3, maxQuantity: 9, discountPct: '3.00', unitPrice: '35.79' },
        { tierPriceRuleId: 't2', minQuantity: 10, maxQuantity: null, discountPct: '10.00', unitPrice: '33.21' },
      ],
      quantities: [{ quantity: 5, tierPriceRuleId: 't1', unitPrice: '35.79', total: '178.95' }],
    },
    [`GET ${URL}/calc-retailPrice`]: priced,
    [`DELETE ${URL}/tierPrice-rule`]: undefined,
  }),
  ['Pricing.PriceRules', 'Pricing.PriceRules.Create', 'Pricing.PriceRules.Update', 'Pricing.PriceRules.Delete'],
);

beforeEach(() => {
  applyServerTexts('zh-Hans', { Pricing: serverTexts('zh') });
});

/** Chooses a rule of the list once it has loaded. */
async function choose(name: string) {
  await screen.findByTestId(`price-rule-select-${name}`);
  await click(`price-rule-select-${name}`);
}

describe('price rules page', () => {
  it('every text the server has in English has its Chinese one', () => {
    expect(Object.keys(serverTexts('zh')).sort()).toEqual(Object.keys(serverTexts('en')).sort());
  });

  it('lists the rules with their scope, mode, children and status', async () => {
    renderPage(<PriceRulesPage />);
    const table = await screen.findByTestId('price-rules');
    const row = await findRow(table, 'Lazada 马来西亚 成本加价');
    expect(within(row).getByText('Lazada · MY')).toBeTruthy();
    expect(within(row).getByText('成本加价 30 %')).toBeTruthy();
    expect(within(row).getByText('CNY → MYR × 0.65')).toBeTruthy();
    expect(within(row).getByText('向上到 x.90')).toBeTruthy();
    expect(within(row).getByText('0 / 2')).toBeTruthy();
    const other = rowWith(table, 'Shopee 新加坡 目标利润率');
    expect(within(other).getByText('目标利润率 25 %')).toBeTruthy();
    expect(within(other).getByText('停用')).toBeTruthy();
    expect(screen.getByText('在上方选择一个价格规则,查看其区间、阶梯和计算器。')).toBeTruthy();
  });

  it('checks a new rule with the shared schema, then sends it', async () => {
    await openNewFormOn(<PriceRulesPage />, 'Lazada 马来西亚 成本加价', 'price-rules-form');
    await fillIn({
      'rule-name': 'Shopee 泰国',
      'rule-currencyTo': 'THB',
      'rule-exchangeRate': 'abc',
      'rule-commissionPct': '100',
    });
    await pick('rule-mode', '目标利润率');
    await fillIn({
      'rule-targetMarginPct': '100',
      'rule-minPrice': '10',
      'rule-maxPrice': '9',
    });
    await submit('price-rules-form-submit');
    // each field's own rule first, then the rules across fields
    await expectErrorOf('rule-exchangeRate', '请输入数字,如 12.5。');
    await typeInto('rule-exchangeRate', '4.9');
    await submit('price-rules-form-submit');
    await expectErrorsOf({
      'rule-commissionPct': '费率为 100% 时平台拿走全部售价,无法定价。',
      'rule-targetMarginPct': '目标利润率必须小于 100%。',
      'rule-maxPrice': '最高价低于最低价。',
    });
    expectNotSent(calls, `POST ${URL}`);

    await fillIn({
      'rule-commissionPct': '5',
      'rule-targetMarginPct': '20',
      'rule-maxPrice': '',
    });
    await pick('rule-rounding', '向上到整数');
    await submit('price-rules-form-submit');
    expect(await sentBody(calls, `POST ${URL}`)).toMatchObject({
      name: 'Shopee 泰国',
      currencyFrom: 'CNY',
      currencyTo: 'THB',
      exchangeRate: '4.9',
      mode: 'MARGIN',
      targetMarginPct: '20',
      commissionPct: '5',
      rounding: 'INTEGER',
      freightSource: 'FIXED',
      minPrice: '10',
      maxPrice: null,
      siteCode: null,
      platform: null,
    });
  });

  it("shows a chosen rule's tiers, refuses an overlapping one on its field, deletes the selected after confirming", async () => {
    answers[`POST ${URL}/add-tierPrice-rule`] = invalid(
      `${URL}/add-tierPrice-rule`,
      'minQuantity',
      '与阶梯 3 – 9 重叠。',
    );
    renderPage(<PriceRulesPage />);
    await choose('Lazada 马来西亚 成本加价');
    const tiers = await screen.findByTestId('tier-rules');
    expect(await within(tiers).findByText('10 – 不限')).toBeTruthy();
    expect(within(tiers).getByText('3 %')).toBeTruthy();

    await click('tier-rules-add');
    await screen.findByTestId('tier-rules-form');
    await fillIn({
      'tier-minQuantity': '5',
      'tier-discountPct': '4',
    });
    await submit('tier-rules-form-submit');
    await expectErrorOf('tier-minQuantity', '与阶梯 3 – 9 重叠。');
    const add = calls.find((c) => c.key === `POST ${URL}/add-tierPrice-rule`);
    expect(add?.options.params).toEqual({ priceRuleId: 'r1' });
    expect(add?.options.json).toEqual({ minQuantity: 5, maxQuantity: null, discountPct: '4' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /取\s?消/ }));
    });

    const checkboxes = within(tiers).getAllByRole('checkbox');
    await act(async () => {
      fireEvent.click(checkboxes[1]);
      fireEvent.click(checkboxes[2]);
    });
    await click('tier-rules-delete-selected');
    expect(await screen.findByText('删除 2 条记录?')).toBeTruthy();
    expectNotSent(calls, `DELETE ${URL}/tierPrice-rule`);
    await click('tier-rules-confirm-delete');
    await waitFor(() => expect(calls.some((c) => c.key === `DELETE ${URL}/tierPrice-rule`)).toBe(true));
    expect(calls.find((c) => c.key === `DELETE ${URL}/tierPrice-rule`)?.options.params).toEqual({
      tierPriceRuleIds: 't1,t2',
    });
  });

  it('calculates a price and shows each step, the tier table and the prices by quantity', async () => {
    renderPage(<PriceRulesPage />);
    await choose('Lazada 马来西亚 成本加价');
    const calculator = screen.getByTestId('price-calculator');
    await act(async () => {
      fireEvent.click(within(calculator).getByText('成本'));
    });
    await fillIn({
      'calc-cost': '20',
      'calc-quantities': '5',
    });
    await submit('calc-submit');
    const result = await screen.findByTestId('calc-result');
    expect(within(result).getByTestId('calc-price').textContent).toBe('36.90 MYR');
    const stepRows = within(screen.getByTestId('calc-steps')).getAllByRole('row').slice(1);
    expect(stepRows.map((r) => r.textContent)).toEqual([
      '1成本20.00CNY',
      '2= 到岸成本38.50CNY',
      '3× (1 + 加价率 30%)50.05CNY',
      '4× 汇率 0.6536.0025MYR',
      '5向上取整到 x.9036.90MYR',
    ]);
    expect(within(screen.getByTestId('calc-tiers')).getByText('33.21 MYR')).toBeTruthy();
    expect(within(screen.getByTestId('calc-quantity-prices')).getByText('178.95 MYR')).toBeTruthy();
    expect(calls.find((c) => c.key === `GET ${URL}/calc-tierPrice`)?.options.params).toMatchObject({
      priceRuleId: 'r1',
      cost: '20',
      quantities: '5',
    });
  });

  it('says a rule is needed when the calculator is asked without one, and asks the server nothing', async () => {
    renderPage(<PriceRulesPage />);
    await screen.findByText('Lazada 马来西亚 成本加价');
    await typeInto('calc-sku', 'CAT-1');
    await submit('calc-submit');
    expect(await screen.findByText('请选择价格规则。')).toBeTruthy();
    expect(calls.some((c) => c.key.includes('/calc-'))).toBe(false);
  });

  it("asks the retail price of a rule without tiers, and shows the server's refusal on its field", async () => {
    answers[`GET ${URL}/calc-retailPrice`] = invalid(`${URL}/calc-retailPrice`, 'sku', '商品库中没有 SKU NOPE。');
    renderPage(<PriceRulesPage />);
    await choose('Shopee 新加坡 目标利润率');
    await typeInto('calc-sku', 'NOPE');
    await submit('calc-submit');
    await expectErrorOf('calc-sku', '商品库中没有 SKU NOPE。');
    expect(screen.getByTestId('calc-error').textContent).toContain('商品库中没有 SKU NOPE。');
    expect(calls.find((c) => c.key === `GET ${URL}/calc-retailPrice`)?.options.params).toMatchObject({
      priceRuleId: 'r2',
      sku: 'NOPE',
    });
  });
});

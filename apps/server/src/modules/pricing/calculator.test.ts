import { describe, expect, it } from 'vitest';
import { computePrice, type PriceRuleNumbers, ruleProblems } from './calculator.ts';

/** Worked by hand: the figures below are written out, each with its arithmetic. */

const rule = (over: Partial<PriceRuleNumbers> = {}): PriceRuleNumbers => ({
  currencyFrom: 'CNY',
  currencyTo: 'CNY',
  exchangeRate: '1',
  fxBufferPct: '0',
  mode: 'COST_PLUS',
  markupPct: '0',
  targetMarginPct: '0',
  commissionPct: '0',
  paymentPct: '0',
  withdrawalPct: '0',
  promotionPct: '0',
  fixedFee: '0',
  packagingFee: '0',
  domesticFreight: '0',
  rounding: 'NONE',
  minPrice: null,
  maxPrice: null,
  ...over,
});
const price = (over: Partial<PriceRuleNumbers>, cost: string, freight = '0') =>
  computePrice(rule(over), cost, freight).price;

/** CNY → MYR at 0.65 + 2 % buffer, 30 % markup, commission 5 %, payment 2 %, withdrawal 1 %, every fee. */
const lazadaMy = rule({
  currencyTo: 'MYR',
  exchangeRate: '0.65',
  fxBufferPct: '2',
  markupPct: '30',
  commissionPct: '5',
  paymentPct: '2',
  withdrawalPct: '1',
  fixedFee: '1',
  packagingFee: '0.5',
  domesticFreight: '2',
  rounding: 'X_90',
});

describe('the price calculator', () => {
  it('explains a cost-plus price step by step', () => {
    const r = computePrice(lazadaMy, '20', '15');
    // landed: 20 + 0.50 + 2 + 15 + 1 = 38.50; × 1.30 = 50.05
    // the fees divide one by one: / 1 (no promotion) = 50.05; / 0.95 = 52.6842…; / 0.99 = 53.2163…;
    // / 0.98 = 54.3024… (= 50.05 / 0.92169)
    // rate 0.65 × 1.02 = 0.663: 54.3024… × 0.663 = 36.0025…; up to x.90 → 36.90 MYR
    expect(r.steps.map(({ key, amount, currency }) => [key, amount, currency])).toEqual([
      ['Cost', '20.00', 'CNY'],
      ['PackagingFee', '0.50', 'CNY'],
      ['DomesticFreight', '2.00', 'CNY'],
      ['InternationalFreight', '15.00', 'CNY'],
      ['FixedFee', '1.00', 'CNY'],
      ['LandedCost', '38.50', 'CNY'],
      ['Markup', '50.05', 'CNY'],
      ['Promotion', '50.05', 'CNY'],
      ['Commission', '52.6842', 'CNY'],
      ['Withdrawal', '53.2164', 'CNY'],
      ['Payment', '54.3024', 'CNY'],
      ['Exchange', '36.0025', 'MYR'],
      ['Rounding', '36.90', 'MYR'],
    ]);
    expect([r.price, r.currency]).toEqual(['36.90', 'MYR']);
    // the labels' arguments: percentages as typed, the rate with its buffer
    const args = Object.fromEntries(r.steps.map((s) => [s.key, [s.text, ...s.args]]));
    expect(args.Markup).toEqual(['Markup', '30']);
    expect(args.Commission).toEqual(['Commission', '5']);
    expect(args.Exchange).toEqual(['Exchange', '0.65', '2', '0.663', 'CNY', 'MYR']);
    expect(args.Rounding).toEqual(['Rounding:X_90']);
  });

  it('prices for a target margin with every fee and the exchange', () => {
    // landed 10 + 1 + 2 + 3 + 4 = 20; margin 20 %: 20 / 0.8 = 25
    // promotion 20 %: / 0.8 = 31.25; commission 50 %: / 0.5 = 62.50; withdrawal 0, payment 0
    // rate 2 × (1 + 0.5 %) = 2.01: 62.50 × 2.01 = 125.625 → 125.63 (NONE: half-up to cents)
    const r = computePrice(
      rule({
        mode: 'MARGIN',
        targetMarginPct: '20',
        packagingFee: '1',
        domesticFreight: '2',
        fixedFee: '4',
        promotionPct: '20',
        commissionPct: '50',
        currencyTo: 'SGD',
        exchangeRate: '2',
        fxBufferPct: '0.5',
      }),
      '10',
      '3',
    );
    expect(r.steps.map((s) => `${s.key} ${s.amount} ${s.currency}`)).toEqual([
      'Cost 10.00 CNY',
      'PackagingFee 1.00 CNY',
      'DomesticFreight 2.00 CNY',
      'InternationalFreight 3.00 CNY',
      'FixedFee 4.00 CNY',
      'LandedCost 20.00 CNY',
      'Margin 25.00 CNY',
      'Promotion 31.25 CNY',
      'Commission 62.50 CNY',
      'Withdrawal 62.50 CNY',
      'Payment 62.50 CNY',
      'Exchange 125.625 SGD',
      'Rounding 125.63 SGD',
    ]);
    expect(r.price).toBe('125.63');
  });

  it('adds each fee to the cost once', () => {
    expect(price({ packagingFee: '0.35' }, '10')).toBe('10.35');
    expect(price({ domesticFreight: '1.2' }, '10')).toBe('11.20');
    expect(price({ fixedFee: '15' }, '10')).toBe('25.00');
    expect(price({}, '10', '7.77')).toBe('17.77');
    // markup applies to the whole landed cost: (10 + 2) × 1.25 = 15.00
    expect(price({ markupPct: '25', fixedFee: '2' }, '10')).toBe('15.00');
  });

  it('prices for a target margin: cost / (1 − margin)', () => {
    // 30 / (1 − 0.25) = 40.00
    expect(price({ mode: 'MARGIN', targetMarginPct: '25' }, '30')).toBe('40.00');
    // 10 / 0.7 = 14.2857… → 14.29 (half-up)
    expect(price({ mode: 'MARGIN', targetMarginPct: '30' }, '10')).toBe('14.29');
  });

  it('divides by each marketplace percentage of the price the buyer pays', () => {
    // 95 / (1 − 0.05) = 100.00: the 5 % commission on 100 leaves 95
    expect(price({ commissionPct: '5' }, '95')).toBe('100.00');
    expect(price({ paymentPct: '5' }, '95')).toBe('100.00');
    expect(price({ withdrawalPct: '5' }, '95')).toBe('100.00');
    expect(price({ promotionPct: '5' }, '95')).toBe('100.00');
    // 80 / (0.9 × 0.8) = 80 / 0.72 = 111.111… → 111.11
    expect(price({ promotionPct: '10', paymentPct: '20' }, '80')).toBe('111.11');
    // all four: 100 / (0.9 × 0.9 × 0.9 × 0.9) = 100 / 0.6561 = 152.4157… → 152.42
    expect(price({ promotionPct: '10', commissionPct: '10', withdrawalPct: '10', paymentPct: '10' }, '100')).toBe(
      '152.42',
    );
  });

  it('applies the exchange rate with its buffer', () => {
    // 100 CNY × 4.5 × 1.10 = 495.00
    expect(price({ currencyTo: 'PHP', exchangeRate: '4.5', fxBufferPct: '10' }, '100')).toBe('495.00');
    // without a buffer the rate alone: 100 × 0.1234 = 12.34
    expect(price({ currencyTo: 'USD', exchangeRate: '0.1234' }, '100')).toBe('12.34');
    // a rate of 6 places, exactly: 3 × 0.000281 × 1.015 = 0.000855645 → 0.00
    const tiny = computePrice(rule({ currencyTo: 'VND', exchangeRate: '0.000281', fxBufferPct: '1.5' }), '3', '0');
    expect(tiny.steps.find((s) => s.key === 'Exchange')?.amount).toBe('0.0009');
  });

  it('rounds up to each step, a price already on it unchanged', () => {
    expect(price({ rounding: 'NONE' }, '12.345')).toBe('12.35');
    expect(price({ rounding: 'NONE' }, '12.344')).toBe('12.34');
    expect(price({ rounding: 'X_99' }, '12.99')).toBe('12.99');
    expect(price({ rounding: 'X_99' }, '12.991')).toBe('13.99');
    expect(price({ rounding: 'X_99' }, '12')).toBe('12.99');
    expect(price({ rounding: 'X_90' }, '12.90')).toBe('12.90');
    expect(price({ rounding: 'X_90' }, '12.901')).toBe('13.90');
    expect(price({ rounding: 'X_90' }, '12.95')).toBe('13.90');
    expect(price({ rounding: 'INTEGER' }, '12')).toBe('12.00');
    expect(price({ rounding: 'INTEGER' }, '12.0001')).toBe('13.00');
    // just under a boundary goes to it, just over to the next one
    expect(price({ rounding: 'X_99' }, '12.989')).toBe('12.99');
    expect(price({ rounding: 'X_90' }, '12.899')).toBe('12.90');
    expect(price({ rounding: 'X_90' }, '0')).toBe('0.90');
    expect(price({ rounding: 'INTEGER' }, '11.999')).toBe('12.00');
    expect(price({ rounding: 'NONE' }, '12.005')).toBe('12.01');
    expect(price({ rounding: 'NONE' }, '12.0049')).toBe('12.00');
  });

  it('clamps last: the minimum and maximum win over the rounding', () => {
    const low = computePrice({ ...lazadaMy, minPrice: '50' }, '20', '15');
    expect(low.price).toBe('50.00');
    expect(low.steps.at(-1)).toMatchObject({ key: 'MinPrice', amount: '50.00', currency: 'MYR' });
    expect(computePrice({ ...lazadaMy, maxPrice: '30' }, '20', '15').steps.at(-1)).toMatchObject({
      key: 'MaxPrice',
      amount: '30.00',
      currency: 'MYR',
    });
    // a bound equal to the price is not a clamp
    expect(computePrice({ ...lazadaMy, minPrice: '36.90', maxPrice: '36.90' }, '20', '15').steps.at(-1)?.key).toBe(
      'Rounding',
    );
    // the clamp comes after the rounding: 36.90 rounded, then the maximum of 36.50
    expect(computePrice({ ...lazadaMy, maxPrice: '36.5' }, '20', '15').price).toBe('36.50');
    // within the bounds: no clamp step
    expect(computePrice({ ...lazadaMy, minPrice: '10', maxPrice: '40' }, '20', '15').steps.at(-1)?.key).toBe(
      'Rounding',
    );
  });

  it('prices a zero cost from its fees alone', () => {
    expect(price({}, '0')).toBe('0.00');
    expect(price({ mode: 'MARGIN', targetMarginPct: '50', commissionPct: '10' }, '0')).toBe('0.00');
    // the minimum price still holds: 0 → 9.90
    expect(price({ rounding: 'X_90', minPrice: '9.90' }, '0')).toBe('9.90');
    // (0 + 3 fixed) × 1.5 = 4.50
    expect(price({ fixedFee: '3', markupPct: '50' }, '0')).toBe('4.50');
  });

  it('keeps exact decimals: 0.1 + 0.2 is 0.30', () => {
    expect(price({ packagingFee: '0.2' }, '0.1')).toBe('0.30');
  });
});

describe('a price rule', () => {
  it('is refused with the member named when it cannot price', () => {
    expect(ruleProblems(rule({ mode: 'MARGIN', targetMarginPct: '100' }))).toEqual([
      { member: 'targetMarginPct', key: 'MarginBelow100' },
    ]);
    // a margin is only checked in margin mode
    expect(ruleProblems(rule({ targetMarginPct: '100' }))).toEqual([]);
    expect(ruleProblems(rule({ mode: 'MARGIN', targetMarginPct: '99.9999' }))).toEqual([]);
    for (const member of ['commissionPct', 'paymentPct', 'withdrawalPct', 'promotionPct'] as const)
      expect(ruleProblems(rule({ [member]: '100' }))).toEqual([{ member, key: 'FeesLeaveNothing' }]);
    expect(ruleProblems(rule({ commissionPct: '99.99', paymentPct: '99.99' }))).toEqual([]);
    expect(ruleProblems(rule({ exchangeRate: '0' }))).toEqual([{ member: 'exchangeRate', key: 'MustBePositive' }]);
    expect(ruleProblems(rule({ minPrice: '10', maxPrice: '9.99' }))).toEqual([
      { member: 'maxPrice', key: 'MaxBelowMin' },
    ]);
    expect(ruleProblems(rule({ minPrice: '10', maxPrice: '10' }))).toEqual([]);
    expect(ruleProblems(lazadaMy)).toEqual([]);
  });
});

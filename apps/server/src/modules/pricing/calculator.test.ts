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
    // fees keep 0.95 × 0.99 × 0.98 = 0.92169 of the price: 50.05 / 0.92169 = 54.3024…
    // rate 0.65 × 1.02 = 0.663: 54.3024… × 0.663 = 36.0025…; up to x.90 → 36.90 MYR
    expect(r.steps).toEqual([
      { key: 'Cost', amount: '20.00', currency: 'CNY' },
      { key: 'LandedCost', amount: '38.50', currency: 'CNY' },
      { key: 'Markup', amount: '50.05', currency: 'CNY' },
      { key: 'MarketplaceFees', amount: '54.3024', currency: 'CNY' },
      { key: 'Exchange', amount: '36.0025', currency: 'MYR' },
      { key: 'Rounding', amount: '36.90', currency: 'MYR' },
    ]);
    expect([r.price, r.currency]).toEqual(['36.90', 'MYR']);
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
    // 80 / (0.9 × 0.8) = 80 / 0.72 = 111.111… → 111.11
    expect(price({ promotionPct: '10', paymentPct: '20' }, '80')).toBe('111.11');
  });

  it('applies the exchange rate with its buffer', () => {
    // 100 CNY × 4.5 × 1.10 = 495.00
    expect(price({ currencyTo: 'PHP', exchangeRate: '4.5', fxBufferPct: '10' }, '100')).toBe('495.00');
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
  });

  it('clamps last: the minimum and maximum win over the rounding', () => {
    const low = computePrice({ ...lazadaMy, minPrice: '50' }, '20', '15');
    expect(low.price).toBe('50.00');
    expect(low.steps.at(-1)).toEqual({ key: 'MinPrice', amount: '50.00', currency: 'MYR' });
    expect(computePrice({ ...lazadaMy, maxPrice: '30' }, '20', '15').steps.at(-1)).toEqual({
      key: 'MaxPrice',
      amount: '30.00',
      currency: 'MYR',
    });
    // within the bounds: no clamp step
    expect(computePrice({ ...lazadaMy, minPrice: '10', maxPrice: '40' }, '20', '15').steps.at(-1)?.key).toBe(
      'Rounding',
    );
  });

  it('prices a zero cost from its fees alone', () => {
    expect(price({}, '0')).toBe('0.00');
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
    expect(ruleProblems(rule({ commissionPct: '100' }))).toEqual([
      { member: 'commissionPct', key: 'FeesLeaveNothing' },
    ]);
    expect(ruleProblems(rule({ exchangeRate: '0' }))).toEqual([{ member: 'exchangeRate', key: 'MustBePositive' }]);
    expect(ruleProblems(rule({ minPrice: '10', maxPrice: '9.99' }))).toEqual([
      { member: 'maxPrice', key: 'MaxBelowMin' },
    ]);
    expect(ruleProblems(lazadaMy)).toEqual([]);
  });
});

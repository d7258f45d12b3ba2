import { blankStrategyRule, type ChannelLimits, noChannelLimits, type StrategyRule } from '@seller/contracts/logistics';
import { describe, expect, it } from 'vitest';
import { dec } from './fees.ts';
import { limitRefusals } from './limits.ts';
import { type Facts, matchStrategies, pickChannel, type Ranked, ruleMisses } from './strategy.ts';

/** Strategy matching, picking and channel limits on hand-made cases. */

const rule = (over: Partial<StrategyRule> = {}): StrategyRule => ({
  ...blankStrategyRule(),
  name: 'r',
  channelIds: ['a'],
  ...over,
});
const facts = (over: Partial<Facts> = {}): Facts => ({
  countryCode: 'SG',
  zoneIds: new Set(['z-sea']),
  platform: 'SHOPEE',
  shopId: 's1',
  warehouseId: 'w1',
  weight: 800,
  orderValue: dec('120'),
  attributes: new Set(),
  ...over,
});
const misses = (r: Partial<StrategyRule>, f: Partial<Facts> = {}) => ruleMisses(rule(r), facts(f)).map((m) => m.code);

describe('a rule’s conditions', () => {
  it('match anything when empty', () => {
    expect(misses({})).toEqual([]);
  });
  it('check each list and bound, inclusive', () => {
    expect(misses({ countries: ['MY'] })).toEqual(['CountryNotListed']);
    expect(misses({ zoneIds: ['z-eu'] })).toEqual(['ZoneNotMatched']);
    expect(misses({ zoneIds: ['z-eu', 'z-sea'] })).toEqual([]);
    expect(misses({ platforms: ['LAZADA'] })).toEqual(['PlatformNotListed']);
    expect(misses({ platforms: ['LAZADA'] }, { platform: null })).toEqual(['PlatformUnknown']);
    expect(misses({ shopIds: ['s2'] })).toEqual(['ShopNotListed']);
    expect(misses({ warehouseIds: ['w2'] })).toEqual(['WarehouseNotListed']);
    expect(misses({ weightFrom: 800, weightTo: 800 })).toEqual([]);
    expect(misses({ weightFrom: 801 })).toEqual(['WeightBelow']);
    expect(misses({ weightTo: 799 })).toEqual(['WeightAbove']);
    expect(misses({ orderValueFrom: '120', orderValueTo: '120.00' })).toEqual([]);
    expect(misses({ orderValueFrom: '120.01' })).toEqual(['OrderValueBelow']);
    expect(misses({ orderValueTo: '119.99' })).toEqual(['OrderValueAbove']);
    expect(misses({ orderValueFrom: '1' }, { orderValue: null })).toEqual(['OrderValueUnknown']);
  });
  it('check special attributes: any of, none of', () => {
    expect(misses({ attributesAny: ['battery', 'liquid'] })).toEqual(['AttributesAnyMissing']);
    expect(misses({ attributesAny: ['battery', 'liquid'] }, { attributes: new Set(['liquid']) })).toEqual([]);
    expect(misses({ attributesNone: ['battery'] }, { attributes: new Set(['battery', 'magnetic']) })).toEqual([
      'AttributesNonePresent',
    ]);
    expect(misses({ attributesNone: ['battery'] }, { attributes: new Set(['magnetic']) })).toEqual([]);
  });
  it('list every failed condition at once', () => {
    expect(misses({ countries: ['MY'], weightTo: 100, platforms: ['LAZADA'] })).toEqual([
      'CountryNotListed',
      'PlatformNotListed',
      'WeightAbove',
    ]);
  });
});

describe('strategies', () => {
  it('try strategies in the given order and rules in order; the first match wins and ends the trace', () => {
    const first = { id: 's1', name: 'first', rules: [rule({ name: 'my only', countries: ['MY'] })] };
    const second = {
      id: 's2',
      name: 'second',
      rules: [rule({ name: 'heavy', weightFrom: 1000 }), rule({ name: 'any' }), rule({ name: 'never reached' })],
    };
    const { matched, trace } = matchStrategies([first, second], facts());
    expect(matched?.rule.name).toBe('any');
    expect(trace.map((r) => [r.strategyName, r.ruleName, r.matched])).toEqual([
      ['first', 'my only', false],
      ['second', 'heavy', false],
      ['second', 'any', true],
    ]);
    expect(matchStrategies([first], facts()).matched).toBeNull();
  });
});

describe('picking a channel', () => {
  const option = (channelId: string, cost: string, days: [number, number]): Ranked => ({
    channelId,
    channelCode: channelId.toUpperCase(),
    cost: dec(cost),
    transitDaysMin: days[0],
    transitDaysMax: days[1],
  });
  const options = [option('a', '50', [8, 12]), option('b', '40', [10, 15]), option('c', '90', [3, 5])];
  it('takes the cheapest or the fastest among the candidates that can carry it', () => {
    const pick = (r: Partial<StrategyRule>) => pickChannel(rule(r), options).picked?.channelId;
    expect(pick({ objective: 'CHEAPEST', channelIds: ['a', 'b', 'c'] })).toBe('b');
    expect(pick({ objective: 'CHEAPEST', channelIds: ['a', 'c'] })).toBe('a');
    expect(pick({ objective: 'FASTEST', channelIds: ['a', 'b', 'c'] })).toBe('c');
    // FIXED: the first candidate in the rule's order that can; 'x' cannot carry it
    expect(pick({ objective: 'FIXED', channelIds: ['x', 'b', 'a'] })).toBe('b');
  });
  it('falls back when no candidate can, and picks nothing when the fallback cannot either', () => {
    expect(pickChannel(rule({ channelIds: ['x'], fallbackChannelId: 'c' }), options)).toMatchObject({
      picked: { channelId: 'c' },
      fallbackUsed: true,
    });
    expect(pickChannel(rule({ channelIds: ['x'], fallbackChannelId: 'y' }), options)).toEqual({
      picked: null,
      fallbackUsed: false,
    });
  });
  it('breaks a cost tie by the transit time, then the code', () => {
    const tie = [option('b', '40', [5, 9]), option('a', '40', [5, 9]), option('c', '40', [2, 4])];
    expect(pickChannel(rule({ channelIds: ['a', 'b', 'c'] }), tie).picked?.channelId).toBe('c');
    expect(pickChannel(rule({ channelIds: ['a', 'b'] }), tie).picked?.channelId).toBe('a');
  });
});

describe('channel limits', () => {
  const none = noChannelLimits;
  const parcel = (weight: number, size: [number, number, number] | null, attributes: string[] = []) => ({
    weight,
    length: size?.[0] ?? null,
    width: size?.[1] ?? null,
    height: size?.[2] ?? null,
    attributes,
  });
  const codes = (
    l: Partial<ChannelLimits>,
    p: ReturnType<typeof parcel>,
    declared: ((c: string) => ReturnType<typeof dec> | null) | null = null,
  ) => limitRefusals({ ...none, ...l }, p, declared).map((r) => r.code);

  it('measure girth as the longest side plus twice the other two', () => {
    // 60 × 30 × 20: girth 60 + 2 × 50 = 160; sum 110
    expect(codes({ maxGirth: 160, maxSumOfSides: 110 }, parcel(100, [30, 60, 20]))).toEqual([]);
    expect(codes({ maxGirth: 159.9 }, parcel(100, [30, 60, 20]))).toEqual(['GirthOver']);
    expect(codes({ maxSumOfSides: 109.9 }, parcel(100, [30, 60, 20]))).toEqual(['SumOfSidesOver']);
    // an unknown size is not refused for its size
    expect(codes({ maxGirth: 1, maxLongestSide: 1 }, parcel(100, null))).toEqual([]);
  });
  it('weigh the actual weight against the bounds, inclusive', () => {
    expect(codes({ minWeight: 100, maxWeight: 100 }, parcel(100, null))).toEqual([]);
    expect(codes({ minWeight: 101 }, parcel(100, null))).toEqual(['TooLight']);
    expect(codes({ maxWeight: 99 }, parcel(100, null))).toEqual(['TooHeavy']);
  });
  it('admit special attributes by their switch, each refusal once', () => {
    expect(codes({}, parcel(100, null, ['battery', 'pureBattery', 'paste']))).toEqual([
      'BatteryNotAllowed',
      'LiquidNotAllowed',
    ]);
    expect(codes({ batteryAllowed: true, liquidAllowed: true }, parcel(100, null, ['pureBattery', 'paste']))).toEqual(
      [],
    );
  });
  it('compare the declared value in the limit’s currency', () => {
    const limits = { declaredValueMax: '100', declaredValueCurrency: 'USD' };
    // 700 CNY at 7 → 100 USD: at the bound
    const at = (cny: string) => (c: string) => (c === 'USD' ? dec(cny).div(7) : null);
    expect(codes(limits, parcel(100, null), at('700'))).toEqual([]);
    expect(codes(limits, parcel(100, null), at('700.07'))).toEqual(['DeclaredValueAbove']);
    expect(codes(limits, parcel(100, null), () => null)).toEqual(['NoExchangeRate']);
    // no declared value: nothing to compare
    expect(codes(limits, parcel(100, null), null)).toEqual([]);
  });
});

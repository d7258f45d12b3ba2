import type { StrategyObjective, StrategyRule } from '@seller/contracts/logistics';
import { type Dec, dec } from './fees.ts';
import type { Refusal } from './limits.ts';

/** What a strategy rule is matched against. */
export interface Facts {
  countryCode: string;
  /** The zones the destination falls in (every zone of the tenant, not one channel's). */
  zoneIds: ReadonlySet<string>;
  platform: string | null;
  shopId: string | null;
  warehouseId: string | null;
  /** Actual grams. */
  weight: number;
  /** In the tenant's currency; null when not given (or not convertible). */
  orderValue: Dec | null;
  attributes: ReadonlySet<string>;
}

export interface StrategyRow {
  id: string;
  name: string;
  rules: StrategyRule[];
}

export interface TraceRow {
  strategyId: string;
  strategyName: string;
  ruleIndex: number;
  ruleName: string;
  matched: boolean;
  reasons: Refusal[];
}

/** The conditions of `rule` that `f` fails (none: it matches). Empty lists and bounds match anything. */
export function ruleMisses(rule: StrategyRule, f: Facts): Refusal[] {
  const out: Refusal[] = [];
  const listed = <T>(list: readonly T[], value: T | null) => !list.length || (value !== null && list.includes(value));
  if (!listed(rule.countries, f.countryCode)) out.push({ code: 'CountryNotListed', args: [f.countryCode] });
  if (rule.zoneIds.length && !rule.zoneIds.some((z) => f.zoneIds.has(z)))
    out.push({ code: 'ZoneNotMatched', args: [] });
  if (!listed(rule.platforms, f.platform))
    out.push(f.platform ? { code: 'PlatformNotListed', args: [f.platform] } : { code: 'PlatformUnknown', args: [] });
  if (!listed(rule.shopIds, f.shopId)) out.push({ code: 'ShopNotListed', args: [] });
  if (!listed(rule.warehouseIds, f.warehouseId)) out.push({ code: 'WarehouseNotListed', args: [] });
  if (rule.weightFrom != null && f.weight < rule.weightFrom) out.push({ code: 'WeightBelow', args: [rule.weightFrom] });
  if (rule.weightTo != null && f.weight > rule.weightTo) out.push({ code: 'WeightAbove', args: [rule.weightTo] });
  if (rule.orderValueFrom != null || rule.orderValueTo != null) {
    if (f.orderValue === null) out.push({ code: 'OrderValueUnknown', args: [] });
    else if (rule.orderValueFrom != null && f.orderValue.lt(dec(rule.orderValueFrom)))
      out.push({ code: 'OrderValueBelow', args: [rule.orderValueFrom] });
    else if (rule.orderValueTo != null && f.orderValue.gt(dec(rule.orderValueTo)))
      out.push({ code: 'OrderValueAbove', args: [rule.orderValueTo] });
  }
  if (rule.attributesAny.length && !rule.attributesAny.some((a) => f.attributes.has(a)))
    out.push({ code: 'AttributesAnyMissing', args: [], attributes: rule.attributesAny });
  const present = rule.attributesNone.filter((a) => f.attributes.has(a));
  if (present.length) out.push({ code: 'AttributesNonePresent', args: [], attributes: present });
  return out;
}

/**
 * Strategies in priority order, each one's rules in order: the first rule that matches wins. The
 * trace holds every rule tried, up to and including the winner, with the conditions each one failed.
 */
export function matchStrategies(strategies: readonly StrategyRow[], f: Facts) {
  const trace: TraceRow[] = [];
  for (const s of strategies) {
    for (const [ruleIndex, rule] of s.rules.entries()) {
      const reasons = ruleMisses(rule, f);
      const row = {
        strategyId: s.id,
        strategyName: s.name,
        ruleIndex,
        ruleName: rule.name,
        matched: !reasons.length,
        reasons,
      };
      trace.push(row);
      if (row.matched) return { matched: { strategy: s, ruleIndex, rule }, trace };
    }
  }
  return { matched: null, trace };
}

/** What sorting and picking need of a priced option. */
export interface Ranked {
  channelId: string;
  channelCode: string;
  transitDaysMin: number;
  transitDaysMax: number;
  /** Exact, in the tenant's currency. */
  cost: Dec;
}

/**
 * Order by the objective: cheapest (cost, then slowest day, then code) or fastest (slowest day,
 * quickest day, cost, code). FIXED keeps the cheapest order for the list.
 */
export function byObjective(objective: StrategyObjective) {
  const cheap = (a: Ranked, b: Ranked) => a.cost.comparedTo(b.cost);
  const fast = (a: Ranked, b: Ranked) => a.transitDaysMax - b.transitDaysMax || a.transitDaysMin - b.transitDaysMin;
  const code = (a: Ranked, b: Ranked) => a.channelCode.localeCompare(b.channelCode);
  return objective === 'FASTEST'
    ? (a: Ranked, b: Ranked) => fast(a, b) || cheap(a, b) || code(a, b)
    : (a: Ranked, b: Ranked) => cheap(a, b) || fast(a, b) || code(a, b);
}

/**
 * The rule's pick among the options (channels that can carry the parcel): the best candidate by
 * the objective, or for FIXED the first candidate in the rule's order that can; else the fallback
 * when it can; else none.
 */
export function pickChannel<T extends Ranked>(rule: StrategyRule, options: readonly T[]) {
  const able = new Map(options.map((o) => [o.channelId, o]));
  const candidates = rule.channelIds.map((id) => able.get(id)).filter((o): o is T => !!o);
  if (candidates.length) {
    const best = rule.objective === 'FIXED' ? candidates[0] : [...candidates].sort(byObjective(rule.objective))[0];
    return { picked: best, fallbackUsed: false };
  }
  const fallback = rule.fallbackChannelId ? able.get(rule.fallbackChannelId) : undefined;
  return { picked: fallback ?? null, fallbackUsed: !!fallback };
}

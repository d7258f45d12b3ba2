import type { ChannelLimits, ParcelAttribute } from '@seller/contracts/logistics';
import { type Dec, dec, type Parcel, sides } from './fees.ts';

/** Why a channel cannot carry a parcel: a text key `Freight:Reason:<code>` with its arguments. */
export interface Refusal {
  code: string;
  args: (string | number)[];
  /** Special attributes the message names (shown by their catalogue names). */
  attributes?: readonly string[];
}

/** Which limit switch admits each special attribute. */
const ADMITTED_BY: Record<ParcelAttribute, 'batteryAllowed' | 'liquidAllowed' | 'powderAllowed' | 'magneticAllowed'> = {
  battery: 'batteryAllowed',
  pureBattery: 'batteryAllowed',
  liquid: 'liquidAllowed',
  paste: 'liquidAllowed',
  powder: 'powderAllowed',
  magnetic: 'magneticAllowed',
};
const REFUSED_AS = {
  batteryAllowed: 'BatteryNotAllowed',
  liquidAllowed: 'LiquidNotAllowed',
  powderAllowed: 'PowderNotAllowed',
  magneticAllowed: 'MagneticNotAllowed',
} as const;

/**
 * Every limit of the channel the parcel breaks (all of them, so the user sees them together).
 * Weights are the actual weight; size limits are checked only when the size is known; the
 * declared value is compared in the limit's currency (`inCurrency` converts it, null when it cannot).
 */
export function limitRefusals(
  limits: ChannelLimits,
  p: Parcel & { attributes: readonly string[] },
  declared: ((currency: string) => Dec | null) | null,
): Refusal[] {
  const out: Refusal[] = [];
  if (limits.minWeight != null && p.weight < limits.minWeight) out.push({ code: 'TooLight', args: [limits.minWeight] });
  if (limits.maxWeight != null && p.weight > limits.maxWeight) out.push({ code: 'TooHeavy', args: [limits.maxWeight] });
  const s = sides(p);
  if (s) {
    const [longest, second, third] = s.map(dec);
    if (limits.maxLongestSide != null && longest.gt(limits.maxLongestSide))
      out.push({ code: 'LongestSideOver', args: [limits.maxLongestSide] });
    if (limits.maxSumOfSides != null && longest.plus(second).plus(third).gt(limits.maxSumOfSides))
      out.push({ code: 'SumOfSidesOver', args: [limits.maxSumOfSides] });
    if (limits.maxGirth != null && longest.plus(second.plus(third).times(2)).gt(limits.maxGirth))
      out.push({ code: 'GirthOver', args: [limits.maxGirth] });
  }
  const refused = new Set<string>();
  for (const a of p.attributes) {
    const needs = ADMITTED_BY[a as ParcelAttribute];
    if (needs && !limits[needs]) refused.add(REFUSED_AS[needs]);
  }
  for (const code of refused) out.push({ code, args: [] });
  if (
    declared &&
    limits.declaredValueCurrency &&
    (limits.declaredValueMin != null || limits.declaredValueMax != null)
  ) {
    const value = declared(limits.declaredValueCurrency);
    const cur = limits.declaredValueCurrency;
    if (value === null) out.push({ code: 'NoExchangeRate', args: [cur] });
    else if (limits.declaredValueMin != null && value.lt(dec(limits.declaredValueMin)))
      out.push({ code: 'DeclaredValueBelow', args: [`${limits.declaredValueMin} ${cur}`] });
    else if (limits.declaredValueMax != null && value.gt(dec(limits.declaredValueMax)))
      out.push({ code: 'DeclaredValueAbove', args: [`${limits.declaredValueMax} ${cur}`] });
  }
  return out;
}

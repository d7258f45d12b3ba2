import type { FeeMode, VolumeMode } from '@seller/contracts/logistics';
import { Decimal } from 'decimal.js';
import { money as moneyIn } from '../../../core/money.ts';

/**
 * The freight arithmetic, pure and exact (docs/logistics.md "Freight rules"). Weights are whole
 * grams, sizes centimetres, money `Decimal`s; only the total (and its conversion) is rounded,
 * half-up to its currency's minor units (core/money.ts), at the very end.
 */

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;
export const dec = (v: string | number | null | undefined): Dec => new D(v ?? 0);

export interface Parcel {
  /** Grams. */
  weight: number;
  /** Centimetres; all three or none. */
  length: number | null;
  width: number | null;
  height: number | null;
}

export interface ChannelPricing {
  /** What the channel prices in: the total is rounded to its minor units. */
  currency: string;
  volumeMode: VolumeMode;
  /** cm³ per kg. */
  volumeDivisor: number;
  longestSideThreshold: number | null;
  fuelSurchargePct: string;
  registrationFee: string;
  minimumCharge: string | null;
}

export interface RateBand {
  feeMode: FeeMode;
  firstWeight: number | null;
  firstFee: string | null;
  additionalUnit: number | null;
  additionalFee: string | null;
  baseFee: string | null;
  perKgFee: string | null;
  flatFee: string | null;
}

/** A band's fees all unset: each fee mode sets only its own. */
export const NO_BAND_FEES: Omit<RateBand, 'feeMode'> = {
  firstWeight: null,
  firstFee: null,
  additionalUnit: null,
  additionalFee: null,
  baseFee: null,
  perKgFee: null,
  flatFee: null,
};

/** Sides sorted longest first, or null when the size is unknown. */
export function sides(p: Parcel): [number, number, number] | null {
  if (p.length == null || p.width == null || p.height == null) return null;
  return [p.length, p.width, p.height].sort((a, b) => b - a) as [number, number, number];
}

export interface Weights {
  actual: number;
  /** L×W×H / divisor, in grams (exact); null when the mode ignores it or the size is unknown. */
  volumetric: Dec | null;
  /** What the rate table is read with: whole grams, rounded up. */
  chargeable: number;
}

/**
 * Chargeable weight: the actual weight (NONE); the larger of actual and volumetric
 * (MAX_ACTUAL_VOLUMETRIC); the same, but only when the longest side exceeds the threshold
 * (LONGEST_SIDE; at or under it the actual weight counts).
 */
export function chargeableWeight(
  p: Parcel,
  c: Pick<ChannelPricing, 'volumeMode' | 'volumeDivisor' | 'longestSideThreshold'>,
): Weights {
  const s = sides(p);
  const volumetric =
    c.volumeMode === 'NONE' || !s ? null : dec(s[0]).times(s[1]).times(s[2]).times(1000).div(c.volumeDivisor);
  const counts =
    volumetric !== null &&
    (c.volumeMode === 'MAX_ACTUAL_VOLUMETRIC' ||
      (c.volumeMode === 'LONGEST_SIDE' && s !== null && dec(s[0]).gt(c.longestSideThreshold ?? 0)));
  const heavier = counts && volumetric.gt(p.weight) ? volumetric : dec(p.weight);
  return { actual: p.weight, volumetric, chargeable: heavier.ceil().toNumber() };
}

export interface Freight {
  /** The weight freight. */
  freight: Dec;
  /** The band's per-parcel fee (BASE_PER_UNIT), counted with the registration fee. */
  baseFee: Dec;
  /** How the weight was counted: the first weight, then `units` started units of `unit` grams. */
  steps: { first: number | null; units: number; unit: number | null };
}

/** Started units of `unit` grams in `grams` (a part of a unit counts as a whole one). */
const startedUnits = (grams: number, unit: number) => Math.ceil(grams / unit);

/** The freight of `w` grams under one rate band (the band is chosen by the caller). */
export function bandFreight(band: RateBand, w: number): Freight {
  switch (band.feeMode) {
    case 'FIRST_ADDITIONAL': {
      const first = band.firstWeight ?? 0;
      const unit = band.additionalUnit ?? 1;
      const units = w > first ? startedUnits(w - first, unit) : 0;
      return {
        freight: dec(band.firstFee).plus(dec(band.additionalFee).times(units)),
        baseFee: dec(0),
        steps: { first, units, unit },
      };
    }
    case 'BASE_PER_UNIT': {
      const unit = band.additionalUnit ?? 1;
      const units = startedUnits(w, unit);
      return {
        freight: dec(band.additionalFee).times(units),
        baseFee: dec(band.baseFee),
        steps: { first: null, units, unit },
      };
    }
    case 'PER_KG': {
      const unit = band.additionalUnit ?? 1;
      const units = startedUnits(w, unit);
      return {
        freight: dec(band.perKgFee)
          .times(units * unit)
          .div(1000),
        baseFee: dec(0),
        steps: { first: null, units, unit },
      };
    }
    case 'FLAT':
      return { freight: dec(band.flatFee), baseFee: dec(0), steps: { first: null, units: 0, unit: null } };
  }
}

export interface Price extends Freight {
  fuelSurcharge: Dec;
  registrationFee: Dec;
  subtotal: Dec;
  minimumApplied: boolean;
  /** Exact: max(subtotal, minimum charge). */
  exactTotal: Dec;
  /** Rounded half-up to the channel currency's minor units (ISO 4217: 0 for JPY, 3 for KWD). */
  total: Dec;
}

/**
 * The whole price: the fuel surcharge is a percentage of the weight freight only; the registration
 * fee (channel's + band's base fee) is added after it; the minimum charge is a floor on the total.
 */
export function priceParcel(c: ChannelPricing, band: RateBand, chargeable: number): Price {
  const f = bandFreight(band, chargeable);
  const fuelSurcharge = f.freight.times(dec(c.fuelSurchargePct)).div(100);
  const registrationFee = dec(c.registrationFee).plus(f.baseFee);
  const subtotal = f.freight.plus(fuelSurcharge).plus(registrationFee);
  const minimumApplied = c.minimumCharge != null && subtotal.lt(dec(c.minimumCharge));
  const exactTotal = minimumApplied ? dec(c.minimumCharge) : subtotal;
  const total = new D(moneyIn(exactTotal, c.currency).round().amount);
  return { ...f, fuelSurcharge, registrationFee, subtotal, minimumApplied, exactTotal, total };
}

/** `amount` (exact) in the tenant's currency `home` at `rate`, rounded once, at the end, to its minor units. */
export const convert = (amount: Dec, rate: string, home: string) =>
  new D(moneyIn(amount.times(dec(rate)), home).round().amount);

/** A total as text with exactly its currency's minor digits ("1500" JPY, "15.29" USD, "1.250" KWD). */
export const totalText = (v: Dec, currency: string) => moneyIn(v, currency).toString();

/** Money as text: at least 2 decimal places, more only when the exact value has them ("1.29675"). */
export const money = (v: Dec) => v.toFixed(Math.max(2, v.decimalPlaces()));

/** A band covers `weightFrom` < w ≤ `weightTo`: a weight on a boundary belongs to the lower band. */
export const inBand = (b: { weightFrom: number; weightTo: number }, w: number) => b.weightFrom < w && w <= b.weightTo;

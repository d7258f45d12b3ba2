import { z } from 'zod';
import { audit, codedRef, optionalText, stamp, text } from '../fields.ts';
import { NumberBounds } from '../numbers.ts';
import {
  code,
  currencyCode,
  decimal,
  grams,
  optionalCentimetres,
  optionalDate,
  optionalDecimal,
  optionalGrams,
} from './common.ts';

/** Carriers, their channels (domain §4.2) and each channel's rate table. */

export const CarrierTypes = ['POST', 'EXPRESS', 'DEDICATED_LINE', 'PLATFORM', 'THIRD_PARTY'] as const;
export type CarrierType = (typeof CarrierTypes)[number];

export const carrierInput = z.object({
  code,
  name: text(128),
  type: z.enum(CarrierTypes),
  isActive: z.boolean().default(true),
});
export const carrierUpdateInput = carrierInput.extend(stamp);
export type CarrierInput = z.infer<typeof carrierInput>;

export const carrierDto = z.object({
  ...codedRef,
  type: z.enum(CarrierTypes),
  isActive: z.boolean(),
  channelCount: z.number(),
  ...audit,
});

export const TransportModes = ['AIR', 'SEA', 'LAND', 'RAIL'] as const;
export type TransportMode = (typeof TransportModes)[number];

/**
 * How the chargeable weight is found: the actual weight only; the larger of actual and volumetric;
 * or the larger of the two only when the longest side exceeds `longestSideThreshold`.
 */
export const VolumeModes = ['NONE', 'MAX_ACTUAL_VOLUMETRIC', 'LONGEST_SIDE'] as const;
export type VolumeMode = (typeof VolumeModes)[number];

/** The special goods a channel may admit, each as `allowed` states it (a schema, or a value). */
const specialGoods = <T>(allowed: T) => ({
  batteryAllowed: allowed,
  liquidAllowed: allowed,
  magneticAllowed: allowed,
  powderAllowed: allowed,
});

/** What a channel accepts; an empty member sets no limit. */
export const channelLimitsInput = z
  .object({
    minWeight: optionalGrams(),
    maxWeight: optionalGrams({ positive: true }),
    maxLongestSide: optionalCentimetres,
    maxSumOfSides: optionalCentimetres,
    /** Longest side + 2 × (the other two). */
    maxGirth: optionalCentimetres,
    ...specialGoods(z.boolean().default(false)),
    declaredValueMin: optionalDecimal({ scale: 2 }),
    declaredValueMax: optionalDecimal({ scale: 2 }),
    /** The currency of the declared-value range. */
    declaredValueCurrency: z.preprocess((v) => (v === '' || v === undefined ? null : v), currencyCode.nullable()),
  })
  .superRefine((l, ctx) => {
    if (l.minWeight != null && l.maxWeight != null && l.minWeight > l.maxWeight)
      ctx.addIssue({ code: 'custom', path: ['maxWeight'], message: 'Logistics::MaxBelowMin' });
    if (
      l.declaredValueMin != null &&
      l.declaredValueMax != null &&
      Number(l.declaredValueMin) > Number(l.declaredValueMax)
    )
      ctx.addIssue({ code: 'custom', path: ['declaredValueMax'], message: 'Logistics::MaxBelowMin' });
    if ((l.declaredValueMin != null || l.declaredValueMax != null) && !l.declaredValueCurrency)
      ctx.addIssue({ code: 'custom', path: ['declaredValueCurrency'], message: 'Logistics::CurrencyRequired' });
  });
export type ChannelLimits = z.infer<typeof channelLimitsInput>;

/** Limits that limit nothing and admit no special goods: a new channel's. */
export const noChannelLimits: ChannelLimits = {
  minWeight: null,
  maxWeight: null,
  maxLongestSide: null,
  maxSumOfSides: null,
  maxGirth: null,
  ...specialGoods(false),
  declaredValueMin: null,
  declaredValueMax: null,
  declaredValueCurrency: null,
};

export const channelInput = z
  .object({
    carrierId: z.guid(),
    code,
    name: text(128),
    mode: z.enum(TransportModes),
    transitDaysMin: z.number().int().min(0).max(365),
    transitDaysMax: z.number().int().min(0).max(365),
    volumeMode: z.enum(VolumeModes).default('MAX_ACTUAL_VOLUMETRIC'),
    /** cm³ per kg: 5000 for express, 6000 for general air freight, free for dedicated lines. */
    volumeDivisor: z.number().int().min(1000).max(20000).default(5000),
    longestSideThreshold: optionalCentimetres,
    currency: currencyCode,
    fuelSurchargePct: decimal({ scale: 2, max: NumberBounds.percent }).default('0'),
    minimumCharge: optionalDecimal({ scale: 2 }),
    registrationFee: decimal({ scale: 2 }).default('0'),
    limits: channelLimitsInput.default(noChannelLimits),
    remark: optionalText(512),
    isActive: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.transitDaysMin > c.transitDaysMax)
      ctx.addIssue({ code: 'custom', path: ['transitDaysMax'], message: 'Logistics::MaxBelowMin' });
    if (c.volumeMode === 'LONGEST_SIDE' && c.longestSideThreshold == null)
      ctx.addIssue({ code: 'custom', path: ['longestSideThreshold'], message: 'Logistics::ThresholdRequired' });
  });
export const channelUpdateInput = channelInput.safeExtend(stamp);
export type ChannelInput = z.infer<typeof channelInput>;

const limitsDto = z.object({
  minWeight: z.number().nullable(),
  maxWeight: z.number().nullable(),
  maxLongestSide: z.number().nullable(),
  maxSumOfSides: z.number().nullable(),
  maxGirth: z.number().nullable(),
  ...specialGoods(z.boolean()),
  declaredValueMin: z.string().nullable(),
  declaredValueMax: z.string().nullable(),
  declaredValueCurrency: z.string().nullable(),
});

/** A channel's transit time, in days. */
export const transitDays = { transitDaysMin: z.number(), transitDaysMax: z.number() };

export const channelDto = z.object({
  id: z.string(),
  carrierId: z.string(),
  carrierCode: z.string(),
  carrierName: z.string(),
  code: z.string(),
  name: z.string(),
  mode: z.enum(TransportModes),
  ...transitDays,
  volumeMode: z.enum(VolumeModes),
  volumeDivisor: z.number(),
  longestSideThreshold: z.number().nullable(),
  currency: z.string(),
  fuelSurchargePct: z.string(),
  minimumCharge: z.string().nullable(),
  registrationFee: z.string(),
  limits: limitsDto,
  remark: z.string().nullable(),
  isActive: z.boolean(),
  /** Rows in the rate table, and the zones they cover. */
  rateCount: z.number(),
  zoneCount: z.number(),
  ...audit,
});

export const channelQuery = z.object({
  carrierId: z.guid().optional(),
});

/**
 * How a rate row prices the weight `w` (grams, the chargeable weight):
 * - FIRST_ADDITIONAL: `firstFee` up to `firstWeight`, then `additionalFee` per started `additionalUnit`;
 * - BASE_PER_UNIT: `additionalFee` per started `additionalUnit` of the whole weight; `baseFee` is a
 *   per-parcel fee counted with the registration fee;
 * - PER_KG: `perKgFee` per kg of the weight rounded up to `additionalUnit` grams (1 g when empty);
 * - FLAT: `flatFee` whatever the weight within the band.
 */
export const FeeModes = ['FIRST_ADDITIONAL', 'BASE_PER_UNIT', 'PER_KG', 'FLAT'] as const;
export type FeeMode = (typeof FeeModes)[number];

const money = optionalDecimal({ scale: 4, max: NumberBounds.freightFee });

/** The members each fee mode needs. */
export const feeModeMembers: Record<FeeMode, readonly string[]> = {
  FIRST_ADDITIONAL: ['firstWeight', 'firstFee', 'additionalUnit', 'additionalFee'],
  BASE_PER_UNIT: ['baseFee', 'additionalUnit', 'additionalFee'],
  PER_KG: ['perKgFee'],
  FLAT: ['flatFee'],
};

/** One band of a zone: `weightFrom` < w ≤ `weightTo` (grams), priced by its fee mode. */
export const rateRowInput = z
  .object({
    id: z.guid().optional(),
    zoneId: z.guid(),
    weightFrom: grams(),
    weightTo: grams({ positive: true }),
    feeMode: z.enum(FeeModes),
    firstWeight: optionalGrams({ positive: true }),
    firstFee: money,
    additionalUnit: optionalGrams({ positive: true }),
    additionalFee: money,
    baseFee: money,
    perKgFee: money,
    flatFee: money,
    effectiveFrom: optionalDate,
    effectiveTo: optionalDate,
  })
  .superRefine((r, ctx) => {
    if (r.weightTo <= r.weightFrom)
      ctx.addIssue({ code: 'custom', path: ['weightTo'], message: 'Logistics::MaxBelowMin' });
    for (const member of feeModeMembers[r.feeMode])
      if ((r as Record<string, unknown>)[member] == null)
        ctx.addIssue({ code: 'custom', path: [member], message: 'Logistics::RequiredForFeeMode' });
    if (r.effectiveFrom && r.effectiveTo && r.effectiveTo < r.effectiveFrom)
      ctx.addIssue({ code: 'custom', path: ['effectiveTo'], message: 'Logistics::MaxBelowMin' });
  });
export type RateRowInput = z.infer<typeof rateRowInput>;

/** `PUT /api/logistics/channels/{id}/rates`: the whole table, replaced at once. */
export const rateTableInput = z.object({
  rows: z.array(rateRowInput).max(5000),
  /** The channel's stamp when the table was read. */
  concurrencyStamp: z.string().max(40).optional(),
});

export const rateRowDto = z.object({
  id: z.string(),
  zoneId: z.string(),
  zoneName: z.string(),
  weightFrom: z.number(),
  weightTo: z.number(),
  feeMode: z.enum(FeeModes),
  firstWeight: z.number().nullable(),
  firstFee: z.string().nullable(),
  additionalUnit: z.number().nullable(),
  additionalFee: z.string().nullable(),
  baseFee: z.string().nullable(),
  perKgFee: z.string().nullable(),
  flatFee: z.string().nullable(),
  effectiveFrom: z.string().nullable(),
  effectiveTo: z.string().nullable(),
});

export const rateTableDto = z.object({
  channelId: z.string(),
  currency: z.string(),
  concurrencyStamp: z.string(),
  rows: z.array(rateRowDto),
});

/** The import's answer; a refused sheet answers 400 with `validationErrors` named `rows.<sheet row>.<column>`. */
export const rateImportResult = z.object({ imported: z.number(), zones: z.number() });

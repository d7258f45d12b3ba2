import { z } from 'zod';
import { optional } from '../fields.ts';
import { FeeModes, TransportModes, transitDays } from './carriers.ts';
import {
  centimetres,
  countryCode,
  currencyCode,
  grams,
  optionalDecimal,
  ParcelAttributes,
  SalesPlatforms,
} from './common.ts';
import { StrategyObjectives } from './strategies.ts';

/**
 * The freight estimate (`POST /api/logistics/freight/estimate`) and the strategy test
 * (`POST /api/logistics/freight-strategies/test`): a parcel, given by its size or by catalogue
 * SKUs, priced on every channel that can carry it.
 */

export const freightEstimateInput = z
  .object({
    countryCode,
    postalCode: optional(
      z
        .string()
        .trim()
        .max(16)
        .regex(/^[A-Za-z0-9 -]*$/, 'Logistics::PostalCodeFormat'),
    ),
    /** The warehouse it leaves from (strategy rules match on it). */
    warehouseId: optional(z.guid()),
    /** Grams. */
    weight: optional(grams({ positive: true })),
    /** Centimetres. */
    length: optional(centimetres),
    width: optional(centimetres),
    height: optional(centimetres),
    declaredValue: optionalDecimal({ scale: 2 }).optional(),
    /** Of `declaredValue` and `orderValue`; the tenant's currency when empty. */
    currency: optional(currencyCode),
    attributes: z.array(z.enum(ParcelAttributes)).max(10).optional(),
    /** Catalogue SKUs instead of the parcel's weight and size. */
    items: z
      .array(z.object({ sku: z.string().trim().min(1).max(50), quantity: z.number().int().min(1).max(10000) }))
      .max(100)
      .optional(),
    /** What strategy rules match on besides the parcel. */
    platform: optional(z.enum(SalesPlatforms)),
    shopId: optional(z.guid()),
    /** The declared value when empty. */
    orderValue: optionalDecimal({ scale: 2 }).optional(),
    /** Only this strategy is tried (the test panel); otherwise every active one, by priority. */
    strategyId: optional(z.guid()),
  })
  .superRefine((p, ctx) => {
    const hasItems = !!p.items?.length;
    if (!hasItems && p.weight == null)
      ctx.addIssue({ code: 'custom', path: ['weight'], message: 'Logistics::WeightOrItemsRequired' });
    if (hasItems && p.weight != null)
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'Logistics::ParcelOrItems' });
    const sides = [p.length, p.width, p.height];
    if (!hasItems && sides.some((s) => s != null) && sides.some((s) => s == null))
      for (const [i, member] of (['length', 'width', 'height'] as const).entries())
        if (sides[i] == null) ctx.addIssue({ code: 'custom', path: [member], message: 'Logistics::AllSidesRequired' });
  });
export type FreightEstimateInput = z.infer<typeof freightEstimateInput>;

export const strategyTestInput = freightEstimateInput;

const reason = z.object({ code: z.string(), message: z.string() });
/** A logistics channel as an estimate names it. */
export const channelRef = { channelId: z.string(), channelCode: z.string(), channelName: z.string() };
/** The strategy rule an estimate went by (or tried). */
const strategyRuleRef = {
  strategyId: z.string(),
  strategyName: z.string(),
  ruleIndex: z.number(),
  ruleName: z.string(),
};

/** One channel's price for the parcel; money as exact decimal text. */
export const freightOptionDto = z.object({
  ...channelRef,
  carrierId: z.string(),
  carrierName: z.string(),
  mode: z.enum(TransportModes),
  zoneId: z.string(),
  zoneName: z.string(),
  ...transitDays,
  /** Grams. */
  actualWeight: z.number(),
  volumetricWeight: z.number().nullable(),
  chargeableWeight: z.number(),
  feeMode: z.enum(FeeModes),
  /** The weight steps, e.g. first 500 g + 3 × 100 g. */
  steps: z.object({ first: z.number().nullable(), units: z.number(), unit: z.number().nullable() }),
  currency: z.string(),
  /** Weight freight, fuel surcharge on it, registration (channel + row base) fee, their sum. */
  freight: z.string(),
  fuelSurchargePct: z.string(),
  fuelSurcharge: z.string(),
  registrationFee: z.string(),
  subtotal: z.string(),
  minimumCharge: z.string().nullable(),
  minimumApplied: z.boolean(),
  /** Rounded half-up to 2 places, in the channel's currency. */
  total: z.string(),
  tenantCurrency: z.string(),
  /** 1 unit of `currency` in the tenant's currency. */
  exchangeRate: z.string(),
  totalInTenantCurrency: z.string(),
  picked: z.boolean(),
});
export type FreightOption = z.infer<typeof freightOptionDto>;

export const excludedChannelDto = z.object({
  ...channelRef,
  carrierName: z.string(),
  reasons: z.array(reason),
});

/** Why a strategy rule matched or was skipped. */
export const strategyTraceDto = z.object({
  ...strategyRuleRef,
  matched: z.boolean(),
  /** The conditions that did not hold (empty when it matched). */
  reasons: z.array(reason),
});

export const freightEstimateDto = z.object({
  parcel: z.object({
    source: z.enum(['PARCEL', 'ITEMS']),
    weight: z.number(),
    length: z.number().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    attributes: z.array(z.string()),
    declaredValue: z.string().nullable(),
    orderValue: z.string().nullable(),
    currency: z.string(),
    countryCode: z.string(),
    postalCode: z.string().nullable(),
  }),
  tenantCurrency: z.string(),
  /** Sorted by the objective of the matched rule (cheapest first when none matched). */
  options: z.array(freightOptionDto),
  excluded: z.array(excludedChannelDto),
  strategy: z
    .object({
      ...strategyRuleRef,
      objective: z.enum(StrategyObjectives),
      /** The picked channel, if any candidate (or the fallback) can carry the parcel. */
      pickedChannelId: z.string().nullable(),
      fallbackUsed: z.boolean(),
    })
    .nullable(),
  trace: z.array(strategyTraceDto),
});
export type FreightEstimate = z.infer<typeof freightEstimateDto>;

import { z } from 'zod';
import { audit, optionalText, stamp, text } from '../fields.ts';
import { countryCode, optionalDecimal, optionalGrams, ParcelAttributes, SalesPlatforms } from './common.ts';

/**
 * Freight strategies (domain §4.3): ordered rules that pick a channel. Active strategies are tried
 * by priority (lower first), each one's rules in order; the first rule whose every condition holds
 * wins. An empty condition list matches anything.
 */

export const StrategyObjectives = ['CHEAPEST', 'FASTEST', 'FIXED'] as const;
export type StrategyObjective = (typeof StrategyObjectives)[number];

const ids = z.array(z.guid()).max(500).default([]);

export const strategyRuleInput = z
  .object({
    name: text(64),
    countries: z.array(countryCode).max(300).default([]),
    zoneIds: ids,
    platforms: z.array(z.enum(SalesPlatforms)).max(10).default([]),
    /** Marketplace or storefront shops. */
    shopIds: ids,
    warehouseIds: ids,
    /** Grams, inclusive. */
    weightFrom: optionalGrams(),
    weightTo: optionalGrams(),
    /** In the tenant's currency, inclusive. */
    orderValueFrom: optionalDecimal({ scale: 2 }),
    orderValueTo: optionalDecimal({ scale: 2 }),
    /** Matches when the parcel has any of these. */
    attributesAny: z.array(z.enum(ParcelAttributes)).max(10).default([]),
    /** Matches when the parcel has none of these. */
    attributesNone: z.array(z.enum(ParcelAttributes)).max(10).default([]),
    objective: z.enum(StrategyObjectives),
    /** The channels chosen among; for FIXED, in order of preference. */
    channelIds: z.array(z.guid()).min(1, 'Logistics::CandidatesRequired').max(200),
    /** Used when none of the candidates can carry the parcel. */
    fallbackChannelId: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.guid().nullable()),
  })
  .superRefine((r, ctx) => {
    if (r.weightFrom != null && r.weightTo != null && r.weightFrom > r.weightTo)
      ctx.addIssue({ code: 'custom', path: ['weightTo'], message: 'Logistics::MaxBelowMin' });
    if (r.orderValueFrom != null && r.orderValueTo != null && Number(r.orderValueFrom) > Number(r.orderValueTo))
      ctx.addIssue({ code: 'custom', path: ['orderValueTo'], message: 'Logistics::MaxBelowMin' });
  });
export type StrategyRuleInput = z.infer<typeof strategyRuleInput>;

export const strategyInput = z.object({
  name: text(64),
  /** Lower is tried first. */
  priority: z.number().int().min(0).max(10000).default(100),
  description: optionalText(512),
  isActive: z.boolean().default(true),
  rules: z.array(strategyRuleInput).min(1, 'Logistics::RulesRequired').max(100),
});
export const strategyUpdateInput = strategyInput.extend(stamp);
export type StrategyInput = z.infer<typeof strategyInput>;

export const strategyRuleDto = z.object({
  name: z.string(),
  countries: z.array(z.string()),
  zoneIds: z.array(z.string()),
  platforms: z.array(z.enum(SalesPlatforms)),
  shopIds: z.array(z.string()),
  warehouseIds: z.array(z.string()),
  weightFrom: z.number().nullable(),
  weightTo: z.number().nullable(),
  orderValueFrom: z.string().nullable(),
  orderValueTo: z.string().nullable(),
  attributesAny: z.array(z.enum(ParcelAttributes)),
  attributesNone: z.array(z.enum(ParcelAttributes)),
  objective: z.enum(StrategyObjectives),
  channelIds: z.array(z.string()),
  fallbackChannelId: z.string().nullable(),
});
export type StrategyRule = z.infer<typeof strategyRuleDto>;

/** A rule that matches anything and takes the cheapest of no candidates yet: what new rules start from. */
export const blankStrategyRule = (): StrategyRule => ({
  name: '',
  countries: [],
  zoneIds: [],
  platforms: [],
  shopIds: [],
  warehouseIds: [],
  weightFrom: null,
  weightTo: null,
  orderValueFrom: null,
  orderValueTo: null,
  attributesAny: [],
  attributesNone: [],
  objective: 'CHEAPEST',
  channelIds: [],
  fallbackChannelId: null,
});

export const strategyDto = z.object({
  id: z.string(),
  name: z.string(),
  priority: z.number(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  rules: z.array(strategyRuleDto),
  ...audit,
});

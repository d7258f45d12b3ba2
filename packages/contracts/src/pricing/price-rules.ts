import { z } from 'zod';
import { audit, commaList, emptyToNull, letterCode, optional, text, withUpdateInput } from '../fields.ts';
import { SalesPlatforms } from '../logistics/common.ts';
import { checkMoneyMembers, MAX_MINOR_UNITS } from '../money.ts';
import { atMost, NumberBounds } from '../numbers.ts';

/**
 * Price rules (domain §3.6): how a SKU's cost becomes a marketplace price, with cost bands that
 * override the markup or margin (retail-price rules) and quantity discounts (tier-price rules).
 * Amounts and percentages travel as exact decimal text. Refusals are `Pricing::` text keys.
 */

export const PricingModes = ['COST_PLUS', 'MARGIN'] as const;
export type PricingMode = (typeof PricingModes)[number];
export const RoundingModes = ['NONE', 'X_99', 'X_90', 'INTEGER'] as const;
export type RoundingMode = (typeof RoundingModes)[number];
/** Where the international freight comes from: a fixed amount, the cheapest channel, a named strategy. */
export const FreightSources = ['FIXED', 'CHEAPEST', 'STRATEGY'] as const;
export type FreightSource = (typeof FreightSources)[number];
export const PricePlatforms = SalesPlatforms;

const DECIMAL = /^\d{1,14}(\.\d+)?$/;

/** An exact non-negative decimal as text, at most `scale` fraction digits, at most `max` (`positive`: above 0). */
export const priceDecimal = (opts: { scale?: number; max?: string; positive?: boolean } = {}) => {
  const { scale = 4, max = NumberBounds.amount, positive = false } = opts;
  return z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Pricing::DecimalFormat' })
      .regex(DECIMAL, 'Pricing::DecimalFormat')
      // each check only of a well-formed number, so one bad value is one refusal
      .refine((s) => !DECIMAL.test(s) || (s.split('.')[1]?.length ?? 0) <= scale, { message: 'Pricing::DecimalScale' })
      .refine((s) => !DECIMAL.test(s) || !positive || Number(s) > 0, { message: 'Pricing::MustBePositive' })
      .check(atMost(max)),
  );
};
const optionalDecimal = (opts: Parameters<typeof priceDecimal>[0] = {}) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), priceDecimal(opts).nullable());
/** A percentage 0–100 with up to 4 places. */
const percent = priceDecimal({ scale: 4, max: NumberBounds.percent });
const money = priceDecimal({ scale: 4 });
const currency = letterCode(3, 'Pricing::CurrencyFormat');
const country = letterCode(2, 'Pricing::CountryCodeFormat');
const nullable = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToNull, schema.nullable());

/** The marketplace's percentages of the buyer's price; one at 100 % leaves nothing to divide by. */
export const FeeMembers = ['promotionPct', 'commissionPct', 'withdrawalPct', 'paymentPct'] as const;

const priceRuleFields = z.object({
  name: text(128),
  /** Scope: which listings the rule is for; empty is any. */
  platform: nullable(z.enum(PricePlatforms)),
  /** The marketplace site's country (MY, SG…): also the destination of the freight estimate. */
  siteCode: nullable(country),
  shopId: nullable(z.guid()),
  categoryId: nullable(z.guid()),
  /** Smaller first, when several rules fit a listing. */
  priority: z.number().int().min(0).max(10000).default(0),
  currencyFrom: currency.default('CNY'),
  currencyTo: currency,
  /** Units of `currencyTo` for one unit of `currencyFrom`. */
  exchangeRate: priceDecimal({ scale: 6, positive: true, max: NumberBounds.fxRate }),
  fxBufferPct: percent.default('0'),
  mode: z.enum(PricingModes),
  markupPct: priceDecimal({ scale: 4, max: NumberBounds.markupPercent }).default('0'),
  targetMarginPct: percent.default('0'),
  commissionPct: percent.default('0'),
  paymentPct: percent.default('0'),
  withdrawalPct: percent.default('0'),
  promotionPct: percent.default('0'),
  /** Per unit, in `currencyFrom`. */
  fixedFee: money.default('0'),
  packagingFee: money.default('0'),
  domesticFreight: money.default('0'),
  freightSource: z.enum(FreightSources).default('FIXED'),
  /** The international freight when `freightSource` is FIXED, in `currencyFrom`. */
  internationalFreight: money.default('0'),
  /** The strategy asked when `freightSource` is STRATEGY. */
  freightStrategyId: nullable(z.guid()),
  rounding: z.enum(RoundingModes).default('NONE'),
  /** In `currencyTo`, to its minor units (0 for JPY, 3 for KWD); empty is no bound. */
  minPrice: optionalDecimal({ scale: MAX_MINOR_UNITS }),
  maxPrice: optionalDecimal({ scale: MAX_MINOR_UNITS }),
  isActive: z.boolean().default(true),
});

/** The rules a price rule must keep to be able to price anything, each on its member. */
function refineRule(r: z.infer<typeof priceRuleFields>, ctx: z.RefinementCtx) {
  // percentages above 100 are refused as too large already
  if (r.mode === 'MARGIN' && Number(r.targetMarginPct) === 100)
    ctx.addIssue({ code: 'custom', path: ['targetMarginPct'], message: 'Pricing::MarginBelow100' });
  for (const member of FeeMembers)
    if (Number(r[member]) === 100)
      ctx.addIssue({ code: 'custom', path: [member], message: 'Pricing::FeesLeaveNothing' });
  if (r.minPrice !== null && r.maxPrice !== null && Number(r.minPrice) > Number(r.maxPrice))
    ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'Pricing::MaxBelowMin' });
  if (r.freightSource === 'STRATEGY' && !r.freightStrategyId)
    ctx.addIssue({ code: 'custom', path: ['freightStrategyId'], message: 'Pricing::StrategyRequired' });
  checkMoneyMembers(r, { currency: 'currencyTo', amounts: ['minPrice', 'maxPrice'] }, ctx);
}

export const [priceRuleInput, priceRuleUpdateInput] = withUpdateInput(priceRuleFields, refineRule);
export type PriceRuleInput = z.infer<typeof priceRuleInput>;

export const priceRuleDto = z.object({
  id: z.string(),
  name: z.string(),
  platform: z.enum(PricePlatforms).nullable(),
  siteCode: z.string().nullable(),
  shopId: z.string().nullable(),
  categoryId: z.string().nullable(),
  priority: z.number(),
  currencyFrom: z.string(),
  currencyTo: z.string(),
  exchangeRate: z.string(),
  fxBufferPct: z.string(),
  mode: z.enum(PricingModes),
  markupPct: z.string(),
  targetMarginPct: z.string(),
  commissionPct: z.string(),
  paymentPct: z.string(),
  withdrawalPct: z.string(),
  promotionPct: z.string(),
  fixedFee: z.string(),
  packagingFee: z.string(),
  domesticFreight: z.string(),
  freightSource: z.enum(FreightSources),
  internationalFreight: z.string(),
  freightStrategyId: z.string().nullable(),
  rounding: z.enum(RoundingModes),
  minPrice: z.string().nullable(),
  maxPrice: z.string().nullable(),
  isActive: z.boolean(),
  retailRuleCount: z.number(),
  tierRuleCount: z.number(),
  ...audit,
});

/**
 * A retail-price rule: for a unit cost in [`costFrom`, `costTo`) (no upper end when empty), its
 * markup % (cost-plus rules) or target margin % (margin rules) replaces the price rule's. Empty
 * keeps the price rule's. The bands of one price rule may not overlap.
 */
const retailRuleFields = z.object({
  costFrom: money,
  costTo: optionalDecimal({ scale: 4 }),
  markupPct: optionalDecimal({ scale: 4, max: NumberBounds.markupPercent }),
  targetMarginPct: optionalDecimal({ scale: 4, max: NumberBounds.percent }),
  remark: nullable(z.string().max(256)),
});
function refineRetail(r: z.infer<typeof retailRuleFields>, ctx: z.RefinementCtx) {
  if (r.costTo !== null && Number(r.costTo) <= Number(r.costFrom))
    ctx.addIssue({ code: 'custom', path: ['costTo'], message: 'Pricing::CostToAboveFrom' });
  if (r.markupPct === null && r.targetMarginPct === null)
    ctx.addIssue({ code: 'custom', path: ['markupPct'], message: 'Pricing::BandNeedsPct' });
  if (r.targetMarginPct !== null && Number(r.targetMarginPct) === 100)
    ctx.addIssue({ code: 'custom', path: ['targetMarginPct'], message: 'Pricing::MarginBelow100' });
}
export const [retailPriceRuleInput, retailPriceRuleUpdateInput] = withUpdateInput(retailRuleFields, refineRetail);
export type RetailPriceRuleInput = z.infer<typeof retailPriceRuleInput>;

export const retailPriceRuleDto = z.object({
  id: z.string(),
  priceRuleId: z.string(),
  costFrom: z.string(),
  costTo: z.string().nullable(),
  markupPct: z.string().nullable(),
  targetMarginPct: z.string().nullable(),
  remark: z.string().nullable(),
  ...audit,
});

/**
 * A tier-price rule: buying `minQuantity` to `maxQuantity` units (no upper end when empty) takes
 * `discountPct` off the retail price (Shopee wholesale tiers). Tiers of one rule may not overlap.
 */
const tierRuleFields = z.object({
  minQuantity: z.number().int().min(1).max(1_000_000),
  maxQuantity: z.preprocess(emptyToNull, z.number().int().min(1).max(1_000_000).nullable()),
  discountPct: percent,
});
function refineTier(r: z.infer<typeof tierRuleFields>, ctx: z.RefinementCtx) {
  if (r.maxQuantity !== null && r.maxQuantity < r.minQuantity)
    ctx.addIssue({ code: 'custom', path: ['maxQuantity'], message: 'Pricing::MaxQuantityBelowMin' });
  if (Number(r.discountPct) === 100)
    ctx.addIssue({ code: 'custom', path: ['discountPct'], message: 'Pricing::DiscountBelow100' });
}
export const [tierPriceRuleInput, tierPriceRuleUpdateInput] = withUpdateInput(tierRuleFields, refineTier);
export type TierPriceRuleInput = z.infer<typeof tierPriceRuleInput>;

/** A tier's quantity band and its discount, as stored and as a price shows it. */
const tierBand = { minQuantity: z.number(), maxQuantity: z.number().nullable(), discountPct: z.string() };

export const tierPriceRuleDto = z.object({
  id: z.string(),
  priceRuleId: z.string(),
  ...tierBand,
  ...audit,
});

/** `?priceRuleId=` of the add routes. */
export const priceRuleIdQuery = z.object({ priceRuleId: z.guid() });
/** The plural deletes: `?retailPriceRuleIds=a,b` (or repeated), at most 100. */
export const idList = z.preprocess(commaList, z.array(z.guid()).min(1).max(100));

/**
 * The calculators' query: a price rule and either a catalogue `sku` (its cost, and its weight for
 * the freight estimate) or a `cost` (+ `weight` in grams when the rule estimates its freight).
 * `countryCode` is the freight's destination, the rule's site when empty.
 */
const calcFields = z.object({
  priceRuleId: z.guid(),
  sku: optional(z.string().trim().min(1).max(50)),
  cost: optional(money),
  weight: optional(z.coerce.number().int('Pricing::WholeGrams').min(1).max(10_000_000)),
  countryCode: optional(country),
});
function refineCalc(q: z.infer<typeof calcFields>, ctx: z.RefinementCtx) {
  if (q.sku === undefined && q.cost === undefined)
    ctx.addIssue({ code: 'custom', path: ['cost'], message: 'Pricing::SkuOrCostRequired' });
  if (q.sku !== undefined && q.cost !== undefined)
    ctx.addIssue({ code: 'custom', path: ['cost'], message: 'Pricing::SkuOrCost' });
}
export const priceCalcQuery = calcFields.superRefine(refineCalc);
export type PriceCalcQuery = z.infer<typeof priceCalcQuery>;

/** `calc-tierPrice`: the calculator's query and the quantities to price (`1,5,10`), at most 20. */
export const tierCalcQuery = calcFields
  .extend({
    quantities: z.preprocess(
      (v) => commaList(v).map((s) => Number(s)),
      z.array(z.number().int().min(1).max(1_000_000)).max(20),
    ),
  })
  .superRefine(refineCalc);
export type TierCalcQuery = z.infer<typeof tierCalcQuery>;

/** One step of the computation: its amount after the step, in its currency, with a localized label. */
export const priceStepDto = z.object({
  key: z.string(),
  label: z.string(),
  amount: z.string(),
  currency: z.string(),
});
export type PriceStepDto = z.infer<typeof priceStepDto>;

export const retailPriceResultDto = z.object({
  priceRuleId: z.string(),
  sku: z.string().nullable(),
  price: z.string(),
  currency: z.string(),
  cost: z.string(),
  costCurrency: z.string(),
  /** The retail-price rule whose band held the cost, if any. */
  retailPriceRuleId: z.string().nullable(),
  /** The channel the international freight came from (CHEAPEST, STRATEGY). */
  freightChannel: z.object({ channelId: z.string(), channelName: z.string(), carrierName: z.string() }).nullable(),
  steps: z.array(priceStepDto),
});
export type RetailPriceResult = z.infer<typeof retailPriceResultDto>;

export const tierPriceResultDto = retailPriceResultDto.extend({
  tiers: z.array(
    z.object({
      tierPriceRuleId: z.string(),
      ...tierBand,
      unitPrice: z.string(),
    }),
  ),
  quantities: z.array(
    z.object({
      quantity: z.number(),
      tierPriceRuleId: z.string().nullable(),
      unitPrice: z.string(),
      total: z.string(),
    }),
  ),
});
export type TierPriceResult = z.infer<typeof tierPriceResultDto>;

import type { FreightEstimateInput } from '@seller/contracts/logistics';
import { minorUnits } from '@seller/contracts/money';
import type { PriceCalcQuery, RetailPriceResult, TierCalcQuery, TierPriceResult } from '@seller/contracts/pricing';
import type { RequestContext } from '../../core/context.ts';
import { type CrudContext, getOwned } from '../../core/crud.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { t } from '../../core/localization/index.ts';
import { convertExact, money, moneyText } from '../../core/money.ts';
import type { Services } from '../../core/services.ts';
import { shippingFacts, skuCosts } from '../catalog/index.ts';
import { estimateFreight, tenantCurrency } from '../logistics/index.ts';
import { computePrice, D, type PriceStep, ruleProblems } from './calculator.ts';
import { childrenOf } from './children.ts';
import { priceRules } from './schema.ts';
import { decimalText, numbersOf } from './service.ts';

/**
 * The calculators behind `calc-retailPrice` and `calc-tierPrice`: a rule, a cost (a catalogue SKU's,
 * or given) and the international freight (fixed, or the freight estimate's cheapest channel, or
 * the channel a named strategy picks) make a price, explained step by step in the request's
 * language. Rules for users: docs/pricing.md.
 */

type Ctx = CrudContext & Pick<RequestContext, 'culture'>;
type Rule = typeof priceRules.$inferSelect;
type Band = Awaited<ReturnType<typeof childrenOf>>['bands'][number];
type Tier = Awaited<ReturnType<typeof childrenOf>>['tiers'][number];

interface Loaded {
  rule: Rule;
  bands: Band[];
  tiers: Tier[];
  cost: string;
  sku: string | null;
  /** Grams, when known (given, or the SKU's). */
  weight: number | null;
}

/** The rule, its children, and the cost (and weight) of what is priced. */
async function load(services: Services, ctx: Ctx, q: PriceCalcQuery): Promise<Loaded> {
  const { rates } = await tenantCurrency(services, ctx);
  return services.data.inTenant(ctx, async (tx) => {
    const rule = await getOwned(tx, ctx, priceRules, 'PriceRule', q.priceRuleId);
    const { bands, tiers } = await childrenOf(tx, ctx, rule.id);
    if (q.sku === undefined) return { rule, bands, tiers, cost: q.cost!, sku: null, weight: q.weight ?? null };
    const found = (await skuCosts(tx, ctx, [q.sku])).get(q.sku.toLowerCase());
    if (!found) throw fieldError('sku', 'Pricing::UnknownSku', [q.sku]);
    // the SKU's cost in its own currency, converted into the rule's at the tenant's rates, exactly
    // (the calculator rounds once, at the end); a currency without a rate is said, never taken at 1
    if (found.currency !== rule.currencyFrom && (!rates[found.currency] || !rates[rule.currencyFrom]))
      throw fieldError('sku', 'Pricing::CostCurrency', [found.sku, found.currency, rule.currencyFrom]);
    const cost = convertExact(money(found.cost, found.currency), rule.currencyFrom, rates).amount.toString();
    let weight = q.weight ?? null;
    if (weight === null && rule.freightSource !== 'FIXED') {
      weight = (await shippingFacts(tx, ctx, [q.sku])).get(q.sku.toLowerCase())?.weight ?? null;
      if (!weight) throw fieldError('sku', 'Pricing::SkuWithoutWeight', [found.sku]);
    }
    return { rule, bands, tiers, cost, sku: found.sku, weight };
  });
}

interface Freight {
  amount: string;
  channel: { channelId: string; channelName: string; carrierName: string } | null;
}

/** The estimate's refusals on its own members, said on the calculator's (`items.0.sku` is `sku`). */
function onOurMembers(e: unknown): never {
  if (e instanceof AppError && e.status === 404 && Array.isArray(e.params) && e.params[0] === 'FreightStrategy')
    throw fieldError('priceRuleId', 'Pricing::StrategyMissing');
  if (e instanceof AppError && e.validationErrors)
    throw new AppError({
      status: 400,
      messageKey: 'ValidationError',
      validationErrors: e.validationErrors.map((v) => ({
        ...v,
        members: v.members.map((m) => (m.startsWith('items.') ? 'sku' : m)),
      })),
    });
  throw e;
}

/** The international freight of one unit, in the rule's source currency. */
async function freightOf(services: Services, ctx: Ctx, q: PriceCalcQuery, l: Loaded): Promise<Freight> {
  const { rule } = l;
  if (rule.freightSource === 'FIXED') return { amount: rule.internationalFreight, channel: null };
  const countryCode = q.countryCode ?? rule.siteCode;
  if (!countryCode) throw fieldError('countryCode', 'Pricing::CountryRequired');
  if (l.sku === null && l.weight === null) throw fieldError('weight', 'Pricing::WeightRequired');
  const input: FreightEstimateInput = {
    countryCode,
    ...(q.weight !== undefined || l.sku === null ? { weight: l.weight! } : { items: [{ sku: l.sku, quantity: 1 }] }),
    ...(rule.platform ? { platform: rule.platform } : {}),
    ...(rule.shopId ? { shopId: rule.shopId } : {}),
    ...(rule.freightSource === 'STRATEGY' && rule.freightStrategyId ? { strategyId: rule.freightStrategyId } : {}),
  };
  const estimate = await estimateFreight(services, ctx, input).catch(onOurMembers);
  // the estimate's own conversion: the exact total × rate, rounded once in the tenant's currency
  // (never the channel-rounded total × rate, which rounds twice)
  const inHome = (o: (typeof estimate.options)[number]) => new D(o.totalInTenantCurrency);
  const option =
    rule.freightSource === 'CHEAPEST'
      ? estimate.options.reduce<(typeof estimate.options)[number] | null>(
          (best, o) => (best === null || inHome(o).lt(inHome(best)) ? o : best),
          null,
        )
      : (estimate.options.find((o) => o.picked) ?? null);
  if (!option)
    throw rule.freightSource === 'CHEAPEST'
      ? fieldError('countryCode', 'Pricing::NoFreightChannel', [countryCode, l.weight ?? ''])
      : fieldError('countryCode', 'Pricing::StrategyPickedNone', [countryCode, l.weight ?? '']);
  // the estimate prices in the channel's currency and in the tenant's: one of them must be the rule's
  const amount =
    option.currency === rule.currencyFrom
      ? new D(option.total)
      : option.tenantCurrency === rule.currencyFrom
        ? inHome(option)
        : null;
  if (amount === null)
    throw fieldError('countryCode', 'Pricing::FreightCurrency', [option.currency, rule.currencyFrom]);
  return {
    amount: amount.toString(),
    channel: { channelId: option.channelId, channelName: option.channelName, carrierName: option.carrierName },
  };
}

/** The band holding `cost` ([from, to)), if any. */
const bandOf = (bands: Band[], cost: string) =>
  bands.find((b) => new D(cost).gte(b.costFrom) && (b.costTo === null || new D(cost).lt(b.costTo))) ?? null;

/** A step's localized label: its text key with its arguments. */
const label = (ctx: Ctx, s: PriceStep) => t(ctx.culture, `Pricing::Step:${s.text}`, s.args);

async function price(services: Services, ctx: Ctx, q: PriceCalcQuery) {
  const loaded = await load(services, ctx, q);
  const { rule, bands } = loaded;
  const freight = await freightOf(services, ctx, q, loaded);
  const band = bandOf(bands, loaded.cost);
  const numbers = numbersOf(rule);
  if (band?.markupPct != null) numbers.markupPct = band.markupPct;
  if (band?.targetMarginPct != null) numbers.targetMarginPct = band.targetMarginPct;
  const [problem] = ruleProblems(numbers);
  if (problem) throw fieldError('priceRuleId', `Pricing::${problem.key}`);
  const result = computePrice(numbers, loaded.cost, freight.amount);
  for (const s of result.steps) {
    // the band that set the markup or margin, and the channel the freight came from, are said
    if (band && (s.key === 'Markup' || s.key === 'Margin')) {
      s.text = `${s.key}InBand`;
      s.args.push(decimalText(band.costFrom), band.costTo === null ? '∞' : decimalText(band.costTo));
    }
    if (s.key === 'InternationalFreight' && freight.channel) {
      s.text = `InternationalFreight:${rule.freightSource}`;
      s.args.push(`${freight.channel.carrierName} ${freight.channel.channelName}`);
    }
  }
  const out: RetailPriceResult = {
    priceRuleId: rule.id,
    sku: loaded.sku,
    price: result.price,
    currency: result.currency,
    cost: decimalText(new D(loaded.cost).toDecimalPlaces(4, D.ROUND_HALF_UP).toFixed()),
    costCurrency: rule.currencyFrom,
    retailPriceRuleId: band?.id ?? null,
    freightChannel: freight.channel,
    steps: result.steps.map((s) => ({ key: s.key, label: label(ctx, s), amount: s.amount, currency: s.currency })),
  };
  return { out, loaded };
}

export async function calcRetailPrice(services: Services, ctx: Ctx, q: PriceCalcQuery): Promise<RetailPriceResult> {
  return (await price(services, ctx, q)).out;
}

/**
 * The tier table: each tier's unit price is the retail price less its discount, half-up to cents,
 * never below the rule's minimum price; each asked quantity takes the tier holding it (else the
 * retail price).
 */
export async function calcTierPrice(services: Services, ctx: Ctx, q: TierCalcQuery): Promise<TierPriceResult> {
  const { out, loaded } = await price(services, ctx, q);
  const min = loaded.rule.minPrice;
  const places = minorUnits(out.currency);
  const unit = (discountPct: string) => {
    const p = new D(out.price).times(new D(1).minus(new D(discountPct).div(100))).toDecimalPlaces(places);
    return (min !== null && p.lt(min) ? new D(min) : p).toFixed(places);
  };
  const tiers = loaded.tiers.map((tier) => ({
    tierPriceRuleId: tier.id,
    minQuantity: tier.minQuantity,
    maxQuantity: tier.maxQuantity,
    discountPct: decimalText(tier.discountPct),
    unitPrice: unit(tier.discountPct),
  }));
  const quantities = q.quantities.map((quantity) => {
    const tier = tiers.find((x) => x.minQuantity <= quantity && (x.maxQuantity === null || quantity <= x.maxQuantity));
    const unitPrice = tier?.unitPrice ?? out.price;
    return {
      quantity,
      tierPriceRuleId: tier?.tierPriceRuleId ?? null,
      unitPrice,
      total: moneyText(new D(unitPrice).times(quantity), out.currency),
    };
  });
  return { ...out, tiers, quantities };
}

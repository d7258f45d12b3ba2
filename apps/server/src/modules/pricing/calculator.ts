import { minorUnits } from '@seller/contracts/money';
import { FeeMembers, type PricingMode, type RoundingMode } from '@seller/contracts/pricing';
import { Decimal } from 'decimal.js';

/**
 * The selling-price calculator of price rules (domain §3.6), pure and exact. From the unit cost
 * and the costs of getting one unit to the buyer, in the source currency:
 *
 *   base    = cost + packaging fee + domestic freight + international freight + fixed fee
 *   priced  = base × (1 + markup %)            (COST_PLUS)
 *           | base / (1 − target margin %)     (MARGIN)
 *   grossed = priced / ((1 − promotion %)(1 − commission %)(1 − withdrawal %)(1 − payment %))
 *   local   = grossed × exchange rate × (1 + buffer %)
 *   rounded = up to the rounding's step (none: half-up to the target currency's minor units, ISO 4217;
 *             x.99, x.90, a whole number; a currency without minor units (JPY) takes whole units)
 *   price   = rounded, clamped to [min price, max price]
 *
 * The marketplace takes its percentages of the price the buyer pays, so they divide (a 5 %
 * commission on 100 leaves 95); the buffer guards against the exchange rate moving before the
 * payout. Rounding goes up, never below the computed price, so it never eats the margin; the
 * clamps come last and win. Every step is returned with its amount, exact, for the explanation.
 */

export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

/** A price rule's numbers; amounts and percentages as decimal text. */
export interface PriceRuleNumbers {
  currencyFrom: string;
  currencyTo: string;
  /** Units of `currencyTo` per unit of `currencyFrom`. */
  exchangeRate: string;
  fxBufferPct: string;
  mode: PricingMode;
  markupPct: string;
  targetMarginPct: string;
  commissionPct: string;
  paymentPct: string;
  withdrawalPct: string;
  promotionPct: string;
  /** In `currencyFrom`, per unit. */
  fixedFee: string;
  packagingFee: string;
  domesticFreight: string;
  rounding: RoundingMode;
  /** In `currencyTo`; null: no bound. */
  minPrice: string | null;
  maxPrice: string | null;
}

export interface PriceStep {
  key: string;
  amount: string;
  currency: string;
  /** The label's text key (`Pricing::Step:<text>`) and its arguments. */
  text: string;
  args: string[];
}

export interface PriceResult {
  price: string;
  currency: string;
  steps: PriceStep[];
}

/** Why a rule cannot price: the member that makes it impossible. */
export type RuleProblem = { member: string; key: string };

const hundred = new D(100);
const pct = (v: string) => new D(v).div(hundred);
/** A step's amount for reading: at most 4 places (the computation itself carries on exactly). */
const text = (v: Dec) => {
  const shown = v.toDecimalPlaces(4, D.ROUND_HALF_UP);
  return shown.toFixed(Math.max(2, shown.decimalPlaces()));
};
/** A percentage or rate as typed, without trailing zeros ("30.0000" → "30"). */
const plain = (v: string) => new D(v).toString();

/**
 * The rule's refusals: a margin of 100 % or more, a marketplace percentage that leaves nothing of
 * the buyer's price (each is at most 100 %, so the divisor is ≤ 0 exactly when one is 100 %), a
 * rate not above 0, min > max.
 */
export function ruleProblems(r: PriceRuleNumbers): RuleProblem[] {
  const out: RuleProblem[] = [];
  if (r.mode === 'MARGIN' && new D(r.targetMarginPct).gte(100))
    out.push({ member: 'targetMarginPct', key: 'MarginBelow100' });
  if (feeDivisor(r).lte(0)) {
    const member = FeeMembers.find((m) => new D(r[m]).gte(100)) ?? 'commissionPct';
    out.push({ member, key: 'FeesLeaveNothing' });
  }
  if (new D(r.exchangeRate).lte(0)) out.push({ member: 'exchangeRate', key: 'MustBePositive' });
  if (r.minPrice !== null && r.maxPrice !== null && new D(r.minPrice).gt(r.maxPrice))
    out.push({ member: 'maxPrice', key: 'MaxBelowMin' });
  return out;
}

/** What the buyer's price keeps after the marketplace's percentages: the product of (1 − each). */
function feeDivisor(r: PriceRuleNumbers): Dec {
  return FeeMembers.reduce((kept, m) => kept.times(new D(1).minus(pct(r[m]))), new D(1));
}

/**
 * Up to the rounding's step: x.99 and x.90 are the smallest such prices not below `v`. In a
 * currency without minor units (JPY, VND) there is no x.99: the steps take the next whole unit.
 */
export function roundPrice(v: Dec, mode: RoundingMode, currency: string): Dec {
  const places = minorUnits(currency);
  switch (mode) {
    case 'NONE':
      return v.toDecimalPlaces(places, D.ROUND_HALF_UP);
    case 'INTEGER':
      return v.ceil();
    case 'X_99':
    case 'X_90': {
      if (places === 0) return v.ceil();
      const cents = new D(mode === 'X_99' ? '0.99' : '0.90');
      const candidate = v.floor().plus(cents);
      return candidate.gte(v) ? candidate : candidate.plus(1);
    }
  }
}

/** Step keys of the marketplace percentages, in the order they divide. */
const FEE_STEPS: Record<(typeof FeeMembers)[number], string> = {
  promotionPct: 'Promotion',
  commissionPct: 'Commission',
  withdrawalPct: 'Withdrawal',
  paymentPct: 'Payment',
};

/**
 * The price of one unit costing `cost` with `internationalFreight` (both in the source currency),
 * under rule `r` (which `ruleProblems` accepted), with every step: the cost, each amount added to
 * it, the landed cost, the markup or margin, each marketplace percentage, the exchange, the
 * rounding, and a clamp when one applies.
 */
export function computePrice(r: PriceRuleNumbers, cost: string, internationalFreight: string): PriceResult {
  const from = r.currencyFrom;
  const to = r.currencyTo;
  const steps: PriceStep[] = [];
  const step = (key: string, amount: Dec, currency: string, args: string[] = [], label = key) => {
    steps.push({ key, amount: text(amount), currency, text: label, args });
    return amount;
  };
  let base = step('Cost', new D(cost), from);
  const added: [string, string][] = [
    ['PackagingFee', r.packagingFee],
    ['DomesticFreight', r.domesticFreight],
    ['InternationalFreight', internationalFreight],
    ['FixedFee', r.fixedFee],
  ];
  for (const [key, fee] of added) {
    base = base.plus(fee);
    step(key, new D(fee), from, [], key);
  }
  step('LandedCost', base, from);
  let priced =
    r.mode === 'COST_PLUS'
      ? step('Markup', base.times(new D(1).plus(pct(r.markupPct))), from, [plain(r.markupPct)])
      : step('Margin', base.div(new D(1).minus(pct(r.targetMarginPct))), from, [plain(r.targetMarginPct)]);
  for (const m of FeeMembers) {
    priced = step(FEE_STEPS[m], priced.div(new D(1).minus(pct(r[m]))), from, [plain(r[m])]);
  }
  const rate = new D(r.exchangeRate).times(new D(1).plus(pct(r.fxBufferPct)));
  const local = step('Exchange', priced.times(rate), to, [
    plain(r.exchangeRate),
    plain(r.fxBufferPct),
    rate.toString(),
    from,
    to,
  ]);
  let price = step('Rounding', roundPrice(local, r.rounding, to), to, [], `Rounding:${r.rounding}`);
  if (r.minPrice !== null && price.lt(r.minPrice)) price = step('MinPrice', new D(r.minPrice), to);
  if (r.maxPrice !== null && price.gt(r.maxPrice)) price = step('MaxPrice', new D(r.maxPrice), to);
  return { price: price.toFixed(minorUnits(to), D.ROUND_HALF_UP), currency: to, steps };
}

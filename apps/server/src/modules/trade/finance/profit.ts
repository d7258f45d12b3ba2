import { Decimal } from 'decimal.js';
import { money } from '../../../core/money.ts';

/**
 * Profit of one order, exact (decimal.js), every amount in the tenant's currency:
 *
 *   revenue = (the order's total (goods + shipping the buyer paid − discount) − what it lost) × rate,
 *             what it lost = the larger of the refunds recorded and the returned parcels' share of
 *             the total (their units × unit price ÷ goods × total): a refund of a returned parcel
 *             is one loss, not two
 *   cost    = Σ lines: the cost its shipped units left stock at (SALE_OUT rows' unit cost)
 *             − the cost its units came back at (returned parcels, refunds: RETURN_IN rows)
 *             + the units not yet shipped × the SKU's average cost (none once the order is
 *             refunded or cancelled: those units never leave)
 *   fees    = the platform fees of the order's settlement lines × rate, or, before any
 *             statement has them, revenue × the platform's estimate rate
 *   freight = Σ the order's shipments: the actual fee, else the estimated fee, × the shipment
 *             currency's rate × the order's share of the shipment (its quantity ÷ the shipment's)
 *   profit  = revenue − cost − fees − freight; margin = profit ÷ revenue, in percent
 *
 * Each figure is rounded half up to the tenant currency's minor units once, at the end (core/money.ts);
 * profit is worked from the rounded figures so that the four parts add up on screen. A rate is never
 * assumed: the callers refuse a currency without one.
 */

export interface ProfitLine {
  quantity: number;
  /** Units of the line that left stock with a SALE_OUT row, and their cost (tenant currency). */
  shippedQty: number;
  shippedCost: string;
  /** The cost at which units of the line came back on hand (returned parcels, refunds). */
  returnedCost: string;
  /** The SKU's current average cost (tenant currency); null when it has none. */
  avgCost: string | null;
}

/** A line's cost of goods, unrounded: out − back + (when `costUnshipped`) unshipped × average. */
export function lineCost(l: ProfitLine, costUnshipped: boolean): Decimal {
  const unshipped = costUnshipped ? Math.max(l.quantity - l.shippedQty, 0) : 0;
  return new Decimal(l.shippedCost).sub(l.returnedCost).add(new Decimal(l.avgCost ?? 0).mul(unshipped));
}

export interface ProfitShipment {
  actualFee: string | null;
  estFee: string | null;
  /** What 1 unit of the shipment's currency is worth in the tenant's. */
  rate: string;
  /** The order's share of the shipment (0..1). */
  share: string;
}

export interface ProfitInput {
  /** The tenant's currency: what every figure is in, and rounded to. */
  currency: string;
  /** The order's total in its own currency, and what 1 unit of it is worth in the tenant's. */
  orderTotal: string;
  rate: string;
  /** Refunds recorded, and the returned parcels' share of the total, in the order's currency. */
  refunded: string;
  returned: string;
  /** Whether units not shipped yet are costed (not once the order is refunded or cancelled). */
  costUnshipped: boolean;
  lines: ProfitLine[];
  /** The fees of the order's settlement lines (positive), in the order's currency; null when none yet. */
  settlementFees: string | null;
  /** The platform's estimate of fees as a share of revenue (e.g. 0.06). */
  estimateRate: string;
  shipments: ProfitShipment[];
}

export interface ProfitResult {
  revenue: string;
  cost: string;
  fees: string;
  feesEstimated: boolean;
  freight: string;
  freightSource: 'ACTUAL' | 'ESTIMATED' | 'NONE';
  profit: string;
  margin: string | null;
}

export function computeProfit(input: ProfitInput): ProfitResult {
  const cents = (d: Decimal) => new Decimal(money(d, input.currency).round().amount);
  const text = (d: Decimal) => money(d, input.currency).toString();
  const rate = new Decimal(input.rate);
  const total = new Decimal(input.orderTotal);
  const lost = Decimal.min(total, Decimal.max(input.refunded, input.returned));
  const revenue = cents(total.sub(lost).mul(rate));
  let cost = new Decimal(0);
  for (const l of input.lines) cost = cost.add(lineCost(l, input.costUnshipped));
  const feesEstimated = input.settlementFees === null;
  const fees = cents(
    feesEstimated ? revenue.mul(input.estimateRate) : new Decimal(input.settlementFees as string).mul(rate),
  );
  let freight = new Decimal(0);
  let source: ProfitResult['freightSource'] = 'NONE';
  for (const s of input.shipments) {
    const fee = s.actualFee ?? s.estFee;
    if (fee === null) continue;
    freight = freight.add(new Decimal(fee).mul(s.rate).mul(s.share));
    if (s.actualFee === null) source = 'ESTIMATED';
    else if (source === 'NONE') source = 'ACTUAL';
  }
  const c = cents(cost);
  const f = cents(freight);
  const profit = revenue.sub(c).sub(fees).sub(f);
  return {
    revenue: text(revenue),
    cost: text(c),
    fees: text(fees),
    feesEstimated,
    freight: text(f),
    freightSource: source,
    profit: text(profit),
    // a percentage, not money: two places whatever the currency
    margin: revenue.isZero() ? null : profit.div(revenue).mul(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}

/**
 * Splits an order's figures over its lines by their share of the goods amount (the last line
 * takes what rounding leaves, so the parts add up to the whole); costs stay per line.
 */
export function allocate(total: string, weights: string[], currency: string): string[] {
  const text = (d: Decimal) => money(d, currency).toString();
  const cents = (d: Decimal) => new Decimal(money(d, currency).round().amount);
  const whole = new Decimal(total);
  const sum = weights.reduce((s, w) => s.add(w), new Decimal(0));
  if (!weights.length) return [];
  if (sum.isZero()) return weights.map((_, i) => text(i === 0 ? whole : new Decimal(0)));
  let left = whole;
  return weights.map((w, i) => {
    if (i === weights.length - 1) return text(left);
    const part = cents(whole.mul(w).div(sum));
    left = left.sub(part);
    return text(part);
  });
}

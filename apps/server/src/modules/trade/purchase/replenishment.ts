import { Decimal } from 'decimal.js';

/** What the suggestion for one SKU × warehouse is computed from. */
export interface ReplenishmentInput {
  /** Units sold over `days` (orders not cancelled). */
  sold: number;
  days: number;
  /** The primary vendor's lead time (7 when unknown). */
  leadDays: number;
  /** Days of sales to hold besides the lead time. */
  coverDays: number;
  safety: number;
  onHand: number;
  reserved: number;
  inTransit: number;
}

/**
 * The replenishment formula (issue #16):
 * daily = sold / days;
 * suggested = max(0, ceil(daily × (lead + cover) + safety − (onHand − reserved + inTransit))).
 * Exact (decimal.js), so 10 sold over 30 days for 30 days is exactly 10, never 10.000000001 → 11.
 */
export function replenishment(i: ReplenishmentInput): { dailySales: string; suggested: number } {
  const daily = new Decimal(i.sold).div(i.days);
  const need = daily.mul(i.leadDays + i.coverDays).add(i.safety);
  const position = i.onHand - i.reserved + i.inTransit;
  const suggested = Decimal.max(0, need.sub(position).ceil()).toNumber();
  return { dailySales: daily.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4), suggested };
}

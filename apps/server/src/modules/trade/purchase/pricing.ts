import { Decimal } from 'decimal.js';
import { money } from '../../../core/money.ts';

/**
 * The money rules of a purchase order, pure and exact (decimal.js): the default unit price from
 * a vendor link's quantity tiers, conversion between currencies through the tenant's rates, and
 * the order's totals.
 */

export interface VendorPrice {
  purchasePrice: number | string;
  currency: string;
  tiers: { minQty: number; unitPrice: number | string }[];
}

/** The highest tier whose minimum quantity is at most `qty`, else the link's purchase price. */
export function tierPrice(link: VendorPrice, qty: number): { unitPrice: Decimal; source: 'TIER' | 'VENDOR' } {
  let best: { minQty: number; unitPrice: number | string } | null = null;
  for (const t of link.tiers) if (t.minQty <= qty && (!best || t.minQty > best.minQty)) best = t;
  return best
    ? { unitPrice: new Decimal(best.unitPrice), source: 'TIER' }
    : { unitPrice: new Decimal(link.purchasePrice), source: 'VENDOR' };
}

/**
 * `amount` in `from` expressed in `to`, through the tenant's rates (what 1 unit of a currency is
 * worth in the tenant's currency); null when either rate is unknown.
 */
export function convert(amount: Decimal, from: string, to: string, rates: Record<string, string>): Decimal | null {
  if (from === to) return amount;
  const a = rates[from];
  const b = rates[to];
  if (!a || !b) return null;
  return amount.mul(a).div(b);
}

export interface TotalsLine {
  qtyOrdered: number;
  unitPrice: string;
  /** Percent. */
  taxRate: string;
}

export interface Totals {
  lines: string[];
  goodsAmount: string;
  tax: string;
  total: string;
}

/**
 * Line amount = qty × unit price (to the currency's minor units: whole yen, 3 places of dinar);
 * goods = Σ line amounts; tax = Σ line amount × rate % (each rounded likewise); total = goods + tax
 * + freight − discount (core/money.ts, half-up).
 */
export function purchaseTotals(lines: TotalsLine[], freight: string, discount: string, currency: string): Totals {
  const round = (d: Decimal.Value) => new Decimal(money(d, currency).round().amount);
  const text = (d: Decimal.Value) => money(d, currency).toString();
  let goods = new Decimal(0);
  let tax = new Decimal(0);
  const amounts: string[] = [];
  for (const l of lines) {
    const amount = round(new Decimal(l.unitPrice).mul(l.qtyOrdered));
    amounts.push(text(amount));
    goods = goods.add(amount);
    tax = tax.add(round(amount.mul(l.taxRate).div(100)));
  }
  const total = goods.add(tax).add(freight).sub(discount);
  return { lines: amounts, goodsAmount: text(goods), tax: text(tax), total: text(total) };
}

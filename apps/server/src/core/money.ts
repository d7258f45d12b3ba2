import { minorUnits } from '@seller/contracts/money';
import { Decimal } from 'decimal.js';
import { numeric } from 'drizzle-orm/pg-core';
import { AppError, fieldError } from './errors.ts';

/**
 * One money type: an exact amount (decimal.js) with its currency. Arithmetic stays exact;
 * `round` takes an amount to its currency's ISO 4217 minor units (`@seller/contracts/money`),
 * half-up (away from zero on a half: 0.5 JPY → 1, −0.5 → −1, the usual commercial rounding).
 * A conversion multiplies exactly and rounds once, at the end; a missing rate is an error, never 1.
 */

const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof Dec>;

export class Money {
  readonly amount: Dec;
  readonly currency: string;

  constructor(amount: Decimal.Value, currency: string) {
    this.amount = new Dec(amount);
    this.currency = currency.toUpperCase();
  }

  /** Fraction digits of this currency. */
  get places(): number {
    return minorUnits(this.currency);
  }

  /** Half-up to the currency's minor units. */
  round(): Money {
    return new Money(this.amount.toDecimalPlaces(this.places, Decimal.ROUND_HALF_UP), this.currency);
  }

  plus(other: Money | Decimal.Value): Money {
    return new Money(this.amount.plus(this.valueOf(other)), this.currency);
  }

  minus(other: Money | Decimal.Value): Money {
    return new Money(this.amount.minus(this.valueOf(other)), this.currency);
  }

  /** Exact: × a quantity, a percentage factor, a rate (round when done). */
  times(factor: Decimal.Value): Money {
    return new Money(this.amount.times(factor), this.currency);
  }

  /** Whether the amount already is whole minor units (no rounding would change it). */
  get isRounded(): boolean {
    return this.amount.decimalPlaces() <= this.places;
  }

  /** The decimal text with exactly the currency's minor digits, rounded half-up ("3000", "12.50", "1.250"). */
  toString(): string {
    return this.amount.toFixed(this.places, Decimal.ROUND_HALF_UP);
  }

  toJSON(): string {
    return this.toString();
  }

  private valueOf(other: Money | Decimal.Value): Decimal.Value {
    if (!(other instanceof Money)) return other;
    if (other.currency !== this.currency) throw new Error(`money of ${other.currency} added to ${this.currency}`);
    return other.amount;
  }
}

export const money = (amount: Decimal.Value, currency: string) => new Money(amount, currency);

/** `amount` rounded to `currency`'s minor units, as text with exactly its digits. */
export const moneyText = (amount: Decimal.Value, currency: string) => money(amount, currency).toString();

/** Σ of amounts of one currency, exact (round the sum). */
export function sum(currency: string, amounts: Iterable<Money | Decimal.Value>): Money {
  let total = money(0, currency);
  for (const a of amounts) total = total.plus(a);
  return total;
}

/** Rates: what one unit of each currency is worth in one common currency (the tenant's, at 1). */
export type Rates = Readonly<Record<string, string | Decimal.Value | undefined>>;

/** The refusal of a conversion without a rate: 409, the two currencies said. */
export class MissingRateError extends AppError {
  readonly from: string;
  readonly to: string;
  constructor(from: string, to: string) {
    super({ status: 409, code: 'Platform:MoneyNoRate', messageKey: 'Money:NoRate', params: [from, to] });
    this.from = from;
    this.to = to;
  }
}

/** The factor taking one unit of `from` into `to` through the common currency; throws when a rate is missing. */
export function rateBetween(from: string, to: string, rates: Rates): Dec {
  if (from === to) return new Dec(1);
  const f = rates[from];
  const t = rates[to];
  if (f === undefined || f === null || f === '' || t === undefined || t === null || t === '')
    throw new MissingRateError(from, to);
  const fd = new Dec(f as Decimal.Value);
  const td = new Dec(t as Decimal.Value);
  if (fd.lte(0) || td.lte(0)) throw new MissingRateError(from, to);
  return fd.div(td);
}

/**
 * `m` in `to`: multiplied exactly, rounded once to `to`'s minor units. `rates` say what one unit of
 * each currency is worth in a common one; a missing rate throws `MissingRateError` (never 1).
 */
export function convert(m: Money, to: string, rates: Rates): Money {
  return new Money(m.amount.times(rateBetween(m.currency, to, rates)), to).round();
}

/** Exact conversion (not rounded): for a sum of converted amounts rounded once. */
export function convertExact(m: Money, to: string, rates: Rates): Money {
  return new Money(m.amount.times(rateBetween(m.currency, to, rates)), to);
}

/** A field error when `amount` has more places than `currency` takes (an input the contract could not check). */
export function assertMoneyPlaces(member: string, amount: string | null | undefined, currency: string) {
  if (amount === null || amount === undefined) return;
  const places = amount.split('.')[1]?.length ?? 0;
  if (places > minorUnits(currency)) throw fieldError(member, 'Money:Places', [minorUnits(currency)]);
}

/**
 * A money column: unconstrained `numeric`, so an amount keeps exactly the places the server wrote
 * for its currency ("3000" JPY, "15.29" USD, "1.250" KWD) and reads back as written. A currency
 * column beside it says which currency (`test/money-types.test.ts` holds that).
 */
export const moneyColumn = (name: string) => numeric(name);

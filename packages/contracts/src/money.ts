import { z } from 'zod';
import { type DecimalOptions, decimalText, NumberBounds } from './numbers.ts';

/**
 * Money: an amount as exact decimal text with its currency. Every amount is held to its
 * currency's ISO 4217 minor units: 0 for JPY, KRW, VND, IDR (shoppers pay them in whole units),
 * 3 for KWD, BHD, OMR…, 2 for the rest. An amount member is built with `moneyAmount` or
 * `moneyUnitPrice` (at most 3 places, the most any currency takes), and the object holding it
 * checks it against its currency member with `moneyMembers`. The server rounds what it computes
 * to the same table (`apps/server/src/core/money.ts`).
 */

/** Currencies whose minor unit is not 2 decimal places (ISO 4217). */
export const MINOR_UNITS: Readonly<Record<string, number>> = {
  JPY: 0,
  KRW: 0,
  VND: 0,
  IDR: 0,
  CLP: 0,
  ISK: 0,
  UGX: 0,
  XAF: 0,
  XOF: 0,
  PYG: 0,
  KWD: 3,
  BHD: 3,
  OMR: 3,
  JOD: 3,
  TND: 3,
  LYD: 3,
  IQD: 3,
};

/** The most fraction digits any currency takes (the scale of money columns). */
export const MAX_MINOR_UNITS = 3;

/** Fraction digits of `currency`'s minor unit: 2 unless the table says otherwise. */
export function minorUnits(currency: string | null | undefined): number {
  return MINOR_UNITS[(currency ?? '').toUpperCase()] ?? 2;
}

/** The refusal of an amount with more places than its currency takes; `{0}` is the places it takes. */
export const MONEY_PLACES = 'Platform::Money:Places';

const moneySchemas = new WeakSet<object>();

/** Whether `schema` (or a schema it wraps: optional, default, pipe…) is one of this file's money schemas. */
export function isMoneySchema(schema: z.ZodType | undefined, seen = new Set<unknown>()): boolean {
  if (!schema || seen.has(schema)) return false;
  seen.add(schema);
  if (moneySchemas.has(schema)) return true;
  const def = (schema as unknown as { _zod?: { def?: Record<string, unknown> } })._zod?.def ?? {};
  return ['innerType', 'in', 'out'].some((k) => isMoneySchema(def[k] as z.ZodType | undefined, seen));
}

type MoneyOptions = Partial<Omit<DecimalOptions, 'max' | 'scale'>>;

/** Decimal text, or a JSON number taken as its text (catalogue forms send numbers). */
function moneyText(max: string, opts: MoneyOptions) {
  const text = decimalText({ max, scale: MAX_MINOR_UNITS, ...opts });
  const schema = z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), text);
  moneySchemas.add(text);
  moneySchemas.add(schema);
  return schema;
}

/** An amount of money (fees, freight, discounts, totals, a price): at most `NumberBounds.amount`. */
export const moneyAmount = (opts: MoneyOptions = {}) => {
  const schema = decimalText({ max: NumberBounds.amount, scale: MAX_MINOR_UNITS, ...opts });
  moneySchemas.add(schema);
  return schema;
};

/** The price of one unit, in money: at most `NumberBounds.unitPrice`. */
export const moneyUnitPrice = (opts: MoneyOptions = {}) => {
  const schema = decimalText({ max: NumberBounds.unitPrice, scale: MAX_MINOR_UNITS, ...opts });
  moneySchemas.add(schema);
  return schema;
};

/** A unit price that may come as a JSON number (catalogue forms send numbers); answered as text. */
export const moneyUnitPriceOrNumber = (opts: MoneyOptions = {}) => moneyText(NumberBounds.unitPrice, opts);

/** Places of a well-formed decimal text; null when it is not one. */
function placesOf(v: unknown): number | null {
  if (typeof v !== 'string' || !/^-?\d+(\.\d+)?$/.test(v.trim())) return null;
  return v.trim().split('.')[1]?.length ?? 0;
}

/** The amounts an object holds at `path` (`lines.*.unitPrice`: every line's), each with its path. */
function valuesAt(value: unknown, path: string[], at: (string | number)[] = []): [unknown, (string | number)[]][] {
  if (path.length === 0) return [[value, at]];
  if (value === null || typeof value !== 'object') return [];
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(value) ? value.flatMap((v, i) => valuesAt(v, rest, [...at, i])) : [];
  return valuesAt((value as Record<string, unknown>)[head], rest, [...at, head]);
}

export interface MoneyMembers {
  /** The member holding the currency code (an absent currency is checked by the server, which knows the default). */
  currency: string;
  /** Members holding amounts in that currency; `*` steps into every item of an array. */
  amounts: string[];
}

/**
 * Adds the check of `members.amounts` against the currency in `members.currency`: an amount with
 * more places than its currency takes is refused on its own member (`MONEY_PLACES`, `{0}` the places).
 */
export function checkMoneyMembers(value: unknown, members: MoneyMembers, ctx: z.RefinementCtx) {
  if (value === null || typeof value !== 'object') return;
  const currency = (value as Record<string, unknown>)[members.currency];
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return;
  const allowed = minorUnits(currency);
  for (const member of members.amounts)
    for (const [amount, path] of valuesAt(value, member.split('.'))) {
      const places = placesOf(amount);
      // more places than any currency takes is the amount schema's own refusal: said once
      if (places !== null && places > allowed && places <= MAX_MINOR_UNITS)
        ctx.addIssue({
          code: 'custom',
          path,
          message: MONEY_PLACES,
          params: { limit: allowed, currency },
          input: amount,
        });
    }
}

/** `schema` with its amounts checked against its currency (see `checkMoneyMembers`). */
export function moneyMembers<T extends z.ZodType>(schema: T, members: MoneyMembers): T {
  return schema.superRefine((v, ctx) => checkMoneyMembers(v, members, ctx)) as unknown as T;
}

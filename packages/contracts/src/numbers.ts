import { z } from 'zod';

/**
 * Bounded numeric inputs, one kind per meaning. Every money, quantity, rate and percentage a user
 * (or an import) enters goes through one of these builders, so every amount the server derives from
 * them (line = quantity × unit price, order = Σ lines, cost = unit price × rate, …) stays inside its
 * numeric(p, s) column: `apps/server/test/numeric-bounds.test.ts` reads every numeric column and
 * proves it from these maxima. A refusal is `Platform::Number:AtMost` (or `AtLeast`) with the bound
 * as `{1}`, so both the server's 400 and the web form say the limit.
 *
 * The maxima are generous for real sellers and chosen from the columns: amounts are numeric(18, 2)
 * (below 10¹⁶) and unit costs numeric(18, 4) (below 10¹⁴).
 */
export const NumberBounds = {
  /** Units on a line, in stock, a tier's quantity: whole numbers. */
  quantity: 1_000_000,
  /** The price of one unit, in any currency; also a unit price converted into the tenant's currency. */
  unitPrice: '1000000000',
  /** An amount entered as a whole (freight, fees, discounts, payouts, an order's amount), and a line's quantity × unit price. */
  amount: '1000000000000',
  /** An exchange rate: what one unit of a currency is worth in another (above zero). */
  fxRate: '1000000',
  /** A percentage of something (tax, commission, discount, surcharge). */
  percent: '100',
  /**
   * A fee of a carrier's rate table (per started weight unit, per kg, per parcel): a unit may be
   * one gram, so a parcel of 10 000 kg counts 10⁷ of them.
   */
  freightFee: '10000000',
  /** A markup percentage (300 = the price is four times the cost). */
  markupPercent: '10000',
  /** A length in centimetres (a product's, a parcel's, a channel's threshold). */
  centimetres: 100_000,
  /** Most lines an order, purchase order or business may hold (the derivations rely on it). */
  lines: { salesOrder: 200, purchaseOrder: 500, receipt: 500, business: 100 },
} as const;

export const AT_MOST = 'Platform::Number:AtMost';
export const AT_LEAST = 'Platform::Number:AtLeast';
export const ABOVE_ZERO = 'Platform::Number:AboveZero';
export const DECIMAL_FORMAT = 'Platform::Number:Format';
export const DECIMAL_PLACES = 'Platform::Number:Places';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** `s` (a well-formed decimal text) × 10^scale as an exact integer; fraction digits beyond `scale` cut. */
function scaled(s: string, scale: number): bigint {
  const negative = s.startsWith('-');
  const [whole, fraction = ''] = (negative ? s.slice(1) : s).split('.');
  const v = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  return negative ? -v : v;
}

const places = (s: string) => s.split('.')[1]?.length ?? 0;

/** Compares two decimal texts exactly: −1, 0 or 1. */
export function compareDecimal(a: string | number, b: string | number): number {
  const x = String(a);
  const y = String(b);
  const scale = Math.max(places(x), places(y));
  const d = scaled(x, scale) - scaled(y, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** The exact product of two decimal texts, as decimal text (for the cross-field checks). */
export function multiplyDecimal(a: string | number, b: string | number): string {
  const x = String(a);
  const y = String(b);
  const p = scaled(x, places(x)) * scaled(y, places(y));
  const scale = places(x) + places(y);
  const negative = p < 0n;
  const digits = (negative ? -p : p).toString().padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

export interface DecimalOptions {
  /** The largest value (inclusive): a bound of `NumberBounds`. */
  max: string;
  /** Most fraction digits (the column's scale). */
  scale: number;
  /** Above zero rather than zero or more. */
  positive?: boolean;
  /** Negative values down to −max allowed (settlement deductions). */
  signed?: boolean;
  /** Module texts for a malformed value and too many places (kept where a module words them). */
  formatMessage?: string;
  placesMessage?: string;
}

/**
 * Exact decimal text ("12.50") within [0, max] (or (0, max], or [−max, max]), at most `scale`
 * fraction digits. Each check reads a well-formed value only, so one bad value is one refusal.
 */
export function decimalText(opts: DecimalOptions) {
  const { max, scale, positive = false, signed = false } = opts;
  const wellFormed = (s: string) => DECIMAL.test(s) && (signed || !s.startsWith('-'));
  return z
    .string({ error: opts.formatMessage ?? DECIMAL_FORMAT })
    .trim()
    .max(40, opts.formatMessage ?? DECIMAL_FORMAT)
    .check((ctx) => {
      const s = ctx.value;
      const issue = (extra: Record<string, unknown>) => {
        ctx.issues.push({ input: s, ...extra } as unknown as (typeof ctx.issues)[number]);
      };
      if (!wellFormed(s)) return issue({ code: 'custom', message: opts.formatMessage ?? DECIMAL_FORMAT });
      if (places(s) > scale)
        return issue({ code: 'custom', message: opts.placesMessage ?? DECIMAL_PLACES, params: { scale } });
      if (compareDecimal(s, max) > 0)
        return issue({ code: 'too_big', origin: 'number', maximum: Number(max), inclusive: true, message: AT_MOST });
      if (signed && compareDecimal(s, `-${max}`) < 0)
        return issue({
          code: 'too_small',
          origin: 'number',
          minimum: -Number(max),
          inclusive: true,
          message: AT_LEAST,
        });
      if (positive && compareDecimal(s, 0) <= 0) return issue({ code: 'custom', message: ABOVE_ZERO });
    });
}

/** A bounded JSON number (catalogue prices are numbers): [0, max]; the column rounds its places. */
export function decimalNumber(opts: { max: string; message?: string }) {
  return z
    .number(opts.message ? { error: opts.message } : undefined)
    .min(0, { message: AT_LEAST })
    .max(Number(opts.max), { message: AT_MOST });
}

/** A check for a decimal text schema of a module's own format: a well-formed value above `max` is refused. */
export const atMost = (max: string) => (ctx: z.core.ParsePayload<string>) => {
  const s = ctx.value;
  if (DECIMAL.test(s) && compareDecimal(s, max) > 0)
    ctx.issues.push({
      code: 'too_big',
      origin: 'number',
      maximum: Number(max),
      inclusive: true,
      input: s,
      message: AT_MOST,
    });
};

/** Whole units in [min, `NumberBounds.quantity`] (min 1 by default). */
export const quantity = (opts: { min?: number } = {}) =>
  z
    .number()
    .int()
    .min(opts.min ?? 1, { message: AT_LEAST })
    .max(NumberBounds.quantity, { message: AT_MOST });

/** The price of one unit. */
type KindOptions = Partial<Omit<DecimalOptions, 'max'>>;

export const unitPrice = (opts: KindOptions = {}) =>
  decimalText({ max: NumberBounds.unitPrice, scale: opts.scale ?? 4, ...opts });

/** A whole amount (fees, freight, discounts, payouts). */
export const amount = (opts: KindOptions = {}) =>
  decimalText({ max: NumberBounds.amount, scale: opts.scale ?? 2, ...opts });

/** An exchange rate, above zero. */
export const fxRate = (opts: KindOptions = {}) =>
  decimalText({ max: NumberBounds.fxRate, scale: opts.scale ?? 8, positive: true, ...opts });

/** A percentage, 0–100. */
export const percent = (opts: KindOptions = {}) =>
  decimalText({ max: NumberBounds.percent, scale: opts.scale ?? 4, ...opts });

/** A markup percentage, 0–10 000. */
export const markupPercent = (opts: KindOptions = {}) =>
  decimalText({ max: NumberBounds.markupPercent, scale: opts.scale ?? 4, ...opts });

/**
 * Refuses a line whose quantity × unit price passes `NumberBounds.amount` (naming the unit price),
 * so an order's total, a sum of a bounded number of lines, fits its column. For a superRefine.
 */
export function checkLineAmount(
  ctx: z.RefinementCtx,
  qty: number | undefined,
  price: string | null | undefined,
  path: (string | number)[],
) {
  if (qty === undefined || price === undefined || price === null || !DECIMAL.test(price)) return;
  if (compareDecimal(multiplyDecimal(qty, price), NumberBounds.amount) > 0)
    ctx.addIssue({
      code: 'too_big',
      origin: 'number',
      maximum: Number(NumberBounds.amount),
      inclusive: true,
      path,
      message: 'Platform::Number:LineAtMost',
      input: price,
    });
}

/**
 * `checkLineAmount` over a list of lines, naming each line's `price` member: a list's superRefine
 * (`lines.superRefine(checkLineAmounts('quantity', 'unitPrice'))`).
 */
export const checkLineAmounts =
  <Q extends string, P extends string>(qty: Q, price: P) =>
  (lines: readonly ({ [K in Q]?: number } & { [K in P]?: string | null })[], ctx: z.RefinementCtx) => {
    for (const [i, l] of lines.entries()) checkLineAmount(ctx, l[qty], l[price], [i, price]);
  };

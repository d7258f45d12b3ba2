import { z } from 'zod';
import { ProductSpecialAttributes } from '../constants.ts';
import { letterCode } from '../fields.ts';
import { atMost, NumberBounds } from '../numbers.ts';

/**
 * Field builders of the logistics schemas. Money and rates travel as exact decimal text
 * ("12.50"); a JSON number is accepted on input and turned into its text.
 */

const DECIMAL = /^-?\d{1,14}(\.\d+)?$/;

/**
 * An exact decimal as text, at most `scale` fraction digits, within [min, max] (`min` exclusive
 * with `positive`). Refusals are `Logistics::` text keys, so the field's error is localized.
 */
export const decimal = (opts: { scale?: number; min?: number; max?: string; positive?: boolean } = {}) => {
  const { scale = 4, min = 0, max = NumberBounds.amount, positive = false } = opts;
  return z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Logistics::DecimalFormat' })
      .regex(DECIMAL, 'Logistics::DecimalFormat')
      .refine((s) => (s.split('.')[1]?.length ?? 0) <= scale, { message: 'Logistics::DecimalScale' })
      .refine((s) => (positive ? Number(s) > min : Number(s) >= min), {
        message: positive ? 'Logistics::MustBePositive' : 'Logistics::TooSmall',
      })
      .check(atMost(max)),
  );
};

/** An optional decimal: empty, null or missing is `null`. */
export const optionalDecimal = (opts: Parameters<typeof decimal>[0] = {}) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), decimal(opts).nullable());

/** ISO 4217 currency code. */
export const currencyCode = letterCode(3, 'Logistics::CurrencyFormat');

/** ISO 3166-1 alpha-2 code. */
export const countryCode = letterCode(2, 'Logistics::CountryCodeFormat');

/** Upper-case codes with single hyphens (carriers, channels, warehouses). */
export const code = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, 'Logistics::CodeFormat');

/** Grams, a whole number. */
export const grams = (opts: { positive?: boolean } = {}) =>
  z
    .number()
    .int('Logistics::WholeGrams')
    .min(opts.positive ? 1 : 0, opts.positive ? 'Logistics::MustBePositive' : 'Logistics::TooSmall')
    .max(10_000_000);
export const optionalGrams = (opts: { positive?: boolean } = {}) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), grams(opts).nullable());

/** Centimetres, up to one decimal place, more than zero. */
export const centimetres = z
  .number()
  .positive('Logistics::MustBePositive')
  .max(NumberBounds.centimetres)
  .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-6, { message: 'Logistics::DecimalScale' });
export const optionalCentimetres = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  centimetres.nullable(),
);

/** A calendar date `YYYY-MM-DD`, or null. */
export const optionalDate = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.iso.date({ error: 'Logistics::DateFormat' }).nullable(),
);

/** The parcel attributes that channels may refuse: the catalogue's special attributes. */
export const ParcelAttributes = ProductSpecialAttributes;
export type ParcelAttribute = (typeof ParcelAttributes)[number];

/** Where an order comes from (strategy rules match on it). */
export const SalesPlatforms = ['LAZADA', 'SHOPEE', 'STOREFRONT', 'MANUAL'] as const;
export type SalesPlatform = (typeof SalesPlatforms)[number];

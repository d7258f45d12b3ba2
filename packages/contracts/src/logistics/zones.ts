import { z } from 'zod';
import { audit, optionalText, stamp, text } from '../fields.ts';
import { countryCode } from './common.ts';

/**
 * Zones: named groups of countries shared by channels' rate tables, optionally narrowed by postal
 * codes. A rule matches a code by prefix, or by range (`from`–`to`, compared digit by digit when
 * both are numbers of one length, else as upper-case text).
 */

export const PostalRuleKinds = ['PREFIX', 'RANGE'] as const;
export const PostalInclusions = ['INCLUDE', 'EXCLUDE'] as const;

/** Order of postal codes: as numbers when both are digits of one length, else as text. */
export function comparePostal(a: string, b: string): number {
  if (a.length === b.length && /^\d+$/.test(a) && /^\d+$/.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Postal codes are compared without spaces and hyphens, in capitals. */
export const normalizePostal = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

const postal = z
  .string()
  .trim()
  .max(16)
  .regex(/^[A-Za-z0-9 -]+$/, 'Logistics::PostalCodeFormat')
  .transform(normalizePostal)
  .pipe(z.string().min(1, 'Logistics::PostalCodeFormat'));

export const postalRuleInput = z
  .object({
    countryCode,
    kind: z.enum(PostalRuleKinds),
    inclusion: z.enum(PostalInclusions),
    /** The prefix, or the range's first code. */
    from: postal,
    /** The range's last code (RANGE only). */
    to: z.preprocess((v) => (v === '' || v === undefined ? null : v), postal.nullable()),
  })
  .superRefine((r, ctx) => {
    if (r.kind === 'RANGE' && !r.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Logistics::RangeEndRequired' });
    if (r.kind === 'RANGE' && r.to && comparePostal(r.to, r.from) < 0)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Logistics::RangeEndBeforeStart' });
  });
export type PostalRuleInput = z.infer<typeof postalRuleInput>;

export const zoneInput = z
  .object({
    name: text(64),
    countries: z.array(countryCode).min(1, 'Logistics::ZoneCountriesRequired').max(300),
    postalRules: z.array(postalRuleInput).max(200).default([]),
    description: optionalText(512),
  })
  .superRefine((z_, ctx) => {
    z_.postalRules.forEach((r, i) => {
      if (!z_.countries.includes(r.countryCode))
        ctx.addIssue({
          code: 'custom',
          path: ['postalRules', i, 'countryCode'],
          message: 'Logistics::RuleCountryNotInZone',
        });
    });
  });
export const zoneUpdateInput = zoneInput.safeExtend(stamp);
export type ZoneInput = z.infer<typeof zoneInput>;

export const zoneDto = z.object({
  id: z.string(),
  name: z.string(),
  countries: z.array(z.string()),
  postalRules: z.array(
    z.object({
      countryCode: z.string(),
      kind: z.enum(PostalRuleKinds),
      inclusion: z.enum(PostalInclusions),
      from: z.string(),
      to: z.string().nullable(),
    }),
  ),
  description: z.string().nullable(),
  /** Channels whose rate table has rows for this zone. */
  channelCount: z.number(),
  ...audit,
});

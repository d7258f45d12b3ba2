import { z } from 'zod';
import { localize } from '../../lib/i18n/index.ts';
import { LC } from './api.ts';

/** Zod field builders of the catalogue forms, mirroring the server's rules with localized messages. */

const label = (key: string) => LC(`DisplayName:${key}`);
const required = (key: string) => localize('Field:Required', label(key));
const tooLong = (key: string, max: number) => localize('Field:MaxLength', label(key), max);

export const text = (key: string, max: number) =>
  z.string(required(key)).trim().min(1, required(key)).max(max, tooLong(key, max));

export const optionalText = (key: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(key, max))
    .nullish()
    .transform((v) => v || null);

/** Optional text kept as a string ('' when empty), for values the server stores as text. */
export const plainText = (key: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(key, max))
    .nullish()
    .transform((v) => v ?? '');

/** Capitals, digits and single hyphens; lower case is accepted and upper-cased. */
export const code = (key: string, max: number) =>
  z
    .string(required(key))
    .trim()
    .toUpperCase()
    .min(1, required(key))
    .max(max, tooLong(key, max))
    .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, LC('CodeFormat'));

export const url = () =>
  z
    .string()
    .trim()
    .regex(/^(https?:\/\/\S+)?$/i, LC('UrlFormat'))
    .nullish()
    .transform((v) => v || null);

export const sort = () => z.coerce.number().int().min(-100000).max(100000).default(0);

export const optionValue = () =>
  z
    .number()
    .nullish()
    .transform((v) => v ?? null);

/** An antd rule checking one nested list field (Form.List rows) with its Zod schema. */
export const ruleOf = (schema: z.ZodType) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const result = schema.safeParse(value === '' ? undefined : value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'invalid');
  },
});

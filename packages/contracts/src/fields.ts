import { z } from 'zod';

/**
 * Field builders shared by every module's schemas. A module's own messages are text keys
 * (`Catalog::…`, `Logistics::…`): the server localizes them in its 400 answers, the web forms when
 * they show them under a field.
 */

export const emptyToNull = (v: unknown) => (typeof v === 'string' ? v.trim() || null : v === undefined ? null : v);
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
export const trimmedOrUndefined = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : emptyToUndefined(v));

/** Blank (`''`) or null: left out; anything else read by `schema`. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());
/** Left out or blank (`''`): null; anything else read by `schema` (not trimmed: `emptyToNull` trims). */
export const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());

/**
 * A query flag as text: `true`, `false`, `1` or `0` in any case, left out when blank. Each query
 * reads it to a boolean its own way (what absent means differs).
 */
export const queryFlag = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : String(v).toLowerCase()),
  z.enum(['true', 'false', '1', '0']).optional(),
);

export const text = (max: number) => z.string().trim().min(1).max(max);
export const optionalText = (max: number) => z.preprocess(emptyToNull, z.string().max(max).nullable());
export const guid = z.guid();
export const optionalGuid = z.preprocess((v) => (v === '' || v === undefined ? null : v), guid.nullable());
export const sort = z.number().int().min(-100000).max(100000).default(0);
export const stamp = { concurrencyStamp: z.string().max(40).optional() };

/**
 * A code of `letters` capital letters, trimmed: an ISO 4217 currency (3), an ISO 3166-1 country
 * or region (2). `refusal` is the text key of anything else.
 */
export const letterCode = (letters: 2 | 3, refusal?: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^[A-Z]{${letters}}$`), refusal);
/** The same, small letters taken as capitals (`usd` → `USD`). */
export const upperLetterCode = (letters: 2 | 3, refusal?: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(new RegExp(`^[A-Z]{${letters}}$`), refusal);

/**
 * How the server answers a secret member (a bank account number): `**** 1234`, the last four
 * characters, or `****` for a value of four or fewer. The form shows it; sent back unchanged it
 * means "keep the stored value".
 */
export const isMaskedSecret = (v: unknown): boolean => typeof v === 'string' && /^\*{4}( \S{1,4})?$/.test(v.trim());

/**
 * A secret member of an update input: left out or sent back as its mask, it keeps the stored
 * value (`undefined`); anything else is read by `schema` (a retyped value, or null to clear). A
 * mask edited in place (`**** 87651`) is refused: it would be stored as the new value.
 */
export const keptSecret = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((v) => (v === undefined || isMaskedSecret(v) ? undefined : v), schema.optional())
    .refine((v) => typeof v !== 'string' || !v.trimStart().startsWith('*'), 'Field:SecretRetype');

/** `a,b` or a repeated query parameter → trimmed, non-empty items. */
export const commaList = (v: unknown) =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v])
    .flatMap((s) => (typeof s === 'string' ? s.split(',') : []))
    .map((s) => s.trim())
    .filter(Boolean);

/** The audit members of an entity's output. */
export const audit = {
  creationTime: z.date(),
  creatorId: z.string().nullable(),
  lastModificationTime: z.date().nullable(),
  lastModifierId: z.string().nullable(),
  concurrencyStamp: z.string(),
};

/** A coded master record (a warehouse, a supplier, a carrier) as a picker or a row names it. */
export const codedRef = { id: z.string(), code: z.string(), name: z.string() };

/** The catalogue product a row is about (a listing, a business's line), by id, SKU and name. */
export const ofProduct = { productId: z.string(), productSku: z.string(), productName: z.string() };

/** Of `audit`: when a row was created, and the stamp its update sends back. */
export const createdAndStamp = { creationTime: audit.creationTime, concurrencyStamp: audit.concurrencyStamp };
/** Of `audit`: when a document (an order, a shipment) was created and last changed, and its stamp. */
export const changesAndStamp = {
  creationTime: audit.creationTime,
  lastModificationTime: audit.lastModificationTime,
  concurrencyStamp: audit.concurrencyStamp,
};

/**
 * An input whose checks span its members (`superRefine`, which `extend` does not carry over) and
 * its update input: the same members and checks, with the stamp read with the row.
 */
export function withUpdateInput<S extends z.ZodRawShape>(
  fields: z.ZodObject<S>,
  check: (value: z.output<z.ZodObject<S>>, ctx: z.RefinementCtx) => void,
) {
  const update = fields.extend(stamp);
  // the update's value holds every member the check reads
  const checkUpdate = check as (value: z.output<typeof update>, ctx: z.RefinementCtx) => void;
  return [fields.superRefine(check), update.superRefine(checkUpdate)] as const;
}

/** The user a row records as having acted (a log's entry, a request), by id and name; null for nobody signed in. */
export const actingUser = { userId: z.string().nullable(), userName: z.string().nullable() };

/** A soft-deleted entity's members as answered (the recycle bin lists it). */
export const softDeletion = { isDeleted: z.boolean(), deletionTime: z.date().nullable() };

/** A background run (an export, a batch, a pull): when it was asked for, and when it finished (null while it runs). */
export const runTimes = { creationTime: audit.creationTime, completionTime: z.date().nullable() };

/** A definition's or a group of definitions' name and its text in the caller's language. */
export const displayedName = { name: z.string(), displayName: z.string() };
/** A definition's names as answered: a setting's, a feature's, a notification's, a menu entry's. */
export const describedNames = { ...displayedName, description: z.string().nullable() };

/** ABP's extensible entity's bag of extra members (`ExtraProperties`), as stored. */
export const extraProperties = { extraProperties: z.record(z.string(), z.unknown()) };

/**
 * An output schema's value as it travels in JSON: the server's `Date` members arrive as ISO
 * strings. `Json<z.infer<typeof brandDto>>` is what a client reads.
 */
export type Json<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;

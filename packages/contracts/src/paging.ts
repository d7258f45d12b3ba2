import { z } from 'zod';
import { Limits } from './constants.ts';

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** ABP paged + sorted input: skipCount, maxResultCount (≤ 1000), sorting, filter (trimmed). */
export const pagedQuery = z.object({
  skipCount: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(0)),
  maxResultCount: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(Limits.maxResultCount).default(Limits.defaultPageSize),
  ),
  sorting: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  filter: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : emptyToUndefined(v)),
    z.string().max(200).optional(),
  ),
});
export type PagedQuery = z.infer<typeof pagedQuery>;

export const pagedResult = <T extends z.ZodType>(item: T) =>
  z.object({ totalCount: z.number().int(), items: z.array(item) });
export const listResult = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

/**
 * A bulk action's answer: per row, in the order asked, whether it went through and why not
 * (`error`, localized), with the row's own members; then how many succeeded and failed.
 */
export const bulkResult = <S extends z.ZodRawShape>(row: S) =>
  z.object({
    items: z.array(z.object({ ok: z.boolean(), error: z.string().nullable(), ...row })),
    succeeded: z.number().int(),
    failed: z.number().int(),
  });

export interface PagedResult<T> {
  totalCount: number;
  items: T[];
}

/** Converts a 1-based page into ABP skip/max (spec section 9). */
export const pageToSkip = (page: number, pageSize: number) => ({
  skipCount: (page - 1) * pageSize,
  maxResultCount: pageSize,
});

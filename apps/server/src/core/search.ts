import { type Column, ilike, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Text search, written once: the user's text is a literal (`%`, `_` and `\` escaped), never a
 * pattern. Every LIKE in the product goes through these.
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%`: the pattern of "contains `text`". */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** `column` contains `text`, case-insensitively. */
export const contains = (column: Column | SQLWrapper, text: string): SQL =>
  ilike(column as Column, containsPattern(text));

/** `column` starts with `prefix` (case-sensitive: codes and paths). */
export const startsWith = (column: Column | SQLWrapper, prefix: string): SQL =>
  sql`${column} like ${`${escapeLike(prefix)}%`}`;

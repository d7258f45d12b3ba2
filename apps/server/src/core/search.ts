import { and, type Column, ilike, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

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

/**
 * The index expression of a tenant's own trigrams of `column` (SQL function `search_trigrams`,
 * migration 0047): each trigram inside a word, prefixed with the first 8 characters of the
 * tenant's id, so that a GIN index over it keeps one posting list per tenant and trigram. A plain
 * trigram index keeps one per trigram across every tenant, and a search reads all of them.
 */
export const searchTrigrams = (tenantId: Column, column: Column): SQL => sql`search_trigrams(${tenantId}, ${column})`;

/** The first characters of the scope's id, as `search_trigrams` prefixes its trigrams (`host` on the host side). */
const saltOf = (tenantId: string | null | undefined) => (tenantId ?? 'host').toLowerCase().slice(0, 8);

/**
 * The trigrams every text containing `text` has inside its words, as `search_trigrams` keeps them:
 * the three-letter runs of each run of ASCII letters and digits (lower-cased). Other characters
 * only end a run (the database's idea of a word character beyond ASCII depends on its locale), so
 * these are always among the indexed text's trigrams; a text without three such letters in a row
 * has none, and is searched without the index.
 */
export function textTrigrams(tenantId: string | null | undefined, text: string): string[] {
  const salt = saltOf(tenantId);
  const grams = new Set<string>();
  for (const [run] of text.toLowerCase().matchAll(/[a-z0-9]{3,}/g))
    for (let i = 0; i + 3 <= run.length; i++) grams.add(salt + run.slice(i, i + 3));
  return [...grams];
}

/**
 * `column` contains `text`, case-insensitively, found through the tenant's trigram index on it
 * (`searchTrigrams`) when the text has trigrams; the ILIKE then checks each candidate.
 */
export function tenantContains(tenantId: Column, column: Column, scope: string | null | undefined, text: string): SQL {
  const grams = textTrigrams(scope, text);
  if (!grams.length) return contains(column, text);
  const array = sql`array[${sql.join(
    grams.map((g) => sql`${g}`),
    sql`, `,
  )}]::text[]`;
  return and(sql`${searchTrigrams(tenantId, column)} @> ${array}`, contains(column, text))!;
}

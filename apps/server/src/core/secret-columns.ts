import { isMaskedSecret } from '@seller/contracts/fields';
import { and, type Column, eq, getTableColumns, getTableName, is, isNotNull, not, type SQL, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db/client.ts';
import { isSecretColumn, secretColumnsOf } from './db/columns.ts';
import { isCipherText, type Secrets } from './secrets.ts';

/**
 * What the kit does with the columns declared by `secretText` (`db/columns.ts`): values are
 * encrypted on write, answered masked, kept on an update that does not retype them, and never
 * recorded in entity changes. `resource.ts` and the CRM's record kit call these; `crud.ts` refuses
 * a clear value in a secret column, so a writer that skips the kit fails instead of leaking.
 */

// biome-ignore lint/suspicious/noExplicitAny: drizzle's table generics are not worth spelling out here
type AnyTable = PgTable & Record<string, any>;
type Values = Record<string, unknown>;

/** `**** 1234`: the last four characters; a value of four or fewer shows none of them. */
export function maskSecret(plain: string): string {
  const value = plain.trim();
  return value.length > 4 ? `**** ${value.slice(-4)}` : '****';
}

/** The answer for a stored ciphertext: masked, `****` when it cannot be read, `null` when empty. */
function reveal(secrets: Secrets, stored: unknown): string | null {
  if (stored === null || stored === undefined) return null;
  try {
    return maskSecret(secrets.decrypt(String(stored)));
  } catch {
    // another key, or a value written before the column was secret: never answer what is stored
    return '****';
  }
}

/** `rows` with their secret columns masked (the rows themselves are left as they are). */
export function revealMasked<R extends object>(secrets: Secrets, table: PgTable, rows: R[]): R[] {
  const keys = secretColumnsOf(table);
  if (!keys.length) return rows;
  return rows.map((row) => {
    const copy = { ...row } as Values;
    for (const key of keys) if (key in copy) copy[key] = reveal(secrets, copy[key]);
    return copy as R;
  });
}

/** Nothing to write: the stored value stays (an update), or there is none (a create). */
const unchanged = (value: unknown) => value === undefined || value === '' || isMaskedSecret(value);

/**
 * The values of a new row with their secrets encrypted; a mask or an empty text is no value.
 */
export function sealForInsert<V extends object>(secrets: Secrets, table: PgTable, values: V): V {
  const keys = secretColumnsOf(table);
  if (!keys.length) return values;
  const out = { ...values } as Values;
  for (const key of keys) {
    const value = out[key];
    if (unchanged(value) || value === null) out[key] = null;
    else out[key] = secrets.encrypt(String(value));
  }
  return out as V;
}

/**
 * The values of an update with their secrets encrypted. A secret left out, empty or sent back as
 * its mask is dropped from the update, so the stored one is kept; `null` clears it; any other
 * text replaces it.
 */
export function sealForUpdate<V extends object>(secrets: Secrets, table: PgTable, values: V): V {
  const keys = secretColumnsOf(table);
  if (!keys.length) return values;
  const out = { ...values } as Values;
  for (const key of keys) {
    const value = out[key];
    if (unchanged(value)) delete out[key];
    else if (value !== null) out[key] = secrets.encrypt(String(value));
  }
  return out as V;
}

/** Throws at declaration when a kit would sort, search or compare a secret column (its ciphertext is noise). */
export function refuseQueriedSecrets(entity: string, columns: readonly Column[]) {
  const misused = columns.find(isSecretColumn);
  if (misused) throw new Error(`${entity}: the secret column ${misused.name} cannot be sorted, searched or unique`);
}

/** Throws (a programming error, a 500) when a write would store a clear value in a secret column. */
export function assertSealed(table: PgTable, values: object) {
  for (const key of secretColumnsOf(table)) {
    const value = (values as Values)[key];
    if (value !== undefined && value !== null && !isCipherText(value)) {
      throw new Error(`${getTableName(table)}.${key} is secret: write it through the kit (sealForInsert/Update)`);
    }
  }
}

/** Every table of a schema module (`src/schema.ts`) that has secret columns. */
export function secretTablesIn(schema: Record<string, unknown>): PgTable[] {
  return Object.values(schema).filter(
    (value): value is PgTable => is(value, PgTable) && secretColumnsOf(value).length > 0,
  );
}

/**
 * Encrypts the clear values left in secret columns (rows written before the column was declared
 * secret, or by a seed that skipped the kit). Runs as the database owner across tenants at start;
 * idempotent: a ciphertext is left alone, and a row changed meanwhile is not overwritten.
 */
export async function sealClearSecrets(db: DbOrTx, secrets: Secrets, tables: readonly PgTable[]): Promise<number> {
  let sealed = 0;
  for (const table of tables as AnyTable[]) {
    const columns = getTableColumns(table);
    for (const key of secretColumnsOf(table)) {
      const column = columns[key];
      const clear: SQL = and(isNotNull(column), not(sql`${column} ~ '^v[0-9]+:[A-Za-z0-9_-]{38,}$'`))!;
      const rows = (await db
        .select({ id: table.id, value: column })
        .from(table as PgTable)
        .where(clear)) as {
        id: string;
        value: string;
      }[];
      for (const row of rows) {
        await db
          .update(table as PgTable)
          .set({ [key]: secrets.encrypt(row.value) })
          .where(and(eq(table.id, row.id), eq(column, row.value)));
        sealed++;
      }
    }
  }
  return sealed;
}

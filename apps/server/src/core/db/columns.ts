import { randomBytes } from 'node:crypto';
import { type Column, getTableColumns, sql } from 'drizzle-orm';
import { boolean, jsonb, type PgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** Column sets shared by every entity (ABP audit conventions, architecture brief §3). */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const tenantId = () => uuid('tenant_id');
export const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const newConcurrencyStamp = () => randomBytes(16).toString('hex');

export const audited = () => ({
  creationTime: time('creation_time').notNull().defaultNow(),
  creatorId: uuid('creator_id'),
  lastModificationTime: time('last_modification_time'),
  lastModifierId: uuid('last_modifier_id'),
});

/** A row's `audited()` columns, as every entity's DTO answers them. */
export const auditedFields = (row: {
  creationTime: Date;
  creatorId: string | null;
  lastModificationTime: Date | null;
  lastModifierId: string | null;
}) => ({
  creationTime: row.creationTime,
  creatorId: row.creatorId,
  lastModificationTime: row.lastModificationTime,
  lastModifierId: row.lastModifierId,
});

export const softDelete = () => ({
  isDeleted: boolean('is_deleted').notNull().default(false),
  deleterId: uuid('deleter_id'),
  deletionTime: time('deletion_time'),
});

export const concurrency = () => ({
  concurrencyStamp: varchar('concurrency_stamp', { length: 40 }).notNull().$defaultFn(newConcurrencyStamp),
});

export const extraProperties = () => ({
  extraProperties: jsonb('extra_properties').$type<Record<string, unknown>>().notNull().default({}),
});

/** `coalesce(tenant_id, zero-uuid)`: lets unique indexes treat the host side as one tenant. */
export const tenantKey = sql`coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid)`;

/**
 * Configurations of the columns declared with `secretText`. A built column keeps its builder's
 * configuration object, so the mark travels from the declaration to the table's column.
 */
const secretConfigs = new WeakSet<object>();

/**
 * A column holding a secret (a bank account number…). Declaring it is all a module does: the CRUD
 * kit (`core/secret-columns.ts`) encrypts it on write with `core/secrets.ts`, answers it masked
 * (`**** 1234`), keeps it when an update sends the mask or nothing, and redacts it in entity
 * changes. Stored as text: the ciphertext is longer than the value (the input schema bounds that).
 */
export function secretText(name: string) {
  const builder = text(name);
  secretConfigs.add((builder as unknown as { config: object }).config);
  return builder;
}

/** Whether `column` was declared with `secretText`. */
export const isSecretColumn = (column: Column): boolean =>
  secretConfigs.has((column as unknown as { config: object }).config);

const secretKeys = new WeakMap<PgTable, readonly string[]>();

/** The property names of `table`'s secret columns (none for most tables). */
export function secretColumnsOf(table: PgTable): readonly string[] {
  let keys = secretKeys.get(table);
  if (!keys) {
    keys = Object.entries(getTableColumns(table))
      .filter(([, column]) => isSecretColumn(column))
      .map(([key]) => key);
    secretKeys.set(table, keys);
  }
  return keys;
}

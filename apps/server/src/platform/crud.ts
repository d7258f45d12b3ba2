import { and, asc, desc, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { EntityChange } from '../modules/auditing/schema.ts';
import type { RequestContext } from './context.ts';
import type { DbOrTx } from './db/client.ts';
import { newConcurrencyStamp } from './db/columns.ts';
import { conflict, fieldError, notFound } from './errors.ts';

/**
 * Shared machinery for tenant-owned entities: the tenant predicate, paging, allow-listed
 * sorting, audit columns, concurrency stamps, soft delete and entity-change records.
 * Every tenant-owned query goes through `owned()`, so forgetting the tenant is not possible.
 */
// biome-ignore lint/suspicious/noExplicitAny: drizzle's table generics are not worth spelling out here
type AnyTable = PgTable & Record<string, any>;

export interface CrudContext extends Pick<RequestContext, 'tenant' | 'user'> {
  /** Entity changes collected for the audit log of this request. */
  entityChanges?: EntityChange[];
}

const has = (table: AnyTable, column: string) => column in getTableColumns(table);

/** The tenant predicate (plus "not deleted" for soft-deletable tables) and `extra`. */
export function owned(ctx: CrudContext, table: AnyTable, ...extra: (SQL | undefined)[]): SQL {
  const conditions: (SQL | undefined)[] = [
    ctx.tenant ? eq(table.tenantId, ctx.tenant.id) : isNull(table.tenantId),
    ...extra,
  ];
  if (has(table, 'isDeleted')) conditions.push(eq(table.isDeleted, false));
  return and(...conditions)!;
}

/**
 * `"name asc, creationTime desc"` → ORDER BY terms, only over `allowed` fields. Anything
 * else is a 400 naming the `sorting` field: never interpolated into SQL.
 */
export function orderBy(sorting: string | undefined, allowed: Record<string, AnyPgColumn>, fallback: SQL[]): SQL[] {
  if (!sorting) return fallback;
  const terms: SQL[] = [];
  for (const part of sorting.split(',')) {
    const [field, dir = 'asc', ...rest] = part.trim().split(/\s+/);
    const column = Object.entries(allowed).find(([k]) => k.toLowerCase() === field?.toLowerCase())?.[1];
    const direction = dir.toLowerCase();
    if (!column || rest.length || (direction !== 'asc' && direction !== 'desc')) {
      throw fieldError('sorting', 'Field:Sorting', [part.trim()]);
    }
    terms.push(direction === 'asc' ? asc(column) : desc(column));
  }
  return terms;
}

const TOTAL = '__totalCount';

export interface PageInput {
  skipCount: number;
  maxResultCount: number;
  sorting?: string;
}

/** `{ totalCount, items }` for a filtered, sorted page of `table`. */
export async function page<T extends AnyTable>(
  tx: DbOrTx,
  table: T,
  where: SQL,
  input: PageInput,
  sort: { allowed: Record<string, AnyPgColumn>; fallback: SQL[] },
): Promise<{ totalCount: number; items: T['$inferSelect'][] }> {
  // One statement: the page and the total (window count) together.
  const rows = await tx
    .select({ ...getTableColumns(table as PgTable), [TOTAL]: sql<number>`count(*) over()`.mapWith(Number) })
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy(input.sorting, sort.allowed, sort.fallback))
    .limit(input.maxResultCount)
    .offset(input.skipCount);
  let totalCount = rows.length ? (rows[0] as Record<string, number>)[TOTAL] : 0;
  if (!rows.length && input.skipCount > 0) {
    // Past the last page the window has no row to report the total on.
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(table as PgTable)
      .where(where);
    totalCount = count;
  }
  for (const row of rows as Record<string, unknown>[]) delete row[TOTAL];
  return { totalCount, items: rows as T['$inferSelect'][] };
}

export async function getOwned<T extends AnyTable>(
  tx: DbOrTx,
  ctx: CrudContext,
  table: T,
  entityName: string,
  id: string,
): Promise<T['$inferSelect']> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(owned(ctx, table, eq(table.id, id)))
    .limit(1);
  if (!row) throw notFound(entityName, id);
  return row as T['$inferSelect'];
}

export async function insertOwned<T extends AnyTable>(
  tx: DbOrTx,
  ctx: CrudContext,
  table: T,
  entityName: string,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  const row = { ...values, tenantId: ctx.tenant?.id ?? null } as Record<string, unknown>;
  if (has(table, 'creatorId')) row.creatorId = ctx.user?.id ?? null;
  const [created] = await tx
    .insert(table as PgTable)
    .values(row as T['$inferInsert'])
    .returning();
  recordChange(ctx, entityName, 0, String((created as { id: string }).id), {}, created as Record<string, unknown>);
  return created as T['$inferSelect'];
}

/**
 * Updates one owned row. A `concurrencyStamp` that is not the stored one is a 409; a row
 * of another tenant is a 404 like a missing one.
 */
export async function updateOwned<T extends AnyTable>(
  tx: DbOrTx,
  ctx: CrudContext,
  table: T,
  entityName: string,
  id: string,
  values: Partial<T['$inferInsert']>,
  concurrencyStamp?: string | null,
): Promise<T['$inferSelect']> {
  const before = (await getOwned(tx, ctx, table, entityName, id)) as Record<string, unknown>;
  if (concurrencyStamp && has(table, 'concurrencyStamp') && before.concurrencyStamp !== concurrencyStamp) {
    throw conflict();
  }
  const patch = { ...values } as Record<string, unknown>;
  if (has(table, 'lastModificationTime')) {
    patch.lastModificationTime = new Date();
    patch.lastModifierId = ctx.user?.id ?? null;
  }
  if (has(table, 'concurrencyStamp')) patch.concurrencyStamp = newConcurrencyStamp();
  const [after] = await tx
    .update(table as PgTable)
    .set(patch)
    .where(owned(ctx, table, eq(table.id, id)))
    .returning();
  recordChange(ctx, entityName, 1, id, before, after as Record<string, unknown>);
  return after as T['$inferSelect'];
}

/** Soft delete where the table has `isDeleted`, else a real delete. */
export async function deleteOwned<T extends AnyTable>(
  tx: DbOrTx,
  ctx: CrudContext,
  table: T,
  entityName: string,
  id: string,
): Promise<void> {
  const before = (await getOwned(tx, ctx, table, entityName, id)) as Record<string, unknown>;
  if (has(table, 'isDeleted')) {
    await tx
      .update(table as PgTable)
      .set({ isDeleted: true, deletionTime: new Date(), deleterId: ctx.user?.id ?? null })
      .where(owned(ctx, table, eq(table.id, id)));
  } else {
    await tx.delete(table as PgTable).where(owned(ctx, table, eq(table.id, id)));
  }
  recordChange(ctx, entityName, 2, id, before, {});
}

const SECRET_FIELDS = new Set([
  'passwordHash',
  'securityStamp',
  'codeHash',
  'tokenHash',
  'clientSecrets',
  'privateJwk',
]);
const AUDIT_NOISE = new Set([
  'concurrencyStamp',
  'lastModificationTime',
  'lastModifierId',
  'creationTime',
  'creatorId',
]);

function show(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Appends an entity change (never with secret values) to the request's audit record. */
export function recordChange(
  ctx: CrudContext,
  entityName: string,
  changeType: 0 | 1 | 2,
  entityId: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) {
  if (!ctx.entityChanges) return;
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const propertyChanges = [];
  for (const name of names) {
    if (AUDIT_NOISE.has(name)) continue;
    const o = show(before[name]);
    const n = show(after[name]);
    if (o === n) continue;
    const secret = SECRET_FIELDS.has(name);
    propertyChanges.push({ propertyName: name, originalValue: secret ? '***' : o, newValue: secret ? '***' : n });
  }
  ctx.entityChanges.push({
    changeTime: new Date().toISOString(),
    changeType,
    entityId,
    entityTypeFullName: entityName,
    propertyChanges,
  });
}

import { LIST_COUNT_CAP, LIST_MAX_SKIP } from '@seller/contracts/lists';
import { and, asc, Column, desc, eq, getTableColumns, getTableName, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { EntityChange } from './audit-changes.ts';
import type { RequestContext } from './context.ts';
import type { DbOrTx } from './db/client.ts';
import { newConcurrencyStamp, secretColumnsOf } from './db/columns.ts';
import { conflict, fieldError, notFound } from './errors.ts';
import { assertSealed } from './secret-columns.ts';
import { isCipherText } from './secrets.ts';

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

const ofTenant = (ctx: CrudContext, table: AnyTable) =>
  ctx.tenant ? eq(table.tenantId, ctx.tenant.id) : isNull(table.tenantId);

/** The tenant predicate (plus "not deleted" for soft-deletable tables) and `extra`. */
export function owned(ctx: CrudContext, table: AnyTable, ...extra: (SQL | undefined)[]): SQL {
  const conditions: (SQL | undefined)[] = [ofTenant(ctx, table), ...extra];
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

/**
 * Makes the writers of one tenant's `table` take turns until their transactions end (a
 * transaction-level advisory lock), for rules that span rows (one default per tenant). One lock
 * taken before any row is touched cannot deadlock, as locking every row with FOR UPDATE can when
 * rows are inserted meanwhile.
 */
export async function takeTurns(tx: DbOrTx, ctx: CrudContext, table: AnyTable): Promise<void> {
  const key = `${getTableName(table)}:${ctx.tenant?.id ?? 'host'}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export interface PageInput {
  skipCount: number;
  maxResultCount: number;
  sorting?: string;
}

/**
 * A table's select list, compiled once. List and lookup queries are the hottest code of
 * the API: rendering the whole select through Drizzle's builder and mapping rows through
 * its generic mapper cost more than everything else in a request, so these two steps
 * are done here, once per table, while the WHERE and ORDER BY still come from Drizzle
 * expressions (parameters stay parameters).
 */
interface TableShape {
  columns: string;
  from: SQL;
  keys: string[];
  /** Array row → entity, generated for the table (see `rowMapper`). */
  toEntity: (row: unknown[]) => Record<string, unknown>;
}

const dialect = new PgDialect();
const shapes = new WeakMap<PgTable, TableShape>();

function shapeOf(table: PgTable): TableShape {
  let shape = shapes.get(table);
  if (!shape) {
    const name = getTableName(table);
    const entries = Object.entries(getTableColumns(table));
    shape = {
      columns: entries.map(([, column]) => `"${name}"."${column.name}"`).join(', '),
      from: sql.raw(`"${name}"`),
      keys: entries.map(([key]) => key),
      toEntity: rowMapper(entries),
    };
    shapes.set(table, shape);
  }
  return shape;
}

const identity = Column.prototype.mapFromDriverValue;

/**
 * Builds `row => ({ id: row[0], creationTime: row[1] === null ? null : decode1(row[1]), … })`
 * for a table's columns: one object literal (a single hidden class, no per-property
 * transitions), and a decoder call only for columns whose driver value needs one (dates, …).
 * The property names come from the schema and are emitted as JSON string literals.
 */
function rowMapper(entries: [string, Column][]): (row: unknown[]) => Record<string, unknown> {
  return mapperOf(
    entries.map(([key, column]) => [
      key,
      column.mapFromDriverValue === identity ? null : (value: unknown) => column.mapFromDriverValue(value),
    ]),
  );
}

function mapperOf(
  entries: [string, ((value: unknown) => unknown) | null][],
): (row: unknown[]) => Record<string, unknown> {
  const decoders = entries.map(([, decode]) => decode);
  const fields = entries.map(([key], i) =>
    decoders[i]
      ? `${JSON.stringify(key)}: row[${i}] === null ? null : d[${i}](row[${i}])`
      : `${JSON.stringify(key)}: row[${i}]`,
  );
  return new Function('d', `return (row) => ({ ${fields.join(', ')} });`)(decoders);
}

/**
 * Statement names by SQL text. A named statement is parsed and planned once per pooled
 * connection and then only bound and executed, which roughly halves PostgreSQL's work for
 * a short list query (row-level security makes planning dearer). The number of distinct
 * texts is bounded by the code's query shapes; past the cap, statements go unnamed.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 2000;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `crud_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Runs a compiled select: rows arrive as arrays and become entities with the columns' own decoders. */
export function selectRows<R>(tx: DbOrTx, query: SQL, map: (row: unknown[]) => R): Promise<R[]> {
  const compiled = dialect.sqlToQuery(query);
  return tx._.session
    .prepareQuery<{ execute: R[]; all: unknown; values: unknown }>(
      compiled,
      undefined,
      statementName(compiled.sql),
      true,
      (rows) => rows.map(map),
    )
    .execute();
}

export interface SelectOptions {
  where: SQL;
  orderBy?: SQL[];
  limit?: number;
  offset?: number;
  /**
   * Reads from another relation with the table's columns (a view over it), aliased as the
   * table so `where` and `orderBy` written against the table's columns apply unchanged.
   */
  source?: string;
}

function fromClause(table: PgTable, shape: TableShape, source: string | undefined): SQL {
  return source ? sql.raw(`${source} as "${getTableName(table)}"`) : shape.from;
}

/** Rows of `table` as entities, through the compiled select (see `TableShape`). */
export function selectEntities<T extends AnyTable>(
  tx: DbOrTx,
  table: T,
  opts: SelectOptions,
): Promise<T['$inferSelect'][]> {
  const shape = shapeOf(table);
  return selectRows(tx, selectQuery(table, shape, opts), shape.toEntity as (row: unknown[]) => T['$inferSelect']);
}

/** The SQL `selectEntities` runs (the list kit's plan test explains it). */
export const selectEntitiesSql = (table: AnyTable, opts: SelectOptions): SQL =>
  selectQuery(table, shapeOf(table), opts);

function selectQuery(table: PgTable, shape: TableShape, opts: SelectOptions): SQL {
  const query = sql`select ${sql.raw(shape.columns)} from ${fromClause(table, shape, opts.source)} where ${opts.where}`;
  if (opts.orderBy?.length) query.append(sql` order by ${sql.join(opts.orderBy, sql`, `)}`);
  if (opts.limit !== undefined) query.append(sql` limit ${opts.limit}`);
  if (opts.offset) query.append(sql` offset ${opts.offset}`);
  return query;
}

type ProjectedValue<F> =
  F extends SQL<infer V>
    ? V
    : F extends AnyPgColumn
      ? F['_']['notNull'] extends true
        ? F['_']['data']
        : F['_']['data'] | null
      : never;

/** The fields a `projection` selects: a table's columns or parameterless SQL expressions (`sql<number>…`). */
export type ProjectionFields = Record<string, AnyPgColumn | SQL>;
export type Projected<F extends ProjectionFields> = { [K in keyof F]: ProjectedValue<F[K]> };

export interface Projection<F extends ProjectionFields> {
  table: PgTable;
  shape: TableShape;
  /** Only for the type of the rows. */
  fields?: F;
}

/**
 * A narrower select of `table` than `selectEntities` (a list row rather than the whole record),
 * compiled once like `TableShape`: the select list is rendered a single time, so the fields'
 * SQL expressions (correlated subqueries, for instance) must not take parameters.
 */
export function projection<F extends ProjectionFields>(table: AnyTable, fields: F): Projection<F> {
  const entries = Object.entries(fields).map(([key, field]) => {
    const rendered = dialect.sqlToQuery(field instanceof Column ? sql`${field}` : field);
    if (rendered.params.length) throw new Error(`projection field ${key} must not take parameters`);
    const decode =
      field instanceof Column
        ? field.mapFromDriverValue === identity
          ? null
          : (value: unknown) => field.mapFromDriverValue(value)
        : decoderOf(field);
    return { key, select: rendered.sql, decode };
  });
  return {
    table,
    shape: {
      columns: entries.map((e) => e.select).join(', '),
      from: sql.raw(`"${getTableName(table)}"`),
      keys: entries.map((e) => e.key),
      toEntity: mapperOf(entries.map((e) => [e.key, e.decode])),
    },
  };
}

/** What `sql…mapWith(decode)` set (Drizzle keeps it on the SQL object, undeclared in its types). */
function decoderOf(field: SQL): (value: unknown) => unknown {
  const { decoder } = field as unknown as { decoder: { mapFromDriverValue(value: unknown): unknown } };
  return (value) => decoder.mapFromDriverValue(value);
}

/** Rows of a `projection`, with the options of `selectEntities`. */
export function selectProjected<F extends ProjectionFields>(
  tx: DbOrTx,
  { table, shape }: Projection<F>,
  opts: SelectOptions,
): Promise<Projected<F>[]> {
  return selectRows(tx, selectQuery(table, shape, opts), shape.toEntity as (row: unknown[]) => Projected<F>);
}

/** `count(*)` of the rows of `table` (or of `source`, see `SelectOptions`) matching `where`. */
export async function countRows(tx: DbOrTx, table: AnyTable, where: SQL, source?: string): Promise<number> {
  const shape = shapeOf(table);
  const [n] = await selectRows(
    tx,
    sql`select count(*) from ${fromClause(table, shape, source)} where ${where}`,
    (row) => Number(row[0]),
  );
  return n;
}

/**
 * How many rows of `table` match, counted up to `LIST_COUNT_CAP`: a count over every match would
 * cost as much as the matches, so past the cap the total reads "more than 1 000" (`capped`).
 */
export async function boundedCount(
  tx: DbOrTx,
  table: AnyTable,
  where: SQL,
  source?: string,
): Promise<{ n: number; capped: boolean }> {
  const [count = { n: 0, capped: false }] = await boundedCounts(tx, table, [where], source);
  return count;
}

/**
 * `boundedCount` of each condition in one statement (one round trip for a list's tab counts): a
 * column per condition, each its own bounded subquery.
 */
export async function boundedCounts(
  tx: DbOrTx,
  table: AnyTable,
  wheres: SQL[],
  source?: string,
): Promise<Array<{ n: number; capped: boolean }>> {
  if (!wheres.length) return [];
  const from = fromClause(table, shapeOf(table), source);
  const columns = wheres.map(
    (where) =>
      sql`(select count(*) from (select 1 from ${from} where ${where} limit ${LIST_COUNT_CAP + 1}) as matches)`,
  );
  const [counts = []] = await selectRows(tx, sql`select ${sql.join(columns, sql`, `)}`, (r) => r.map(Number));
  return wheres.map((_, i) => {
    const n = counts[i] ?? 0;
    return { n: Math.min(n, LIST_COUNT_CAP), capped: n > LIST_COUNT_CAP };
  });
}

/** A page's total from its rows, counting (bounded) only when the rows do not tell it. */
export async function pageTotal(
  rows: number,
  input: Pick<PageInput, 'skipCount' | 'maxResultCount'>,
  count: () => Promise<{ n: number; capped: boolean }>,
): Promise<{ totalCount: number; totalCountCapped?: true }> {
  // a page that is not full (and not past the end) is the end of the list
  if (rows < input.maxResultCount && (rows > 0 || input.skipCount === 0)) return { totalCount: input.skipCount + rows };
  const { n, capped } = await count();
  if (capped) return { totalCount: n, totalCountCapped: true };
  // rows written between the two statements can only raise it; a page past the end says the count
  return { totalCount: rows ? Math.max(n, input.skipCount + rows) : n };
}

/** `{ totalCount, items }` for a filtered, sorted page of `table` (the total bounded, see `boundedCount`). */
export async function page<T extends AnyTable>(
  tx: DbOrTx,
  table: T,
  where: SQL,
  input: PageInput,
  sort: { allowed: Record<string, AnyPgColumn>; fallback: SQL[] },
): Promise<{ totalCount: number; totalCountCapped?: true; items: T['$inferSelect'][] }> {
  if (input.skipCount > LIST_MAX_SKIP) throw fieldError('skipCount', 'Value:Range', [0, LIST_MAX_SKIP]);
  const items = await selectEntities(tx, table, {
    where,
    orderBy: [...orderBy(input.sorting, sort.allowed, sort.fallback), asc(table.id)],
    limit: input.maxResultCount,
    offset: input.skipCount,
  });
  return { ...(await pageTotal(items.length, input, () => boundedCount(tx, table, where))), items };
}

export async function getOwned<T extends AnyTable>(
  tx: DbOrTx,
  ctx: CrudContext,
  table: T,
  entityName: string,
  id: string,
): Promise<T['$inferSelect']> {
  const [row] = await selectEntities(tx, table, { where: owned(ctx, table, eq(table.id, id)), limit: 1 });
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
  assertSealed(table, values);
  const row = { ...values, tenantId: ctx.tenant?.id ?? null } as Record<string, unknown>;
  if (has(table, 'creatorId')) row.creatorId = ctx.user?.id ?? null;
  const [created] = await tx
    .insert(table as PgTable)
    .values(row as T['$inferInsert'])
    .returning();
  recordChange(
    ctx,
    entityName,
    0,
    String((created as { id: string }).id),
    {},
    created as Record<string, unknown>,
    secretColumnsOf(table),
  );
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
  return rewriteOwned(tx, ctx, table, entityName, before as T['$inferSelect'], values);
}

/**
 * Updates a row the caller has already read (and locked) as `before`, deleted or not: its
 * modification time, modifier and stamp renewed, the change audited.
 */
export async function rewriteOwned<T extends AnyTable>(
  tx: DbOrTx,
  ctx: CrudContext,
  table: T,
  entityName: string,
  before: T['$inferSelect'],
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  assertSealed(table, values);
  const id = String(before.id);
  const patch = { ...values } as Record<string, unknown>;
  if (has(table, 'lastModificationTime')) {
    patch.lastModificationTime = new Date();
    patch.lastModifierId = ctx.user?.id ?? null;
  }
  if (has(table, 'concurrencyStamp')) patch.concurrencyStamp = newConcurrencyStamp();
  const [after] = await tx
    .update(table as PgTable)
    .set(patch)
    .where(and(ofTenant(ctx, table), eq(table.id, id)))
    .returning();
  recordChange(ctx, entityName, 1, id, before, after as Record<string, unknown>, secretColumnsOf(table));
  return after as T['$inferSelect'];
}

/** The columns that restore a soft-deleted row (a recycle bin's `reback`, through `rewriteOwned`). */
export const RESTORED = { isDeleted: false, deletionTime: null, deleterId: null };

/** Soft delete where the table has `isDeleted`, else a real delete. */
export async function deleteOwned<T extends AnyTable>(
  tx: DbOrTx,
  ctx: CrudContext,
  table: T,
  entityName: string,
  id: string,
): Promise<void> {
  await removeOwned(tx, ctx, table, entityName, await getOwned(tx, ctx, table, entityName, id));
}

/**
 * `deleteOwned` of a row the caller has already read (and locked) as `before`; `forGood` deletes
 * a soft-deletable row for real (a recycle bin's `clear`).
 */
export async function removeOwned<T extends AnyTable>(
  tx: DbOrTx,
  ctx: CrudContext,
  table: T,
  entityName: string,
  before: T['$inferSelect'],
  forGood = false,
): Promise<void> {
  const id = String(before.id);
  const where = and(ofTenant(ctx, table), eq(table.id, id));
  if (has(table, 'isDeleted') && !forGood) {
    await tx
      .update(table as PgTable)
      .set({ isDeleted: true, deletionTime: new Date(), deleterId: ctx.user?.id ?? null })
      .where(where);
  } else {
    await tx.delete(table as PgTable).where(where);
  }
  recordChange(ctx, entityName, 2, id, before, {}, secretColumnsOf(table));
}

const SECRET_FIELDS = new Set([
  'passwordHash',
  'securityStamp',
  'codeHash',
  'tokenHash',
  'clientSecrets',
  'privateJwk',
  'secretHash',
  'previousSecretHash',
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

/** What an entity change shows for a secret: that it changed, never the value nor its ciphertext. */
export const REDACTED = '***';

/**
 * Appends an entity change (never with secret values) to the request's audit record. Redacted:
 * the credential fields above, the table's `secretText` columns (`secret`, passed by the CRUD
 * helpers) and any value that is a ciphertext, whoever records it.
 */
export function recordChange(
  ctx: CrudContext,
  entityName: string,
  changeType: 0 | 1 | 2,
  entityId: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  secret: readonly string[] = [],
) {
  if (!ctx.entityChanges) return;
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const propertyChanges = [];
  for (const name of names) {
    if (AUDIT_NOISE.has(name)) continue;
    const o = show(before[name]);
    const n = show(after[name]);
    if (o === n) continue;
    const hidden =
      SECRET_FIELDS.has(name) || secret.includes(name) || isCipherText(before[name]) || isCipherText(after[name]);
    propertyChanges.push({
      propertyName: name,
      originalValue: hidden && o !== null ? REDACTED : o,
      newValue: hidden && n !== null ? REDACTED : n,
    });
  }
  ctx.entityChanges.push({
    changeTime: new Date().toISOString(),
    changeType,
    entityId,
    entityTypeFullName: entityName,
    propertyChanges,
  });
}

/** The columns of a row `ctx` changes now: the modification time, the modifier and a new stamp. */
export const modifiedBy = (ctx: CrudContext) => ({
  lastModificationTime: new Date(),
  lastModifierId: ctx.user?.id ?? null,
  concurrencyStamp: newConcurrencyStamp(),
});

import { listResult, type PagedQuery, pagedQuery } from '@seller/contracts';
import { listPage } from '@seller/contracts/lists';
import { and, asc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from './context.ts';
import {
  type CrudContext,
  deleteOwned,
  getOwned,
  insertOwned,
  orderBy,
  owned,
  page,
  selectEntities,
  updateOwned,
} from './crud.ts';
import type { Tx } from './db/client.ts';
import { secretColumnsOf } from './db/columns.ts';
import { type AppError, fieldError } from './errors.ts';
import { EXPORT_MAX_ROWS, sendXlsx } from './export.ts';
import { kitLists } from './lists.ts';
import { t } from './localization/index.ts';
import { assertReferences, type References } from './references.ts';
import { refuseQueriedSecrets, revealMasked, sealForInsert, sealForUpdate } from './secret-columns.ts';
import { type Secrets, secretsFor } from './secrets.ts';
import type { Services } from './services.ts';

/**
 * The CRUD resource kit: one entity declared once (its table, sort and search columns, unique
 * fields, mapping, optional child rows). `resourceService` turns it into `queries` (page, all, get,
 * the export's batches) and `commands(services)` (create, update, remove), each taking the open
 * unit's `(tx, ctx, …)`, over the core CRUD helpers (tenant predicate, audit, concurrency stamps);
 * `resourceRoutes` makes them the ABP-style endpoints, one unit of work per request.
 */
// biome-ignore lint/suspicious/noExplicitAny: drizzle's table generics are not worth spelling out here
type AnyTable = PgTable & Record<string, any>;
type Ctx = CrudContext & Pick<RequestContext, 'culture'>;

export interface Resource<T extends AnyTable, I, D, Q extends object = object> {
  table: T;
  /** Entity name: audit records and 404 texts. */
  entity: string;
  /** Localization resource of the entity's texts (`Catalog`): `<texts>::AlreadyExists {1}` names a taken value. */
  texts: string;
  sortable: Record<string, AnyPgColumn>;
  defaultSort: SQL[];
  /** Columns the `filter` text is looked for in (case-insensitive substring). */
  search: AnyPgColumn[];
  /**
   * The list's own query members (`resourceRoutes`' `query`, e.g. `?carrierId=`) → a predicate on
   * the paged list, `/all` and the export; nothing when they are absent.
   */
  scope?(query: Q): SQL | undefined;
  /** Case-insensitively unique columns per tenant, with the input member each belongs to. */
  unique?: { member: string; column: AnyPgColumn }[];
  /** Input → the row's own columns (children are written by `saveChildren`). */
  values(input: I): Partial<T['$inferInsert']>;
  /**
   * Members naming rows of the tenant's tables (`{ shopId: ref(shops) }`): checked in the write's
   * transaction before `validate`; an unknown or foreign id is a 400 naming the member.
   */
  references?: References;
  /** Reference checks and other rules Zod cannot express (throw field errors). */
  validate?(tx: Tx, ctx: Ctx, input: I, id: string | undefined, services: KitServices): Promise<void>;
  saveChildren?(tx: Tx, ctx: Ctx, id: string, input: I, services: KitServices): Promise<void>;
  /** Refuses the delete or clears what points at the row; may raise an event on `tx` (`services.events`). */
  beforeDelete?(tx: Tx, ctx: Ctx, id: string, services: KitServices): Promise<void>;
  /** Rows → DTOs, loading children in one query for the whole page; secret columns arrive masked. */
  toDtos(tx: Tx, ctx: Ctx, rows: T['$inferSelect'][]): Promise<D[]>;
}

/** Whether a database error is a unique index refusing a value (SQLSTATE 23505), as Drizzle wraps it or bare. */
export function isUniqueViolation(e: unknown): boolean {
  const cause = (e as { cause?: { code?: string } } | null)?.cause ?? (e as { code?: string } | null);
  return cause?.code === '23505';
}

/**
 * Runs a write; a unique index refusing it becomes `refusal()` (a 400 naming the member), so a
 * concurrent writer of the same value gets the same answer as the check made before writing.
 */
export async function uniquely<R>(write: () => Promise<R>, refusal: () => AppError): Promise<R> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw refusal();
    throw e;
  }
}

const like = (filter: string) => `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a kit's writes need of the services: the events their hooks raise, the key of secret columns. */
export type KitServices = Pick<Services, 'events' | 'config'>;
/** A read's context: with the key of the table's secret columns (`queries.context`) when it has some. */
export type KitReadContext = Ctx & { secrets?: Secrets };

export function resourceService<T extends AnyTable, I, D, Q extends object = object>(r: Resource<T, I, D, Q>) {
  refuseQueriedSecrets(r.entity, [...Object.values(r.sortable), ...r.search, ...(r.unique ?? []).map((u) => u.column)]);
  const hasSecrets = secretColumnsOf(r.table).length > 0;
  /** The key of the table's secret columns (read only for a table that has some). */
  const secretsOf = (services: Pick<Services, 'config'>): Promise<Secrets | undefined> =>
    hasSecrets ? secretsFor(services.config) : Promise.resolve(undefined);
  /** Rows → DTOs, the secret columns masked first (never answered as stored). */
  const dtos = (tx: Tx, ctx: KitReadContext, rows: T['$inferSelect'][]) => {
    if (hasSecrets && !ctx.secrets) throw new Error(`${r.entity}: read with the context of its queries' \`context\``);
    return r.toDtos(tx, ctx, ctx.secrets ? revealMasked(ctx.secrets, r.table, rows) : rows);
  };
  const one = async (tx: Tx, ctx: KitReadContext, row: T['$inferSelect']) => (await dtos(tx, ctx, [row]))[0]!;

  const where = (ctx: Ctx, filter?: string, query?: Q) =>
    owned(
      ctx,
      r.table,
      filter ? or(...r.search.map((c) => ilike(c, like(filter)))) : undefined,
      query && r.scope?.(query),
    );
  const taken = (member: string, value: unknown) => fieldError(member, `${r.texts}::AlreadyExists`, [value]);

  /** Unique among all the tenant's rows, recycled ones included (their values stay taken). */
  async function assertUnique(tx: Tx, ctx: Ctx, input: I, exceptId?: string) {
    for (const { member, column } of r.unique ?? []) {
      const value = (input as Record<string, unknown>)[member];
      if (typeof value !== 'string') continue;
      const [clash] = await tx
        .select({ id: r.table.id })
        .from(r.table as PgTable)
        .where(
          and(
            ctx.tenant ? eq(r.table.tenantId, ctx.tenant.id) : isNull(r.table.tenantId),
            sql`lower(${column}) = lower(${value})`,
            exceptId ? ne(r.table.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      if (clash) throw taken(member, value);
    }
  }

  /** A concurrent writer of the same unique value loses on the index: the same field error as the check. */
  function write<R>(input: I, run: () => Promise<R>): Promise<R> {
    const member = r.unique?.[0]?.member;
    if (!member) return run();
    return uniquely(run, () => taken(member, (input as Record<string, unknown>)[member]));
  }

  /** The reads, each in the caller's unit `(tx, ctx, …)`; `ctx` from `context` when the table has secrets. */
  const queries = {
    /** Before the unit: the request's context with what the reads need (the key of secret columns). */
    context: async <C extends Ctx>(services: Pick<Services, 'config'>, ctx: C): Promise<C & KitReadContext> =>
      hasSecrets ? { ...ctx, secrets: await secretsOf(services) } : ctx,
    async page(tx: Tx, ctx: KitReadContext, q: PagedQuery & Q) {
      const p = await page(tx, r.table, where(ctx, q.filter, q), q, { allowed: r.sortable, fallback: r.defaultSort });
      return { totalCount: p.totalCount, items: await dtos(tx, ctx, p.items) };
    },
    async all(tx: Tx, ctx: KitReadContext, filter?: string, query?: Q) {
      const rows = await selectEntities(tx, r.table, { where: where(ctx, filter, query), orderBy: r.defaultSort });
      return { items: await dtos(tx, ctx, rows) };
    },
    get: async (tx: Tx, ctx: KitReadContext, id: string) =>
      one(tx, ctx, await getOwned(tx, ctx, r.table, r.entity, id)),
    /** The filtered, sorted list in batches, each its own unit of work, for the Excel export. */
    async *batches(services: Services, request: Ctx, q: Pick<PagedQuery, 'filter' | 'sorting'> & Q, size = 2000) {
      const ctx = await queries.context(services, request);
      const order = [...orderBy(q.sorting, r.sortable, r.defaultSort), asc(r.table.id)];
      for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += size) {
        const rows = await services.data.inTenant(ctx, async (tx) =>
          dtos(
            tx,
            ctx,
            await selectEntities(tx, r.table, { where: where(ctx, q.filter, q), orderBy: order, limit: size, offset }),
          ),
        );
        if (rows.length) yield rows;
        if (rows.length < size) return;
      }
    },
  };

  /**
   * The writes, bound to the services once: each runs in the caller's transaction `(tx, ctx, …)`
   * (never opening a unit) and answers the row as a read would; the hooks may raise events on `tx`.
   */
  const commands = (services: KitServices) => ({
    async create(tx: Tx, ctx: Ctx, input: I) {
      await assertReferences(tx, ctx, input, r.references);
      await r.validate?.(tx, ctx, input, undefined, services);
      await assertUnique(tx, ctx, input);
      const secrets = await secretsOf(services);
      const values = secrets ? sealForInsert(secrets, r.table, r.values(input)) : r.values(input);
      const row = await write(input, () => insertOwned(tx, ctx, r.table, r.entity, values));
      await r.saveChildren?.(tx, ctx, row.id as string, input, services);
      return one(tx, { ...ctx, secrets }, row);
    },
    async update(tx: Tx, ctx: Ctx, id: string, input: I & { concurrencyStamp?: string }) {
      await getOwned(tx, ctx, r.table, r.entity, id);
      await assertReferences(tx, ctx, input, r.references);
      await r.validate?.(tx, ctx, input, id, services);
      await assertUnique(tx, ctx, input, id);
      const secrets = await secretsOf(services);
      // a secret sent back masked or left out is dropped here, so the stored one stays
      const values = secrets ? sealForUpdate(secrets, r.table, r.values(input)) : r.values(input);
      const row = await write(input, () => updateOwned(tx, ctx, r.table, r.entity, id, values, input.concurrencyStamp));
      await r.saveChildren?.(tx, ctx, id, input, services);
      return one(tx, { ...ctx, secrets }, row);
    },
    async remove(tx: Tx, ctx: Ctx, id: string) {
      await getOwned(tx, ctx, r.table, r.entity, id);
      await r.beforeDelete?.(tx, ctx, id, services);
      await deleteOwned(tx, ctx, r.table, r.entity, id);
    },
  });

  return { queries, commands };
}

/** A resource's reads (`resourceService(…).queries`) answering `D`. */
// biome-ignore lint/suspicious/noExplicitAny: the input type is checked by the route's schemas
export type ResourceQueries<D> = ReturnType<typeof resourceService<any, any, D, any>>['queries'];
/** A resource's writes bound to the services (`resourceService(…).commands(services)`) answering `D`. */
// biome-ignore lint/suspicious/noExplicitAny: the input type is checked by the route's schemas
export type ResourceCommands<D> = ReturnType<ReturnType<typeof resourceService<any, any, D, any>>['commands']>;

/**
 * Writes a parent's child rows from its input list: items with a known id are updated (when
 * changed), the others inserted, missing ones deleted, so ids that other records point at
 * (e.g. SKU option codes) stay stable. Deletes go first, freeing unique values for reuse.
 */
export async function syncChildren<T extends AnyTable, C extends { id?: string }>(
  tx: Tx,
  ctx: Ctx,
  table: T,
  entity: string,
  parent: { key: string; column: AnyPgColumn; id: string },
  items: C[],
  values: (item: C, index: number) => Partial<T['$inferInsert']>,
) {
  const existing = (await selectEntities(tx, table, { where: owned(ctx, table, eq(parent.column, parent.id)) })) as {
    id: string;
  }[];
  const wanted = new Set(items.map((i) => i.id).filter(Boolean));
  for (const row of existing) if (!wanted.has(row.id)) await deleteOwned(tx, ctx, table, entity, row.id);
  const known = new Map(existing.map((row) => [row.id, row as Record<string, unknown>]));
  for (const [index, item] of items.entries()) {
    const next = { ...values(item, index), [parent.key]: parent.id } as Record<string, unknown>;
    const before = item.id ? known.get(item.id) : undefined;
    if (!before) await insertOwned(tx, ctx, table, entity, next as Partial<T['$inferInsert']>);
    else if (Object.entries(next).some(([k, v]) => before[k] !== v)) {
      await updateOwned(tx, ctx, table, entity, item.id!, next as Partial<T['$inferInsert']>);
    }
  }
}

/**
 * A 400 on the first repeated value of `key` in a child list, naming `list.<index>.<key>`, with
 * `messageKey` (`{1}` is the value).
 */
export function assertDistinct<C>(
  messageKey: string,
  list: string,
  items: C[],
  key: keyof C & string,
  normalize = (v: unknown) => String(v).toLowerCase(),
) {
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    const v = normalize(item[key]);
    if (seen.has(v)) throw fieldError(`${list}.${index}.${key}`, messageKey, [String(item[key])]);
    seen.add(v);
  }
}

export interface ExportColumnDef<D> {
  /** Localization key in the resource's `texts`. */
  header: string;
  width?: number;
  value(row: D, culture: RequestContext['culture']): string | number | Date | null | undefined;
}

const idParams = z.object({ id: z.guid() });
const exportQuery = pagedQuery.pick({ filter: true, sorting: true });

/**
 * `GET url` (paged), `GET url/all`, `GET url/{id}`, `POST url`, `PUT url/{id}`, `DELETE url/{id}`
 * and, with `exportColumns`, `GET url/export` (.xlsx of the filtered, sorted list). Reads need
 * `permission`, writes its `.Create`/`.Update`/`.Delete` children. `query` adds members to the
 * query strings of the list, `/all` and the export, handed to the resource's `scope`.
 */
export function resourceRoutes<D>(
  fastify: FastifyInstance,
  opts: {
    url: string;
    tag: string;
    permission: string;
    /**
     * Other permissions that may read `/all`, the picker of the rows (a site's carts page picks among
     * the sites): any one of them, or `permission`, will do.
     */
    pickerPermissions?: string[];
    /** Localization resource of the export's file name and headers (`Catalog`). */
    texts: string;
    dto: z.ZodType<D>;
    input: z.ZodType;
    updateInput: z.ZodType;
    /** The resource's reads (its area's queries). */
    queries: ResourceQueries<D>;
    /** The resource's writes, bound to the services (its area's commands). */
    commands: ResourceCommands<D>;
    /** The list's own query members (optional ones), e.g. `z.object({ carrierId: z.guid().optional() })`. */
    query?: z.ZodObject;
    /** File and sheet name: a key of `texts`. */
    exportName?: string;
    exportColumns?: ExportColumnDef<D>[];
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const { url, permission, queries, commands } = opts;
  kitLists.set(url, {});
  const tags = [opts.tag];
  const read: { permission: string | string[] } = { permission };
  const text = (culture: RequestContext['culture'], key: string) => t(culture, `${opts.texts}::${key}`);
  /** One unit of work for the request, its context holding what the reads need. */
  const inUnit = async <R>(request: RequestContext, run: (tx: Tx, ctx: KitReadContext) => Promise<R>) => {
    const ctx = await queries.context(s, request);
    return s.data.inTenant(ctx, (tx) => run(tx, ctx));
  };
  /** The route's own members, typed as none: the resource's `scope` reads them. */
  const own = (opts.query?.shape ?? {}) as Record<never, z.ZodType>;

  app.get(
    url,
    { config: read, schema: { tags, querystring: pagedQuery.extend(own), response: { 200: listPage(opts.dto) } } },
    (req) => inUnit(req.ctx, (tx, ctx) => queries.page(tx, ctx, req.query)),
  );
  app.get(
    `${url}/all`,
    {
      config: opts.pickerPermissions ? { permission: [permission, ...opts.pickerPermissions] } : read,
      schema: {
        tags,
        querystring: pagedQuery.pick({ filter: true }).extend(own),
        response: { 200: listResult(opts.dto) },
      },
    },
    (req) => inUnit(req.ctx, (tx, ctx) => queries.all(tx, ctx, req.query.filter, req.query)),
  );
  if (opts.exportColumns) {
    const columns = opts.exportColumns;
    const name = opts.exportName ?? opts.tag;
    app.get(`${url}/export`, { config: read, schema: { tags, querystring: exportQuery.extend(own) } }, (req, reply) => {
      const culture = req.ctx.culture;
      const title = text(culture, name);
      return sendXlsx(
        reply,
        `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        title,
        columns.map((c) => ({
          header: text(culture, c.header),
          width: c.width,
          value: (row: D) => c.value(row, culture),
        })),
        queries.batches(s, req.ctx, req.query),
      );
    });
  }
  app.get(
    `${url}/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: opts.dto } } },
    (req) => inUnit(req.ctx, (tx, ctx) => queries.get(tx, ctx, req.params.id)) as never,
  );
  app.post(
    url,
    { config: { permission: `${permission}.Create` }, schema: { tags, body: opts.input, response: { 200: opts.dto } } },
    (req) => inUnit(req.ctx, (tx, ctx) => commands.create(tx, ctx, req.body)) as never,
  );
  app.put(
    `${url}/:id`,
    {
      config: { permission: `${permission}.Update` },
      schema: { tags, params: idParams, body: opts.updateInput, response: { 200: opts.dto } },
    },
    (req) => inUnit(req.ctx, (tx, ctx) => commands.update(tx, ctx, req.params.id, req.body as never)) as never,
  );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${permission}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inUnit(req.ctx, (tx, ctx) => commands.remove(tx, ctx, req.params.id));
      return reply.status(204).send();
    },
  );
}

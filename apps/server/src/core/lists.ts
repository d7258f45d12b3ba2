import {
  type ColumnField,
  type DeclaredList,
  EXPORT_MAX_ROWS,
  type FilterField,
  type ListSpec,
  listPage,
  type SortKeys,
  textKeyOf,
} from '@seller/contracts/lists';
import {
  and,
  asc,
  type Column,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  inArray,
  lt,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RequestContext } from './context.ts';
import {
  boundedCount,
  boundedCounts,
  type CrudContext,
  owned,
  pageTotal,
  selectEntities,
  selectEntitiesSql,
} from './crud.ts';
import type { Tx } from './db/client.ts';
import { fieldError } from './errors.ts';
import { type ExportColumn, sendXlsx } from './export.ts';
import type { RouteAccess } from './fastify.d.ts';
import { t } from './localization/index.ts';
import { contains } from './search.ts';
import type { Services } from './services.ts';
import { type DayTally, dayTallyCounts } from './tallies.ts';
import { midnight, nextDay, wallClock } from './time.ts';

/**
 * The list kit (server side): a list declared in the contracts (`defineList`) plus its source
 * query becomes its routes, the page, `/counts` for the tabs and `/export`. Filters, search, the
 * LIKE escape, sort validation, paging, the bounded total and the spreadsheet's column formats
 * are written here once.
 *
 * Cost does not grow with the matches: the total is counted up to `LIST_COUNT_CAP` (then it
 * reads "10 000+"), paging stops at `LIST_MAX_SKIP`, and each declared sort is served by an
 * index (`test/list-plans.test.ts` reads the plans on PostgreSQL).
 */

// biome-ignore lint/suspicious/noExplicitAny: drizzle's table generics are not worth spelling out here
type AnyTable = PgTable & Record<string, any>;
export type ListContext = CrudContext & Pick<RequestContext, 'culture'>;
type Expr = Column | SQLWrapper;
// biome-ignore lint/suspicious/noExplicitAny: a filter's value type follows its declared kind
type FilterFn = (value: any, ctx: ListContext, tx: Tx) => SQL | undefined | Promise<SQL | undefined>;

export interface ListSource<L extends ListSpec, Row, Item> {
  /** The list's own table: the tenant predicate (and "not deleted") applies to it. */
  table: AnyTable;
  /**
   * The rows with their joins, as a dynamic select (`tx.select({...}).from(from).leftJoin(…).$dynamic()`);
   * absent, the rows are the table's. Filters and search may only name the table's columns (or
   * correlated subqueries): the total is counted over the table alone. It gets the request's
   * context for a join that depends on the viewer (a host list with the tenant's own choice), and
   * what to select from: the table, or with `view` the view under the table's name.
   */
  rows?: (tx: Tx, ctx: ListContext, from: AnyTable) => PgSelect;
  /**
   * A tenant-scoped view over the table with the table's columns (`tenantScopedView`), read
   * instead of the table for the rows and the counts inside a tenant; on the host side the kit
   * reads the table.
   */
  view?: string;
  /** Per declared filter: a column (compared as its kind says) or a predicate of the value. */
  filters: { [K in keyof L['filters']]: Expr | FilterFn };
  /** Columns the free text is looked for in (contains, case-insensitive), or a predicate of it. */
  search?: Expr[] | ((text: string, ctx: ListContext) => SQL | undefined);
  /** The tab member's column (`status`). */
  tab?: Expr;
  /** Per sort key, the expression it orders by (each has an index with the tenant). */
  sorts: { [K in SortKeys<L> & string]: Expr };
  /** Ties broken by this (default: the table's id), in the first sort's direction. */
  tieBreak?: Column;
  /**
   * The viewer's own scope (a CRM user's customers, "my records") or the parent's rows (an
   * organization unit's members, `q` holding the path's `id`): applies to the page, counts and export.
   */
  scope?(services: Services, tx: Tx, ctx: ListContext, q: Query): Promise<SQL | undefined> | SQL | undefined;
  /**
   * The order when the query has no `sorting`, read from other members of it (ABP's `reverse`);
   * absent or undefined, the declared default.
   */
  sortOf?(q: Query): string | undefined;
  /**
   * What the filters and `items` need besides the request (the tenant's currency, its time zone),
   * read once per request before the unit of work and merged into the context they get.
   */
  context?(services: Services, ctx: ListContext): Promise<Record<string, unknown>>;
  /**
   * Checked before the page, the counts and the export: a filter the list cannot do without (a
   * shop's items need `shopId`, 400 naming it), a parent record the viewer must be able to see (404).
   */
  guard?(services: Services, ctx: ListContext, q: Query): Promise<void>;
  /** The page's rows → its items (names of referenced records loaded in one query for the page). */
  items(tx: Tx, ctx: ListContext, rows: Row[]): Promise<Item[]> | Item[];
  /**
   * The tab counts from a tally the database keeps (`core/tallies.ts`) rather than by counting the
   * matches: inside a tenant, for a query with no search and no filter but `range` (a date range)
   * and those named in the tally. Exact, whatever the number of matches; other queries are counted.
   */
  tally?: DayTally & { range: keyof L['filters'] & string };
  /**
   * The page's total from a cheaper source than the list's rows (an index-only count of link rows):
   * for a query with no search and no filter but `filters`, each given one value. It gets their
   * values and answers the bounded count, or undefined to have the rows counted.
   */
  counter?: {
    filters: readonly (keyof L['filters'] & string)[];
    count(
      services: Services,
      tx: Tx,
      ctx: ListContext,
      values: Record<string, unknown>,
    ): Promise<{ n: number; capped: boolean } | undefined>;
  };
}

type Query = Record<string, unknown> & {
  skipCount?: number;
  maxResultCount?: number;
  sorting?: string;
  filter?: string;
};

/**
 * `table` read from `view` under the table's own name (`from "view" "table"`), so that a select of
 * the table's columns, its filters and correlated subqueries naming the table all read the view.
 */
export function readThrough<T extends AnyTable>(table: T, view: string): T {
  const named = alias(table, getTableName(table)) as unknown as T;
  return new Proxy(named, {
    get: (target, key, receiver) => (key === ORIGINAL_NAME ? view : Reflect.get(target, key, receiver)),
  });
}
/** Where drizzle keeps the name a table (or an alias of it) is read from. */
const ORIGINAL_NAME = Symbol.for('drizzle:OriginalName');

/** One list's reads: the page, the tab counts and the export's batches. */
export function listService<L extends ListSpec, Row, Item>(list: DeclaredList<L>, source: ListSource<L, Row, Item>) {
  const spec = list.spec;
  const byKey = new Map(list.sortKeys.map((k) => [k.toLowerCase(), (source.sorts as Record<string, Expr>)[k]!]));
  const [defaultKey, defaultDir] = spec.defaultSort.split(/\s+/);
  const tieBreak = source.tieBreak ?? (source.table.id as Column);
  const hostTable = !('tenantId' in getTableColumns(source.table));

  /** `"total desc, orderNo"` → ORDER BY terms over declared keys only; anything else is a 400 naming `sorting`. */
  function orderOf(q: Query, withTieBreak = true): SQL[] {
    const sorting = q.sorting || source.sortOf?.(q);
    const terms: SQL[] = [];
    let first: string | undefined;
    for (const part of (sorting || spec.defaultSort).split(',')) {
      const [key = '', dir = 'asc', ...rest] = part.trim().split(/\s+/);
      const expr = byKey.get(key.toLowerCase());
      const d = dir.toLowerCase();
      if (!expr || rest.length || (d !== 'asc' && d !== 'desc'))
        throw fieldError('sorting', 'Field:Sorting', [part.trim()]);
      first ??= d;
      terms.push(d === 'asc' ? asc(expr as Column) : desc(expr as Column));
    }
    if (withTieBreak) terms.push((first ?? defaultDir) === 'desc' ? desc(tieBreak) : asc(tieBreak));
    return terms;
  }
  if (!byKey.has(defaultKey!.toLowerCase()))
    throw new Error(`${spec.texts}: default sort ${spec.defaultSort} is not a sort key`);

  async function where(services: Services, tx: Tx, ctx: ListContext, q: Query, withTab: boolean): Promise<SQL> {
    const parts: (SQL | undefined)[] = [];
    if (q.filter && source.search) {
      parts.push(
        typeof source.search === 'function'
          ? source.search(q.filter, ctx)
          : or(...source.search.map((c) => contains(c, q.filter as string))),
      );
    }
    let timeZone: string | undefined;
    for (const [name, field] of Object.entries(spec.filters) as [string, FilterField][]) {
      const target = (source.filters as Record<string, Expr | FilterFn>)[name]!;
      if (field.kind === 'dateRange') {
        if (!q[field.from] && !q[field.to]) continue;
        timeZone ??= await services.timeZone(ctx);
        const { from: start, to: end } = instantsOf(field, q, timeZone);
        if (typeof target === 'function') parts.push(await target({ from: start, to: end }, ctx, tx));
        else parts.push(start ? gte(target as Column, start) : undefined, end ? lt(target as Column, end) : undefined);
        continue;
      }
      if (field.kind === 'range') {
        const min = q[field.min] as string | undefined;
        const max = q[field.max] as string | undefined;
        if (min === undefined && max === undefined) continue;
        if (typeof target === 'function') parts.push(await target({ min, max }, ctx, tx));
        else parts.push(min ? gte(target as Column, min) : undefined, max ? lte(target as Column, max) : undefined);
        continue;
      }
      const value = q[name];
      if (value === undefined) continue;
      if (typeof target === 'function') parts.push(await target(value, ctx, tx));
      else if (field.kind === 'text') parts.push(contains(target, value as string));
      else if (Array.isArray(value)) parts.push(inArray(target as Column, value));
      else parts.push(eq(target as Column, value));
    }
    const tabValues = spec.tabs ? (q[spec.tabs.member] as string[] | undefined) : undefined;
    if (withTab && tabValues?.length && source.tab) parts.push(inArray(source.tab as Column, tabValues));
    parts.push(await source.scope?.(services, tx, ctx, q));
    // a host table (tenants, countries) has no tenant column: its route's permission is the host's
    if (!hostTable) return owned(ctx, source.table, ...parts);
    if ('isDeleted' in getTableColumns(source.table)) parts.push(eq(source.table.isDeleted, false));
    return and(...parts) ?? sql`true`;
  }

  /**
   * The tallied filters' values when a tally can answer the query's tab counts (no search, no
   * viewer scope, no filter but the tally's range and its own); otherwise undefined.
   */
  function talliedFilters(q: Query): Record<string, unknown> | undefined {
    const tally = source.tally;
    if (!tally || source.scope) return undefined;
    return onlyFilters(q, Object.keys(tally.filters), tally.range);
  }

  /** The values of the query's filters when it has no search and no filter but `allowed` (and `range`), each one value. */
  function onlyFilters(q: Query, allowed: readonly string[], range?: string): Record<string, unknown> | undefined {
    if (q.filter) return undefined;
    const values: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(spec.filters) as [string, FilterField][]) {
      const given =
        field.kind === 'dateRange'
          ? [q[field.from], q[field.to]]
          : field.kind === 'range'
            ? [q[field.min], q[field.max]]
            : [q[name]];
      if (given.every((v) => v === undefined || v === '')) continue;
      if (name === range) continue;
      if (!allowed.includes(name) || Array.isArray(q[name])) return undefined;
      values[name] = q[name];
    }
    return values;
  }

  /** The page's bounded total: from the source's `counter` when it answers the query, else by counting the rows. */
  async function totalOf(services: Services, tx: Tx, ctx: ListContext, q: Query, w: SQL) {
    const tabbed = spec.tabs && (q[spec.tabs.member] as unknown[] | undefined)?.length;
    const values = source.counter && !tabbed ? onlyFilters(q, source.counter.filters) : undefined;
    const counted = values && (await source.counter!.count(services, tx, ctx, values));
    return counted ?? boundedCountOf(tx, ctx, w);
  }

  const contextOf = async (services: Services, ctx: ListContext, q: Query, guarded = true): Promise<ListContext> => {
    if (guarded) await source.guard?.(services, ctx, q);
    return source.context ? { ...ctx, ...(await source.context(services, ctx)) } : ctx;
  };

  const viewOf = (ctx: ListContext) => (ctx.tenant ? source.view : undefined);
  const boundedCountOf = (tx: Tx, ctx: ListContext, w: SQL) => boundedCount(tx, source.table, w, viewOf(ctx));
  const throughView = source.view ? readThrough(source.table, source.view) : source.table;
  const fromOf = (ctx: ListContext) => (ctx.tenant ? throughView : source.table);

  function rowsSql(tx: Tx, ctx: ListContext, w: SQL, order: SQL[], limit: number, offset: number): SQL {
    if (source.rows)
      return source
        .rows(tx, ctx, fromOf(ctx))
        .where(w)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
        .getSQL();
    return selectEntitiesSql(source.table, { where: w, orderBy: order, limit, offset, source: viewOf(ctx) });
  }

  async function rowsOf(tx: Tx, ctx: ListContext, w: SQL, order: SQL[], limit: number, offset: number): Promise<Row[]> {
    if (source.rows)
      return (await source
        .rows(tx, ctx, fromOf(ctx))
        .where(w)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)) as Row[];
    return (await selectEntities(tx, source.table, {
      where: w,
      orderBy: order,
      limit,
      offset,
      source: viewOf(ctx),
    })) as Row[];
  }

  return {
    /** One page, with its total (exact up to the cap). */
    page: async (services: Services, request: ListContext, q: Query) => {
      const order = orderOf(q);
      const ctx = await contextOf(services, request, q);
      return services.data.inTenant(ctx, async (tx) => {
        const w = await where(services, tx, ctx, q, true);
        const skip = q.skipCount ?? 0;
        const take = q.maxResultCount ?? 10;
        const rows = await rowsOf(tx, ctx, w, order, take, skip);
        const total = await pageTotal(rows.length, { skipCount: skip, maxResultCount: take }, () =>
          totalOf(services, tx, ctx, q, w),
        );
        return { ...total, items: await source.items(tx, ctx, rows) };
      });
    },
    /**
     * The plan of a page's query in the declared order (without the id tie-break) with sorts and
     * sequential scans priced out (`enable_sort`, `enable_seqscan` off): a Sort node left on its
     * path means no index serves that order.
     */
    explain: async (services: Services, request: ListContext, q: Query) => {
      // the plan only: a required filter need not be given
      const ctx = await contextOf(services, request, q, false);
      return services.data.inTenant(ctx, async (tx) => {
        await tx.execute(sql`set local enable_sort = off`);
        await tx.execute(sql`set local enable_seqscan = off`);
        const w = await where(services, tx, ctx, q, true);
        const plan = await tx.execute(
          // the declared order alone: ties broken by id are an Incremental Sort over equal keys
          sql`explain (format json) ${rowsSql(tx, ctx, w, orderOf(q, false), q.maxResultCount ?? 20, 0)}`,
        );
        return JSON.stringify(plan.rows);
      });
    },
    /** Per tab value, how many rows match the other filters (each count bounded by the cap, or exact from a tally). */
    counts: async (services: Services, request: ListContext, q: Query) => {
      const ctx = await contextOf(services, request, q);
      const tallied = ctx.tenant && talliedFilters(q);
      const timeZone = tallied && (await services.timeZone(ctx));
      return services.data.inTenant(ctx, async (tx) => {
        if (!spec.tabs || !source.tab) throw new Error(`${spec.texts} has no tabs`);
        if (tallied && timeZone && source.tally) {
          const range = spec.filters[source.tally.range] as FilterField & { kind: 'dateRange' };
          const each = await dayTallyCounts(tx, source.tally, ctx.tenant!.id, instantsOf(range, q, timeZone), tallied);
          if (each) {
            const counts = Object.fromEntries(spec.tabs.values.map((value) => [value, each.get(value) ?? 0]));
            const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
            return { total, capped: false, counts };
          }
        }
        const w = await where(services, tx, ctx, q, false);
        const tab = source.tab as Column;
        const each = await boundedCounts(
          tx,
          source.table,
          spec.tabs.values.map((value) => and(w, eq(tab, value))!),
          viewOf(ctx),
        );
        const counts: Record<string, number> = {};
        spec.tabs.values.forEach((value, i) => {
          counts[value] = each[i]!.n;
        });
        return {
          total: each.reduce((sum, c) => sum + c.n, 0),
          capped: each.some((c) => c.capped),
          counts,
        };
      });
    },
    /**
     * A query's bounded total, as the page counts it (a dashboard tile): the list's context is read
     * now, before any unit; the count it answers runs in the caller's unit.
     */
    total: async (services: Services, request: ListContext, q: Query) => {
      const ctx = await contextOf(services, request, q);
      return async (tx: Tx) => totalOf(services, tx, ctx, q, await where(services, tx, ctx, q, true));
    },
    /** The filtered, sorted list in batches (each its own unit of work), for the export. */
    async *batches(services: Services, request: ListContext, q: Query, size = 1000) {
      const order = orderOf(q);
      const ctx = await contextOf(services, request, q);
      for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += size) {
        const items = await services.data.inTenant(ctx, async (tx) =>
          source.items(tx, ctx, await rowsOf(tx, ctx, await where(services, tx, ctx, q, true), order, size, offset)),
        );
        if (items.length) yield items;
        if (items.length < size) return;
      }
    },
  };
}

/** A date-range filter's instants: a day (yyyy-MM-dd) is its midnight on the tenant's clock, `to`'s the next day's. */
function instantsOf(field: FilterField & { kind: 'dateRange' }, q: Query, timeZone: string) {
  const from = q[field.from] as string | undefined;
  const to = q[field.to] as string | undefined;
  return {
    from: from ? (from.length === 10 ? midnight(from, timeZone) : new Date(from)) : undefined,
    to: to ? (to.length === 10 ? midnight(nextDay(to), timeZone) : new Date(to)) : undefined,
  };
}

/**
 * Every paged list the kits made, by its `GET` url: the architecture test refuses a paged route
 * made by hand, and the plan test explains each declared sort of these.
 */
export const kitLists = new Map<string, { list?: DeclaredList; service?: ListService<unknown> }>();

export type ListService<Item> = {
  explain(services: Services, ctx: ListContext, q: Query): Promise<string>;
  page(services: Services, ctx: ListContext, q: Query): Promise<{ totalCount: number; items: Item[] }>;
  counts(
    services: Services,
    ctx: ListContext,
    q: Query,
  ): Promise<{ total: number; capped: boolean; counts: Record<string, number> }>;
  batches(services: Services, ctx: ListContext, q: Query): AsyncGenerator<Item[]>;
  /** Absent on a hand-made service (a list not read by `listService`). */
  total?(services: Services, ctx: ListContext, q: Query): Promise<(tx: Tx) => Promise<{ n: number; capped: boolean }>>;
};

/** A column's spreadsheet cell: one format per kind, texts in the reader's language, times on the tenant's clock. */
function exportColumn<Item>(
  spec: ListSpec,
  key: string,
  c: ColumnField,
  culture: RequestContext['culture'],
  timeZone: string,
): ExportColumn<Item> {
  const text = (k: string) => t(culture, `${spec.texts}::${k}`);
  const header = c.header ?? textKeyOf(key);
  const get = (row: Item) => (row as Record<string, unknown>)[key];
  const base = { header: text(header), width: c.width ? Math.max(8, Math.round(c.width / 8)) : undefined };
  switch (c.kind) {
    case 'enum': {
      const prefix = c.texts ?? `${header}:`;
      return { ...base, value: (row) => (get(row) == null ? null : text(`${prefix}${get(row)}`)) };
    }
    case 'money':
    case 'quantity':
    case 'percent':
      return {
        ...base,
        numFmt: c.kind === 'quantity' ? '#,##0.###' : '#,##0.00#',
        value: (row) => (get(row) == null || get(row) === '' ? null : Number(get(row))),
      };
    case 'date':
    case 'dateTime':
      return {
        ...base,
        numFmt: c.kind === 'date' ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm',
        value: (row) => {
          const v = get(row);
          return v == null ? null : wallClock(v instanceof Date ? v : new Date(String(v)), timeZone);
        },
      };
    case 'bool':
      return { ...base, value: (row) => (get(row) == null ? null : t(culture, get(row) ? 'Yes' : 'No')) };
    default:
      return { ...base, value: (row) => (get(row) == null ? null : String(get(row))) };
  }
}

/** The list half of a record's routes: where it is served, under which permission, and what it lists. */
export interface RecordListRoutes<Item> {
  url: string;
  tag: string;
  permission: string;
  list: DeclaredList;
  item: z.ZodType<Item>;
  listService: ListService<Item>;
}

/** `listRoutes` of a record whose other routes share its url, tag and permission. */
export function recordListRoutes<Item>(fastify: FastifyInstance, r: RecordListRoutes<Item>) {
  listRoutes(fastify, {
    url: r.url,
    tag: r.tag,
    permission: r.permission,
    list: r.list,
    item: r.item,
    service: r.listService,
  });
}

/**
 * `GET url` (the page), `GET url/counts` (with tabs) and `GET url/export` (.xlsx of the
 * filtered, sorted list, its columns as declared). Reads need `permission` (or only a signed-in
 * user, `authenticated`); the export `exportPermission` when it has its own. A url with a parent
 * (`/:id/users`) declares its `params`, which the source reads from the query (`q.id`).
 */
export function listRoutes<Item>(
  fastify: FastifyInstance,
  opts: {
    url: string;
    tag: string;
    permission?: string | string[];
    /** Any signed-in user (the viewer's own records, the list's `scope` narrows to them). */
    authenticated?: boolean;
    /** Only on the host side (a host table) or only inside a tenant. */
    side?: 'host' | 'tenant';
    exportPermission?: string;
    list: DeclaredList;
    item: z.ZodType<Item>;
    service: ListService<Item>;
    /** The path's members (`{ id }`), checked like the query and merged into it. */
    params?: z.ZodObject;
    /** Query members the page and the export accept beyond the declaration (ABP's `reverse`). */
    query?: Record<string, z.ZodType>;
  },
) {
  if (!opts.permission && !opts.authenticated) throw new Error(`${opts.url}: a list needs a permission`);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const { url, list, service } = opts;
  const spec = list.spec;
  const tags = [opts.tag];
  const access: RouteAccess = opts.permission
    ? { side: opts.side, permission: opts.permission }
    : { side: opts.side, authenticated: true };
  const params = opts.params ? { params: opts.params } : {};
  const queryOf = (req: { query: unknown; params: unknown }) =>
    ({ ...(req.query as Query), ...(opts.params ? (req.params as Query) : {}) }) as Query;
  kitLists.set(url, { list, service: service as ListService<unknown> });

  app.get(
    url,
    {
      config: access,
      schema: {
        tags,
        ...params,
        querystring: opts.query ? list.query.extend(opts.query) : list.query,
        response: { 200: listPage(opts.item) },
      },
    },
    (req) => service.page(s, req.ctx, queryOf(req)),
  );
  if (spec.tabs) {
    app.get(
      `${url}/counts`,
      {
        config: access,
        schema: {
          tags,
          ...params,
          querystring: list.filters.omit({ [spec.tabs.member]: true } as Record<string, true> & Record<number, never>),
          response: { 200: list.counts },
        },
      },
      (req) => service.counts(s, req.ctx, queryOf(req)),
    );
  }
  app.get(
    `${url}/export`,
    {
      config: (opts.exportPermission ? { side: opts.side, permission: opts.exportPermission } : access) as RouteAccess,
      schema: { tags, ...params, querystring: opts.query ? list.exportQuery.extend(opts.query) : list.exportQuery },
    },
    async (req, reply) => {
      const culture = req.ctx.culture;
      const timeZone = await s.timeZone(req.ctx);
      const title = t(culture, `${spec.texts}::${spec.exportName ?? 'ExportName'}`);
      const columns = Object.entries(spec.columns)
        .filter(([, c]) => !c.noExport)
        .map(([key, c]) => exportColumn<Item>(spec, key, c, culture, timeZone));
      return sendXlsx(
        reply,
        `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        title,
        columns,
        service.batches(s, req.ctx, queryOf(req)),
      );
    },
  );
}

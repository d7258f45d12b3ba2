import { type pagedQuery, pagedResult } from '@seller/contracts';
import { asc, eq, getTableColumns, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from '../../../core/context.ts';
import { deleteOwned, insertOwned, orderBy, owned, updateOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { newConcurrencyStamp } from '../../../core/db/columns.ts';
import { AppError, notFound } from '../../../core/errors.ts';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../../core/export.ts';
import { t } from '../../../core/localization/index.ts';
import type { Services } from '../../../core/services.ts';
import { type CustomerNeed, type CustomerViewer, customerScope, loadCustomer, viewerOf } from '../customers/access.ts';
import { crmCustomers } from '../customers/schema.ts';

/**
 * One kit for a customer's child records (addresses, bank accounts, social accounts,
 * subscriptions): lists join the customers the caller sees (`customerScope`), a single record is
 * reached through its customer (`loadCustomer`: 404 when the customer is not visible, 403 when it
 * is but may not be changed), writes lock the customer's row so rules over its records (one
 * default) see the committed state.
 */
// biome-ignore lint/suspicious/noExplicitAny: drizzle's table generics are not worth spelling out here
type AnyTable = PgTable & Record<string, any>;
type Ctx = RequestContext;
type Row<T extends AnyTable> = T['$inferSelect'] & { customerName: string };

export interface ChildRecord<T extends AnyTable, I extends { customerId: string }, U, D, Q extends object> {
  table: T;
  /** Entity name (audit, 404 texts). */
  entity: string;
  url: string;
  tag: string;
  /** Localization resource of the export's headers and file name. */
  texts: string;
  exportName: string;
  sortable: Record<string, AnyPgColumn>;
  defaultSort: SQL[];
  search: AnyPgColumn[];
  /** The list's query: paging, `customerId` and the record's own filters (contracts `…Query`). */
  query: z.ZodObject;
  filter(q: Q): (SQL | undefined)[];
  dto: z.ZodType<D>;
  input: z.ZodType<I>;
  updateInput: z.ZodType<U>;
  /** Input → columns; `before` is the stored row on update. Throw field errors for rules Zod cannot say. */
  values(
    services: Services,
    tx: Tx,
    ctx: Ctx,
    input: I | U,
    before?: T['$inferSelect'],
  ): Promise<Partial<T['$inferInsert']>>;
  /** A column of which a customer has at most one `true` (the default record). */
  single?: AnyPgColumn;
  toDto(row: Row<T>): D;
  exportColumns: {
    header: string;
    width?: number;
    value(row: NoInfer<D>, culture: Ctx['culture']): string | number | Date | null | undefined;
  }[];
}

const like = (filter: string) => `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function childRecord<T extends AnyTable, I extends { customerId: string }, U, D, Q extends object>(
  r: ChildRecord<T, I, U, D, Q>,
) {
  const columns = getTableColumns(r.table);

  function where(ctx: Ctx, viewer: CustomerViewer, q: { filter?: string; customerId?: string } & Q) {
    return owned(
      ctx,
      r.table,
      eq(crmCustomers.isDeleted, false),
      customerScope(viewer, { includePool: true }),
      q.customerId ? eq(r.table.customerId, q.customerId) : undefined,
      q.filter ? or(...r.search.map((c) => ilike(c, like(q.filter!)))) : undefined,
      ...r.filter(q),
    );
  }

  const select = (tx: Tx) =>
    tx
      .select({ ...columns, customerName: crmCustomers.name, total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(r.table as PgTable)
      .innerJoin(crmCustomers, eq(crmCustomers.id, r.table.customerId));

  const toDto = (row: Record<string, unknown>) => {
    const { total: _, ...rest } = row;
    return r.toDto(rest as Row<T>);
  };

  /** The record, reached through its customer (`need`); 404 when either is out of sight. */
  async function load(tx: Tx, ctx: Ctx, viewer: CustomerViewer, id: string, need: CustomerNeed) {
    const [row] = await select(tx)
      .where(owned(ctx, r.table, eq(r.table.id, id)))
      .limit(1);
    if (!row) throw notFound(r.entity, id);
    try {
      await loadCustomer(tx, viewer, row.customerId as string, need, { forUpdate: need !== 'read' });
    } catch (e) {
      if (e instanceof AppError && e.status === 404) throw notFound(r.entity, id);
      throw e;
    }
    return row as Record<string, unknown> & T['$inferSelect'];
  }

  async function reread(tx: Tx, ctx: Ctx, id: string) {
    const [row] = await select(tx)
      .where(owned(ctx, r.table, eq(r.table.id, id)))
      .limit(1);
    return toDto(row);
  }

  /** Setting a default unsets the customer's other one (a new stamp: forms open on it are stale). */
  async function keepSingle(tx: Tx, ctx: Ctx, customerId: string, values: Record<string, unknown>, id?: string) {
    if (!r.single) return;
    const key = Object.entries(columns).find(([, c]) => c === r.single)?.[0];
    if (!key || values[key] !== true) return;
    await tx
      .update(r.table as PgTable)
      .set({ [key]: false, concurrencyStamp: newConcurrencyStamp() } as never)
      .where(
        owned(
          ctx,
          r.table,
          eq(r.table.customerId, customerId),
          eq(r.single, true),
          id ? ne(r.table.id, id) : undefined,
        ),
      );
  }

  const service = {
    async page(services: Services, ctx: Ctx, q: z.infer<typeof pagedQuery> & { customerId?: string } & Q) {
      const viewer = await viewerOf(services, ctx);
      return services.data.inTenant(ctx, async (tx) => {
        const rows = await select(tx)
          .where(where(ctx, viewer, q))
          .orderBy(...orderBy(q.sorting, r.sortable, r.defaultSort), asc(r.table.id))
          .limit(q.maxResultCount)
          .offset(q.skipCount);
        let totalCount = rows[0]?.total ?? 0;
        if (!rows.length && q.skipCount > 0) {
          const [{ n }] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(r.table as PgTable)
            .innerJoin(crmCustomers, eq(crmCustomers.id, r.table.customerId))
            .where(where(ctx, viewer, q));
          totalCount = n;
        }
        return { totalCount, items: rows.map(toDto) };
      });
    },
    async *batches(services: Services, ctx: Ctx, q: { filter?: string; sorting?: string; customerId?: string } & Q) {
      const viewer = await viewerOf(services, ctx);
      const size = 2000;
      for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += size) {
        const rows = await services.data.inTenant(ctx, (tx) =>
          select(tx)
            .where(where(ctx, viewer, q))
            .orderBy(...orderBy(q.sorting, r.sortable, r.defaultSort), asc(r.table.id))
            .limit(size)
            .offset(offset),
        );
        if (rows.length) yield rows.map(toDto);
        if (rows.length < size) return;
      }
    },
    async get(services: Services, ctx: Ctx, id: string) {
      const viewer = await viewerOf(services, ctx);
      return services.data.inTenant(ctx, async (tx) => toDto(await load(tx, ctx, viewer, id, 'read')));
    },
    async create(services: Services, ctx: Ctx, input: I) {
      const viewer = await viewerOf(services, ctx);
      return services.data.inTenant(ctx, async (tx) => {
        await loadCustomer(tx, viewer, input.customerId, 'write', { forUpdate: true });
        const values = { ...(await r.values(services, tx, ctx, input)), customerId: input.customerId };
        await keepSingle(tx, ctx, input.customerId, values);
        const row = await insertOwned(tx, ctx, r.table, r.entity, values as Partial<T['$inferInsert']>);
        return reread(tx, ctx, row.id as string);
      });
    },
    async update(services: Services, ctx: Ctx, id: string, input: U & { concurrencyStamp?: string }) {
      const viewer = await viewerOf(services, ctx);
      return services.data.inTenant(ctx, async (tx) => {
        const before = await load(tx, ctx, viewer, id, 'write');
        const values = await r.values(services, tx, ctx, input, before);
        await keepSingle(tx, ctx, before.customerId as string, values, id);
        await updateOwned(tx, ctx, r.table, r.entity, id, values, input.concurrencyStamp);
        return reread(tx, ctx, id);
      });
    },
    async remove(services: Services, ctx: Ctx, id: string) {
      const viewer = await viewerOf(services, ctx);
      await services.data.inTenant(ctx, async (tx) => {
        await load(tx, ctx, viewer, id, 'write');
        await deleteOwned(tx, ctx, r.table, r.entity, id);
      });
    },
  };

  function routes(fastify: FastifyInstance, permission: string) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const s = app.services;
    const tags = [r.tag];
    const idParams = z.object({ id: z.guid() });
    const listQuery = r.query;
    const text = (c: Ctx['culture'], key: string) => t(c, `${r.texts}::${key}`);

    app.get(
      r.url,
      { config: { permission }, schema: { tags, querystring: listQuery, response: { 200: pagedResult(r.dto) } } },
      (req) => service.page(s, req.ctx, req.query as never) as never,
    );
    app.get(
      `${r.url}/export`,
      {
        config: { permission },
        schema: { tags, querystring: listQuery.omit({ skipCount: true, maxResultCount: true }) },
      },
      (req, reply) => {
        const c = req.ctx.culture;
        const title = text(c, r.exportName);
        return sendXlsx(
          reply,
          `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`,
          title,
          r.exportColumns.map((col) => ({
            header: text(c, col.header),
            width: col.width,
            value: (row: D) => col.value(row, c),
          })),
          service.batches(s, req.ctx, req.query as never),
        );
      },
    );
    app.get(
      `${r.url}/:id`,
      { config: { permission }, schema: { tags, params: idParams, response: { 200: r.dto } } },
      (req) => service.get(s, req.ctx, req.params.id) as never,
    );
    app.post(
      r.url,
      { config: { permission: `${permission}.Create` }, schema: { tags, body: r.input, response: { 200: r.dto } } },
      (req) => service.create(s, req.ctx, req.body as I) as never,
    );
    app.put(
      `${r.url}/:id`,
      {
        config: { permission: `${permission}.Update` },
        schema: { tags, params: idParams, body: r.updateInput, response: { 200: r.dto } },
      },
      (req) => service.update(s, req.ctx, req.params.id, req.body as never) as never,
    );
    app.delete(
      `${r.url}/:id`,
      { config: { permission: `${permission}.Delete` }, schema: { tags, params: idParams } },
      async (req, reply) => {
        await service.remove(s, req.ctx, req.params.id);
        return reply.status(204).send();
      },
    );
  }

  return { service, routes };
}

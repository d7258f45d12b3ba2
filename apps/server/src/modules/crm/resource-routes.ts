import { listResult } from '@seller/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import { type RecordListRoutes, recordListRoutes } from '../../core/lists.ts';
import type { Services } from '../../core/services.ts';
import { type CustomerViewer, customerQueries } from './customers/queries.ts';

export const idParams = z.object({ id: z.guid() });
/** `?filter=` of a picker's options. */
export const filterQuery = z.object({ filter: z.string().trim().max(100).optional() });

/**
 * One unit of work for a request on customers or their records: the caller's viewer is read first
 * (their permissions, before the unit), as who sees a record is who sees its customer.
 */
export async function inTenantAsViewer<T>(
  services: Services,
  ctx: RequestContext,
  work: (tx: Tx, v: CustomerViewer) => Promise<T>,
): Promise<T> {
  const v = await customerQueries.viewer(services, ctx);
  return services.data.inTenant(ctx, (tx) => work(tx, v));
}

/** A picker of a record's form: `GET url/<name>?filter=`, read in one unit with the caller's viewer. */
export interface OptionsPicker {
  option: z.ZodType<unknown>;
  options: (
    tx: Tx,
    ctx: RequestContext,
    v: CustomerViewer,
    filter: string | undefined,
  ) => Promise<{ items: unknown[] }>;
}

/**
 * A record's read and writes in the service shape: `before` reads what must come before the unit
 * of work (the caller's viewer, the keys of secret columns), then each route opens one unit, runs
 * the write and answers with `get`.
 */
export interface RecordService<D, I, U, B> {
  before(services: Services, ctx: RequestContext): Promise<B>;
  get(tx: Tx, ctx: RequestContext, b: B, id: string): Promise<D>;
  /** Creates the record; its id. */
  create(tx: Tx, ctx: RequestContext, b: B, input: I): Promise<string>;
  update(tx: Tx, ctx: RequestContext, b: B, id: string, input: U): Promise<unknown>;
  remove(tx: Tx, ctx: RequestContext, b: B, id: string): Promise<unknown>;
}

/** What the API says of a record: its url, tag and schemas. */
export interface RecordApi<D, I, U> {
  url: string;
  tag: string;
  dto: z.ZodType<D>;
  input: z.ZodType<I>;
  updateInput: z.ZodType<U>;
}

/** An area's writes of a record, as its commands name them. */
export type RecordCommands<D, I, U, B> = Pick<RecordService<D, I, U, B>, 'create' | 'update'> & {
  delete: RecordService<D, I, U, B>['remove'];
};

/**
 * The record service of an area in the shape: what its routes read before the unit (the caller's
 * viewer, …), its `get` query and its `create`, `update` and `delete` commands.
 */
export const recordService = <D, I, U, B>(
  before: RecordService<D, I, U, B>['before'],
  queries: Pick<RecordService<D, I, U, B>, 'get'>,
  commands: RecordCommands<D, I, U, B>,
): RecordService<D, I, U, B> => ({
  before,
  get: queries.get,
  create: commands.create,
  update: commands.update,
  remove: commands.delete,
});

/**
 * `GET url/:id`, `POST url`, `PUT url/:id`, `DELETE url/:id` (204) of a record: reading under
 * `permission`, writing under its `.Create`, `.Update` and `.Delete` children.
 */
function recordRoutes<D, I, U, B>(
  fastify: FastifyInstance,
  opts: RecordApi<D, I, U> & { permission: string; service: RecordService<D, I, U, B> },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const { url, permission: P, service } = opts;
  const tags = [opts.tag];
  /** One unit for the request, after what comes before it. */
  const inTx = async <T>(ctx: RequestContext, work: (tx: Tx, b: B) => Promise<T>) => {
    const b = await service.before(s, ctx);
    return s.data.inTenant(ctx, (tx) => work(tx, b));
  };
  app.get(
    `${url}/:id`,
    { config: { permission: P }, schema: { tags, params: idParams, response: { 200: opts.dto } } },
    (req) => inTx(req.ctx, (tx, b) => service.get(tx, req.ctx, b, req.params.id)) as never,
  );
  app.post(
    url,
    { config: { permission: `${P}.Create` }, schema: { tags, body: opts.input, response: { 200: opts.dto } } },
    (req) =>
      inTx(req.ctx, async (tx, b) =>
        service.get(tx, req.ctx, b, await service.create(tx, req.ctx, b, req.body as I)),
      ) as never,
  );
  app.put(
    `${url}/:id`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: opts.updateInput, response: { 200: opts.dto } },
    },
    (req) =>
      inTx(req.ctx, async (tx, b) => {
        await service.update(tx, req.ctx, b, req.params.id, req.body as U);
        return service.get(tx, req.ctx, b, req.params.id);
      }) as never,
  );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx, b) => service.remove(tx, req.ctx, b, req.params.id));
      return reply.status(204).send();
    },
  );
}

/** `GET url`: the options of a form's picker matching `?filter`, under `permission`. */
function optionsRoute(
  fastify: FastifyInstance,
  opts: { url: string; tag: string; permission: string } & OptionsPicker,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  app.get(
    opts.url,
    {
      config: { permission: opts.permission },
      schema: { tags: [opts.tag], querystring: filterQuery, response: { 200: listResult(opts.option) } },
    },
    (req) => inTenantAsViewer(s, req.ctx, (tx, v) => opts.options(tx, req.ctx, v, req.query.filter)) as never,
  );
}

/**
 * The routes every CRM record that hangs off a customer shares, under one url, tag and permission:
 * the list with its export, the pickers of its form (`url/<name>`, e.g. `customer-options`), and
 * the record's get, create, update and delete.
 */
export function customerRecordRoutes<Item, D, I, U, B>(
  fastify: FastifyInstance,
  r: RecordListRoutes<Item> &
    RecordApi<D, I, U> & { pickers?: Record<string, OptionsPicker>; service: RecordService<D, I, U, B> },
) {
  const { url, tag, permission } = r;
  recordListRoutes(fastify, r);
  for (const [name, picker] of Object.entries(r.pickers ?? {})) {
    optionsRoute(fastify, { url: `${url}/${name}`, tag, permission, ...picker });
  }
  const { dto, input, updateInput, service } = r;
  recordRoutes(fastify, { url, tag, permission, dto, input, updateInput, service });
}

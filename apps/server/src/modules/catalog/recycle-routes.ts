import { idParams } from '@seller/contracts/catalog';
import type { DeclaredList } from '@seller/contracts/lists';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { areaRoutes } from '../../core/area-routes.ts';
import type { RequestContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import type { ListService } from '../../core/lists.ts';

/** One kind of record in the recycle area: its deleted ones' list, and its restore, purge and read. */
export interface RecycledKind<Item, Dto> {
  /** `/api/catalog/recycle/<kind>`. */
  url: string;
  /** The kind's delete permission: whoever may delete one may restore or purge it. */
  permission: string;
  list: DeclaredList;
  item: z.ZodType<Item>;
  listService: ListService<Item>;
  /** The restored record's answer. */
  dto: z.ZodType<Dto>;
  get: (tx: Tx, ctx: RequestContext, id: string) => Promise<Dto>;
  reback: (tx: Tx, ctx: RequestContext, id: string) => Promise<unknown>;
  clear: (tx: Tx, ctx: RequestContext, id: string) => Promise<unknown>;
}

/**
 * The recycle area's routes of one kind (products, vendor links): the page of deleted ones,
 * `PUT /:id/reback` (restored, answered with the record) and `DELETE /:id/clear` (gone for good),
 * under the `Recycle` tag.
 */
export function recycleRoutes<Item, Dto>(fastify: FastifyInstance, kind: RecycledKind<Item, Dto>) {
  const { app, tags, read, inTx, lists } = areaRoutes(fastify, 'Recycle', kind.permission);
  const { url } = kind;
  // `Dto` ties `get` to `dto` for the caller; the route itself only hands the one to the other
  const dto: z.ZodType = kind.dto;
  lists(url, { list: kind.list, item: kind.item, service: kind.listService });
  app.put(`${url}/:id/reback`, { config: read, schema: { tags, params: idParams, response: { 200: dto } } }, (req) =>
    inTx(req.ctx, async (tx) => {
      await kind.reback(tx, req.ctx, req.params.id);
      return kind.get(tx, req.ctx, req.params.id);
    }),
  );
  app.delete(`${url}/:id/clear`, { config: read, schema: { tags, params: idParams } }, async (req, reply) => {
    await inTx(req.ctx, (tx) => kind.clear(tx, req.ctx, req.params.id));
    return reply.status(204).send();
  });
}

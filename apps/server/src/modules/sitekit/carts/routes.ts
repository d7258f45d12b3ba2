import { SitekitPermissions as P } from '@seller/contracts';
import { cartDto, cartList } from '@seller/contracts/sitekit';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import { sendRecoveryNotice } from './recovery.ts';
import { carts } from './schema.ts';
import { cartById, cartDtos, cartListServiceOf } from './service.ts';

const idParams = z.object({ id: z.guid() });

/** `/api/sitekit/carts`: a site's current carts (Cart) with their lines; the recovery notice; delete. */
export function cartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const url = '/api/sitekit/carts';
  const tags = ['Carts'];
  listRoutes(app, {
    url,
    tag: tags[0]!,
    permission: P.Carts,
    list: cartList,
    item: cartDto,
    service: cartListServiceOf(cartList),
  });
  app.get(
    `${url}/:id`,
    { config: { permission: P.Carts }, schema: { tags, params: idParams, response: { 200: cartDto } } },
    (req) =>
      s.data.inTenant(
        req.ctx,
        async (tx) => (await cartDtos(tx, req.ctx, [await cartById(tx, req.ctx, req.params.id)], true))[0]!,
      ),
  );
  app.post(
    `${url}/:id/send-recovery`,
    { config: { permission: `${P.Carts}.Recover` }, schema: { tags, params: idParams, response: { 200: cartDto } } },
    (req) =>
      s.data.inTenant(req.ctx, async (tx) => {
        const cart = await sendRecoveryNotice(tx, req.ctx, await cartById(tx, req.ctx, req.params.id));
        return (await cartDtos(tx, req.ctx, [cart], true))[0]!;
      }),
  );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P.Carts}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await s.data.inTenant(req.ctx, async (tx) => {
        const cart = await cartById(tx, req.ctx, req.params.id);
        await tx.delete(carts).where(eq(carts.id, cart.id));
      });
      return reply.status(204).send();
    },
  );
}

import { SitekitPermissions as P } from '@seller/contracts';
import { shopperDto, shopperList } from '@seller/contracts/sitekit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import { setShopperStatus, shopperById, shopperDtoOf, shopperListService } from './service.ts';

const idParams = z.object({ id: z.guid() });

/** `/api/sitekit/shoppers`: a site's shoppers (userList), read, disabled and enabled. */
export function shopperRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const url = '/api/sitekit/shoppers';
  const tags = ['Shoppers'];
  listRoutes(app, {
    url,
    tag: tags[0]!,
    permission: P.Shoppers,
    list: shopperList,
    item: shopperDto,
    service: shopperListService,
  });
  app.get(
    `${url}/:id`,
    { config: { permission: P.Shoppers }, schema: { tags, params: idParams, response: { 200: shopperDto } } },
    (req) => s.data.inTenant(req.ctx, async (tx) => shopperDtoOf(await shopperById(tx, req.ctx, req.params.id))),
  );
  for (const action of ['disable', 'enable'] as const)
    app.post(
      `${url}/:id/${action}`,
      {
        config: { permission: `${P.Shoppers}.Update` },
        schema: { tags, params: idParams, response: { 200: shopperDto } },
      },
      (req) => s.data.inTenant(req.ctx, (tx) => setShopperStatus(tx, req.ctx, req.params.id, action === 'enable')),
    );
}

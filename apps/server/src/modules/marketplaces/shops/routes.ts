import {
  MarketplacePermissions as P,
  shopAuthorizeInput,
  shopAuthorizeUrlDto,
  shopAuthorizeUrlQuery,
  shopCallDto,
  shopCallList,
  shopDto,
  shopGatewayDto,
  shopGatewayInput,
  shopInput,
  shopListQuery,
  shopManagementDto,
  shopManagementList,
  shopUpdateInput,
} from '@seller/contracts/marketplaces';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import { resourceRoutes } from '../../../core/resource.ts';
import { originOf, useLocalAddress } from '../clients/http.ts';
import { shopCommands } from './commands.ts';
import { normalized, rawBody } from './gateway.ts';
import { shopQueries as queries } from './queries.ts';

const url = '/api/sitekit/shopes';
const idParams = z.object({ id: z.guid() });

/**
 * Shops (spec §7 "Storefront (sitekit)", path segment `shopes`): the CRUD with the token state
 * (never the tokens), the management views, the marketplace authorization, the refresh, the call
 * log, and the gateway that calls a marketplace API with a shop's credentials.
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  // the bundled simulator is reached through this process: its address, read when a call is made
  useLocalAddress(s.config, () => originOf(fastify.server.address()));

  const tags = ['Shops'];
  const read = { permission: P.Shops };
  const authorize = { permission: `${P.Shops}.Authorize` };
  const inTx = s.data.inTenant.bind(s.data);
  const commands = shopCommands(s);

  // the CRUD: the kit's endpoints, one unit of work each
  resourceRoutes(fastify, {
    texts: 'Shops',
    url,
    tag: 'Shops',
    permission: P.Shops,
    dto: shopDto,
    input: shopInput,
    updateInput: shopUpdateInput,
    queries: queries.crud,
    commands: commands.crud,
    query: shopListQuery,
  });

  listRoutes(app, {
    url: `${url}/management`,
    tag: tags[0]!,
    permission: P.Shops,
    list: shopManagementList,
    item: shopManagementDto,
    service: queries.management,
  });
  app.get(
    `${url}/:id/management`,
    { config: read, schema: { tags, params: idParams, response: { 200: shopManagementDto } } },
    (req) => inTx(req.ctx, (tx) => queries.managementView(tx, req.ctx, req.params.id)),
  );

  app.get(
    `${url}/authorize-url`,
    { config: authorize, schema: { tags, querystring: shopAuthorizeUrlQuery, response: { 200: shopAuthorizeUrlDto } } },
    (req) => inTx(req.ctx, (tx) => queries.authorizeUrl(tx, req.ctx, s.config, req.query)),
  );
  app.post(
    `${url}/authorize`,
    { config: authorize, schema: { tags, body: shopAuthorizeInput, response: { 200: shopDto } } },
    async (req) => {
      const authorization = await queries.authorization(s, req.ctx, req.body);
      return inTx(req.ctx, async (tx) => {
        const id = await commands.authorize(tx, req.ctx, authorization);
        return queries.get(tx, req.ctx, id);
      });
    },
  );
  app.put(
    `${url}/:id/refresh-token`,
    { config: authorize, schema: { tags, params: idParams, response: { 200: shopDto } } },
    async (req) => {
      const grant = await queries.refreshedGrant(s, req.ctx, req.params.id);
      return inTx(req.ctx, async (tx) => {
        await commands.saveGrant(tx, req.ctx, req.params.id, grant);
        return queries.get(tx, req.ctx, req.params.id);
      });
    },
  );
  listRoutes(app, {
    url: `${url}/:id/logs`,
    tag: tags[0]!,
    permission: P.Shops,
    list: shopCallList,
    item: shopCallDto,
    service: queries.calls,
    params: z.object({ id: z.guid() }),
  });
  // the gateway: a marketplace API through a shop's credentials
  app.post(
    '/api/sitekit/shop-gateway',
    { config: { permission: P.Gateway }, schema: { tags, body: shopGatewayInput, response: { 200: shopGatewayDto } } },
    async (req) => normalized(await queries.gateway(s, req.ctx, req.body)),
  );
  app.post(
    '/api/sitekit/shop-gateway/origin',
    { config: { permission: P.Gateway }, schema: { tags, body: shopGatewayInput } },
    async (req, reply) => {
      const { shop, reply: raw } = await queries.gateway(s, req.ctx, req.body);
      return reply.header('content-type', 'application/json; charset=utf-8').send(rawBody(shop.name, raw));
    },
  );
}

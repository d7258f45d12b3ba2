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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import { resourceRoutes } from '../../../core/resource.ts';
import { MarketplaceError } from '../clients/errors.ts';
import { originOf, type RawReply, useLocalAddress } from '../clients/http.ts';
import { shopClient } from './access.ts';
import { authorizeShop, authorizeUrl } from './authorize.ts';
import {
  marketplaceRefusal,
  refreshShop,
  shopCallListService,
  shopKit,
  shopManagementListService,
  withCallStats,
} from './service.ts';

const url = '/api/sitekit/shopes';
const idParams = z.object({ id: z.guid() });
/** Largest raw reply the gateway passes on. */
const GATEWAY_MAX_BYTES = 2 * 1024 * 1024;

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
  const shopService = shopKit(s);

  resourceRoutes(fastify, {
    texts: 'Shops',
    url,
    tag: 'Shops',
    permission: P.Shops,
    dto: shopDto,
    input: shopInput,
    updateInput: shopUpdateInput,
    service: shopService,
    query: shopListQuery,
  });

  listRoutes(app, {
    url: `${url}/management`,
    tag: tags[0]!,
    permission: P.Shops,
    list: shopManagementList,
    item: shopManagementDto,
    service: shopManagementListService,
  });
  app.get(
    `${url}/:id/management`,
    { config: read, schema: { tags, params: idParams, response: { 200: shopManagementDto } } },
    async (req) => (await withCallStats(s, req.ctx, [await shopService.get(s, req.ctx, req.params.id)]))[0],
  );

  app.get(
    `${url}/authorize-url`,
    { config: authorize, schema: { tags, querystring: shopAuthorizeUrlQuery, response: { 200: shopAuthorizeUrlDto } } },
    (req) => authorizeUrl(s, req.ctx, req.query),
  );
  app.post(
    `${url}/authorize`,
    { config: authorize, schema: { tags, body: shopAuthorizeInput, response: { 200: shopDto } } },
    (req) => authorizeShop(s, req.ctx, req.body),
  );
  app.put(
    `${url}/:id/refresh-token`,
    { config: authorize, schema: { tags, params: idParams, response: { 200: shopDto } } },
    async (req) => {
      const shop = await shopService.get(s, req.ctx, req.params.id);
      try {
        await refreshShop(s, req.ctx.tenant, shop.id);
      } catch (e) {
        throw e instanceof MarketplaceError ? marketplaceRefusal(e, shop.name) : e;
      }
      return shopService.get(s, req.ctx, shop.id);
    },
  );
  listRoutes(app, {
    url: `${url}/:id/logs`,
    tag: tags[0]!,
    permission: P.Shops,
    list: shopCallList,
    item: shopCallDto,
    service: shopCallListService,
    params: z.object({ id: z.guid() }),
  });
  // the gateway: a marketplace API through a shop's credentials
  const gateway = async (req: FastifyRequest, body: z.infer<typeof shopGatewayInput>) => {
    const { shop, client } = await shopClient(s, req.ctx.tenant, body.shopId, body.region);
    try {
      if (client.platform === 'LAZADA') {
        const params = Object.fromEntries(
          Object.entries(body.params).map(([k, v]) => [
            k,
            typeof v === 'object' && v !== null ? JSON.stringify(v) : (v as string),
          ]),
        );
        return { shop, platform: client.platform, reply: await client.raw(body.api, body.method, params) };
      }
      return { shop, platform: client.platform, reply: await client.raw(body.api, body.method, body.params) };
    } catch (e) {
      throw e instanceof MarketplaceError ? marketplaceRefusal(e, shop.name) : e;
    }
  };
  app.post(
    '/api/sitekit/shop-gateway',
    { config: { permission: P.Gateway }, schema: { tags, body: shopGatewayInput, response: { 200: shopGatewayDto } } },
    async (req) => normalized(await gateway(req, req.body)),
  );
  app.post(
    '/api/sitekit/shop-gateway/origin',
    { config: { permission: P.Gateway }, schema: { tags, body: shopGatewayInput } },
    async (req, reply) => {
      const { shop, reply: raw } = await gateway(req, req.body);
      const text = typeof raw.body === 'string' ? raw.body : JSON.stringify(raw.body);
      if (Buffer.byteLength(text) > GATEWAY_MAX_BYTES) {
        throw marketplaceRefusal(
          new MarketplaceError({ kind: 'permanent', code: 'REPLY_TOO_LARGE', message: 'reply larger than 2 MB' }),
          shop.name,
        );
      }
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .send(typeof raw.body === 'string' ? JSON.stringify(raw.body) : text);
    },
  );
}

/** The marketplace's reply in one shape for both: ok, code, message, request id, data. */
function normalized({ platform, reply }: { platform: 'LAZADA' | 'SHOPEE'; reply: RawReply }) {
  const b = (typeof reply.body === 'object' && reply.body ? reply.body : {}) as Record<string, unknown>;
  const requestId = typeof b.request_id === 'string' ? b.request_id : null;
  if (platform === 'LAZADA') {
    const code = b.code === undefined ? `HTTP_${reply.httpStatus}` : String(b.code);
    return {
      ok: code === '0' && reply.httpStatus < 400,
      code,
      message: typeof b.message === 'string' ? b.message : null,
      requestId,
      data: b.data ?? (b.code === undefined ? reply.body : null),
    };
  }
  const error =
    typeof b.error === 'string' && b.error ? b.error : reply.httpStatus >= 400 ? `HTTP_${reply.httpStatus}` : null;
  const { request_id: _r, error: _e, message, response, ...rest } = b;
  return {
    ok: error === null,
    code: error,
    message: typeof message === 'string' && message ? message : null,
    requestId,
    data: response ?? (Object.keys(rest).length ? rest : null),
  };
}

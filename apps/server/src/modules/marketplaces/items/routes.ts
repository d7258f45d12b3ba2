import { listResult, MarketplacePermissions } from '@seller/contracts';
import {
  itemPullDto,
  itemPullStatusInput,
  marketItemDto,
  marketItemList,
  marketItemShopQuery,
  marketLogisticsChannelDto,
  marketLogisticsChannelUpdate,
  ownLogisticsChannelDto,
  pushPriceStockInput,
  syncResultDto,
} from '@seller/contracts/marketplaces';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import { t } from '../../../core/localization/index.ts';
import { logisticsChannelService } from './logistics.ts';
import { itemListService, itemService } from './service.ts';

const items = '/api/catalog/listing-items';
const shops = '/api/sitekit/shopes';

/**
 * The marketplace item pages (`productLazada`, `productShopee`) and the marketplace logistics
 * channels (`logisticFreight`):
 * - `GET /api/catalog/listing-items?shopId=&status=&filter=` the stored items of a shop;
 *   `POST …/pull?shopId=` pulls them again as a durable job (`GET …/pulls/latest?shopId=`,
 *   `GET …/pulls/{id}`: its progress); `POST …/push-price-stock` and `POST …/pull-status` act on
 *   chosen items at once. Reading needs `Marketplaces.Items`; anything that calls the marketplace
 *   needs `Marketplaces.Items.Sync`.
 * - `GET /api/sitekit/shopes/{id}/logistics-channels`, `POST …/pull`, `PUT …/{channelId}`, and
 *   `GET /api/sitekit/logistics-channel-options` (the tenant's own channels). Reading needs
 *   `Marketplaces.Logistics`; pulling and editing `.Update`.
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const tags = ['MarketItems'];
  const read = { permission: MarketplacePermissions.Items };
  const sync = { permission: `${MarketplacePermissions.Items}.Sync` };

  listRoutes(app, {
    url: items,
    tag: tags[0]!,
    permission: read.permission,
    list: marketItemList,
    item: marketItemDto,
    service: itemListService,
  });
  app.post(
    `${items}/pull`,
    { config: sync, schema: { tags, querystring: marketItemShopQuery, response: { 200: itemPullDto } } },
    (req) => itemService.startPull(s, req.ctx, req.query.shopId),
  );
  app.get(
    `${items}/pulls/latest`,
    {
      config: read,
      schema: { tags, querystring: marketItemShopQuery, response: { 200: z.object({ pull: itemPullDto.nullable() }) } },
    },
    async (req) => ({ pull: await itemService.latestPull(s, req.ctx, req.query.shopId) }),
  );
  app.get(
    `${items}/pulls/:id`,
    { config: read, schema: { tags, params: z.object({ id: z.guid() }), response: { 200: itemPullDto } } },
    (req) => itemService.getPull(s, req.ctx, req.params.id),
  );
  app.post(
    `${items}/push-price-stock`,
    { config: sync, schema: { tags, body: pushPriceStockInput, response: { 200: syncResultDto } } },
    async (req) => {
      const result = await itemService.pushPriceStock(s, req.ctx, req.body);
      // row messages that are our own text keys are said in the request's language
      return {
        rows: result.rows.map((r) => ({
          ...r,
          message: r.message?.startsWith('MarketItems::') ? t(req.ctx.culture, r.message) : r.message,
        })),
      };
    },
  );
  app.post(
    `${items}/pull-status`,
    { config: sync, schema: { tags, body: itemPullStatusInput, response: { 200: listResult(marketItemDto) } } },
    (req) => itemService.pullStatus(s, req.ctx, req.body),
  );

  const logisticsTags = ['MarketLogistics'];
  const logisticsRead = { permission: MarketplacePermissions.Logistics };
  const logisticsWrite = { permission: `${MarketplacePermissions.Logistics}.Update` };
  const shopParams = z.object({ id: z.guid() });
  app.get(
    `${shops}/:id/logistics-channels`,
    {
      config: logisticsRead,
      schema: { tags: logisticsTags, params: shopParams, response: { 200: listResult(marketLogisticsChannelDto) } },
    },
    (req) => logisticsChannelService.list(s, req.ctx, req.params.id),
  );
  app.post(
    `${shops}/:id/logistics-channels/pull`,
    {
      config: logisticsWrite,
      schema: { tags: logisticsTags, params: shopParams, response: { 200: listResult(marketLogisticsChannelDto) } },
    },
    (req) => logisticsChannelService.pull(s, req.ctx, req.params.id),
  );
  app.put(
    `${shops}/:id/logistics-channels/:channelId`,
    {
      config: logisticsWrite,
      schema: {
        tags: logisticsTags,
        params: shopParams.extend({ channelId: z.string().min(1).max(64) }),
        body: marketLogisticsChannelUpdate,
        response: { 200: marketLogisticsChannelDto },
      },
    },
    (req) => logisticsChannelService.update(s, req.ctx, req.params.id, req.params.channelId, req.body),
  );
  app.get(
    '/api/sitekit/logistics-channel-options',
    { config: logisticsRead, schema: { tags: logisticsTags, response: { 200: listResult(ownLogisticsChannelDto) } } },
    (req) => logisticsChannelService.ownOptions(s, req.ctx),
  );
}

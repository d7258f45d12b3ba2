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
import { z } from 'zod';
import { areaRoutes } from '../../../core/area-routes.ts';
import { t } from '../../../core/localization/index.ts';
import { itemCommands } from './commands.ts';
import { pushPriceStock } from './push.ts';
import { itemQueries as queries } from './queries.ts';

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
  const { app, s, tags, read, inTx, lists } = areaRoutes(fastify, 'MarketItems', MarketplacePermissions.Items);
  const commands = itemCommands(s);
  const sync = { permission: `${MarketplacePermissions.Items}.Sync` };

  lists(items, { list: marketItemList, item: marketItemDto, service: queries.list });
  app.post(
    `${items}/pull`,
    { config: sync, schema: { tags, querystring: marketItemShopQuery, response: { 200: itemPullDto } } },
    async (req) => {
      await queries.usableShop(s, req.ctx, req.query.shopId);
      return inTx(req.ctx, (tx) => commands.startPull(tx, req.ctx, req.query.shopId));
    },
  );
  app.get(
    `${items}/pulls/latest`,
    {
      config: read,
      schema: { tags, querystring: marketItemShopQuery, response: { 200: z.object({ pull: itemPullDto.nullable() }) } },
    },
    async (req) => {
      await queries.ownShop(s, req.ctx, req.query.shopId);
      return { pull: await inTx(req.ctx, (tx) => queries.latestPull(tx, req.ctx, req.query.shopId)) };
    },
  );
  app.get(
    `${items}/pulls/:id`,
    { config: read, schema: { tags, params: z.object({ id: z.guid() }), response: { 200: itemPullDto } } },
    (req) => inTx(req.ctx, (tx) => queries.pull(tx, req.ctx, req.params.id)),
  );
  app.post(
    `${items}/push-price-stock`,
    { config: sync, schema: { tags, body: pushPriceStockInput, response: { 200: syncResultDto } } },
    async (req) => {
      const result = await pushPriceStock(s, req.ctx, req.body);
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
    async (req) => {
      const remote = await queries.remoteItems(s, req.ctx, req.body);
      return inTx(req.ctx, async (tx) => {
        await commands.storeItems(tx, req.ctx, remote);
        return queries.items(tx, req.ctx, req.body.shopId, req.body.itemIds);
      });
    },
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
    async (req) => {
      await queries.ownShop(s, req.ctx, req.params.id);
      return inTx(req.ctx, (tx) => queries.channels(tx, req.ctx, req.params.id));
    },
  );
  app.post(
    `${shops}/:id/logistics-channels/pull`,
    {
      config: logisticsWrite,
      schema: { tags: logisticsTags, params: shopParams, response: { 200: listResult(marketLogisticsChannelDto) } },
    },
    async (req) => {
      const remote = await queries.remoteChannels(s, req.ctx, req.params.id);
      return inTx(req.ctx, async (tx) => {
        await commands.storeChannels(tx, req.ctx, req.params.id, remote);
        return queries.channels(tx, req.ctx, req.params.id);
      });
    },
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
    async (req) => {
      await queries.ownShop(s, req.ctx, req.params.id);
      return inTx(req.ctx, (tx) => commands.updateChannel(tx, req.ctx, req.params.id, req.params.channelId, req.body));
    },
  );
  app.get(
    '/api/sitekit/logistics-channel-options',
    { config: logisticsRead, schema: { tags: logisticsTags, response: { 200: listResult(ownLogisticsChannelDto) } } },
    (req) => inTx(req.ctx, (tx) => queries.ownChannelOptions(tx, req.ctx)),
  );
}

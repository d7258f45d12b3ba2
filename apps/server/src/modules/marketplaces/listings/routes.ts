import {
  channelListingDto,
  channelListingQuery,
  type ListingAction,
  listingActionPaths,
  listingBulkResultDto,
  listingDetailDto,
  listingDto,
  listingEventDto,
  listingEventList,
  listingIdsInput,
  listingIdsQuery,
  listingList,
  listingPreviewInput,
  listingPreviewRow,
  listingSyncInput,
  MarketplacePermissions,
  publishListingsInput,
  publishResultDto,
} from '@seller/contracts/marketplaces';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { areaRoutes } from '../../../core/area-routes.ts';
import { listingCommands } from './commands.ts';
import { listingQueries } from './queries.ts';
import stockRoutes from './stock-routes.ts';

const base = '/api/catalog/listing';
const idParams = z.object({ id: z.guid() });

/** Listings at the spec's paths (§7 "Listings") and this product's additions (counts, detail, events, preview, sync). */
export default async function routes(fastify: FastifyInstance) {
  const P = MarketplacePermissions.Listings;
  const { app, s, tags, read, inTx, lists } = areaRoutes(fastify, 'Listings', P);
  const create = { permission: `${P}.Create` };
  const manage = { permission: `${P}.Manage` };
  const remove = { permission: `${P}.Delete` };
  const queries = listingQueries;
  const commands = listingCommands(s);

  // the page, `/counts` per status and `/export` (filtered and sorted like the page)
  lists(base, { list: listingList, item: listingDto, service: queries.list });
  app.get(
    `${base}/channel-listing`,
    {
      config: read,
      schema: {
        tags,
        querystring: channelListingQuery,
        response: { 200: z.object({ items: z.array(channelListingDto) }) },
      },
    },
    (req) => inTx(req.ctx, (tx) => queries.channelListings(tx, req.ctx, req.query.productId)),
  );
  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: listingDetailDto } } },
    (req) => inTx(req.ctx, (tx) => queries.get(tx, req.ctx, req.params.id)),
  );
  lists(`${base}/:id/events`, {
    list: listingEventList,
    item: listingEventDto,
    service: queries.events,
    params: idParams,
  });
  app.post(
    `${base}/preview`,
    {
      config: create,
      schema: { tags, body: listingPreviewInput, response: { 200: z.object({ items: z.array(listingPreviewRow) }) } },
    },
    (req) => queries.preview(s, req.ctx, req.body),
  );
  app.post(
    base,
    { config: create, schema: { tags, body: publishListingsInput, response: { 200: publishResultDto } } },
    async (req) => {
      const plan = await queries.publishPlan(s, req.ctx, req.body);
      return inTx(req.ctx, (tx) => commands.publish(tx, req.ctx, plan));
    },
  );
  app.delete(
    base,
    { config: remove, schema: { tags, querystring: listingIdsQuery, response: { 200: listingBulkResultDto } } },
    (req) => inTx(req.ctx, (tx) => commands.bulk(tx, req.ctx, req.query.ids, 'drop')),
  );
  app.put(
    `${base}/bulk-pause`,
    { config: manage, schema: { tags, body: listingIdsInput, response: { 200: listingBulkResultDto } } },
    (req) => inTx(req.ctx, (tx) => commands.bulk(tx, req.ctx, req.body.ids, 'pause')),
  );
  app.put(
    `${base}/bulk-cancel`,
    { config: manage, schema: { tags, body: listingIdsInput, response: { 200: listingBulkResultDto } } },
    (req) => inTx(req.ctx, (tx) => commands.bulk(tx, req.ctx, req.body.ids, 'cancel')),
  );
  app.post(
    `${base}/sync`,
    { config: manage, schema: { tags, body: listingSyncInput, response: { 200: listingBulkResultDto } } },
    (req) => inTx(req.ctx, (tx) => commands.sync(tx, req.ctx, req.body)),
  );
  for (const action of listingActionPaths) {
    app.put(
      `${base}/:id/${action}`,
      { config: manage, schema: { tags, params: idParams, response: { 200: listingDto } } },
      async (req) => (await inTx(req.ctx, (tx) => commands.act(tx, req.ctx, req.params.id, action as ListingAction)))!,
    );
  }
  app.delete(
    `${base}/:id/drop`,
    { config: remove, schema: { tags, params: idParams, response: { 200: listingDto, 204: z.null() } } },
    async (req, reply) => {
      const after = await inTx(req.ctx, (tx) => commands.act(tx, req.ctx, req.params.id, 'drop'));
      if (after === null) return reply.status(204).send(null);
      return after;
    },
  );
  // a shop's stock sync: its rule, the push now, the push log
  await fastify.register(stockRoutes);
}

import { pagedQuery, pagedResult } from '@seller/contracts';
import {
  channelListingDto,
  channelListingQuery,
  type ListingAction,
  type ListingDto,
  listingActionPaths,
  listingBulkResultDto,
  listingCountsDto,
  listingDetailDto,
  listingDto,
  listingEventDto,
  listingIdsInput,
  listingIdsQuery,
  listingListQuery,
  listingPreviewInput,
  listingPreviewRow,
  listingStatusName,
  listingSyncInput,
  MarketplacePermissions,
  publishListingsInput,
  publishResultDto,
} from '@seller/contracts/marketplaces';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../../core/export.ts';
import { t } from '../../../core/localization/index.ts';
import { previewListings, publishListings } from './publish.ts';
import { listingService } from './service.ts';

const base = '/api/catalog/listing';
const idParams = z.object({ id: z.guid() });

/** Listings at the spec's paths (§7 "Listings") and this product's additions (counts, detail, events, preview, sync). */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const P = MarketplacePermissions.Listings;
  const read = { permission: P };
  const create = { permission: `${P}.Create` };
  const manage = { permission: `${P}.Manage` };
  const remove = { permission: `${P}.Delete` };
  const tags = ['Listings'];

  app.get(
    base,
    { config: read, schema: { tags, querystring: listingListQuery, response: { 200: pagedResult(listingDto) } } },
    (req) => listingService.list(s, req.ctx, req.query),
  );
  // the list as an Excel sheet, filtered and sorted like the page, read a page at a time
  app.get(
    `${base}/export`,
    { config: read, schema: { tags, querystring: listingListQuery.omit({ skipCount: true, maxResultCount: true }) } },
    (req, reply) => {
      const L = (key: string) => t(req.ctx.culture, `Listings::${key}`);
      const title = L('Page:Published');
      async function* batches() {
        for (let skipCount = 0; skipCount < EXPORT_MAX_ROWS; skipCount += 500) {
          const page = await listingService.list(s, req.ctx, { ...req.query, skipCount, maxResultCount: 500 });
          if (!page.items.length) return;
          yield page.items;
          if (page.items.length < 500) return;
        }
      }
      return sendXlsx<ListingDto>(
        reply,
        `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        title,
        [
          { header: 'SKU', width: 20, value: (r) => r.productSku },
          { header: L('Page:Product'), width: 32, value: (r) => r.productName },
          { header: L('Page:Platform'), width: 10, value: (r) => r.platform },
          { header: L('Page:Shop'), width: 28, value: (r) => `${r.shopName} · ${r.region}` },
          { header: L('Page:Status'), width: 12, value: (r) => L(`Status:${r.status}`) || listingStatusName(r.status) },
          { header: L('Page:Price'), width: 12, value: (r) => (r.price === null ? null : `${r.price} ${r.currency}`) },
          { header: L('Page:ItemId'), width: 16, value: (r) => r.platformItemId },
          { header: L('Page:Attempts'), width: 8, value: (r) => r.attempts },
          { header: L('Page:LastError'), width: 40, value: (r) => r.lastError?.message ?? null },
          { header: L('Page:Updated'), width: 20, value: (r) => r.lastModificationTime ?? r.creationTime },
        ],
        batches(),
      );
    },
  );
  app.get(
    `${base}/counts`,
    { config: read, schema: { tags, querystring: listingListQuery, response: { 200: listingCountsDto } } },
    (req) => listingService.counts(s, req.ctx, req.query),
  );
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
    (req) => listingService.channelListings(s, req.ctx, req.query.productId),
  );
  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: listingDetailDto } } },
    (req) => listingService.get(s, req.ctx, req.params.id),
  );
  app.get(
    `${base}/:id/events`,
    {
      config: read,
      schema: { tags, params: idParams, querystring: pagedQuery, response: { 200: pagedResult(listingEventDto) } },
    },
    (req) => listingService.events(s, req.ctx, req.params.id, req.query),
  );
  app.post(
    `${base}/preview`,
    {
      config: create,
      schema: { tags, body: listingPreviewInput, response: { 200: z.object({ items: z.array(listingPreviewRow) }) } },
    },
    (req) => previewListings(s, req.ctx, req.body),
  );
  app.post(
    base,
    { config: create, schema: { tags, body: publishListingsInput, response: { 200: publishResultDto } } },
    (req) => publishListings(s, req.ctx, req.body),
  );
  app.delete(
    base,
    { config: remove, schema: { tags, querystring: listingIdsQuery, response: { 200: listingBulkResultDto } } },
    (req) => listingService.bulk(s, req.ctx, req.query.ids, 'drop'),
  );
  app.put(
    `${base}/bulk-pause`,
    { config: manage, schema: { tags, body: listingIdsInput, response: { 200: listingBulkResultDto } } },
    (req) => listingService.bulk(s, req.ctx, req.body.ids, 'pause'),
  );
  app.put(
    `${base}/bulk-cancel`,
    { config: manage, schema: { tags, body: listingIdsInput, response: { 200: listingBulkResultDto } } },
    (req) => listingService.bulk(s, req.ctx, req.body.ids, 'cancel'),
  );
  app.post(
    `${base}/sync`,
    { config: manage, schema: { tags, body: listingSyncInput, response: { 200: listingBulkResultDto } } },
    (req) => listingService.sync(s, req.ctx, req.body),
  );
  for (const action of listingActionPaths) {
    app.put(
      `${base}/:id/${action}`,
      { config: manage, schema: { tags, params: idParams, response: { 200: listingDto } } },
      async (req) => (await listingService.action(s, req.ctx, req.params.id, action as ListingAction))!,
    );
  }
  app.delete(
    `${base}/:id/drop`,
    { config: remove, schema: { tags, params: idParams, response: { 200: listingDto, 204: z.null() } } },
    async (req, reply) => {
      const after = await listingService.action(s, req.ctx, req.params.id, 'drop');
      if (after === null) return reply.status(204).send(null);
      return after;
    },
  );
}

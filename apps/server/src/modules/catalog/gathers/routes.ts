import multipart from '@fastify/multipart';
import {
  addGatherLogInput,
  bulkClaimInput,
  bulkIdsInput,
  bulkResultDto,
  claimGatherInput,
  claimResultDto,
  createGatherInput,
  GATHER_IMPORT_MAX_BYTES,
  gatherBatchDto,
  gatherBatchList,
  gatherBatchParams,
  gatherByUrlsInput,
  gatherDetailDto,
  gatherersDto,
  gatherIdParams,
  gatherImportResult,
  gatherList,
  gatherListItem,
  gatherLogDto,
  setAsClaimedInput,
  setGatherStatusInput,
} from '@seller/contracts/catalog';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { listRoutes } from '../../../core/lists.ts';
import { t } from '../../../core/localization/index.ts';
import { OUTBOUND_UNAVAILABLE } from '../../../core/outbound.ts';
import { asAttachment, uploadedFile, XLSX_TYPE } from '../../../core/uploads.ts';
import { imageTypeOf } from '../../files/index.ts';
import { gatherCommands } from './commands.ts';
import extensionRoute from './extension-route.ts';
import { fetcherFor, GatherFetchError } from './fetcher.ts';
import { GATHER_IMPORT_JSON_BOUNDS, importTemplate, readGatherUpload } from './import.ts';
import { gatherQueries } from './queries.ts';

const base = '/api/catalog/gathers';

/**
 * Gathered products at the spec's paths (§7 "Gathers") and the additions of this product:
 * counts, gatherers, claim, bulk actions, gathering by URLs and the upload. A plugin of its own,
 * so the multipart parser stays here.
 */
export default async function routes(fastify: FastifyInstance) {
  await fastify.register(multipart, { limits: { fileSize: GATHER_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const P = 'Catalog.Gathers';
  const read = { permission: P };
  const create = { permission: `${P}.Create` };
  const update = { permission: `${P}.Update` };
  const remove = { permission: `${P}.Delete` };
  // a claim writes a product (and maybe a supplier): it needs the right to create products too
  const claim = { permission: `${P}.Claim`, alsoNeeds: ['Catalog.Products.Create'] };
  const tags = ['Gathers'];
  const commands = gatherCommands(s);
  const q = gatherQueries;

  listRoutes(app, {
    url: base,
    tag: tags[0]!,
    permission: read.permission,
    list: gatherList,
    item: gatherListItem,
    service: q.list,
  });
  app.get(`${base}/gatherers`, { config: read, schema: { tags, response: { 200: gatherersDto } } }, (req) =>
    s.data.inTenant(req.ctx, (tx) => q.gatherers(tx, req.ctx)),
  );
  // A source image through the fetcher: source CDNs refuse other sites' pages (and, here, no
  // outside site is reachable), so the list and the drawer show images through the product. Only
  // images come back (their type read from the bytes); the fetcher bounds size and time.
  app.get(
    `${base}/image`,
    { config: read, schema: { tags, querystring: z.object({ url: z.url({ protocol: /^https?$/ }).max(1000) }) } },
    async (req, reply) => {
      const content = await fetcherFor(s)
        .fetchImage(req.query.url)
        .catch((e) => {
          if (e instanceof GatherFetchError) return e;
          throw e;
        });
      // refused or failed: one text for all (no telling a closed port from a refused address);
      // a source that did not answer in time is a gateway time-out
      if (content instanceof GatherFetchError && content.key === OUTBOUND_UNAVAILABLE)
        throw new AppError({ status: content.timedOut ? 504 : 502, messageKey: OUTBOUND_UNAVAILABLE });
      const type = !(content instanceof GatherFetchError) && imageTypeOf(content);
      if (content instanceof GatherFetchError || !type)
        throw new AppError({ status: 404, messageKey: 'Catalog::Gather:ImageUnavailable', params: [req.query.url] });
      return reply
        .header('Content-Type', type)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=86400')
        .send(content);
    },
  );
  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, params: gatherIdParams, response: { 200: gatherDetailDto } } },
    (req) => s.data.inTenant(req.ctx, (tx) => q.get(tx, req.ctx, req.params.id)),
  );
  app.post(
    base,
    { config: create, schema: { tags, body: createGatherInput, response: { 200: gatherDetailDto } } },
    (req) =>
      s.data.inTenant(req.ctx, async (tx) =>
        q.get(tx, req.ctx, await commands.create(tx, req.ctx, req.body, req.body.origin)),
      ),
  );
  app.delete(`${base}/:id`, { config: remove, schema: { tags, params: gatherIdParams } }, async (req, reply) => {
    await s.data.inTenant(req.ctx, (tx) => commands.remove(tx, req.ctx, req.params.id));
    return reply.status(204).send();
  });
  app.put(
    `${base}/:id/set-as-claimed`,
    {
      config: update,
      schema: { tags, params: gatherIdParams, body: setAsClaimedInput, response: { 200: gatherDetailDto } },
    },
    (req) =>
      s.data.inTenant(req.ctx, async (tx) => {
        await commands.setAsClaimed(tx, req.ctx, req.params.id, req.body?.text ?? null);
        return q.get(tx, req.ctx, req.params.id);
      }),
  );
  app.put(
    `${base}/:id/set-status`,
    {
      config: update,
      schema: { tags, params: gatherIdParams, body: setGatherStatusInput, response: { 200: gatherDetailDto } },
    },
    (req) =>
      s.data.inTenant(req.ctx, async (tx) => {
        await commands.setStatus(tx, req.ctx, req.params.id, req.body.status, req.body.text);
        return q.get(tx, req.ctx, req.params.id);
      }),
  );
  app.put(
    `${base}/:id/add-log`,
    {
      config: update,
      schema: { tags, params: gatherIdParams, body: addGatherLogInput, response: { 200: gatherLogDto } },
    },
    (req) => s.data.inTenant(req.ctx, (tx) => commands.addNote(tx, req.ctx, req.params.id, req.body.text)),
  );
  app.post(
    `${base}/bulk-delete`,
    { config: remove, schema: { tags, body: bulkIdsInput, response: { 200: bulkResultDto } } },
    (req) => s.data.inTenant(req.ctx, (tx) => commands.removeMany(tx, req.ctx, req.body.ids)),
  );

  // ---------- claim ----------
  app.post(
    `${base}/:id/claim`,
    {
      config: claim,
      schema: { tags, params: gatherIdParams, body: claimGatherInput, response: { 200: claimResultDto } },
    },
    async (req) => {
      // the item's images are copied before the unit (fetched from the source, stored as files)
      const material = await q.claimMaterial(s, req.ctx, req.params.id, req.body);
      return s.data.inTenant(req.ctx, (tx) => commands.claim(tx, req.ctx, material, req.body));
    },
  );
  app.post(
    `${base}/bulk-claim`,
    { config: claim, schema: { tags, body: bulkClaimInput, response: { 200: bulkResultDto } } },
    async (req) => {
      const materials = await q.claimMaterials(s, req.ctx, req.body);
      return s.data.inTenant(req.ctx, (tx) => commands.claimMany(tx, req.ctx, materials, req.body));
    },
  );

  // ---------- gathering by URLs ----------
  app.post(
    `${base}/by-urls`,
    { config: create, schema: { tags, body: gatherByUrlsInput, response: { 200: gatherBatchDto } } },
    (req) =>
      s.data.inTenant(req.ctx, async (tx) =>
        q.batch(tx, req.ctx, await commands.startBatch(tx, req.ctx, req.body.urls)),
      ),
  );
  listRoutes(app, {
    url: `${base}/batches`,
    tag: tags[0]!,
    permission: create.permission,
    list: gatherBatchList,
    item: gatherBatchDto,
    service: q.batches,
  });
  app.get(
    `${base}/batches/:batchId`,
    { config: create, schema: { tags, params: gatherBatchParams, response: { 200: gatherBatchDto } } },
    (req) => s.data.inTenant(req.ctx, (tx) => q.batch(tx, req.ctx, req.params.batchId)),
  );

  // ---------- upload ----------
  app.get(`${base}/import-template`, { config: create, schema: { tags } }, async (req, reply) => {
    const name = `${t(req.ctx.culture, 'Menus::GatherList')}-template.xlsx`;
    return asAttachment(reply, name, XLSX_TYPE).send(await importTemplate(req.ctx.culture));
  });
  app.post(
    `${base}/import`,
    { config: create, schema: { tags, consumes: ['multipart/form-data'], response: { 200: gatherImportResult } } },
    async (req) => {
      const { filename, content } = await uploadedFile(req, GATHER_IMPORT_MAX_BYTES, {
        json: GATHER_IMPORT_JSON_BOUNDS,
      });
      const upload = await readGatherUpload(req.ctx, filename, content);
      return s.data.inTenant(req.ctx, (tx) => commands.import(tx, req.ctx, upload));
    },
  );

  // the collector extension's download, a plugin of its own
  await fastify.register(extensionRoute);
}

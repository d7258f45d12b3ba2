import { createReadStream } from 'node:fs';
import { skuImageExportDto, skuImageExportInput, skuImageExportList } from '@seller/contracts/catalog';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../core/errors.ts';
import { asAttachment } from '../../../core/uploads.ts';
import { skuImageCommands } from './commands.ts';
import { skuImageQueries } from './queries.ts';

const base = '/api/catalog/sku-images/exports';
export const SKU_IMAGES_PERMISSION = 'Catalog.SkuImages';

const idParams = z.object({ id: z.guid() });

/**
 * SKU image exports: start one (a background job builds the ZIP), list the user's, read one's
 * progress, download the finished archive (streamed from disk), delete one.
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const config = { permission: SKU_IMAGES_PERMISSION };
  const tags = ['SkuImages'];
  const commands = skuImageCommands(s);
  const q = skuImageQueries;

  app.post(
    base,
    { config, schema: { tags, body: skuImageExportInput, response: { 200: skuImageExportDto } } },
    async (req) => {
      // the job is sent after the commit; its state is read after the unit (the queue's own connection)
      const row = await s.data.inTenant(req.ctx, async (tx) =>
        q.row(tx, req.ctx, await commands.start(tx, req.ctx, req.body)),
      );
      return q.view(s, req.ctx, row);
    },
  );
  app.get(base, { config, schema: { tags, response: { 200: skuImageExportList } } }, async (req) => {
    const rows = await s.data.inTenant(req.ctx, (tx) => q.rows(tx, req.ctx));
    return { items: await Promise.all(rows.map((r) => q.view(s, req.ctx, r))) };
  });
  app.get(
    `${base}/:id`,
    { config, schema: { tags, params: idParams, response: { 200: skuImageExportDto } } },
    async (req) => q.view(s, req.ctx, await s.data.inTenant(req.ctx, (tx) => q.row(tx, req.ctx, req.params.id))),
  );
  app.get(`${base}/:id/download`, { config, schema: { tags, params: idParams } }, async (req, reply) => {
    const row = await s.data.inTenant(req.ctx, (tx) => q.row(tx, req.ctx, req.params.id));
    const archive = await q.archive(s, row);
    const stream = createReadStream(archive.path);
    // a row without its file (removed from disk by hand) is a 404, not a broken download
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', () => reject(notFound('SkuImageExport', req.params.id)));
    });
    asAttachment(reply, archive.fileName, 'application/zip');
    if (archive.size !== null) reply.header('content-length', String(archive.size));
    return reply.send(stream);
  });
  app.delete(`${base}/:id`, { config, schema: { tags, params: idParams } }, async (req, reply) => {
    await s.data.inTenant(req.ctx, (tx) => commands.delete(tx, req.ctx, req.params.id));
    return reply.status(204).send();
  });
}

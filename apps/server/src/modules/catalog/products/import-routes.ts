import multipart from '@fastify/multipart';
import { Permissions } from '@seller/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../../core/errors.ts';
import { t } from '../../../core/localization/index.ts';
import { IMPORT_MAX_BYTES, importProducts, importTemplate } from './import.ts';

const base = '/api/catalog/products';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const importReport = z.object({
  created: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), column: z.string(), message: z.string() })),
});

/** `POST /import` (multipart `file`, an .xlsx like the template) and `GET /import-template`; multipart stays in this scope. */
export default async function productImportRoutes(fastify: FastifyInstance) {
  await fastify.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const create = { permission: `${Permissions.Products}.Create` };
  const tags = ['Products'];

  app.get(`${base}/import-template`, { config: create, schema: { tags } }, async (req, reply) => {
    const name = `${t(req.ctx.culture, 'Catalog::Products')}-template.xlsx`;
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(await importTemplate(req.ctx.culture));
  });

  app.post(
    `${base}/import`,
    { config: create, schema: { tags, consumes: ['multipart/form-data'], response: { 200: importReport } } },
    async (req) => {
      if (!req.isMultipart()) throw fieldError('file', 'Files::FileRequired');
      const part = await req.file();
      if (part?.fieldname !== 'file') throw fieldError('file', 'Files::FileRequired');
      const content = await part.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw fieldError('file', 'Files::TooLarge', [IMPORT_MAX_BYTES / 1024 / 1024]);
        }
        throw e;
      });
      return importProducts(s, req.ctx, req.ctx.culture, content);
    },
  );
}

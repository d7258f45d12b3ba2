import multipart from '@fastify/multipart';
import { Permissions } from '@seller/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { t } from '../../../core/localization/index.ts';
import { reportImport } from '../../../core/sheet-import.ts';
import { asAttachment, uploadedFile, XLSX_TYPE } from '../../../core/uploads.ts';
import { productCommands } from './commands.ts';
import { IMPORT_MAX_BYTES, importTemplate, readProductSheet } from './import.ts';
import { productQueries } from './queries.ts';

const base = '/api/catalog/products';

const importReport = z.object({
  created: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), column: z.string(), message: z.string() })),
});

/** `POST /import` (multipart `file`, an .xlsx like the template) and `GET /import-template`; multipart stays in this scope. */
export default async function productImportRoutes(fastify: FastifyInstance) {
  await fastify.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const commands = productCommands(s);
  const create = { permission: `${Permissions.Products}.Create` };
  const tags = ['Products'];

  app.get(`${base}/import-template`, { config: create, schema: { tags } }, async (req, reply) => {
    const name = `${t(req.ctx.culture, 'Catalog::Products')}-template.xlsx`;
    return asAttachment(reply, name, XLSX_TYPE).send(await importTemplate(req.ctx.culture));
  });

  app.post(
    `${base}/import`,
    { config: create, schema: { tags, consumes: ['multipart/form-data'], response: { 200: importReport } } },
    async (req) => {
      const { content } = await uploadedFile(req, IMPORT_MAX_BYTES);
      const sheet = await readProductSheet(req.ctx.culture, content);
      if (!('rows' in sheet)) return sheet;
      const currency = await productQueries.priceCurrency(s, req.ctx);
      // a rejected row rolls the unit back and answers the report of every bad row
      return reportImport(() =>
        s.data.inTenant(req.ctx, (tx) => commands.import(tx, req.ctx, req.ctx.culture, sheet.rows, currency)),
      );
    },
  );
}

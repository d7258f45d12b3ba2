import multipart from '@fastify/multipart';
import { CrmPermissions } from '@seller/contracts';
import { customerImportReport } from '@seller/contracts/crm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { t } from '../../../core/localization/index.ts';
import { reportImport } from '../../../core/sheet-import.ts';
import { asAttachment, uploadedFile, XLSX_TYPE } from '../../../core/uploads.ts';
import { customerCommands } from './commands.ts';
import { IMPORT_MAX_BYTES, importTemplate, readCustomerSheet } from './import.ts';

const url = '/api/crm/customers';

/** `POST /import` (multipart `file`, an .xlsx like the template) and `GET /import-template`; multipart stays in this scope. */
export default async function customerImportRoutes(fastify: FastifyInstance) {
  await fastify.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const config = { permission: `${CrmPermissions.Customers}.Import` };
  const tags = ['CrmCustomers'];
  const commands = customerCommands(s);

  app.get(`${url}/import-template`, { config, schema: { tags } }, async (req, reply) => {
    const name = `${t(req.ctx.culture, 'CrmCustomers::Title')}-template.xlsx`;
    return asAttachment(reply, name, XLSX_TYPE).send(await importTemplate(req.ctx.culture));
  });

  app.post(
    `${url}/import`,
    { config, schema: { tags, consumes: ['multipart/form-data'], response: { 200: customerImportReport } } },
    async (req) => {
      const { content } = await uploadedFile(req, IMPORT_MAX_BYTES);
      const sheet = await readCustomerSheet(content, req.ctx.culture);
      if ('report' in sheet) return sheet.report;
      return reportImport(() => s.data.inTenant(req.ctx, (tx) => commands.import(tx, req.ctx, sheet.rows)));
    },
  );
}

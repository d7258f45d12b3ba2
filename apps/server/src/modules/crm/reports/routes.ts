import { listResult, pagedResult } from '@seller/contracts';
import {
  CrmPermissions,
  type ReportDto,
  reportCommentDto,
  reportCommentInput,
  reportDetailDto,
  reportDto,
  reportInput,
  reportListQuery,
  reportNumbersDto,
  reportNumbersQuery,
  reportRecipientQuery,
  reportUserDto,
} from '@seller/contracts/crm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../../core/export.ts';
import { t } from '../../../core/localization/index.ts';
import { RESOURCE, reportsService as svc } from './service.ts';

const base = '/api/crm/reports';
const BATCH = 500;
const idParams = z.object({ id: z.guid() });

/**
 * HTTP routes of job reports (`/api/crm/reports…`): the list (mine, received, all) with its export,
 * one report (opening it marks it read for a recipient), writing, editing, refreshing the period's
 * numbers, deleting, comments, the numbers of a period before writing, and the users a report may
 * be sent to.
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const P = CrmPermissions.Reports;
  const read = { permission: P };
  const tags = ['CrmReports'];

  app.get(
    base,
    { config: read, schema: { tags, querystring: reportListQuery, response: { 200: pagedResult(reportDto) } } },
    (req) => svc.list(s, req.ctx, req.query),
  );
  app.get(
    `${base}/export`,
    { config: read, schema: { tags, querystring: reportListQuery.omit({ skipCount: true, maxResultCount: true }) } },
    (req, reply) => {
      const L = (key: string) => t(req.ctx.culture, `${RESOURCE}::${key}`);
      const title = L('Page:Title');
      async function* pages() {
        for (let skipCount = 0; skipCount < EXPORT_MAX_ROWS; skipCount += BATCH) {
          const page = await svc.list(s, req.ctx, { ...req.query, skipCount, maxResultCount: BATCH });
          if (!page.items.length) return;
          yield page.items;
          if (page.items.length < BATCH) return;
        }
      }
      const money = (r: ReportDto) => r.numbers.wonAmounts.map((m) => `${m.amount} ${m.currency}`).join('; ');
      return sendXlsx<ReportDto>(
        reply,
        `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        title,
        [
          { header: L('Field:Category'), width: 8, value: (r) => L(`Category:${r.category}`) },
          { header: L('Field:Period'), width: 12, value: (r) => r.period },
          { header: L('Field:Author'), width: 16, value: (r) => r.author.name ?? r.author.userName },
          { header: L('Field:Title'), width: 24, value: (r) => r.title },
          { header: L('Field:Content'), width: 40, value: (r) => r.content },
          { header: L('Field:Plan'), width: 30, value: (r) => r.plan },
          { header: L('Field:Problems'), width: 30, value: (r) => r.problems },
          { header: L('Numbers:NewCustomers'), width: 10, value: (r) => r.numbers.newCustomers },
          { header: L('Numbers:Activities'), width: 10, value: (r) => r.numbers.activities },
          { header: L('Numbers:NewBusinesses'), width: 10, value: (r) => r.numbers.newBusinesses },
          { header: L('Numbers:Won'), width: 20, value: money },
          { header: L('Field:Read'), width: 10, value: (r) => `${r.readCount}/${r.recipientCount}` },
          { header: L('Field:CreationTime'), width: 20, value: (r) => r.creationTime },
        ],
        pages(),
      );
    },
  );
  app.get(
    `${base}/numbers`,
    {
      config: { permission: `${P}.Create` },
      schema: { tags, querystring: reportNumbersQuery, response: { 200: reportNumbersDto } },
    },
    (req) => svc.numbers(s, req.ctx, req.query),
  );
  app.get(
    `${base}/recipients`,
    { config: read, schema: { tags, querystring: reportRecipientQuery, response: { 200: listResult(reportUserDto) } } },
    (req) => svc.recipientOptions(s, req.ctx, req.query),
  );
  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: reportDetailDto } } },
    (req) => svc.get(s, req.ctx, req.params.id),
  );
  app.post(
    base,
    { config: { permission: `${P}.Create` }, schema: { tags, body: reportInput, response: { 200: reportDetailDto } } },
    (req) => svc.create(s, req.ctx, req.body, req.log),
  );
  app.put(
    `${base}/:id`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: reportInput, response: { 200: reportDetailDto } },
    },
    (req) => svc.update(s, req.ctx, req.params.id, req.body, req.log),
  );
  app.post(
    `${base}/:id/refresh-numbers`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, response: { 200: reportDetailDto } },
    },
    (req) => svc.refreshNumbers(s, req.ctx, req.params.id),
  );
  app.delete(
    `${base}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await svc.remove(s, req.ctx, req.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    `${base}/:id/comments`,
    {
      config: { permission: `${P}.Comment` },
      schema: { tags, params: idParams, body: reportCommentInput, response: { 200: reportCommentDto } },
    },
    (req) => svc.addComment(s, req.ctx, req.params.id, req.body),
  );
  app.delete(
    `${base}/:id/comments/:commentId`,
    {
      config: { permission: `${P}.Comment` },
      schema: { tags, params: idParams.extend({ commentId: z.guid() }) },
    },
    async (req, reply) => {
      await svc.removeComment(s, req.ctx, req.params.id, req.params.commentId);
      return reply.status(204).send();
    },
  );
}

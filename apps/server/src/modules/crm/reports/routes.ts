import { listResult } from '@seller/contracts';
import {
  CrmPermissions,
  reportCommentDto,
  reportCommentInput,
  reportDetailDto,
  reportDto,
  reportInput,
  reportList,
  reportNumbersDto,
  reportNumbersQuery,
  reportRecipientQuery,
  reportUserDto,
} from '@seller/contracts/crm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import { reportListService, reportsService as svc } from './service.ts';

const base = '/api/crm/reports';
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

  listRoutes(app, {
    url: base,
    tag: tags[0]!,
    permission: P,
    list: reportList,
    item: reportDto,
    service: reportListService,
  });
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

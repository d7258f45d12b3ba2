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
import { z } from 'zod';
import { areaRoutes } from '../../../core/area-routes.ts';
import type { RequestContext } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/client.ts';
import { reportCommands } from './commands.ts';
import { periodOf } from './period.ts';
import { type Reader, reportQueries } from './queries.ts';

const base = '/api/crm/reports';
const idParams = z.object({ id: z.guid() });

/**
 * HTTP routes of job reports (`/api/crm/reports…`): the list (mine, received, all) with its export,
 * one report (opening it marks it read for a recipient), writing, editing, refreshing the period's
 * numbers, deleting, comments, the numbers of a period before writing, and the users a report may
 * be sent to.
 */
export default async function routes(fastify: FastifyInstance) {
  const P = CrmPermissions.Reports;
  const { app, s, tags, read, lists } = areaRoutes(fastify, 'CrmReports', P);
  const { reader, list, get, numbers, recipients } = reportQueries;
  const commands = reportCommands(s);
  /** One unit of work for the caller as a reader (read before it, with their permissions). */
  const asReader = async <T>(ctx: RequestContext, work: (tx: Tx, r: Reader) => Promise<T>) => {
    const r = await reader(s, ctx);
    return s.data.inTenant(ctx, (tx) => work(tx, r));
  };

  lists(base, { list: reportList, item: reportDto, service: list });
  app.get(
    `${base}/numbers`,
    {
      config: { permission: `${P}.Create` },
      schema: { tags, querystring: reportNumbersQuery, response: { 200: reportNumbersDto } },
    },
    async (req) => {
      const period = periodOf(req.query.category, req.query.date, await s.timeZone(req.ctx));
      return asReader(req.ctx, (tx, r) => numbers(tx, req.ctx, r, period));
    },
  );
  app.get(
    `${base}/recipients`,
    { config: read, schema: { tags, querystring: reportRecipientQuery, response: { 200: listResult(reportUserDto) } } },
    (req) => s.data.inTenant(req.ctx, (tx) => recipients(tx, req.ctx, req.query)),
  );
  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: reportDetailDto } } },
    (req) =>
      asReader(req.ctx, async (tx, r) => {
        await commands.markRead(tx, req.ctx, r, req.params.id);
        return get(tx, req.ctx, r, req.params.id);
      }),
  );
  app.post(
    base,
    { config: { permission: `${P}.Create` }, schema: { tags, body: reportInput, response: { 200: reportDetailDto } } },
    async (req) => {
      const period = periodOf(req.body.category, req.body.date, await s.timeZone(req.ctx));
      return asReader(req.ctx, async (tx, r) =>
        get(tx, req.ctx, r, await commands.create(tx, req.ctx, r, period, req.body)),
      );
    },
  );
  app.put(
    `${base}/:id`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: reportInput, response: { 200: reportDetailDto } },
    },
    async (req) => {
      const timeZone = await s.timeZone(req.ctx);
      return asReader(req.ctx, async (tx, r) => {
        await commands.update(tx, req.ctx, r, timeZone, req.params.id, req.body);
        return get(tx, req.ctx, r, req.params.id);
      });
    },
  );
  app.post(
    `${base}/:id/refresh-numbers`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, response: { 200: reportDetailDto } },
    },
    (req) =>
      asReader(req.ctx, async (tx, r) => {
        await commands.refreshNumbers(tx, req.ctx, r, req.params.id);
        return get(tx, req.ctx, r, req.params.id);
      }),
  );
  app.delete(
    `${base}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await asReader(req.ctx, (tx, r) => commands.delete(tx, req.ctx, r, req.params.id));
      return reply.status(204).send();
    },
  );
  app.post(
    `${base}/:id/comments`,
    {
      config: { permission: `${P}.Comment` },
      schema: { tags, params: idParams, body: reportCommentInput, response: { 200: reportCommentDto } },
    },
    (req) => asReader(req.ctx, (tx, r) => commands.addComment(tx, req.ctx, r, req.params.id, req.body)),
  );
  app.delete(
    `${base}/:id/comments/:commentId`,
    {
      config: { permission: `${P}.Comment` },
      schema: { tags, params: idParams.extend({ commentId: z.guid() }) },
    },
    async (req, reply) => {
      await asReader(req.ctx, (tx, r) => commands.removeComment(tx, req.ctx, r, req.params.id, req.params.commentId));
      return reply.status(204).send();
    },
  );
}

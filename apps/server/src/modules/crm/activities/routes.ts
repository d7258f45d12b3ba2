import { CrmPermissions, pagedResult } from '@seller/contracts';
import {
  type ActivityDto,
  activityDto,
  activityInput,
  activityQuery,
  activityUpdateInput,
} from '@seller/contracts/crm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendXlsx } from '../../../core/export.ts';
import { t } from '../../../core/localization/index.ts';
import { activityService } from './service.ts';

const url = '/api/crm/activities';
const P = CrmPermissions.Activities;

/**
 * Follow-up records (`/api/crm/activities`): the list (`?customerId=&bizType=&bizId=&type=&mine=
 * &from=&to=&filter=`, newest first: the timeline), its Excel export, get, create, update,
 * delete under `Crm.Activities`; every record is seen and changed through its customer.
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const tags = ['CrmActivities'];
  const idParams = z.object({ id: z.guid() });

  app.get(
    url,
    {
      config: { permission: P },
      schema: { tags, querystring: activityQuery, response: { 200: pagedResult(activityDto) } },
    },
    (req) => activityService.page(s, req.ctx, req.query),
  );
  app.get(
    `${url}/export`,
    {
      config: { permission: P },
      schema: { tags, querystring: activityQuery.omit({ skipCount: true, maxResultCount: true }) },
    },
    (req, reply) => {
      const c = req.ctx.culture;
      const x = (k: string) => t(c, `CrmActivities::${k}`);
      const title = x('Activities');
      const columns: { header: string; width?: number; value(r: ActivityDto): string | Date | null }[] = [
        { header: x('CreationTime'), width: 20, value: (r) => r.creationTime },
        { header: x('Customer'), width: 24, value: (r) => r.customerName },
        { header: x('BizType'), width: 10, value: (r) => x(`BizType:${r.bizType}`) },
        { header: x('BizName'), width: 20, value: (r) => r.bizName },
        { header: x('Type'), width: 10, value: (r) => x(`Type:${r.type}`) },
        { header: x('Content'), width: 48, value: (r) => r.content },
        { header: x('NextTime'), width: 20, value: (r) => r.nextTime },
        { header: x('Creator'), width: 14, value: (r) => r.creatorName },
      ];
      return sendXlsx(
        reply,
        `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        title,
        columns,
        activityService.batches(s, req.ctx, req.query),
      );
    },
  );
  app.get(
    `${url}/:id`,
    { config: { permission: P }, schema: { tags, params: idParams, response: { 200: activityDto } } },
    (req) => activityService.get(s, req.ctx, req.params.id),
  );
  app.post(
    url,
    { config: { permission: `${P}.Create` }, schema: { tags, body: activityInput, response: { 200: activityDto } } },
    (req) => activityService.create(s, req.ctx, req.body),
  );
  app.put(
    `${url}/:id`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: activityUpdateInput, response: { 200: activityDto } },
    },
    (req) => activityService.update(s, req.ctx, req.params.id, req.body),
  );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await activityService.remove(s, req.ctx, req.params.id);
      return reply.status(204).send();
    },
  );
}

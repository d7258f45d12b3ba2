import { CrmPermissions } from '@seller/contracts';
import { activityDto, activityInput, activityList, activityUpdateInput } from '@seller/contracts/crm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import { inTenantAsViewer } from '../resource-routes.ts';
import { activityCommands } from './commands.ts';
import { activityQueries } from './queries.ts';

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
  const { list, get } = activityQueries;
  const commands = activityCommands(s);

  listRoutes(app, {
    url,
    tag: tags[0]!,
    permission: P,
    list: activityList,
    item: activityDto,
    service: list,
  });
  app.get(
    `${url}/:id`,
    { config: { permission: P }, schema: { tags, params: idParams, response: { 200: activityDto } } },
    (req) => inTenantAsViewer(s, req.ctx, (tx, v) => get(tx, req.ctx, v, req.params.id)),
  );
  app.post(
    url,
    { config: { permission: `${P}.Create` }, schema: { tags, body: activityInput, response: { 200: activityDto } } },
    (req) =>
      inTenantAsViewer(s, req.ctx, async (tx, v) =>
        get(tx, req.ctx, v, await commands.create(tx, req.ctx, v, req.body)),
      ),
  );
  app.put(
    `${url}/:id`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: activityUpdateInput, response: { 200: activityDto } },
    },
    (req) =>
      inTenantAsViewer(s, req.ctx, async (tx, v) => {
        await commands.update(tx, req.ctx, v, req.params.id, req.body);
        return get(tx, req.ctx, v, req.params.id);
      }),
  );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inTenantAsViewer(s, req.ctx, (tx, v) => commands.delete(tx, req.ctx, v, req.params.id));
      return reply.status(204).send();
    },
  );
}

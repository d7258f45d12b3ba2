import { CrmPermissions, listResult } from '@seller/contracts';
import { tagAllQuery, tagDto, tagInput, tagList, tagOption, tagUpdateInput } from '@seller/contracts/crm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import { tagCommands } from './commands.ts';
import { tagQueries } from './queries.ts';

const url = '/api/crm/tags';
const P = CrmPermissions.Tags;

/**
 * Tags (`/api/crm/tags`): the paged list (`?scope=`), get, create, update, delete under
 * `Crm.Tags`. `GET /all?scope=` feeds the tag pickers of the customer and business forms and
 * filters: whoever holds `Crm.Tags`, `Crm.Customers` or `Crm.Businesses` may read it (tags are
 * names and colours, nothing about a customer).
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const tags = ['CrmTags'];
  const idParams = z.object({ id: z.guid() });
  const { list, all, get } = tagQueries;
  const commands = tagCommands(s);

  listRoutes(app, { url, tag: tags[0]!, permission: P, list: tagList, item: tagDto, service: list });
  app.get(
    `${url}/all`,
    {
      config: { permission: [P, CrmPermissions.Customers, CrmPermissions.Businesses] },
      schema: { tags, querystring: tagAllQuery, response: { 200: listResult(tagOption) } },
    },
    async (req) => {
      const { items } = await s.data.inTenant(req.ctx, (tx) => all(tx, req.ctx, req.query));
      return { items: items.map(({ id, name, color, scope }) => ({ id, name, color, scope })) };
    },
  );
  app.get(
    `${url}/:id`,
    { config: { permission: P }, schema: { tags, params: idParams, response: { 200: tagDto } } },
    (req) => s.data.inTenant(req.ctx, (tx) => get(tx, req.ctx, req.params.id)),
  );
  app.post(
    url,
    { config: { permission: `${P}.Create` }, schema: { tags, body: tagInput, response: { 200: tagDto } } },
    (req) => s.data.inTenant(req.ctx, (tx) => commands.create(tx, req.ctx, req.body)),
  );
  app.put(
    `${url}/:id`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: tagUpdateInput, response: { 200: tagDto } },
    },
    (req) => s.data.inTenant(req.ctx, (tx) => commands.update(tx, req.ctx, req.params.id, req.body)),
  );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await s.data.inTenant(req.ctx, (tx) => commands.delete(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );
}

import { CrmPermissions, listResult } from '@seller/contracts';
import {
  contactDto,
  contactInput,
  crmUserOption,
  customerDto,
  customerDuplicatesInput,
  customerDuplicatesResult,
  customerInput,
  customerList,
  customerListItem,
  customerMemberInput,
  customerMemberLevelInput,
  customerTag,
  customerTransferInput,
} from '@seller/contracts/crm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import importRoutes from './import-routes.ts';
import { customerListService, customerService } from './service.ts';

const url = '/api/crm/customers';
const P = CrmPermissions.Customers;

/**
 * Customers (`/api/crm/customers`): the list (`?scope=mine|team|all` and its filters), the Excel
 * export and import, the duplicate check (`POST /duplicates`), users and tags to pick (`/users`, `/tags`), the
 * detail, create, edit, delete, dealt / not dealt (`/{id}/deal`, `/{id}/undeal`), transfer
 * (`/{id}/transfer`), the team (`/{id}/members[/{userId}]`) and contacts (`/{id}/contacts[/{contactId}]`).
 * Which customers a caller sees and may change is `access.ts`'s rule.
 */
export default async function routes(fastify: FastifyInstance) {
  await fastify.register(importRoutes);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const tags = ['CrmCustomers'];
  const idParams = z.object({ id: z.guid() });

  listRoutes(app, {
    url,
    tag: tags[0]!,
    permission: P,
    exportPermission: `${P}.Export`,
    list: customerList,
    item: customerListItem,
    service: customerListService,
  });
  app.post(
    `${url}/duplicates`,
    {
      config: { permission: P },
      schema: { tags, body: customerDuplicatesInput, response: { 200: customerDuplicatesResult } },
    },
    (req) => customerService.duplicates(s, req.ctx, req.body),
  );
  app.get(
    `${url}/users`,
    {
      config: { permission: P },
      schema: {
        tags,
        querystring: z.object({ filter: z.string().trim().max(100).optional() }),
        response: { 200: listResult(crmUserOption) },
      },
    },
    (req) => customerService.userOptions(s, req.ctx, req.query.filter || undefined),
  );
  app.get(
    `${url}/tags`,
    { config: { permission: P }, schema: { tags, response: { 200: listResult(customerTag) } } },
    (req) => customerService.tagOptions(s, req.ctx),
  );
  app.get(
    `${url}/:id`,
    { config: { permission: P }, schema: { tags, params: idParams, response: { 200: customerDto } } },
    (req) => customerService.get(s, req.ctx, req.params.id),
  );
  app.post(
    url,
    { config: { permission: `${P}.Create` }, schema: { tags, body: customerInput, response: { 200: customerDto } } },
    (req) => customerService.create(s, req.ctx, req.body),
  );
  app.put(
    `${url}/:id`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: customerInput, response: { 200: customerDto } },
    },
    (req) => customerService.update(s, req.ctx, req.params.id, req.body),
  );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await customerService.remove(s, req.ctx, req.params.id);
      return reply.status(204).send();
    },
  );
  for (const [path, dealt] of [
    ['deal', true],
    ['undeal', false],
  ] as const) {
    app.post(
      `${url}/:id/${path}`,
      { config: { permission: `${P}.Update` }, schema: { tags, params: idParams, response: { 200: customerDto } } },
      (req) => customerService.setDeal(s, req.ctx, req.params.id, dealt),
    );
  }
  app.post(
    `${url}/:id/transfer`,
    {
      config: { permission: `${P}.Transfer` },
      schema: { tags, params: idParams, body: customerTransferInput, response: { 200: customerDto } },
    },
    (req) => customerService.transfer(s, req.ctx, req.params.id, req.body),
  );

  const memberParams = idParams.extend({ userId: z.guid() });
  app.post(
    `${url}/:id/members`,
    {
      config: { permission: `${P}.Team` },
      schema: { tags, params: idParams, body: customerMemberInput, response: { 200: customerDto } },
    },
    (req) => customerService.putMember(s, req.ctx, req.params.id, req.body),
  );
  app.put(
    `${url}/:id/members/:userId`,
    {
      config: { permission: `${P}.Team` },
      schema: { tags, params: memberParams, body: customerMemberLevelInput, response: { 200: customerDto } },
    },
    (req) =>
      customerService.putMember(s, req.ctx, req.params.id, { userId: req.params.userId, level: req.body.level }, true),
  );
  app.delete(
    `${url}/:id/members/:userId`,
    { config: { permission: `${P}.Team` }, schema: { tags, params: memberParams, response: { 200: customerDto } } },
    (req) => customerService.removeMember(s, req.ctx, req.params.id, req.params.userId),
  );

  const contactParams = idParams.extend({ contactId: z.guid() });
  app.get(
    `${url}/:id/contacts`,
    { config: { permission: P }, schema: { tags, params: idParams, response: { 200: listResult(contactDto) } } },
    (req) => customerService.contacts(s, req.ctx, req.params.id),
  );
  app.post(
    `${url}/:id/contacts`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: contactInput, response: { 200: contactDto } },
    },
    (req) => customerService.saveContact(s, req.ctx, req.params.id, null, req.body),
  );
  app.put(
    `${url}/:id/contacts/:contactId`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: contactParams, body: contactInput, response: { 200: contactDto } },
    },
    (req) => customerService.saveContact(s, req.ctx, req.params.id, req.params.contactId, req.body),
  );
  app.delete(
    `${url}/:id/contacts/:contactId`,
    { config: { permission: `${P}.Update` }, schema: { tags, params: contactParams } },
    async (req, reply) => {
      await customerService.removeContact(s, req.ctx, req.params.id, req.params.contactId);
      return reply.status(204).send();
    },
  );
}

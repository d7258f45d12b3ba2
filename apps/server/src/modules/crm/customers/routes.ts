import { CrmPermissions, listResult } from '@seller/contracts';
import {
  type ContactInput,
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
import { z } from 'zod';
import { areaRoutes } from '../../../core/area-routes.ts';
import type { RequestContext } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/client.ts';
import { inTenantAsViewer } from '../resource-routes.ts';
import { customerCommands } from './commands.ts';
import importRoutes from './import-routes.ts';
import { type CustomerViewer, customerQueries } from './queries.ts';

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
  const { app, s, tags, inTx, lists } = areaRoutes(fastify, 'CrmCustomers', P);
  const idParams = z.object({ id: z.guid() });
  const { list, get, detail, contacts, contact, duplicates, tags: tagOptions, users } = customerQueries;
  const commands = customerCommands(s);
  /** A write to the customer `:id` in one unit, answered with its detail. */
  const write = (ctx: RequestContext, id: string, change: (tx: Tx, v: CustomerViewer) => Promise<unknown>) =>
    inTenantAsViewer(s, ctx, async (tx, v) => {
      await change(tx, v);
      return detail(tx, ctx, v, id);
    });
  /** Creates (`contactId` null) or updates a contact, answered with it. */
  const saveContact = (ctx: RequestContext, id: string, contactId: string | null, input: ContactInput) =>
    inTenantAsViewer(s, ctx, async (tx, v) =>
      contact(tx, ctx, await commands.saveContact(tx, ctx, v, id, contactId, input)),
    );

  lists(url, { exportPermission: `${P}.Export`, list: customerList, item: customerListItem, service: list });
  app.post(
    `${url}/duplicates`,
    {
      config: { permission: P },
      schema: { tags, body: customerDuplicatesInput, response: { 200: customerDuplicatesResult } },
    },
    (req) => inTenantAsViewer(s, req.ctx, (tx, v) => duplicates(tx, req.ctx, v, req.body)),
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
    (req) => inTx(req.ctx, (tx) => users(tx, req.ctx, req.query.filter || undefined)),
  );
  app.get(
    `${url}/tags`,
    { config: { permission: P }, schema: { tags, response: { 200: listResult(customerTag) } } },
    (req) => inTx(req.ctx, (tx) => tagOptions(tx, req.ctx)),
  );
  app.get(
    `${url}/:id`,
    { config: { permission: P }, schema: { tags, params: idParams, response: { 200: customerDto } } },
    (req) => inTenantAsViewer(s, req.ctx, (tx, v) => get(tx, req.ctx, v, req.params.id)),
  );
  app.post(
    url,
    { config: { permission: `${P}.Create` }, schema: { tags, body: customerInput, response: { 200: customerDto } } },
    (req) =>
      inTenantAsViewer(s, req.ctx, async (tx, v) =>
        detail(tx, req.ctx, v, await commands.create(tx, req.ctx, req.body)),
      ),
  );
  app.put(
    `${url}/:id`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: customerInput, response: { 200: customerDto } },
    },
    (req) => write(req.ctx, req.params.id, (tx, v) => commands.update(tx, req.ctx, v, req.params.id, req.body)),
  );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inTenantAsViewer(s, req.ctx, (tx, v) => commands.delete(tx, req.ctx, v, req.params.id));
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
      (req) => write(req.ctx, req.params.id, (tx, v) => commands.setDeal(tx, req.ctx, v, req.params.id, dealt)),
    );
  }
  app.post(
    `${url}/:id/transfer`,
    {
      config: { permission: `${P}.Transfer` },
      schema: { tags, params: idParams, body: customerTransferInput, response: { 200: customerDto } },
    },
    (req) => write(req.ctx, req.params.id, (tx, v) => commands.transfer(tx, req.ctx, v, req.params.id, req.body)),
  );

  const memberParams = idParams.extend({ userId: z.guid() });
  app.post(
    `${url}/:id/members`,
    {
      config: { permission: `${P}.Team` },
      schema: { tags, params: idParams, body: customerMemberInput, response: { 200: customerDto } },
    },
    (req) => write(req.ctx, req.params.id, (tx, v) => commands.putMember(tx, req.ctx, v, req.params.id, req.body)),
  );
  app.put(
    `${url}/:id/members/:userId`,
    {
      config: { permission: `${P}.Team` },
      schema: { tags, params: memberParams, body: customerMemberLevelInput, response: { 200: customerDto } },
    },
    (req) =>
      write(req.ctx, req.params.id, (tx, v) =>
        commands.putMember(tx, req.ctx, v, req.params.id, { userId: req.params.userId, level: req.body.level }, true),
      ),
  );
  app.delete(
    `${url}/:id/members/:userId`,
    { config: { permission: `${P}.Team` }, schema: { tags, params: memberParams, response: { 200: customerDto } } },
    (req) =>
      write(req.ctx, req.params.id, (tx, v) => commands.removeMember(tx, req.ctx, v, req.params.id, req.params.userId)),
  );

  const contactParams = idParams.extend({ contactId: z.guid() });
  app.get(
    `${url}/:id/contacts`,
    { config: { permission: P }, schema: { tags, params: idParams, response: { 200: listResult(contactDto) } } },
    (req) => inTenantAsViewer(s, req.ctx, (tx, v) => contacts(tx, req.ctx, v, req.params.id)),
  );
  app.post(
    `${url}/:id/contacts`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: contactInput, response: { 200: contactDto } },
    },
    (req) => saveContact(req.ctx, req.params.id, null, req.body),
  );
  app.put(
    `${url}/:id/contacts/:contactId`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: contactParams, body: contactInput, response: { 200: contactDto } },
    },
    (req) => saveContact(req.ctx, req.params.id, req.params.contactId, req.body),
  );
  app.delete(
    `${url}/:id/contacts/:contactId`,
    { config: { permission: `${P}.Update` }, schema: { tags, params: contactParams } },
    async (req, reply) => {
      await inTenantAsViewer(s, req.ctx, (tx, v) =>
        commands.removeContact(tx, req.ctx, v, req.params.id, req.params.contactId),
      );
      return reply.status(204).send();
    },
  );
}

import { CrmPermissions, listResult } from '@seller/contracts';
import {
  businessBoardDto,
  businessBoardQuery,
  businessCloseInput,
  businessCustomerOption,
  businessDto,
  businessFunnelDto,
  businessFunnelQuery,
  businessInput,
  businessList,
  businessListItem,
  businessOwnerOption,
  businessProductOption,
  businessStageMoveInput,
  businessStatusTypeDto,
  businessStatusTypeInput,
} from '@seller/contracts/crm';
import type { FastifyInstance } from 'fastify';
import { areaRoutes } from '../../../core/area-routes.ts';
import type { RequestContext } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/client.ts';
import { type CustomerViewer, customerQueries } from '../customers/queries.ts';
import { customerRecordRoutes, idParams, inTenantAsViewer, recordService } from '../resource-routes.ts';
import { businessCommands } from './commands.ts';
import { businessQueries } from './queries.ts';

const url = '/api/crm/businesses';
const stagesUrl = '/api/crm/business-status-types';
const P = CrmPermissions.Businesses;

/**
 * Businesses (`/api/crm/businesses`): the list with its filters and Excel export, the kanban
 * (`/board`: a column per stage of a group, then won and lost), the funnel (`/funnel`), the
 * detail, create, edit and delete, the move to another stage (`PUT /{id}/stage`) and the close
 * (`POST /{id}/close`: won, lost or invalid). Who sees a business is who sees its customer.
 * Stage groups (`/api/crm/business-status-types`): list (the default group created on first
 * use), create, replace and delete under `Crm.Businesses.Stages`.
 */
export default async function routes(fastify: FastifyInstance) {
  const { app, s, tags, read, inTx } = areaRoutes(fastify, 'CrmBusinesses', P);
  const q = businessQueries;
  const commands = businessCommands(s);
  /** A write to the business `:id`, answered with its detail. */
  const write = (ctx: RequestContext, id: string, change: (tx: Tx, v: CustomerViewer) => Promise<unknown>) =>
    inTenantAsViewer(s, ctx, async (tx, v) => {
      await change(tx, v);
      return q.get(tx, ctx, v, id);
    });

  app.get(stagesUrl, { config: read, schema: { tags, response: { 200: listResult(businessStatusTypeDto) } } }, (req) =>
    inTx(req.ctx, (tx) => q.stageGroups(tx, req.ctx)),
  );
  app.post(
    stagesUrl,
    {
      config: { permission: `${P}.Stages` },
      schema: { tags, body: businessStatusTypeInput, response: { 200: businessStatusTypeDto } },
    },
    (req) =>
      inTx(req.ctx, async (tx) => q.stageGroup(tx, req.ctx, await commands.createStageGroup(tx, req.ctx, req.body))),
  );
  app.put(
    `${stagesUrl}/:id`,
    {
      config: { permission: `${P}.Stages` },
      schema: { tags, params: idParams, body: businessStatusTypeInput, response: { 200: businessStatusTypeDto } },
    },
    (req) =>
      inTx(req.ctx, async (tx) => {
        await commands.updateStageGroup(tx, req.ctx, req.params.id, req.body);
        return q.stageGroup(tx, req.ctx, req.params.id);
      }),
  );
  app.delete(
    `${stagesUrl}/:id`,
    { config: { permission: `${P}.Stages` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => commands.deleteStageGroup(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );

  customerRecordRoutes(app, {
    url,
    tag: tags[0]!,
    permission: P,
    list: businessList,
    item: businessListItem,
    listService: q.list,
    pickers: {
      'customer-options': { option: businessCustomerOption, options: q.customerOptions },
      'product-options': { option: businessProductOption, options: q.productOptions },
    },
    dto: businessDto,
    input: businessInput,
    updateInput: businessInput,
    service: recordService(customerQueries.viewer, q, commands),
  });
  app.get(
    `${url}/board`,
    {
      config: read,
      schema: { tags, querystring: businessBoardQuery, response: { 200: businessBoardDto } },
    },
    (req) => inTenantAsViewer(s, req.ctx, (tx, v) => q.board(tx, req.ctx, v, req.query)),
  );
  app.get(
    `${url}/funnel`,
    {
      config: read,
      schema: { tags, querystring: businessFunnelQuery, response: { 200: businessFunnelDto } },
    },
    (req) => inTenantAsViewer(s, req.ctx, (tx, v) => q.funnel(tx, req.ctx, v, req.query)),
  );
  app.get(
    `${url}/owner-options`,
    { config: read, schema: { tags, response: { 200: listResult(businessOwnerOption) } } },
    (req) => inTx(req.ctx, (tx) => q.ownerOptions(tx, req.ctx)),
  );
  app.put(
    `${url}/:id/stage`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: businessStageMoveInput, response: { 200: businessDto } },
    },
    (req) => write(req.ctx, req.params.id, (tx, v) => commands.move(tx, req.ctx, v, req.params.id, req.body.statusId)),
  );
  app.post(
    `${url}/:id/close`,
    {
      config: { permission: `${P}.Close` },
      schema: { tags, params: idParams, body: businessCloseInput, response: { 200: businessDto } },
    },
    (req) => write(req.ctx, req.params.id, (tx, v) => commands.close(tx, req.ctx, v, req.params.id, req.body)),
  );
}

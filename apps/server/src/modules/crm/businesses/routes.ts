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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../customers/through.ts';
import { customerRecordRoutes } from '../resource-routes.ts';
import { businessListService, businessService } from './service.ts';
import { stageService } from './stages.ts';

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
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const tags = ['CrmBusinesses'];

  app.get(
    stagesUrl,
    { config: { permission: P }, schema: { tags, response: { 200: listResult(businessStatusTypeDto) } } },
    (req) => stageService.list(s, req.ctx),
  );
  app.post(
    stagesUrl,
    {
      config: { permission: `${P}.Stages` },
      schema: { tags, body: businessStatusTypeInput, response: { 200: businessStatusTypeDto } },
    },
    (req) => stageService.create(s, req.ctx, req.body),
  );
  app.put(
    `${stagesUrl}/:id`,
    {
      config: { permission: `${P}.Stages` },
      schema: { tags, params: idParams, body: businessStatusTypeInput, response: { 200: businessStatusTypeDto } },
    },
    (req) => stageService.update(s, req.ctx, req.params.id, req.body),
  );
  app.delete(
    `${stagesUrl}/:id`,
    { config: { permission: `${P}.Stages` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await stageService.remove(s, req.ctx, req.params.id);
      return reply.status(204).send();
    },
  );

  customerRecordRoutes(app, {
    url,
    tag: tags[0]!,
    permission: P,
    list: businessList,
    item: businessListItem,
    listService: businessListService,
    pickers: {
      'customer-options': { option: businessCustomerOption, options: businessService.customerOptions },
      'product-options': { option: businessProductOption, options: businessService.productOptions },
    },
    dto: businessDto,
    input: businessInput,
    updateInput: businessInput,
    service: businessService,
  });
  app.get(
    `${url}/board`,
    {
      config: { permission: P },
      schema: { tags, querystring: businessBoardQuery, response: { 200: businessBoardDto } },
    },
    (req) => businessService.board(s, req.ctx, req.query),
  );
  app.get(
    `${url}/funnel`,
    {
      config: { permission: P },
      schema: { tags, querystring: businessFunnelQuery, response: { 200: businessFunnelDto } },
    },
    (req) => businessService.funnel(s, req.ctx, req.query),
  );
  app.get(
    `${url}/owner-options`,
    { config: { permission: P }, schema: { tags, response: { 200: listResult(businessOwnerOption) } } },
    (req) => businessService.ownerOptions(s, req.ctx),
  );
  app.put(
    `${url}/:id/stage`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: businessStageMoveInput, response: { 200: businessDto } },
    },
    (req) => businessService.move(s, req.ctx, req.params.id, req.body.statusId),
  );
  app.post(
    `${url}/:id/close`,
    {
      config: { permission: `${P}.Close` },
      schema: { tags, params: idParams, body: businessCloseInput, response: { 200: businessDto } },
    },
    (req) => businessService.close(s, req.ctx, req.params.id, req.body),
  );
}

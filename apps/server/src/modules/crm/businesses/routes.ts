import { CrmPermissions, listResult, pagedResult } from '@seller/contracts';
import {
  type BusinessListItem,
  businessBoardDto,
  businessBoardQuery,
  businessCloseInput,
  businessCustomerOption,
  businessDto,
  businessFilters,
  businessFunnelDto,
  businessFunnelQuery,
  businessInput,
  businessListItem,
  businessOwnerOption,
  businessProductOption,
  businessQuery,
  businessStageMoveInput,
  businessStatusTypeDto,
  businessStatusTypeInput,
} from '@seller/contracts/crm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportColumn, sendXlsx } from '../../../core/export.ts';
import { t } from '../../../core/localization/index.ts';
import { businessService } from './service.ts';
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
  const idParams = z.object({ id: z.guid() });
  const filterQuery = z.object({ filter: z.string().trim().max(100).optional() });

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

  app.get(
    url,
    {
      config: { permission: P },
      schema: { tags, querystring: businessQuery, response: { 200: pagedResult(businessListItem) } },
    },
    (req) => businessService.list(s, req.ctx, req.query),
  );
  app.get(
    `${url}/export`,
    {
      config: { permission: P },
      schema: { tags, querystring: businessFilters.extend({ sorting: businessQuery.shape.sorting }) },
    },
    (req, reply) => {
      const c = req.ctx.culture;
      const x = (k: string) => t(c, `CrmBusinesses::${k}`);
      const columns: ExportColumn<BusinessListItem>[] = [
        { header: x('Name'), width: 28, value: (r) => r.name },
        { header: x('Customer'), width: 24, value: (r) => r.customerName },
        { header: x('Owner'), value: (r) => r.ownerName },
        { header: x('Stage'), value: (r) => (r.endStatus ? x(`End:${r.endStatus}`) : r.statusName) },
        { header: x('WinRate'), width: 10, value: (r) => r.percent },
        { header: x('Currency'), width: 8, value: (r) => r.currency },
        { header: x('TotalPrice'), width: 14, value: (r) => Number(r.totalPrice) },
        { header: x('DealTime'), width: 14, value: (r) => r.dealTime },
        { header: x('EndRemark'), width: 24, value: (r) => r.endRemark },
        { header: x('CreationTime'), width: 20, value: (r) => r.creationTime },
      ];
      const title = x('ExportName');
      return sendXlsx(
        reply,
        `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        title,
        columns,
        businessService.batches(s, req.ctx, req.query),
      );
    },
  );
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
    `${url}/customer-options`,
    {
      config: { permission: P },
      schema: { tags, querystring: filterQuery, response: { 200: listResult(businessCustomerOption) } },
    },
    (req) => businessService.customerOptions(s, req.ctx, req.query.filter),
  );
  app.get(
    `${url}/owner-options`,
    { config: { permission: P }, schema: { tags, response: { 200: listResult(businessOwnerOption) } } },
    (req) => businessService.ownerOptions(s, req.ctx),
  );
  app.get(
    `${url}/product-options`,
    {
      config: { permission: P },
      schema: { tags, querystring: filterQuery, response: { 200: listResult(businessProductOption) } },
    },
    (req) => businessService.productOptions(s, req.ctx, req.query.filter),
  );
  app.get(
    `${url}/:id`,
    { config: { permission: P }, schema: { tags, params: idParams, response: { 200: businessDto } } },
    (req) => businessService.get(s, req.ctx, req.params.id),
  );
  app.post(
    url,
    { config: { permission: `${P}.Create` }, schema: { tags, body: businessInput, response: { 200: businessDto } } },
    (req) => businessService.create(s, req.ctx, req.body),
  );
  app.put(
    `${url}/:id`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: businessInput, response: { 200: businessDto } },
    },
    (req) => businessService.update(s, req.ctx, req.params.id, req.body),
  );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await businessService.remove(s, req.ctx, req.params.id);
      return reply.status(204).send();
    },
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

import { CrmPermissions, listResult, pagedResult } from '@seller/contracts';
import {
  businessCustomerOption,
  type CrmOrderListItem,
  crmOrderDto,
  crmOrderFilters,
  crmOrderInput,
  crmOrderListItem,
  crmOrderQuery,
  crmOrderStatusInput,
  crmTradeOrderOption,
} from '@seller/contracts/crm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportColumn, sendXlsx } from '../../../core/export.ts';
import { t } from '../../../core/localization/index.ts';
import { businessService } from '../businesses/service.ts';
import { crmOrderService } from './service.ts';

const url = '/api/crm/orders';
const P = CrmPermissions.Orders;

/**
 * Order tracking (`/api/crm/orders`): the list with its filters and Excel export, the detail with
 * its status history, create, edit, delete, the status change (`POST /{id}/status`, only along
 * the transition table; 409 otherwise), and the options of the form (customers the caller may
 * write, trade sales orders to link). Who sees an order is who sees its customer.
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const tags = ['CrmOrders'];
  const idParams = z.object({ id: z.guid() });
  const filterQuery = z.object({ filter: z.string().trim().max(100).optional() });

  app.get(
    url,
    {
      config: { permission: P },
      schema: { tags, querystring: crmOrderQuery, response: { 200: pagedResult(crmOrderListItem) } },
    },
    (req) => crmOrderService.list(s, req.ctx, req.query),
  );
  app.get(
    `${url}/export`,
    {
      config: { permission: P },
      schema: { tags, querystring: crmOrderFilters.extend({ sorting: crmOrderQuery.shape.sorting }) },
    },
    (req, reply) => {
      const c = req.ctx.culture;
      const x = (k: string) => t(c, `CrmOrders::${k}`);
      const columns: ExportColumn<CrmOrderListItem>[] = [
        { header: x('OrderNo'), width: 22, value: (r) => r.orderNo },
        { header: x('Customer'), width: 24, value: (r) => r.customerName },
        { header: x('Source'), value: (r) => x(`Source:${r.source}`) },
        { header: x('Status'), value: (r) => x(`Status:${r.status}`) },
        { header: x('Currency'), width: 8, value: (r) => r.currency },
        { header: x('Amount'), width: 14, value: (r) => Number(r.amount) },
        { header: x('OrderedAt'), width: 20, value: (r) => r.orderedAt },
        { header: x('Remark'), width: 30, value: (r) => r.remark },
      ];
      const title = x('ExportName');
      return sendXlsx(
        reply,
        `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        title,
        columns,
        crmOrderService.batches(s, req.ctx, req.query),
      );
    },
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
    `${url}/trade-order-options`,
    {
      config: { permission: P },
      schema: { tags, querystring: filterQuery, response: { 200: listResult(crmTradeOrderOption) } },
    },
    (req) => crmOrderService.tradeOrderOptions(s, req.ctx, req.query.filter),
  );
  app.get(
    `${url}/:id`,
    { config: { permission: P }, schema: { tags, params: idParams, response: { 200: crmOrderDto } } },
    (req) => crmOrderService.get(s, req.ctx, req.params.id),
  );
  app.post(
    url,
    { config: { permission: `${P}.Create` }, schema: { tags, body: crmOrderInput, response: { 200: crmOrderDto } } },
    (req) => crmOrderService.create(s, req.ctx, req.body),
  );
  app.put(
    `${url}/:id`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: crmOrderInput, response: { 200: crmOrderDto } },
    },
    (req) => crmOrderService.update(s, req.ctx, req.params.id, req.body),
  );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await crmOrderService.remove(s, req.ctx, req.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    `${url}/:id/status`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: crmOrderStatusInput, response: { 200: crmOrderDto } },
    },
    (req) => crmOrderService.changeStatus(s, req.ctx, req.params.id, req.body.status, req.body.remark),
  );
}

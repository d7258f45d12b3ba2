import { CrmPermissions } from '@seller/contracts';
import {
  businessCustomerOption,
  crmOrderDto,
  crmOrderInput,
  crmOrderList,
  crmOrderListItem,
  crmOrderStatusInput,
  crmTradeOrderOption,
} from '@seller/contracts/crm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessService } from '../businesses/service.ts';
import { idParams } from '../customers/through.ts';
import { customerRecordRoutes } from '../resource-routes.ts';
import { crmOrderListService, crmOrderService } from './service.ts';

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

  customerRecordRoutes(app, {
    url,
    tag: tags[0]!,
    permission: P,
    list: crmOrderList,
    item: crmOrderListItem,
    listService: crmOrderListService,
    pickers: {
      'customer-options': { option: businessCustomerOption, options: businessService.customerOptions },
      'trade-order-options': { option: crmTradeOrderOption, options: crmOrderService.tradeOrderOptions },
    },
    dto: crmOrderDto,
    input: crmOrderInput,
    updateInput: crmOrderInput,
    service: crmOrderService,
  });
  app.post(
    `${url}/:id/status`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: crmOrderStatusInput, response: { 200: crmOrderDto } },
    },
    (req) => crmOrderService.changeStatus(s, req.ctx, req.params.id, req.body.status, req.body.remark),
  );
}

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
import { areaRoutes } from '../../../core/area-routes.ts';
import { businessQueries } from '../businesses/queries.ts';
import { customerQueries } from '../customers/queries.ts';
import { customerRecordRoutes, idParams, inTenantAsViewer, recordService } from '../resource-routes.ts';
import { orderCommands } from './commands.ts';
import { orderQueries } from './queries.ts';

const url = '/api/crm/orders';
const P = CrmPermissions.Orders;

/**
 * Order tracking (`/api/crm/orders`): the list with its filters and Excel export, the detail with
 * its status history, create, edit, delete, the status change (`POST /{id}/status`, only along
 * the transition table; 409 otherwise), and the options of the form (customers the caller may
 * write, trade sales orders to link). Who sees an order is who sees its customer.
 */
export default async function routes(fastify: FastifyInstance) {
  const { app, s, tags } = areaRoutes(fastify, 'CrmOrders', P);
  const q = orderQueries;
  const commands = orderCommands(s);

  customerRecordRoutes(app, {
    url,
    tag: tags[0]!,
    permission: P,
    list: crmOrderList,
    item: crmOrderListItem,
    listService: q.list,
    pickers: {
      'customer-options': { option: businessCustomerOption, options: businessQueries.customerOptions },
      'trade-order-options': { option: crmTradeOrderOption, options: q.tradeOrderOptions },
    },
    dto: crmOrderDto,
    input: crmOrderInput,
    updateInput: crmOrderInput,
    service: recordService(customerQueries.viewer, q, commands),
  });
  app.post(
    `${url}/:id/status`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: crmOrderStatusInput, response: { 200: crmOrderDto } },
    },
    (req) =>
      inTenantAsViewer(s, req.ctx, async (tx, v) => {
        await commands.changeStatus(tx, req.ctx, v, req.params.id, req.body.status, req.body.remark);
        return q.get(tx, req.ctx, v, req.params.id);
      }),
  );
}

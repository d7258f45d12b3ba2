import { TradePermissions } from '@seller/contracts';
import { salesOrderDto, salesOrderRefundInput } from '@seller/contracts/trade';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { areaRoutes } from '../../../core/area-routes.ts';
import { orderQueries } from '../orders/queries.ts';
import { returnCommands } from './commands.ts';

const url = '/api/trade/orders';
const P = TradePermissions.Orders;

/**
 * `POST /api/trade/orders/{id}/partial-refund` and `/refund` (permission `Trade.Orders.Update`):
 * the amount refunded and the units sent back, answered with the order.
 */
export default async function routes(fastify: FastifyInstance) {
  const { app, s, tags, inTx } = areaRoutes(fastify, 'SalesOrders', P);
  const idParams = z.object({ id: z.guid() });
  const commands = returnCommands(s);
  const refunds: Array<[string, 'partialRefund' | 'refund']> = [
    ['partial-refund', 'partialRefund'],
    ['refund', 'refund'],
  ];
  for (const [path, action] of refunds) {
    app.post(
      `${url}/:id/${path}`,
      {
        config: { permission: `${P}.Update` },
        schema: { tags, params: idParams, body: salesOrderRefundInput, response: { 200: salesOrderDto } },
      },
      (req) =>
        inTx(req.ctx, async (tx) => {
          await commands.refund(tx, req.ctx, req.params.id, action, req.body);
          return orderQueries.get(tx, req.ctx, req.params.id);
        }),
    );
  }
}

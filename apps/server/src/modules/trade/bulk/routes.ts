import { TradePermissions } from '@seller/contracts';
import { type OrderBulkKind, orderBulkInput, orderBulkStarted, orderBulkState } from '@seller/contracts/trade';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { areaRoutes } from '../../../core/area-routes.ts';
import { queueOrderBulk, orderBulkState as stateOf } from './queue.ts';

const url = '/api/trade/orders/bulk';

/**
 * Bulk work on selected orders: `POST /api/trade/orders/bulk/confirm` (permission
 * `Trade.Orders.Confirm`) and `POST …/bulk/shipments` (`Trade.Shipments.Create`) take
 * `{ ids }` (at most 500) and answer the durable job's id; `GET …/bulk/{jobId}` its progress and,
 * once completed, each order's outcome (only to the user who started it).
 */
export default async function routes(fastify: FastifyInstance) {
  const { app, s, tags } = areaRoutes(fastify, 'SalesOrders', TradePermissions.Orders);
  const start: Array<[OrderBulkKind, string]> = [
    ['confirm', `${TradePermissions.Orders}.Confirm`],
    ['shipments', `${TradePermissions.Shipments}.Create`],
  ];
  for (const [kind, permission] of start) {
    app.post(
      `${url}/${kind}`,
      { config: { permission }, schema: { tags, body: orderBulkInput, response: { 200: orderBulkStarted } } },
      async (req) => {
        const ctx = req.ctx;
        const jobId = await queueOrderBulk(s, {
          tenantId: ctx.tenant?.id ?? null,
          userId: ctx.user?.id ?? null,
          culture: ctx.culture,
          kind,
          ids: [...new Set(req.body.ids)],
        });
        return { jobId };
      },
    );
  }
  app.get(
    `${url}/:jobId`,
    {
      config: { authenticated: true },
      schema: { tags, params: z.object({ jobId: z.guid() }), response: { 200: orderBulkState } },
    },
    (req) => stateOf(s, req.ctx, req.params.jobId),
  );
}

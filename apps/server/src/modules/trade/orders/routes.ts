import { listResult, TradePermissions } from '@seller/contracts';
import {
  type SalesOrderAction,
  salesOrderActionInput,
  salesOrderCancelInput,
  salesOrderDto,
  salesOrderInput,
  salesOrderList,
  salesOrderListItem,
  salesOrderMatchInput,
  salesOrderPullDto,
  salesOrderPullInput,
  salesOrderPullState,
  salesOrderShopOption,
  salesOrderVariantOption,
} from '@seller/contracts/trade';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { areaRoutes } from '../../../core/area-routes.ts';
import { orderCommands } from './commands.ts';
import { orderQueries } from './queries.ts';
import { pullState, queueOrdersPull } from './queue.ts';

const url = '/api/trade/orders';
const P = TradePermissions.Orders;

/**
 * Sales orders (`/api/trade/orders`): the list with its filters, the status tab counts
 * (`/counts`), the Excel export, the detail, manual orders (create, edit and delete while
 * Pending), the state table's actions (`/{id}/confirm`, `/{id}/cancel`, `/{id}/mark-paid`,
 * `/pack`, `/deliver`, `/complete`, `/partial-refund`, `/refund`), mapping a line's SKU
 * (`PUT /{id}/lines/{lineId}/match`) and the pull from the marketplaces (`POST /pull`, a
 * durable job; `GET /pull/{jobId}` its state and result).
 */
export default async function routes(fastify: FastifyInstance) {
  const { app, s, tags, inTx, lists } = areaRoutes(fastify, 'SalesOrders', P);
  const idParams = z.object({ id: z.guid() });
  const { list: orderList, get, shops, shop, variantOptions } = orderQueries;
  const commands = orderCommands(s);
  /** Runs a write on the order and answers with the order. */
  const thenGet = (
    ctx: Parameters<typeof get>[1],
    id: string,
    write: (tx: Parameters<typeof get>[0]) => Promise<unknown>,
  ) =>
    inTx(ctx, async (tx) => {
      await write(tx);
      return get(tx, ctx, id);
    });

  lists(url, { exportPermission: `${P}.Export`, list: salesOrderList, item: salesOrderListItem, service: orderList });
  app.post(
    `${url}/pull`,
    {
      config: { permission: `${P}.Pull` },
      schema: { tags, body: salesOrderPullInput, response: { 200: salesOrderPullDto } },
    },
    async (req) => {
      const ctx = req.ctx;
      const shopId = req.body.shopId;
      if (shopId) await inTx(ctx, (tx) => shop(tx, ctx, shopId));
      const jobId = await queueOrdersPull(s, {
        tenantId: ctx.tenant?.id ?? null,
        userId: ctx.user?.id ?? null,
        shopId: req.body.shopId ?? null,
      });
      return { jobId };
    },
  );
  app.get(
    `${url}/pull/:jobId`,
    {
      config: { permission: P },
      schema: { tags, params: z.object({ jobId: z.guid() }), response: { 200: salesOrderPullState } },
    },
    (req) => pullState(s, req.ctx, req.params.jobId),
  );
  app.get(
    `${url}/shops`,
    { config: { permission: P }, schema: { tags, response: { 200: listResult(salesOrderShopOption) } } },
    (req) => inTx(req.ctx, (tx) => shops(tx, req.ctx)),
  );
  app.get(
    `${url}/variant-options`,
    {
      config: { permission: P },
      schema: {
        tags,
        querystring: z.object({ filter: z.string().trim().max(100).optional() }),
        response: { 200: listResult(salesOrderVariantOption) },
      },
    },
    (req) => inTx(req.ctx, (tx) => variantOptions(tx, req.ctx, req.query.filter)),
  );
  app.get(
    `${url}/:id`,
    { config: { permission: P }, schema: { tags, params: idParams, response: { 200: salesOrderDto } } },
    (req) => inTx(req.ctx, (tx) => get(tx, req.ctx, req.params.id)),
  );
  app.post(
    url,
    {
      config: { permission: `${P}.Create` },
      schema: { tags, body: salesOrderInput, response: { 200: salesOrderDto } },
    },
    (req) =>
      inTx(req.ctx, async (tx) => {
        const order = await commands.create(tx, req.ctx, req.body);
        return get(tx, req.ctx, order.id);
      }),
  );
  app.put(
    `${url}/:id`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: salesOrderInput, response: { 200: salesOrderDto } },
    },
    (req) => thenGet(req.ctx, req.params.id, (tx) => commands.update(tx, req.ctx, req.params.id, req.body)),
  );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => commands.delete(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );
  app.post(
    `${url}/:id/confirm`,
    { config: { permission: `${P}.Confirm` }, schema: { tags, params: idParams, response: { 200: salesOrderDto } } },
    (req) => thenGet(req.ctx, req.params.id, (tx) => commands.act(tx, req.ctx, req.params.id, 'confirm')),
  );
  app.post(
    `${url}/:id/cancel`,
    {
      config: { permission: `${P}.Cancel` },
      schema: { tags, params: idParams, body: salesOrderCancelInput, response: { 200: salesOrderDto } },
    },
    (req) =>
      thenGet(req.ctx, req.params.id, (tx) => commands.act(tx, req.ctx, req.params.id, 'cancel', req.body.reason)),
  );
  const others: Array<[string, SalesOrderAction]> = [
    ['mark-paid', 'markPaid'],
    ['pack', 'pack'],
    ['deliver', 'deliver'],
    ['complete', 'complete'],
  ];
  for (const [path, action] of others) {
    app.post(
      `${url}/:id/${path}`,
      {
        config: { permission: `${P}.Update` },
        schema: { tags, params: idParams, body: salesOrderActionInput.optional(), response: { 200: salesOrderDto } },
      },
      (req) =>
        thenGet(req.ctx, req.params.id, (tx) => commands.act(tx, req.ctx, req.params.id, action, req.body?.reason)),
    );
  }
  app.put(
    `${url}/:id/lines/:lineId/match`,
    {
      config: { permission: `${P}.Update` },
      schema: {
        tags,
        params: idParams.extend({ lineId: z.guid() }),
        body: salesOrderMatchInput,
        response: { 200: salesOrderDto },
      },
    },
    (req) =>
      thenGet(req.ctx, req.params.id, (tx) =>
        commands.matchLine(tx, req.ctx, req.params.id, req.params.lineId, req.body.variantId),
      ),
  );
}

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
  salesOrderPullResult,
  salesOrderPullState,
  salesOrderShopOption,
  salesOrderVariantOption,
} from '@seller/contracts/trade';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { owned } from '../../../core/crud.ts';
import { notFound } from '../../../core/errors.ts';
import { listRoutes } from '../../../core/lists.ts';
import { marketplaceShops } from '../../marketplaces/index.ts';
import { ORDERS_PULL_JOB } from './pull.ts';
import { orderList, orderService } from './service.ts';

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
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const tags = ['SalesOrders'];
  const idParams = z.object({ id: z.guid() });

  listRoutes(app, {
    url,
    tag: tags[0]!,
    permission: P,
    exportPermission: `${P}.Export`,
    list: salesOrderList,
    item: salesOrderListItem,
    service: orderList,
  });
  app.post(
    `${url}/pull`,
    {
      config: { permission: `${P}.Pull` },
      schema: { tags, body: salesOrderPullInput, response: { 200: salesOrderPullDto } },
    },
    async (req) => {
      const ctx = req.ctx;
      if (req.body.shopId) {
        const [shop] = await s.data.inTenant(ctx, (tx) =>
          tx
            .select({ id: marketplaceShops.id })
            .from(marketplaceShops)
            .where(owned(ctx, marketplaceShops, eq(marketplaceShops.id, req.body.shopId!))),
        );
        if (!shop) throw notFound('Shop', req.body.shopId);
      }
      const jobId = await s.jobs.send(ORDERS_PULL_JOB, {
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
    async (req) => {
      const job = await s.jobs.get(ORDERS_PULL_JOB, req.params.jobId);
      const data = (job?.data ?? {}) as { tenantId?: string | null };
      if (!job || (data.tenantId ?? null) !== (req.ctx.tenant?.id ?? null)) throw notFound('Job', req.params.jobId);
      const parsed = job.state === 'completed' ? salesOrderPullResult.safeParse(job.output) : null;
      return { jobId: job.id, state: job.state, result: parsed?.success ? parsed.data : null };
    },
  );
  app.get(
    `${url}/shops`,
    { config: { permission: P }, schema: { tags, response: { 200: listResult(salesOrderShopOption) } } },
    (req) => orderService.shops(s, req.ctx),
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
    (req) => orderService.variantOptions(s, req.ctx, req.query.filter),
  );
  app.get(
    `${url}/:id`,
    { config: { permission: P }, schema: { tags, params: idParams, response: { 200: salesOrderDto } } },
    (req) => orderService.get(s, req.ctx, req.params.id),
  );
  app.post(
    url,
    {
      config: { permission: `${P}.Create` },
      schema: { tags, body: salesOrderInput, response: { 200: salesOrderDto } },
    },
    (req) => orderService.create(s, req.ctx, req.body),
  );
  app.put(
    `${url}/:id`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: salesOrderInput, response: { 200: salesOrderDto } },
    },
    (req) => orderService.update(s, req.ctx, req.params.id, req.body),
  );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await orderService.remove(s, req.ctx, req.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    `${url}/:id/confirm`,
    { config: { permission: `${P}.Confirm` }, schema: { tags, params: idParams, response: { 200: salesOrderDto } } },
    (req) => orderService.act(s, req.ctx, req.params.id, 'confirm'),
  );
  app.post(
    `${url}/:id/cancel`,
    {
      config: { permission: `${P}.Cancel` },
      schema: { tags, params: idParams, body: salesOrderCancelInput, response: { 200: salesOrderDto } },
    },
    (req) => orderService.act(s, req.ctx, req.params.id, 'cancel', req.body.reason),
  );
  const others: Array<[string, SalesOrderAction]> = [
    ['mark-paid', 'markPaid'],
    ['pack', 'pack'],
    ['deliver', 'deliver'],
    ['complete', 'complete'],
    ['partial-refund', 'partialRefund'],
    ['refund', 'refund'],
  ];
  for (const [path, action] of others) {
    app.post(
      `${url}/:id/${path}`,
      {
        config: { permission: `${P}.Update` },
        schema: { tags, params: idParams, body: salesOrderActionInput.optional(), response: { 200: salesOrderDto } },
      },
      (req) => orderService.act(s, req.ctx, req.params.id, action, req.body?.reason),
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
    (req) => orderService.matchLine(s, req.ctx, req.params.id, req.params.lineId, req.body.variantId),
  );
}

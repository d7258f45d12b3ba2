import { listResult, TradePermissions } from '@seller/contracts';
import {
  createShipmentInput,
  shipInput,
  shipmentDetailDto,
  shipmentDto,
  shipmentEstimateDto,
  shipmentEstimateQuery,
  shipmentEventDto,
  shipmentEventInput,
  shipmentEventList,
  shipmentList,
  shipmentWarehouseDto,
  shippableOrderDto,
  shippableOrderQuery,
} from '@seller/contracts/trade';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import { asAttachment } from '../../../core/uploads.ts';
import { shipmentEventListService, shipmentListService, shipmentService as svc } from './service.ts';

const base = '/api/trade/shipments';
const idParams = z.object({ id: z.guid() });

/** HTTP routes of the shipments area (`/api/trade/shipments…`; the list in contracts `trade/shipments.ts`). */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const P = TradePermissions.Shipments;
  const read = { permission: P };
  const create = { permission: `${P}.Create` };
  const update = { permission: `${P}.Update` };
  const ship = { permission: `${P}.Ship` };
  const cancel = { permission: `${P}.Cancel` };
  const tags = ['Shipments'];

  listRoutes(app, {
    url: base,
    tag: tags[0]!,
    permission: P,
    list: shipmentList,
    item: shipmentDto,
    service: shipmentListService,
  });
  app.get(
    `${base}/estimate`,
    { config: read, schema: { tags, querystring: shipmentEstimateQuery, response: { 200: shipmentEstimateDto } } },
    (req) => svc.estimate(s, req.ctx, req.query),
  );
  listRoutes(app, {
    url: `${base}/events`,
    tag: tags[0]!,
    permission: P,
    list: shipmentEventList,
    item: shipmentEventDto,
    service: shipmentEventListService,
  });
  app.get(
    `${base}/orders`,
    {
      config: read,
      schema: { tags, querystring: shippableOrderQuery, response: { 200: listResult(shippableOrderDto) } },
    },
    (req) => svc.shippableOrders(s, req.ctx, req.query),
  );
  app.get(
    `${base}/warehouses`,
    { config: read, schema: { tags, response: { 200: listResult(shipmentWarehouseDto) } } },
    (req) => svc.warehouses(s, req.ctx),
  );
  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: shipmentDetailDto } } },
    (req) => svc.get(s, req.ctx, req.params.id),
  );
  app.get(
    `${base}/:id/events`,
    { config: read, schema: { tags, params: idParams, response: { 200: listResult(shipmentEventDto) } } },
    (req) => svc.events(s, req.ctx, req.params.id),
  );
  app.get(`${base}/:id/label.pdf`, { config: read, schema: { tags, params: idParams } }, async (req, reply) => {
    const { row, pdf } = await svc.labelPdf(s, req.ctx, req.params.id);
    return asAttachment(reply, `${row.shipmentNo}-${row.trackingNo}.pdf`, 'application/pdf').send(pdf);
  });
  app.post(
    base,
    { config: create, schema: { tags, body: createShipmentInput, response: { 200: shipmentDetailDto } } },
    (req) => svc.create(s, req.ctx, req.body),
  );
  app.post(
    `${base}/:id/label`,
    { config: update, schema: { tags, params: idParams, response: { 200: shipmentDetailDto } } },
    (req) => svc.label(s, req.ctx, req.params.id),
  );
  for (const action of ['pack', 'deliver', 'return', 'lose'] as const) {
    app.post(
      `${base}/:id/${action}`,
      { config: update, schema: { tags, params: idParams, response: { 200: shipmentDetailDto } } },
      (req) => svc.act(s, req.ctx, req.params.id, action),
    );
  }
  app.post(
    `${base}/:id/cancel`,
    { config: cancel, schema: { tags, params: idParams, response: { 200: shipmentDetailDto } } },
    (req) => svc.act(s, req.ctx, req.params.id, 'cancel'),
  );
  app.post(
    `${base}/:id/ship`,
    {
      config: ship,
      schema: { tags, params: idParams, body: shipInput, response: { 200: shipmentDetailDto } },
      // the body is optional: no actual weight or fee known yet
      preValidation: async (req) => {
        if (req.body == null) req.body = {};
      },
    },
    (req) => svc.ship(s, req.ctx, req.params.id, req.body),
  );
  app.post(
    `${base}/:id/sync`,
    { config: ship, schema: { tags, params: idParams, response: { 200: shipmentDetailDto } } },
    (req) => svc.resync(s, req.ctx, req.params.id),
  );
  app.post(
    `${base}/:id/events`,
    {
      config: update,
      schema: { tags, params: idParams, body: shipmentEventInput, response: { 200: shipmentEventDto } },
    },
    (req) => svc.addEvent(s, req.ctx, req.params.id, req.body),
  );
}

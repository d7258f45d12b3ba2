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
import { z } from 'zod';
import { areaRoutes } from '../../../core/area-routes.ts';
import { asAttachment } from '../../../core/uploads.ts';
import { shipmentCommands } from './commands.ts';
import { shipmentQueries } from './queries.ts';

const base = '/api/trade/shipments';
const idParams = z.object({ id: z.guid() });

/** HTTP routes of the shipments area (`/api/trade/shipments…`; the list in contracts `trade/shipments.ts`). */
export default async function routes(fastify: FastifyInstance) {
  const P = TradePermissions.Shipments;
  const { app, s, tags, read, inTx, lists } = areaRoutes(fastify, 'Shipments', P);
  const create = { permission: `${P}.Create` };
  const update = { permission: `${P}.Update` };
  const ship = { permission: `${P}.Ship` };
  const cancel = { permission: `${P}.Cancel` };
  const q = shipmentQueries;
  const commands = shipmentCommands(s);
  /** Runs a write on the shipment and answers with the shipment. */
  const thenGet = (
    ctx: Parameters<typeof q.get>[1],
    id: string,
    write: (tx: Parameters<typeof q.get>[0]) => Promise<unknown>,
  ) =>
    inTx(ctx, async (tx) => {
      await write(tx);
      return q.get(tx, ctx, id);
    });

  lists(base, { list: shipmentList, item: shipmentDto, service: q.list });
  app.get(
    `${base}/estimate`,
    { config: read, schema: { tags, querystring: shipmentEstimateQuery, response: { 200: shipmentEstimateDto } } },
    (req) => q.estimate(s, req.ctx, req.query),
  );
  lists(`${base}/events`, { list: shipmentEventList, item: shipmentEventDto, service: q.eventList });
  app.get(
    `${base}/orders`,
    {
      config: read,
      schema: { tags, querystring: shippableOrderQuery, response: { 200: listResult(shippableOrderDto) } },
    },
    (req) => inTx(req.ctx, (tx) => q.shippableOrders(tx, req.ctx, req.query)),
  );
  app.get(
    `${base}/warehouses`,
    { config: read, schema: { tags, response: { 200: listResult(shipmentWarehouseDto) } } },
    (req) => inTx(req.ctx, (tx) => q.warehouses(tx, req.ctx)),
  );
  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: shipmentDetailDto } } },
    (req) => inTx(req.ctx, (tx) => q.get(tx, req.ctx, req.params.id)),
  );
  app.get(
    `${base}/:id/events`,
    { config: read, schema: { tags, params: idParams, response: { 200: listResult(shipmentEventDto) } } },
    (req) => inTx(req.ctx, (tx) => q.events(tx, req.ctx, req.params.id)),
  );
  app.get(`${base}/:id/label.pdf`, { config: read, schema: { tags, params: idParams } }, async (req, reply) => {
    const { row, pdf } = await inTx(req.ctx, (tx) => q.label(tx, req.ctx, req.params.id));
    return asAttachment(reply, `${row.shipmentNo}-${row.trackingNo}.pdf`, 'application/pdf').send(pdf);
  });
  app.post(
    base,
    { config: create, schema: { tags, body: createShipmentInput, response: { 200: shipmentDetailDto } } },
    async (req) => {
      const plan = await q.plan(s, req.ctx, req.body);
      return inTx(req.ctx, async (tx) => {
        const row = await commands.create(tx, req.ctx, req.body, plan);
        return q.get(tx, req.ctx, row.id);
      });
    },
  );
  app.post(
    `${base}/:id/label`,
    { config: update, schema: { tags, params: idParams, response: { 200: shipmentDetailDto } } },
    (req) => thenGet(req.ctx, req.params.id, (tx) => commands.label(tx, req.ctx, req.params.id)),
  );
  for (const action of ['pack', 'deliver', 'return', 'lose'] as const) {
    app.post(
      `${base}/:id/${action}`,
      { config: update, schema: { tags, params: idParams, response: { 200: shipmentDetailDto } } },
      (req) => thenGet(req.ctx, req.params.id, (tx) => commands.act(tx, req.ctx, req.params.id, action)),
    );
  }
  app.post(
    `${base}/:id/cancel`,
    { config: cancel, schema: { tags, params: idParams, response: { 200: shipmentDetailDto } } },
    (req) => thenGet(req.ctx, req.params.id, (tx) => commands.act(tx, req.ctx, req.params.id, 'cancel')),
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
    (req) => thenGet(req.ctx, req.params.id, (tx) => commands.ship(tx, req.ctx, req.params.id, req.body)),
  );
  app.post(
    `${base}/:id/sync`,
    { config: ship, schema: { tags, params: idParams, response: { 200: shipmentDetailDto } } },
    (req) => thenGet(req.ctx, req.params.id, (tx) => commands.resync(tx, req.ctx, req.params.id)),
  );
  app.post(
    `${base}/:id/events`,
    {
      config: update,
      schema: { tags, params: idParams, body: shipmentEventInput, response: { 200: shipmentEventDto } },
    },
    (req) =>
      inTx(req.ctx, async (tx) => {
        await commands.addEvent(tx, req.ctx, req.params.id, req.body);
        return q.lastEvent(tx, req.ctx, req.params.id);
      }),
  );
}

import { listResult, TradePermissions } from '@seller/contracts';
import {
  createShipmentInput,
  packInput,
  pickListDto,
  shipInput,
  shipmentBulkInput,
  shipmentBulkResult,
  shipmentDetailDto,
  shipmentDto,
  shipmentEstimateDto,
  shipmentEstimateQuery,
  shipmentEventDto,
  shipmentEventInput,
  shipmentEventList,
  shipmentList,
  shipmentScanQuery,
  shipmentSelection,
  shipmentWarehouseDto,
  shippableOrderDto,
  shippableOrderQuery,
} from '@seller/contracts/trade';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { areaRoutes } from '../../../core/area-routes.ts';
import { asAttachment } from '../../../core/uploads.ts';
import { shipmentCommands } from './commands.ts';
import { labelPdf, labelsPdf, pickListPdf, pickListPrint } from './label.ts';
import { shipmentQueries } from './queries.ts';

const base = '/api/trade/shipments';
const idParams = z.object({ id: z.guid() });
/** A route whose body is optional reads a missing one as `{}`. */
const noBodyIsEmpty = async (req: FastifyRequest) => {
  if (req.body == null) req.body = {};
};

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
  app.get(
    `${base}/scan`,
    { config: read, schema: { tags, querystring: shipmentScanQuery, response: { 200: shipmentDetailDto } } },
    (req) => inTx(req.ctx, (tx) => q.scan(tx, req.ctx, req.query.code)),
  );
  app.get(`${base}/:id/label.pdf`, { config: read, schema: { tags, params: idParams } }, async (req, reply) => {
    const { row, label } = await inTx(req.ctx, (tx) => q.label(tx, req.ctx, req.params.id));
    return asAttachment(reply, `${row.shipmentNo}-${row.trackingNo}.pdf`, 'application/pdf').send(
      await labelPdf(label),
    );
  });
  // the PDF is written as it is sent, after the unit that read the labels
  app.post(`${base}/labels.pdf`, { config: read, schema: { tags, body: shipmentSelection } }, async (req, reply) => {
    const labels = await inTx(req.ctx, (tx) => q.labels(tx, req.ctx, req.body.ids));
    const name = `labels-${new Date().toISOString().slice(0, 10)}-${labels.length}.pdf`;
    return asAttachment(reply, name, 'application/pdf').send(labelsPdf(labels, name));
  });
  app.post(
    `${base}/pick-list`,
    { config: read, schema: { tags, body: shipmentSelection, response: { 200: pickListDto } } },
    (req) => inTx(req.ctx, (tx) => q.pickList(tx, req.ctx, req.body.ids)),
  );
  app.post(`${base}/pick-list.pdf`, { config: read, schema: { tags, body: shipmentSelection } }, async (req, reply) => {
    const list = await inTx(req.ctx, (tx) => q.pickList(tx, req.ctx, req.body.ids));
    const name = `pick-list-${new Date().toISOString().slice(0, 10)}.pdf`;
    return asAttachment(reply, name, 'application/pdf').send(pickListPdf(pickListPrint(req.ctx, list)));
  });
  app.post(
    `${base}/bulk/label`,
    { config: update, schema: { tags, body: shipmentBulkInput, response: { 200: shipmentBulkResult } } },
    (req) => inTx(req.ctx, (tx) => commands.labelEach(tx, req.ctx, req.body.ids)),
  );
  app.post(
    `${base}/bulk/ship`,
    { config: ship, schema: { tags, body: shipmentBulkInput, response: { 200: shipmentBulkResult } } },
    (req) => inTx(req.ctx, (tx) => commands.shipEach(tx, req.ctx, req.body.ids)),
  );
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
  app.post(
    `${base}/:id/pack`,
    {
      config: update,
      schema: { tags, params: idParams, body: packInput, response: { 200: shipmentDetailDto } },
      // the body is optional: packed without a scanner
      preValidation: noBodyIsEmpty,
    },
    (req) => thenGet(req.ctx, req.params.id, (tx) => commands.pack(tx, req.ctx, req.params.id, req.body)),
  );
  for (const action of ['deliver', 'return', 'lose'] as const) {
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
      preValidation: noBodyIsEmpty,
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

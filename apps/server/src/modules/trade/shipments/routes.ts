import { listResult, pagedResult, TradePermissions } from '@seller/contracts';
import {
  createShipmentInput,
  type ShipmentDto,
  type ShipmentEventDto,
  shipInput,
  shipmentCountsDto,
  shipmentDetailDto,
  shipmentDto,
  shipmentEstimateDto,
  shipmentEstimateQuery,
  shipmentEventDto,
  shipmentEventInput,
  shipmentEventListQuery,
  shipmentListQuery,
  shipmentWarehouseDto,
  shippableOrderDto,
  shippableOrderQuery,
} from '@seller/contracts/trade';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../../core/export.ts';
import { t } from '../../../core/localization/index.ts';
import { asAttachment } from '../../../core/uploads.ts';
import { shipmentService as svc } from './service.ts';

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

  app.get(
    base,
    { config: read, schema: { tags, querystring: shipmentListQuery, response: { 200: pagedResult(shipmentDto) } } },
    (req) => svc.list(s, req.ctx, req.query),
  );
  app.get(
    `${base}/export`,
    { config: read, schema: { tags, querystring: shipmentListQuery.omit({ skipCount: true, maxResultCount: true }) } },
    (req, reply) => {
      const L = (key: string) => t(req.ctx.culture, `Shipments::${key}`);
      const title = L('Page:Export');
      async function* batches() {
        for (let skipCount = 0; skipCount < EXPORT_MAX_ROWS; skipCount += 500) {
          const page = await svc.list(s, req.ctx, { ...req.query, skipCount, maxResultCount: 500 });
          if (!page.items.length) return;
          yield page.items;
          if (page.items.length < 500) return;
        }
      }
      return sendXlsx<ShipmentDto>(
        reply,
        `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        title,
        [
          { header: L('Page:ShipmentNo'), width: 22, value: (r) => r.shipmentNo },
          { header: L('Page:Status'), width: 10, value: (r) => L(`Status:${r.status}`) },
          { header: L('Page:TrackingNo'), width: 22, value: (r) => r.trackingNo },
          { header: L('Page:Orders'), width: 30, value: (r) => r.orderNos },
          { header: L('Page:Warehouse'), width: 16, value: (r) => r.warehouseName },
          { header: L('Page:Carrier'), width: 16, value: (r) => r.carrierName },
          { header: L('Page:Channel'), width: 20, value: (r) => r.channelName },
          { header: L('Page:Country'), width: 8, value: (r) => r.countryCode },
          { header: L('Page:Quantity'), width: 8, value: (r) => r.quantity },
          { header: L('Page:EstWeight'), width: 12, value: (r) => r.estWeightG },
          { header: L('Page:EstFee'), width: 14, value: (r) => (r.estFee ? `${r.estFee} ${r.currency ?? ''}` : null) },
          { header: L('Page:ActualFee'), width: 14, value: (r) => r.actualFee },
          {
            header: L('Page:Sync'),
            width: 12,
            value: (r) => (r.platformSyncStatus ? L(`Sync:${r.platformSyncStatus}`) : null),
          },
          { header: L('Page:ShippedAt'), width: 20, value: (r) => r.shippedAt },
          { header: L('Page:DeliveredAt'), width: 20, value: (r) => r.deliveredAt },
          { header: L('Page:Created'), width: 20, value: (r) => r.creationTime },
        ],
        batches(),
      );
    },
  );
  app.get(
    `${base}/counts`,
    { config: read, schema: { tags, querystring: shipmentListQuery, response: { 200: shipmentCountsDto } } },
    (req) => svc.counts(s, req.ctx, req.query),
  );
  app.get(
    `${base}/estimate`,
    { config: read, schema: { tags, querystring: shipmentEstimateQuery, response: { 200: shipmentEstimateDto } } },
    (req) => svc.estimate(s, req.ctx, req.query),
  );
  app.get(
    `${base}/events`,
    {
      config: read,
      schema: { tags, querystring: shipmentEventListQuery, response: { 200: pagedResult(shipmentEventDto) } },
    },
    (req) => svc.eventList(s, req.ctx, req.query),
  );
  app.get(
    `${base}/events/export`,
    {
      config: read,
      schema: { tags, querystring: shipmentEventListQuery.omit({ skipCount: true, maxResultCount: true }) },
    },
    (req, reply) => {
      const L = (key: string) => t(req.ctx.culture, `Shipments::${key}`);
      const title = L('Page:EventsExport');
      async function* batches() {
        for (let skipCount = 0; skipCount < EXPORT_MAX_ROWS; skipCount += 500) {
          const page = await svc.eventList(s, req.ctx, { ...req.query, skipCount, maxResultCount: 500 });
          if (!page.items.length) return;
          yield page.items;
          if (page.items.length < 500) return;
        }
      }
      return sendXlsx<ShipmentEventDto>(
        reply,
        `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        title,
        [
          { header: L('Page:Time'), width: 20, value: (r) => r.time },
          { header: L('Page:ShipmentNo'), width: 22, value: (r) => r.shipmentNo },
          { header: L('Page:TrackingNo'), width: 22, value: (r) => r.trackingNo },
          { header: L('Page:Code'), width: 14, value: (r) => r.code },
          { header: L('Page:Description'), width: 40, value: (r) => r.description },
          { header: L('Page:Location'), width: 20, value: (r) => r.location },
          { header: L('Page:Source'), width: 10, value: (r) => L(`Source:${r.source}`) },
        ],
        batches(),
      );
    },
  );
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

import {
  type PurchaseOrderDto,
  purchaseCountsDto,
  purchaseFlagInput,
  purchaseListQuery,
  purchaseLookupsDto,
  purchaseOrderDetailDto,
  purchaseOrderDto,
  purchaseOrderInput,
  purchasePaymentInput,
  purchasePriceDto,
  purchasePriceInput,
  purchaseRejectInput,
  purchaseVariantDto,
  purchaseVariantQuery,
  suggestionDraftDto,
  suggestionDraftInput,
  suggestionDto,
  suggestionQuery,
  TradePermissions,
} from '@seller/contracts/trade';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../../core/export.ts';
import { t } from '../../../core/localization/index.ts';
import { getSettingNumber } from '../../settings/index.ts';
import { TradeSettings } from '../settings.ts';
import { printOrder } from './print.ts';
import {
  act,
  countOrders,
  createOrder,
  defaultPrices,
  deleteOrder,
  getOrder,
  listOrders,
  lookups,
  moneyOf,
  orderDto,
  searchVariants,
  setException,
  setPaymentStatus,
  updateOrder,
} from './service.ts';
import { draftFromSuggestions, suggestions } from './suggestions.ts';

const base = '/api/trade/purchase-orders';
const idParams = z.object({ id: z.guid() });

/** Purchase orders, their actions, prices, replenishment suggestions, export and print. */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const P = TradePermissions.Purchase;
  const read = { permission: P };
  const tags = ['Purchase'];
  const inTx = s.data.inTenant.bind(s.data);

  app.get(
    base,
    {
      config: read,
      schema: {
        tags,
        querystring: purchaseListQuery,
        response: { 200: z.object({ totalCount: z.number(), items: z.array(purchaseOrderDto) }) },
      },
    },
    (req) => inTx(req.ctx, (tx) => listOrders(tx, req.ctx, req.query)),
  );
  app.get(
    `${base}/counts`,
    { config: read, schema: { tags, querystring: purchaseListQuery, response: { 200: purchaseCountsDto } } },
    (req) => inTx(req.ctx, (tx) => countOrders(tx, req.ctx, req.query)),
  );
  app.get(
    `${base}/export`,
    { config: read, schema: { tags, querystring: purchaseListQuery.omit({ skipCount: true, maxResultCount: true }) } },
    (req, reply) => {
      const L = (key: string) => t(req.ctx.culture, `Purchase::${key}`);
      const title = L('Page:Title');
      async function* batches() {
        for (let skipCount = 0; skipCount < EXPORT_MAX_ROWS; skipCount += 500) {
          const page = await inTx(req.ctx, (tx) =>
            listOrders(tx, req.ctx, { ...req.query, skipCount, maxResultCount: 500 }),
          );
          if (!page.items.length) return;
          yield page.items;
          if (page.items.length < 500) return;
        }
      }
      return sendXlsx<PurchaseOrderDto>(
        reply,
        `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        title,
        [
          { header: L('Field:PoNo'), width: 20, value: (r) => r.poNo },
          { header: L('Field:Supplier'), width: 30, value: (r) => r.supplierName },
          { header: L('Field:Warehouse'), width: 16, value: (r) => r.warehouseName },
          { header: L('Field:Status'), width: 12, value: (r) => L(`Status:${r.status}`) },
          { header: L('Field:PaymentStatus'), width: 12, value: (r) => L(`Payment:${r.paymentStatus}`) },
          { header: L('Field:Currency'), width: 8, value: (r) => r.currency },
          { header: L('Field:GoodsAmount'), width: 14, value: (r) => Number(r.goodsAmount) },
          { header: L('Field:Freight'), width: 10, value: (r) => Number(r.freight) },
          { header: L('Field:Discount'), width: 10, value: (r) => Number(r.discount) },
          { header: L('Field:Tax'), width: 10, value: (r) => Number(r.tax) },
          { header: L('Field:Total'), width: 14, value: (r) => Number(r.total) },
          { header: L('Field:QtyOrdered'), width: 10, value: (r) => r.qtyOrdered },
          { header: L('Field:QtyReceived'), width: 10, value: (r) => r.qtyReceived },
          { header: L('Field:ExpectedArrival'), width: 14, value: (r) => r.expectedArrival },
          { header: L('Field:CreationTime'), width: 20, value: (r) => r.creationTime },
          { header: L('Field:Remark'), width: 30, value: (r) => r.remark },
        ],
        batches(),
      );
    },
  );
  app.get(`${base}/lookups`, { config: read, schema: { tags, response: { 200: purchaseLookupsDto } } }, async (req) => {
    const money = await moneyOf(s, req.ctx);
    return inTx(req.ctx, (tx) => lookups(tx, req.ctx, money));
  });
  app.get(
    `${base}/variants`,
    {
      config: read,
      schema: {
        tags,
        querystring: purchaseVariantQuery,
        response: { 200: z.object({ items: z.array(purchaseVariantDto) }) },
      },
    },
    async (req) => ({
      items: await inTx(req.ctx, (tx) => searchVariants(tx, req.ctx, req.query.filter, req.query.maxResultCount)),
    }),
  );
  app.post(
    `${base}/prices`,
    {
      config: read,
      schema: { tags, body: purchasePriceInput, response: { 200: z.object({ items: z.array(purchasePriceDto) }) } },
    },
    async (req) => {
      const money = await moneyOf(s, req.ctx);
      const currency = req.body.currency ?? money.currency;
      return {
        items: await inTx(req.ctx, (tx) =>
          defaultPrices(tx, req.ctx, req.body.supplierId, currency, money.rates, req.body.lines),
        ),
      };
    },
  );
  app.get(
    `${base}/suggestions`,
    {
      config: read,
      schema: { tags, querystring: suggestionQuery, response: { 200: z.object({ items: z.array(suggestionDto) }) } },
    },
    async (req) => {
      const days = req.query.days ?? (await getSettingNumber(s, req.ctx, TradeSettings.ReplenishmentDays));
      const cover = await getSettingNumber(s, req.ctx, TradeSettings.CoverDays);
      return { items: await inTx(req.ctx, (tx) => suggestions(tx, req.ctx, req.query, days, cover)) };
    },
  );
  app.post(
    `${base}/suggestions/draft`,
    {
      config: { permission: `${P}.Create` },
      schema: { tags, body: suggestionDraftInput, response: { 200: suggestionDraftDto } },
    },
    async (req) => {
      const money = await moneyOf(s, req.ctx);
      return inTx(req.ctx, (tx) => draftFromSuggestions(tx, req.ctx, money, req.body));
    },
  );
  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: purchaseOrderDetailDto } } },
    (req) => inTx(req.ctx, (tx) => getOrder(tx, req.ctx, req.params.id)),
  );
  app.get(`${base}/:id/print`, { config: read, schema: { tags, params: idParams } }, async (req, reply) => {
    const po = await inTx(req.ctx, (tx) => getOrder(tx, req.ctx, req.params.id));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(printOrder(po, req.ctx.culture));
  });
  app.post(
    base,
    {
      config: { permission: `${P}.Create` },
      schema: { tags, body: purchaseOrderInput, response: { 200: purchaseOrderDetailDto } },
    },
    async (req) => {
      const money = await moneyOf(s, req.ctx);
      return inTx(req.ctx, async (tx) => {
        const po = await createOrder(tx, req.ctx, money, req.body);
        return getOrder(tx, req.ctx, po.id);
      });
    },
  );
  app.put(
    `${base}/:id`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: purchaseOrderInput, response: { 200: purchaseOrderDetailDto } },
    },
    async (req) => {
      const money = await moneyOf(s, req.ctx);
      return inTx(req.ctx, async (tx) => {
        await updateOrder(tx, req.ctx, money, req.params.id, req.body);
        return getOrder(tx, req.ctx, req.params.id);
      });
    },
  );
  app.delete(
    `${base}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => deleteOrder(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );
  const actions = [
    ['submit', `${P}.Submit`],
    ['approve', `${P}.Approve`],
    ['cancel', `${P}.Cancel`],
    ['close-short', `${P}.Close`],
  ] as const;
  for (const [path, permission] of actions) {
    app.post(
      `${base}/:id/${path}`,
      { config: { permission }, schema: { tags, params: idParams, response: { 200: purchaseOrderDto } } },
      (req) =>
        inTx(req.ctx, async (tx) => {
          await act(tx, req.ctx, req.params.id, path === 'close-short' ? 'closeShort' : path);
          return orderDto(tx, req.ctx, req.params.id);
        }),
    );
  }
  app.post(
    `${base}/:id/reject`,
    {
      config: { permission: `${P}.Approve` },
      schema: { tags, params: idParams, body: purchaseRejectInput, response: { 200: purchaseOrderDto } },
    },
    (req) =>
      inTx(req.ctx, async (tx) => {
        await act(tx, req.ctx, req.params.id, 'reject', req.body.reason);
        return orderDto(tx, req.ctx, req.params.id);
      }),
  );
  app.put(
    `${base}/:id/payment-status`,
    {
      config: { permission: `${P}.Pay` },
      schema: { tags, params: idParams, body: purchasePaymentInput, response: { 200: purchaseOrderDto } },
    },
    (req) =>
      inTx(req.ctx, async (tx) => {
        await setPaymentStatus(tx, req.ctx, req.params.id, req.body.paymentStatus);
        return orderDto(tx, req.ctx, req.params.id);
      }),
  );
  app.put(
    `${base}/:id/exception`,
    {
      config: { permission: `${P}.Update` },
      schema: { tags, params: idParams, body: purchaseFlagInput, response: { 200: purchaseOrderDto } },
    },
    (req) =>
      inTx(req.ctx, async (tx) => {
        await setException(tx, req.ctx, req.params.id, req.body.exception, req.body.remark);
        return orderDto(tx, req.ctx, req.params.id);
      }),
  );
}

import {
  purchaseFlagInput,
  purchaseLookupsDto,
  purchaseOrderDetailDto,
  purchaseOrderDto,
  purchaseOrderInput,
  purchaseOrderList,
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
import { z } from 'zod';
import { areaRoutes } from '../../../core/area-routes.ts';
import { getSettingNumber } from '../../settings/index.ts';
import { TradeSettings } from '../settings.ts';
import { purchaseCommands } from './commands.ts';
import { printOrder } from './print.ts';
import { purchaseQueries } from './queries.ts';

const base = '/api/trade/purchase-orders';
const idParams = z.object({ id: z.guid() });

/** Purchase orders, their actions, prices, replenishment suggestions, export and print. */
export default async function routes(fastify: FastifyInstance) {
  const P = TradePermissions.Purchase;
  const { app, s, tags, read, inTx, lists } = areaRoutes(fastify, 'Purchase', P);
  const { list: listOrders, get, row, lookups, variants, prices, suggestions, money: moneyOf } = purchaseQueries;
  const commands = purchaseCommands(s);

  lists(base, { list: purchaseOrderList, item: purchaseOrderDto, service: listOrders });
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
      items: await inTx(req.ctx, (tx) => variants(tx, req.ctx, req.query.filter, req.query.maxResultCount)),
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
          prices(tx, req.ctx, req.body.supplierId, currency, money.rates, req.body.lines),
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
      return inTx(req.ctx, (tx) => commands.draftFromSuggestions(tx, req.ctx, money, req.body));
    },
  );
  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: purchaseOrderDetailDto } } },
    (req) => inTx(req.ctx, (tx) => get(tx, req.ctx, req.params.id)),
  );
  app.get(`${base}/:id/print`, { config: read, schema: { tags, params: idParams } }, async (req, reply) => {
    const po = await inTx(req.ctx, (tx) => get(tx, req.ctx, req.params.id));
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
        const po = await commands.create(tx, req.ctx, money, req.body);
        return get(tx, req.ctx, po.id);
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
        await commands.update(tx, req.ctx, money, req.params.id, req.body);
        return get(tx, req.ctx, req.params.id);
      });
    },
  );
  app.delete(
    `${base}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => commands.delete(tx, req.ctx, req.params.id));
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
          await commands.act(tx, req.ctx, req.params.id, path === 'close-short' ? 'closeShort' : path);
          return row(tx, req.ctx, req.params.id);
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
        await commands.act(tx, req.ctx, req.params.id, 'reject', req.body.reason);
        return row(tx, req.ctx, req.params.id);
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
        await commands.setPaymentStatus(tx, req.ctx, req.params.id, req.body.paymentStatus);
        return row(tx, req.ctx, req.params.id);
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
        await commands.setException(tx, req.ctx, req.params.id, req.body.exception, req.body.remark);
        return row(tx, req.ctx, req.params.id);
      }),
  );
}

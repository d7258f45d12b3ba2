import { receiptDetailDto, receiptDto, receiptInput, receiptList, TradePermissions } from '@seller/contracts/trade';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { areaRoutes } from '../../../core/area-routes.ts';
import { getSettingNumber } from '../../settings/index.ts';
import { TradeSettings } from '../settings.ts';
import { receivingCommands } from './commands.ts';
import { receivingQueries } from './queries.ts';

const base = '/api/trade/receipts';
const idParams = z.object({ id: z.guid() });

/** Receipts against PO lines: list, export, draft create/edit/delete, post and reverse. */
export default async function routes(fastify: FastifyInstance) {
  const P = TradePermissions.Receiving;
  const { app, s, tags, read, inTx, lists } = areaRoutes(fastify, 'Receiving', P);
  const { list: listReceipts, get } = receivingQueries;
  const commands = receivingCommands(s);
  const tolerance = (ctx: Parameters<typeof getSettingNumber>[1]) =>
    getSettingNumber(s, ctx, TradeSettings.ReceivingTolerance);

  lists(base, { list: receiptList, item: receiptDto, service: listReceipts });
  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: receiptDetailDto } } },
    (req) => inTx(req.ctx, (tx) => get(tx, req.ctx, req.params.id)),
  );
  app.post(
    base,
    {
      config: { permission: `${P}.Create` },
      schema: { tags, body: receiptInput, response: { 200: receiptDetailDto } },
    },
    async (req) => {
      const tol = await tolerance(req.ctx);
      return inTx(req.ctx, async (tx) => {
        const r = await commands.create(tx, req.ctx, req.body, tol);
        return get(tx, req.ctx, r.id);
      });
    },
  );
  app.put(
    `${base}/:id`,
    {
      config: { permission: `${P}.Create` },
      schema: { tags, params: idParams, body: receiptInput, response: { 200: receiptDetailDto } },
    },
    async (req) => {
      const tol = await tolerance(req.ctx);
      return inTx(req.ctx, async (tx) => {
        await commands.update(tx, req.ctx, req.params.id, req.body, tol);
        return get(tx, req.ctx, req.params.id);
      });
    },
  );
  app.delete(
    `${base}/:id`,
    { config: { permission: `${P}.Create` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => commands.delete(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );
  app.post(
    `${base}/:id/post`,
    { config: { permission: `${P}.Post` }, schema: { tags, params: idParams, response: { 200: receiptDetailDto } } },
    async (req) => {
      const tol = await tolerance(req.ctx);
      return inTx(req.ctx, async (tx) => {
        await commands.post(tx, req.ctx, req.params.id, tol);
        return get(tx, req.ctx, req.params.id);
      });
    },
  );
  app.post(
    `${base}/:id/reverse`,
    {
      config: { permission: `${P}.Reverse` },
      schema: { tags, params: idParams, response: { 200: receiptDetailDto } },
    },
    (req) =>
      inTx(req.ctx, async (tx) => {
        const r = await commands.reverse(tx, req.ctx, req.params.id);
        return get(tx, req.ctx, r.id);
      }),
  );
}

import { listResult } from '@seller/contracts';
import {
  stockAdjustmentInput,
  stockBalanceDto,
  stockBalanceList,
  stockLedgerDto,
  stockLedgerList,
  stockSafetyInput,
  stockTransferInput,
  stockVariantOption,
  stockVariantQuery,
  stockVoucherDto,
  stockWarehouseOption,
  TradePermissions,
} from '@seller/contracts/trade';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { areaRoutes } from '../../../core/area-routes.ts';
import { stockCommands } from './commands.ts';
import { stockQueries } from './queries.ts';

const base = '/api/trade/stock';
/** HTTP routes of the stock area (`/api/trade/stock…`): balances, ledger, adjustments and counts, transfers, safety stock. */
export default async function routes(fastify: FastifyInstance) {
  const P = TradePermissions.Stock;
  const { app, s, tags, read, inTx, lists } = areaRoutes(fastify, 'Stock', P);
  const adjust = { permission: `${P}.Adjust` };
  const transfer = { permission: `${P}.Transfer` };
  const q = stockQueries;
  const commands = stockCommands(s);

  lists(base, { list: stockBalanceList, item: stockBalanceDto, service: q.balances });
  lists(`${base}/ledger`, { list: stockLedgerList, item: stockLedgerDto, service: q.ledger });
  app.get(
    `${base}/warehouses`,
    { config: read, schema: { tags, response: { 200: listResult(stockWarehouseOption) } } },
    (req) => inTx(req.ctx, (tx) => q.warehouses(tx, req.ctx)),
  );
  app.get(
    `${base}/variants`,
    {
      config: read,
      schema: { tags, querystring: stockVariantQuery, response: { 200: listResult(stockVariantOption) } },
    },
    (req) => inTx(req.ctx, (tx) => q.variants(tx, req.ctx, req.query)),
  );
  app.post(
    `${base}/adjustments`,
    { config: adjust, schema: { tags, body: stockAdjustmentInput, response: { 200: stockVoucherDto } } },
    async (req) => {
      const money = await q.money(s, req.ctx);
      return inTx(req.ctx, async (tx) => {
        const voucherNo = await commands.adjust(tx, req.ctx, money, req.body);
        return q.voucher(tx, req.ctx, 'ADJUSTMENT', voucherNo, money.currency);
      });
    },
  );
  app.post(
    `${base}/transfers`,
    { config: transfer, schema: { tags, body: stockTransferInput, response: { 200: stockVoucherDto } } },
    async (req) => {
      const { currency } = await q.money(s, req.ctx);
      return inTx(req.ctx, async (tx) => {
        const voucherNo = await commands.transfer(tx, req.ctx, req.body);
        return q.voucher(tx, req.ctx, 'TRANSFER', voucherNo, currency);
      });
    },
  );
  app.put(
    `${base}/safety`,
    {
      config: adjust,
      schema: {
        tags,
        body: stockSafetyInput,
        response: {
          200: z.object({ warehouseId: z.string(), variantId: z.string(), sku: z.string(), safety: z.number().int() }),
        },
      },
    },
    (req) =>
      inTx(req.ctx, async (tx) => {
        await commands.setSafety(tx, req.ctx, req.body);
        return q.safety(tx, req.ctx, req.body.warehouseId, req.body.variantId);
      }),
  );
}

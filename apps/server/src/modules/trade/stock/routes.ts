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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import { stockBalanceListService, stockLedgerListService, stockService } from './service.ts';

const base = '/api/trade/stock';
/** HTTP routes of the stock area (`/api/trade/stock…`): balances, ledger, adjustments and counts, transfers, safety stock. */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const P = TradePermissions.Stock;
  const read = { permission: P };
  const adjust = { permission: `${P}.Adjust` };
  const transfer = { permission: `${P}.Transfer` };
  const tags = ['Stock'];

  listRoutes(app, {
    url: base,
    tag: tags[0]!,
    permission: P,
    list: stockBalanceList,
    item: stockBalanceDto,
    service: stockBalanceListService,
  });
  listRoutes(app, {
    url: `${base}/ledger`,
    tag: tags[0]!,
    permission: P,
    list: stockLedgerList,
    item: stockLedgerDto,
    service: stockLedgerListService,
  });
  app.get(
    `${base}/warehouses`,
    { config: read, schema: { tags, response: { 200: listResult(stockWarehouseOption) } } },
    (req) => stockService.warehouses(s, req.ctx),
  );
  app.get(
    `${base}/variants`,
    {
      config: read,
      schema: { tags, querystring: stockVariantQuery, response: { 200: listResult(stockVariantOption) } },
    },
    (req) => stockService.variants(s, req.ctx, req.query),
  );
  app.post(
    `${base}/adjustments`,
    { config: adjust, schema: { tags, body: stockAdjustmentInput, response: { 200: stockVoucherDto } } },
    (req) => stockService.adjust(s, req.ctx, req.body),
  );
  app.post(
    `${base}/transfers`,
    { config: transfer, schema: { tags, body: stockTransferInput, response: { 200: stockVoucherDto } } },
    (req) => stockService.transfer(s, req.ctx, req.body),
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
    (req) => stockService.safety(s, req.ctx, req.body),
  );
}

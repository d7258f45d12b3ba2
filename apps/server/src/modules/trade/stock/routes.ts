import { listResult, pagedResult } from '@seller/contracts';
import {
  type StockBalanceDto,
  type StockLedgerDto,
  stockAdjustmentInput,
  stockBalanceDto,
  stockBalanceQuery,
  stockLedgerDto,
  stockLedgerQuery,
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
import { EXPORT_MAX_ROWS, sendXlsx } from '../../../core/export.ts';
import { t } from '../../../core/localization/index.ts';
import { stockService } from './service.ts';

const base = '/api/trade/stock';
const BATCH = 500;

/** Pages of `list` until it runs dry (the export's batches). */
async function* pages<T, Q extends object>(
  list: (q: Q & { skipCount: number; maxResultCount: number }) => Promise<{ items: T[] }>,
  q: Q,
) {
  for (let skipCount = 0; skipCount < EXPORT_MAX_ROWS; skipCount += BATCH) {
    const page = await list({ ...q, skipCount, maxResultCount: BATCH });
    if (!page.items.length) return;
    yield page.items;
    if (page.items.length < BATCH) return;
  }
}

/** HTTP routes of the stock area (`/api/trade/stock…`): balances, ledger, adjustments and counts, transfers, safety stock. */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const P = TradePermissions.Stock;
  const read = { permission: P };
  const adjust = { permission: `${P}.Adjust` };
  const transfer = { permission: `${P}.Transfer` };
  const tags = ['Stock'];
  const day = () => new Date().toISOString().slice(0, 10);

  app.get(
    base,
    { config: read, schema: { tags, querystring: stockBalanceQuery, response: { 200: pagedResult(stockBalanceDto) } } },
    (req) => stockService.balances(s, req.ctx, req.query),
  );
  app.get(
    `${base}/export`,
    { config: read, schema: { tags, querystring: stockBalanceQuery.omit({ skipCount: true, maxResultCount: true }) } },
    (req, reply) => {
      const L = (key: string) => t(req.ctx.culture, `Stock::${key}`);
      const title = L('Balances');
      return sendXlsx<StockBalanceDto>(
        reply,
        `${title}-${day()}.xlsx`,
        title,
        [
          { header: L('Warehouse'), width: 16, value: (r) => `${r.warehouse.code} ${r.warehouse.name}` },
          { header: 'SKU', width: 22, value: (r) => r.sku },
          { header: L('Product'), width: 32, value: (r) => `${r.productName} ${r.label}`.trim() },
          { header: L('OnHand'), width: 10, value: (r) => r.onHand },
          { header: L('Reserved'), width: 10, value: (r) => r.reserved },
          { header: L('Available'), width: 10, value: (r) => r.available },
          { header: L('InTransit'), width: 10, value: (r) => r.inTransit },
          { header: L('Defective'), width: 10, value: (r) => r.defective },
          { header: L('Safety'), width: 10, value: (r) => r.safety },
          { header: L('AvgCost'), width: 12, value: (r) => Number(r.avgCost) },
          { header: L('Value'), width: 14, value: (r) => Number(r.value) },
          { header: L('Currency'), width: 8, value: (r) => r.currency },
        ],
        pages((q) => stockService.balances(s, req.ctx, q), req.query),
      );
    },
  );
  app.get(
    `${base}/ledger`,
    { config: read, schema: { tags, querystring: stockLedgerQuery, response: { 200: pagedResult(stockLedgerDto) } } },
    (req) => stockService.ledger(s, req.ctx, req.query),
  );
  app.get(
    `${base}/ledger/export`,
    { config: read, schema: { tags, querystring: stockLedgerQuery.omit({ skipCount: true, maxResultCount: true }) } },
    (req, reply) => {
      const L = (key: string) => t(req.ctx.culture, `Stock::${key}`);
      const title = L('Ledger');
      return sendXlsx<StockLedgerDto>(
        reply,
        `${title}-${day()}.xlsx`,
        title,
        [
          { header: L('Time'), width: 20, value: (r) => r.creationTime },
          { header: L('Warehouse'), width: 16, value: (r) => `${r.warehouse.code} ${r.warehouse.name}` },
          { header: 'SKU', width: 22, value: (r) => r.sku },
          { header: L('Type'), width: 12, value: (r) => t(req.ctx.culture, `Trade::StockTxn:${r.type}`) },
          { header: L('QtyChange'), width: 10, value: (r) => r.qtyChange },
          { header: L('QtyAfter'), width: 10, value: (r) => r.qtyAfter },
          { header: L('ReservedChange'), width: 10, value: (r) => r.reservedChange },
          { header: L('ReservedAfter'), width: 10, value: (r) => r.reservedAfter },
          { header: L('UnitCost'), width: 12, value: (r) => (r.unitCost === null ? null : Number(r.unitCost)) },
          { header: L('AvgCostAfter'), width: 12, value: (r) => Number(r.avgCostAfter) },
          { header: L('Voucher'), width: 22, value: (r) => r.voucherNo },
          { header: L('Reason'), width: 30, value: (r) => r.reason },
        ],
        pages((q) => stockService.ledger(s, req.ctx, q), req.query),
      );
    },
  );
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

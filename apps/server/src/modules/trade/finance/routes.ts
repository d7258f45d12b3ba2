import { listResult, pagedResult } from '@seller/contracts';
import {
  type ArrivalDto,
  arrivalDetailDto,
  arrivalDto,
  arrivalInput,
  arrivalListQuery,
  arrivalMatchInput,
  arrivalUnmatchInput,
  arrivalUpdateInput,
  type OrderProfitDto,
  orderProfitDto,
  profitQuery,
  type SkuProfitDto,
  type StatementDto,
  settlementCycleDto,
  settlementCycleInput,
  skuProfitDto,
  statementDetailDto,
  statementDto,
  statementListQuery,
  statementPullInput,
  statementPullResult,
  TradePermissions,
} from '@seller/contracts/trade';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from '../../../core/context.ts';
import { type ExportColumn, sendXlsx } from '../../../core/export.ts';
import { t } from '../../../core/localization/index.ts';
import { pullStatements } from './pull.ts';
import {
  arrivalBatches,
  createArrival,
  deleteArrival,
  getArrival,
  getStatement,
  listArrivals,
  listCycles,
  listStatements,
  matchArrival,
  orderProfitPage,
  saveCycle,
  skuProfits,
  statementBatches,
  unmatchArrival,
  updateArrival,
} from './service.ts';

const base = '/api/trade/finance';
const idParams = z.object({ id: z.guid() });
const shopParams = z.object({ shopId: z.guid() });
const noPage = { skipCount: true, maxResultCount: true } as const;

function xlsx<T>(
  reply: Parameters<typeof sendXlsx>[0],
  culture: RequestContext['culture'],
  name: string,
  columns: Array<[string, number, ExportColumn<T>['value']]>,
  batches: AsyncGenerator<T[]>,
) {
  const L = (key: string) => t(culture, `Finance::${key}`);
  const title = L(name);
  return sendXlsx<T>(
    reply,
    `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`,
    title,
    columns.map(([header, width, value]) => ({ header: L(header), width, value })),
    batches,
  );
}

/** Settlement statements, arrivals and their matching, settlement cycles, profit (`/api/trade/finance…`). */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const P = TradePermissions.Finance;
  const read = { permission: P };
  const tags = ['Finance'];

  // ---------------------------------------------------------------- statements
  app.get(
    `${base}/statements`,
    { config: read, schema: { tags, querystring: statementListQuery, response: { 200: pagedResult(statementDto) } } },
    (req) => listStatements(s, req.ctx, req.query),
  );
  app.get(
    `${base}/statements/export`,
    { config: read, schema: { tags, querystring: statementListQuery.omit(noPage) } },
    (req, reply) => {
      const L = (key: string) => t(req.ctx.culture, `Finance::${key}`);
      return xlsx<StatementDto>(
        reply,
        req.ctx.culture,
        'Statements',
        [
          ['Shop', 24, (r) => r.shopName],
          ['StatementNo', 24, (r) => r.statementNo],
          ['PeriodStart', 12, (r) => r.periodStart],
          ['PeriodEnd', 12, (r) => r.periodEnd],
          ['Currency', 8, (r) => r.currency],
          ['GrossSales', 12, (r) => Number(r.grossSales)],
          ['Fees', 12, (r) => Number(r.fees)],
          ['ShippingFees', 12, (r) => Number(r.shippingFees)],
          ['Refunds', 12, (r) => Number(r.refunds)],
          ['Adjustments', 12, (r) => Number(r.adjustments)],
          ['NetAmount', 12, (r) => Number(r.netAmount)],
          ['Status', 10, (r) => L(`Status:${r.status}`)],
          ['MatchedAmount', 12, (r) => Number(r.matchedAmount)],
          ['MatchedStatus', 12, (r) => L(`Matched:${r.matchedStatus}`)],
        ],
        statementBatches(s, req.ctx, req.query),
      );
    },
  );
  app.get(
    `${base}/statements/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: statementDetailDto } } },
    (req) => getStatement(s, req.ctx, req.params.id),
  );
  app.post(
    `${base}/statements/pull`,
    {
      config: { permission: `${P}.Pull` },
      schema: { tags, body: statementPullInput, response: { 200: statementPullResult } },
    },
    (req) => pullStatements(s, req.ctx, req.body),
  );

  // ---------------------------------------------------------------- arrivals
  const arrivals = { permission: `${P}.Arrivals` };
  const match = { permission: `${P}.Match` };
  app.get(
    `${base}/arrivals`,
    { config: read, schema: { tags, querystring: arrivalListQuery, response: { 200: pagedResult(arrivalDto) } } },
    (req) => listArrivals(s, req.ctx, req.query),
  );
  app.get(
    `${base}/arrivals/export`,
    { config: read, schema: { tags, querystring: arrivalListQuery.omit(noPage) } },
    (req, reply) => {
      const L = (key: string) => t(req.ctx.culture, `Finance::${key}`);
      const T = (key: string) => t(req.ctx.culture, `Trade::${key}`);
      return xlsx<ArrivalDto>(
        reply,
        req.ctx.culture,
        'Arrivals',
        [
          ['ArrivalNo', 20, (r) => r.arrivalNo],
          ['Shop', 24, (r) => r.shopName ?? r.account],
          ['PayService', 12, (r) => L(`PayService:${r.payService}`)],
          ['PaymentType', 12, (r) => T(`PaymentType:${r.paymentType}`)],
          ['PayoutTime', 20, (r) => r.payoutTime],
          ['FromCurrency', 8, (r) => r.fromCurrency],
          ['FromAmount', 12, (r) => Number(r.fromAmount)],
          ['PayoutCurrency', 8, (r) => r.payoutCurrency],
          ['PayoutAmount', 12, (r) => Number(r.payoutAmount)],
          ['FxRate', 10, (r) => Number(r.fxRate)],
          ['Fee', 10, (r) => Number(r.fee)],
          ['ReceivedAmount', 12, (r) => Number(r.receivedAmount)],
          ['MatchedAmount', 12, (r) => Number(r.matchedAmount)],
          ['MatchedStatus', 12, (r) => L(`Matched:${r.matchedStatus}`)],
          ['Remark', 30, (r) => r.remark],
        ],
        arrivalBatches(s, req.ctx, req.query),
      );
    },
  );
  app.get(
    `${base}/arrivals/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: arrivalDetailDto } } },
    (req) => getArrival(s, req.ctx, req.params.id),
  );
  app.post(
    `${base}/arrivals`,
    { config: arrivals, schema: { tags, body: arrivalInput, response: { 200: arrivalDetailDto } } },
    (req) => createArrival(s, req.ctx, req.body),
  );
  app.put(
    `${base}/arrivals/:id`,
    {
      config: arrivals,
      schema: { tags, params: idParams, body: arrivalUpdateInput, response: { 200: arrivalDetailDto } },
    },
    (req) => updateArrival(s, req.ctx, req.params.id, req.body),
  );
  app.delete(`${base}/arrivals/:id`, { config: arrivals, schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteArrival(s, req.ctx, req.params.id);
    return reply.status(204).send();
  });
  app.post(
    `${base}/arrivals/:id/match`,
    { config: match, schema: { tags, params: idParams, body: arrivalMatchInput, response: { 200: arrivalDetailDto } } },
    (req) => matchArrival(s, req.ctx, req.params.id, req.body),
  );
  app.post(
    `${base}/arrivals/:id/unmatch`,
    {
      config: match,
      schema: { tags, params: idParams, body: arrivalUnmatchInput, response: { 200: arrivalDetailDto } },
    },
    (req) => unmatchArrival(s, req.ctx, req.params.id, req.body.statementIds),
  );

  // ---------------------------------------------------------------- cycles
  app.get(
    `${base}/cycles`,
    { config: read, schema: { tags, response: { 200: listResult(settlementCycleDto) } } },
    (req) => listCycles(s, req.ctx),
  );
  app.put(
    `${base}/cycles/:shopId`,
    {
      config: arrivals,
      schema: { tags, params: shopParams, body: settlementCycleInput, response: { 200: settlementCycleDto } },
    },
    (req) => saveCycle(s, req.ctx, req.params.shopId, req.body),
  );

  // ---------------------------------------------------------------- profit
  app.get(
    `${base}/profit/orders`,
    { config: read, schema: { tags, querystring: profitQuery, response: { 200: pagedResult(orderProfitDto) } } },
    (req) => orderProfitPage(s, req.ctx, req.query),
  );
  app.get(
    `${base}/profit/skus`,
    { config: read, schema: { tags, querystring: profitQuery, response: { 200: pagedResult(skuProfitDto) } } },
    (req) => skuProfits(s, req.ctx, req.query),
  );
  app.get(
    `${base}/profit/orders/export`,
    { config: read, schema: { tags, querystring: profitQuery.omit(noPage) } },
    (req, reply) => {
      const L = (key: string) => t(req.ctx.culture, `Finance::${key}`);
      async function* batches() {
        for (let skipCount = 0; skipCount < 20_000; skipCount += 500) {
          const page = await orderProfitPage(s, req.ctx, { ...req.query, skipCount, maxResultCount: 500 });
          if (!page.items.length) return;
          yield page.items;
          if (page.items.length < 500) return;
        }
      }
      return xlsx<OrderProfitDto>(
        reply,
        req.ctx.culture,
        'OrderProfit',
        [
          ['OrderNo', 20, (r) => r.platformOrderId ?? r.orderNo],
          ['Shop', 24, (r) => r.shopName],
          ['OrderedAt', 20, (r) => r.orderedAt],
          ['Currency', 8, (r) => r.currency],
          ['Revenue', 12, (r) => Number(r.revenue)],
          ['Cost', 12, (r) => Number(r.cost)],
          ['Fees', 12, (r) => Number(r.fees)],
          ['Freight', 12, (r) => Number(r.freight)],
          ['Profit', 12, (r) => Number(r.profit)],
          ['Margin', 10, (r) => (r.margin === null ? null : Number(r.margin))],
          ['FeesEstimated', 10, (r) => (r.feesEstimated ? L('FeesEstimated') : '')],
        ],
        batches(),
      );
    },
  );
  app.get(
    `${base}/profit/skus/export`,
    { config: read, schema: { tags, querystring: profitQuery.omit(noPage) } },
    async (req, reply) => {
      const all = await skuProfits(s, req.ctx, { ...req.query, skipCount: 0, maxResultCount: 1_000_000 });
      async function* batches() {
        yield all.items;
      }
      return xlsx<SkuProfitDto>(
        reply,
        req.ctx.culture,
        'SkuProfit',
        [
          ['Sku', 20, (r) => r.sku],
          ['Name', 32, (r) => r.name],
          ['Quantity', 10, (r) => r.quantity],
          ['Orders', 10, (r) => r.orders],
          ['Currency', 8, (r) => r.currency],
          ['Revenue', 12, (r) => Number(r.revenue)],
          ['Cost', 12, (r) => Number(r.cost)],
          ['Fees', 12, (r) => Number(r.fees)],
          ['Freight', 12, (r) => Number(r.freight)],
          ['Profit', 12, (r) => Number(r.profit)],
          ['Margin', 10, (r) => (r.margin === null ? null : Number(r.margin))],
        ],
        batches(),
      );
    },
  );
}

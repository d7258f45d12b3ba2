import { listResult, pagedResult } from '@seller/contracts';
import {
  arrivalDetailDto,
  arrivalDto,
  arrivalInput,
  arrivalList,
  arrivalMatchInput,
  arrivalUnmatchInput,
  arrivalUpdateInput,
  arrivalWriteOffInput,
  orderProfitDto,
  orderProfitList,
  profitQuery,
  type SkuProfitDto,
  settlementCycleDto,
  settlementCycleInput,
  skuProfitDto,
  statementDetailDto,
  statementDto,
  statementList,
  statementPullInput,
  statementPullResult,
  TradePermissions,
} from '@seller/contracts/trade';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { areaRoutes } from '../../../core/area-routes.ts';
import type { RequestContext } from '../../../core/context.ts';
import { type ExportColumn, sendXlsx } from '../../../core/export.ts';
import { t } from '../../../core/localization/index.ts';
import { financeCommands } from './commands.ts';
import { financeQueries as q } from './queries.ts';

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
  const P = TradePermissions.Finance;
  const { app, s, tags, read, inTx, lists } = areaRoutes(fastify, 'Finance', P);
  const commands = financeCommands(s);

  // ---------------------------------------------------------------- statements
  lists(`${base}/statements`, { list: statementList, item: statementDto, service: q.statements });
  app.get(
    `${base}/statements/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: statementDetailDto } } },
    (req) => inTx(req.ctx, (tx) => q.statement(tx, req.ctx, req.params.id)),
  );
  app.post(
    `${base}/statements/pull`,
    {
      config: { permission: `${P}.Pull` },
      schema: { tags, body: statementPullInput, response: { 200: statementPullResult } },
    },
    async (req) => {
      const pulled = await q.marketplaceStatements(s, req.ctx, req.body);
      return inTx(req.ctx, (tx) => commands.saveStatements(tx, req.ctx, pulled));
    },
  );

  // ---------------------------------------------------------------- arrivals
  const arrivals = { permission: `${P}.Arrivals` };
  const match = { permission: `${P}.Match` };
  lists(`${base}/arrivals`, { list: arrivalList, item: arrivalDto, service: q.arrivals });
  app.get(
    `${base}/arrivals/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: arrivalDetailDto } } },
    (req) => inTx(req.ctx, (tx) => q.arrival(tx, req.ctx, req.params.id)),
  );
  app.post(
    `${base}/arrivals`,
    { config: arrivals, schema: { tags, body: arrivalInput, response: { 200: arrivalDetailDto } } },
    async (req) => {
      const money = await q.money(s, req.ctx);
      return inTx(req.ctx, async (tx) => {
        const row = await commands.createArrival(tx, req.ctx, money, req.body);
        return q.arrival(tx, req.ctx, row.id);
      });
    },
  );
  app.put(
    `${base}/arrivals/:id`,
    {
      config: arrivals,
      schema: { tags, params: idParams, body: arrivalUpdateInput, response: { 200: arrivalDetailDto } },
    },
    async (req) => {
      const money = await q.money(s, req.ctx);
      return inTx(req.ctx, async (tx) => {
        await commands.updateArrival(tx, req.ctx, money, req.params.id, req.body);
        return q.arrival(tx, req.ctx, req.params.id);
      });
    },
  );
  app.delete(`${base}/arrivals/:id`, { config: arrivals, schema: { tags, params: idParams } }, async (req, reply) => {
    await inTx(req.ctx, (tx) => commands.deleteArrival(tx, req.ctx, req.params.id));
    return reply.status(204).send();
  });
  app.post(
    `${base}/arrivals/:id/match`,
    { config: match, schema: { tags, params: idParams, body: arrivalMatchInput, response: { 200: arrivalDetailDto } } },
    async (req) => {
      const money = await q.money(s, req.ctx);
      return inTx(req.ctx, async (tx) => {
        await commands.match(tx, req.ctx, money, req.params.id, req.body);
        return q.arrival(tx, req.ctx, req.params.id);
      });
    },
  );
  app.post(
    `${base}/arrivals/:id/write-off`,
    {
      config: match,
      schema: { tags, params: idParams, body: arrivalWriteOffInput, response: { 200: arrivalDetailDto } },
    },
    async (req) => {
      const money = await q.money(s, req.ctx);
      return inTx(req.ctx, async (tx) => {
        await commands.writeOff(tx, req.ctx, money, req.params.id, req.body.reason);
        return q.arrival(tx, req.ctx, req.params.id);
      });
    },
  );
  app.post(
    `${base}/arrivals/:id/unmatch`,
    {
      config: match,
      schema: { tags, params: idParams, body: arrivalUnmatchInput, response: { 200: arrivalDetailDto } },
    },
    (req) =>
      inTx(req.ctx, async (tx) => {
        await commands.unmatch(tx, req.ctx, req.params.id, req.body.statementIds);
        return q.arrival(tx, req.ctx, req.params.id);
      }),
  );

  // ---------------------------------------------------------------- cycles
  app.get(
    `${base}/cycles`,
    { config: read, schema: { tags, response: { 200: listResult(settlementCycleDto) } } },
    (req) => inTx(req.ctx, (tx) => q.cycles(tx, req.ctx)),
  );
  app.put(
    `${base}/cycles/:shopId`,
    {
      config: arrivals,
      schema: { tags, params: shopParams, body: settlementCycleInput, response: { 200: settlementCycleDto } },
    },
    (req) => inTx(req.ctx, (tx) => commands.saveCycle(tx, req.ctx, req.params.shopId, req.body)),
  );

  // ---------------------------------------------------------------- profit
  lists(`${base}/profit/orders`, { list: orderProfitList, item: orderProfitDto, service: q.orderProfits });
  // by hand: each SKU's figures are its lines' shares of their orders' profit, summed in exact
  // decimals (computeProfit, allocate); a SQL source would state the profit rules a second time
  app.get(
    `${base}/profit/skus`,
    { config: read, schema: { tags, querystring: profitQuery, response: { 200: pagedResult(skuProfitDto) } } },
    async (req) => {
      const settings = await q.profitSettings(s, req.ctx);
      return inTx(req.ctx, (tx) => q.skuProfits(tx, req.ctx, settings, req.query));
    },
  );
  app.get(
    `${base}/profit/skus/export`,
    { config: read, schema: { tags, querystring: profitQuery.omit(noPage) } },
    async (req, reply) => {
      const settings = await q.profitSettings(s, req.ctx);
      const all = await inTx(req.ctx, (tx) =>
        q.skuProfits(tx, req.ctx, settings, { ...req.query, skipCount: 0, maxResultCount: 1_000_000 }),
      );
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

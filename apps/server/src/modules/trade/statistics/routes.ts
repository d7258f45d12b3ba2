import {
  profitStatisticsDto,
  purchaseSpendDto,
  salesStatisticsDto,
  statisticsQuery,
  stockValueDto,
  TradePermissions,
  topSkusDto,
} from '@seller/contracts/trade';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../../core/db/client.ts';
import { type Ctx, statisticsQueries as q, type StatisticsSettings } from './queries.ts';

const base = '/api/trade/statistics';

/** Order statistics, one chart per route (`/api/trade/statistics…`). */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const config = { permission: TradePermissions.Statistics };
  const tags = ['Statistics'];
  /** Reads the tenant's settings, then the chart in one unit of work. */
  const chart = async <T>(ctx: Ctx, read: (tx: Tx, settings: StatisticsSettings) => Promise<T>) => {
    const settings = await q.settings(s, ctx);
    return s.data.inTenant(ctx, (tx) => read(tx, settings));
  };
  app.get(
    `${base}/sales`,
    { config, schema: { tags, querystring: statisticsQuery, response: { 200: salesStatisticsDto } } },
    (req) => chart(req.ctx, (tx, settings) => q.sales(tx, req.ctx, settings, req.query)),
  );
  app.get(
    `${base}/top-skus`,
    { config, schema: { tags, querystring: statisticsQuery, response: { 200: topSkusDto } } },
    (req) => chart(req.ctx, (tx, settings) => q.topSkus(tx, req.ctx, settings, req.query)),
  );
  app.get(
    `${base}/purchase-spend`,
    { config, schema: { tags, querystring: statisticsQuery, response: { 200: purchaseSpendDto } } },
    (req) => chart(req.ctx, (tx, settings) => q.purchaseSpend(tx, req.ctx, settings, req.query)),
  );
  app.get(`${base}/stock-value`, { config, schema: { tags, response: { 200: stockValueDto } } }, (req) =>
    chart(req.ctx, (tx, settings) => q.stockValue(tx, req.ctx, settings)),
  );
  app.get(
    `${base}/profit`,
    { config, schema: { tags, querystring: statisticsQuery, response: { 200: profitStatisticsDto } } },
    (req) => chart(req.ctx, (tx, settings) => q.profit(tx, req.ctx, settings, req.query)),
  );
}

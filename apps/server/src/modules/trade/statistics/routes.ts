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
import { profitStatistics, purchaseSpend, salesStatistics, stockValue, topSkus } from './service.ts';

const base = '/api/trade/statistics';

/** Order statistics, one chart per route (`/api/trade/statistics…`). */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const config = { permission: TradePermissions.Statistics };
  const tags = ['Statistics'];
  app.get(
    `${base}/sales`,
    { config, schema: { tags, querystring: statisticsQuery, response: { 200: salesStatisticsDto } } },
    (req) => salesStatistics(s, req.ctx, req.query),
  );
  app.get(
    `${base}/top-skus`,
    { config, schema: { tags, querystring: statisticsQuery, response: { 200: topSkusDto } } },
    (req) => topSkus(s, req.ctx, req.query),
  );
  app.get(
    `${base}/purchase-spend`,
    { config, schema: { tags, querystring: statisticsQuery, response: { 200: purchaseSpendDto } } },
    (req) => purchaseSpend(s, req.ctx, req.query),
  );
  app.get(`${base}/stock-value`, { config, schema: { tags, response: { 200: stockValueDto } } }, (req) =>
    stockValue(s, req.ctx),
  );
  app.get(
    `${base}/profit`,
    { config, schema: { tags, querystring: statisticsQuery, response: { 200: profitStatisticsDto } } },
    (req) => profitStatistics(s, req.ctx, req.query),
  );
}

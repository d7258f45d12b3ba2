import {
  profitStatisticsDto,
  purchaseSpendDto,
  type StatisticsChart,
  type StatisticsQuery,
  salesStatisticsDto,
  statisticsCharts,
  statisticsQuery,
  stockValueDto,
  topSkusDto,
} from '@seller/contracts/trade';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type DashboardFigure, dashboardRoute } from '../../../core/dashboard.ts';
import type { Tx } from '../../../core/db/client.ts';
import { type Ctx, statisticsQueries as q, type StatisticsSettings } from './queries.ts';

const base = '/api/trade/statistics';

/** A figure of the statistics over the tile's days (`from`, `to`): the settings first, the figure in the unit. */
const figure =
  <T extends { currency: string }>(
    read: (tx: Tx, ctx: Ctx, s: StatisticsSettings, query: StatisticsQuery) => Promise<T>,
    amountOf: (answer: T) => string,
  ): DashboardFigure =>
  async (services, ctx, query) => {
    const settings = await q.settings(services, ctx);
    const parsed = statisticsQuery.parse({ ...query, granularity: 'month' });
    return async (tx) => {
      const answer = await read(tx, ctx, settings, parsed);
      return { amount: amountOf(answer), currency: answer.currency };
    };
  };

/**
 * Order statistics, one chart per route (`/api/trade/statistics…`), and order management's
 * dashboard tiles (`GET /api/trade/dashboard`): the counts of its lists, this month's sales and
 * profit from the statistics, on the tenant's calendar.
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  /** A chart's permissions (`statisticsCharts`): the statistics', then every other one it reads. */
  const config = (c: StatisticsChart) => {
    const [permission, ...alsoNeeds] = statisticsCharts[c].needs;
    return { permission, alsoNeeds };
  };
  const at = (c: StatisticsChart) => `${base}/${statisticsCharts[c].path}`;
  const tags = ['Statistics'];
  /** Reads the tenant's settings, then the chart in one unit of work. */
  const chart = async <T>(ctx: Ctx, read: (tx: Tx, settings: StatisticsSettings) => Promise<T>) => {
    const settings = await q.settings(s, ctx);
    return s.data.inTenant(ctx, (tx) => read(tx, settings));
  };
  app.get(
    at('sales'),
    { config: config('sales'), schema: { tags, querystring: statisticsQuery, response: { 200: salesStatisticsDto } } },
    (req) => chart(req.ctx, (tx, settings) => q.sales(tx, req.ctx, settings, req.query)),
  );
  app.get(
    at('topSkus'),
    { config: config('topSkus'), schema: { tags, querystring: statisticsQuery, response: { 200: topSkusDto } } },
    (req) => chart(req.ctx, (tx, settings) => q.topSkus(tx, req.ctx, settings, req.query)),
  );
  app.get(
    at('purchaseSpend'),
    {
      config: config('purchaseSpend'),
      schema: { tags, querystring: statisticsQuery, response: { 200: purchaseSpendDto } },
    },
    (req) => chart(req.ctx, (tx, settings) => q.purchaseSpend(tx, req.ctx, settings, req.query)),
  );
  app.get(
    at('stockValue'),
    { config: config('stockValue'), schema: { tags, response: { 200: stockValueDto } } },
    (req) => chart(req.ctx, (tx, settings) => q.stockValue(tx, req.ctx, settings)),
  );
  app.get(
    at('profit'),
    {
      config: config('profit'),
      schema: { tags, querystring: statisticsQuery, response: { 200: profitStatisticsDto } },
    },
    (req) => chart(req.ctx, (tx, settings) => q.profit(tx, req.ctx, settings, req.query)),
  );
  dashboardRoute(fastify, 'trade', {
    MonthSales: figure(q.sales, (a) => a.totalAmount),
    MonthProfit: figure(q.profit, (a) => a.profit),
  });
}

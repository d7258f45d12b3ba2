import { LogisticsPermissions } from '@seller/contracts';
import { freightEstimateDto, freightEstimateInput } from '@seller/contracts/logistics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldError } from '../../../core/errors.ts';
import { estimateFreight } from './service.ts';

/** `POST /api/logistics/freight/estimate` and `POST /api/logistics/freight-strategies/test`. */
export function freightRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  app.post(
    '/api/logistics/freight/estimate',
    {
      config: { permission: LogisticsPermissions.Freight },
      schema: { tags: ['Freight'], body: freightEstimateInput, response: { 200: freightEstimateDto } },
    },
    (req) => estimateFreight(s, req.ctx, req.body),
  );
  /** The same estimate with one strategy only, whatever its state: which rule matches, which are skipped and why. */
  app.post(
    '/api/logistics/freight-strategies/test',
    {
      config: { permission: LogisticsPermissions.FreightStrategies },
      schema: { tags: ['FreightStrategies'], body: freightEstimateInput, response: { 200: freightEstimateDto } },
    },
    (req) => {
      if (!req.body.strategyId) throw fieldError('strategyId', 'Logistics::Freight:StrategyRequired');
      return estimateFreight(s, req.ctx, req.body);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { carrierRoutes } from './carriers/routes.ts';
import { countryRoutes } from './countries/routes.ts';
import { freightRoutes } from './freight/routes.ts';
import { strategyRoutes } from './strategies/routes.ts';
import { warehouseRoutes } from './warehouses/routes.ts';
import { zoneRoutes } from './zones/routes.ts';

/** The logistics module's HTTP routes, one line per aggregate. */
export default async function routes(fastify: FastifyInstance) {
  countryRoutes(fastify);
  zoneRoutes(fastify);
  warehouseRoutes(fastify);
  carrierRoutes(fastify);
  strategyRoutes(fastify);
  freightRoutes(fastify);
}

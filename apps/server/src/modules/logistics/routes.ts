import type { FastifyInstance } from 'fastify';
import { warehouseRoutes } from './warehouses/routes.ts';

/** The logistics module's HTTP routes, one line per aggregate. */
export default async function routes(fastify: FastifyInstance) {
  warehouseRoutes(fastify);
}

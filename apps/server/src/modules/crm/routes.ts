import type { FastifyInstance } from 'fastify';
import activitiesRoutes from './activities/routes.ts';
import businessesRoutes from './businesses/routes.ts';
import customersRoutes from './customers/routes.ts';
import dashboardRoutes from './dashboard.ts';
import ordersRoutes from './orders/routes.ts';
import poolRoutes from './pool/routes.ts';
import recordsRoutes from './records/routes.ts';
import reportsRoutes from './reports/routes.ts';
import tagsRoutes from './tags/routes.ts';

/** HTTP routes of the CRM (`/api/crm/…`), one plugin per area. */
export default async function routes(fastify: FastifyInstance) {
  await fastify.register(customersRoutes);
  await fastify.register(poolRoutes);
  await fastify.register(activitiesRoutes);
  await fastify.register(recordsRoutes);
  await fastify.register(tagsRoutes);
  await fastify.register(businessesRoutes);
  await fastify.register(ordersRoutes);
  await fastify.register(reportsRoutes);
  await fastify.register(dashboardRoutes);
}

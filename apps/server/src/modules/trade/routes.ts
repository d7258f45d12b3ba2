import type { FastifyInstance } from 'fastify';
import bulkRoutes from './bulk/routes.ts';
import financeRoutes from './finance/routes.ts';
import orderRoutes from './orders/routes.ts';
import purchaseRoutes from './purchase/routes.ts';
import receivingRoutes from './receiving/routes.ts';
import returnRoutes from './returns/routes.ts';
import shipmentRoutes from './shipments/routes.ts';
import statisticsRoutes from './statistics/routes.ts';
import stockRoutes from './stock/routes.ts';

/** HTTP routes of order management, one plugin per area. */
export default async function routes(fastify: FastifyInstance) {
  await fastify.register(stockRoutes);
  await fastify.register(orderRoutes);
  await fastify.register(purchaseRoutes);
  await fastify.register(receivingRoutes);
  await fastify.register(returnRoutes);
  await fastify.register(shipmentRoutes);
  await fastify.register(financeRoutes);
  await fastify.register(statisticsRoutes);
  await fastify.register(bulkRoutes);
}

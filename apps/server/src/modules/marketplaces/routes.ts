import type { FastifyInstance } from 'fastify';
import categoryRoutes from './categories/routes.ts';
import itemRoutes from './items/routes.ts';
import listingRoutes from './listings/routes.ts';
import shopRoutes from './shops/routes.ts';

/** HTTP routes of marketplace publishing, one plugin per area. */
export default async function routes(fastify: FastifyInstance) {
  await fastify.register(shopRoutes);
  await fastify.register(categoryRoutes);
  await fastify.register(itemRoutes);
  await fastify.register(listingRoutes);
}

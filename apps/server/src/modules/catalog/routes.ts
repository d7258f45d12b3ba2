import type { FastifyInstance } from 'fastify';
import gatherRoutes from './gathers/routes.ts';
import masterDataRoutes from './master-data/routes.ts';
import productRoutes from './products/routes.ts';
import skuImageRoutes from './sku-images/routes.ts';
import vendorRoutes from './vendors/routes.ts';

/** HTTP routes of the catalogue (`/api/catalog/...`), one set per aggregate. */
export default async function routes(fastify: FastifyInstance) {
  await masterDataRoutes(fastify);
  await productRoutes(fastify);
  await vendorRoutes(fastify);
  // their own plugins: multipart parsers and job workers stay with them
  await fastify.register(gatherRoutes);
  await fastify.register(skuImageRoutes);
}

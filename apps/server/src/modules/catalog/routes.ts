import type { FastifyInstance } from 'fastify';
import masterDataRoutes from './master-data/routes.ts';
import productImportRoutes from './products/import-routes.ts';
import productRoutes from './products/routes.ts';
import vendorRoutes from './vendors/routes.ts';

/** HTTP routes of the catalogue (`/api/catalog/...`), one set per aggregate. */
export default async function routes(fastify: FastifyInstance) {
  await masterDataRoutes(fastify);
  await productRoutes(fastify);
  await vendorRoutes(fastify);
  // its own plugin: the multipart parser stays with the import
  await fastify.register(productImportRoutes);
}

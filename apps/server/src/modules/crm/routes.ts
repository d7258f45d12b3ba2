import type { FastifyInstance } from 'fastify';
import customerRoutes from './customers/routes.ts';

/** HTTP routes of the CRM (`/api/crm/…`), one plugin per area. */
export default async function routes(fastify: FastifyInstance) {
  await fastify.register(customerRoutes);
}

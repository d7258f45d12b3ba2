import type { FastifyInstance } from 'fastify';
import { dashboardRoute } from '../../core/dashboard.ts';

/** `GET /api/crm/dashboard`: the CRM's dashboard tiles (counts of the customer list) the caller may see. */
export default async function routes(fastify: FastifyInstance) {
  dashboardRoute(fastify, 'crm', {});
}

import type { FastifyInstance } from 'fastify';

/** `/api/logistics/countries`. */
export function countryRoutes(_fastify: FastifyInstance) {}

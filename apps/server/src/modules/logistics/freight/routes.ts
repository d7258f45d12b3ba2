import type { FastifyInstance } from 'fastify';

/** `POST /api/logistics/freight/estimate` and `POST /api/logistics/freight-strategies/test`. */
export function freightRoutes(_fastify: FastifyInstance) {}

import type { FastifyInstance } from 'fastify';

/** `/api/logistics/zones`. */
export function zoneRoutes(_fastify: FastifyInstance) {}

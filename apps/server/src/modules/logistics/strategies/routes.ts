import type { FastifyInstance } from 'fastify';

/** `/api/logistics/freight-strategies`. */
export function strategyRoutes(_fastify: FastifyInstance) {}

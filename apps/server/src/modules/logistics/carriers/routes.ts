import type { FastifyInstance } from 'fastify';

/** `/api/logistics/carriers`, `/api/logistics/channels` and each channel's rate table. */
export function carrierRoutes(_fastify: FastifyInstance) {}

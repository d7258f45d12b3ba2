import type { FastifyPluginAsync } from 'fastify';

/** Every module's routes, registered in this order. */
export const modules: FastifyPluginAsync[] = [];

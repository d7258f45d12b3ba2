import type { FastifyInstance } from 'fastify';

/** HTTP routes of the platform module. */
export default async function routes(_app: FastifyInstance) {}

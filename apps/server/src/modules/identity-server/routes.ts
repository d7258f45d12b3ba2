import type { FastifyInstance } from 'fastify';

/** HTTP routes of the identity-server module. */
export default async function routes(_app: FastifyInstance) {}

import type { FastifyInstance } from 'fastify';

/** HTTP routes of the identity module. */
export default async function routes(_app: FastifyInstance) {}

import type { FastifyInstance } from 'fastify';

/** HTTP routes of the features module. */
export default async function routes(_app: FastifyInstance) {}

import type { FastifyInstance } from 'fastify';

/** HTTP routes of the account module. */
export default async function routes(_app: FastifyInstance) {}

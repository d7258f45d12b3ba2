import type { FastifyInstance } from 'fastify';

/** HTTP routes of the abp module. */
export default async function routes(_app: FastifyInstance) {}

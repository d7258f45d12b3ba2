import type { FastifyInstance } from 'fastify';

/** HTTP routes of the permission-management module. */
export default async function routes(_app: FastifyInstance) {}

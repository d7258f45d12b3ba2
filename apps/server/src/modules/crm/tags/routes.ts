import type { FastifyInstance } from 'fastify';

/** HTTP routes of tags (`/api/crm/…`). */
export default async function routes(_fastify: FastifyInstance) {}

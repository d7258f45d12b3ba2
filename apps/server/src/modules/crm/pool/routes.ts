import type { FastifyInstance } from 'fastify';

/** HTTP routes of the public pool (`/api/crm/…`). */
export default async function routes(_fastify: FastifyInstance) {}

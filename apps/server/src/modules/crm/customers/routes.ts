import type { FastifyInstance } from 'fastify';

/** HTTP routes of customers (`/api/crm/…`). */
export default async function routes(_fastify: FastifyInstance) {}

import type { FastifyInstance } from 'fastify';

/** HTTP routes of order tracking (`/api/crm/…`). */
export default async function routes(_fastify: FastifyInstance) {}

import type { FastifyInstance } from 'fastify';

/** HTTP routes of businesses and their stage groups (`/api/crm/…`). */
export default async function routes(_fastify: FastifyInstance) {}

import type { FastifyInstance } from 'fastify';

/** HTTP routes of customers (`/api/crm/customers…`). */
export default async function routes(_fastify: FastifyInstance) {}

import type { FastifyInstance } from 'fastify';

/** HTTP routes of follow-up records (`/api/crm/…`). */
export default async function routes(_fastify: FastifyInstance) {}

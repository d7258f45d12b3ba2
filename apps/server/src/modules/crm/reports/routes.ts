import type { FastifyInstance } from 'fastify';

/** HTTP routes of job reports (`/api/crm/…`). */
export default async function routes(_fastify: FastifyInstance) {}

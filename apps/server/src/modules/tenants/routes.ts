import type { FastifyInstance } from 'fastify';

/** HTTP routes of the tenants module. */
export default async function routes(_app: FastifyInstance) {}

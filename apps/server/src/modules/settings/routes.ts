import type { FastifyInstance } from 'fastify';

/** HTTP routes of the settings module. */
export default async function routes(_app: FastifyInstance) {}

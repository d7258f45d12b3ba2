import type { FastifyInstance } from 'fastify';

/** Routes of this area (filled in as it is built). */
export default async function routes(_fastify: FastifyInstance) {}

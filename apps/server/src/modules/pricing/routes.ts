import type { FastifyInstance } from 'fastify';

/** The price rules' HTTP routes (`/api/catalog/price-rule/...`, spec §7). */
export default async function routes(_fastify: FastifyInstance) {}

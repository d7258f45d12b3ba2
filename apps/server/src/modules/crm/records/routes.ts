import type { FastifyInstance } from 'fastify';

/** HTTP routes of a customer's addresses, bank accounts, social accounts and subscriptions (`/api/crm/…`). */
export default async function routes(_fastify: FastifyInstance) {}

import { CrmPermissions } from '@seller/contracts';
import type { FastifyInstance } from 'fastify';
import { addresses, bankAccounts, socialAccounts, subscriptions } from './service.ts';

/**
 * HTTP routes of a customer's records (`/api/crm/addresses`, `/bank-accounts`,
 * `/social-accounts`, `/subscriptions`): list with filters, Excel export, get, create, update,
 * delete; all under `Crm.Records` and seen through the customer.
 */
export default async function routes(fastify: FastifyInstance) {
  for (const record of [addresses, bankAccounts, socialAccounts, subscriptions]) {
    record.routes(fastify, CrmPermissions.Records);
  }
}

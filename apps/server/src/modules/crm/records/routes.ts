import { CrmPermissions } from '@seller/contracts';
import type { DeclaredList } from '@seller/contracts/lists';
import type { FastifyInstance } from 'fastify';
import type { ListService } from '../../../core/lists.ts';
import {
  customerRecordRoutes,
  type RecordApi,
  type RecordCommands,
  type RecordService,
  recordService,
} from '../resource-routes.ts';
import { recordCommands } from './commands.ts';
import { addressesHttp, bankAccountsHttp, socialAccountsHttp, subscriptionsHttp } from './http.ts';
import { recordQueries } from './queries.ts';

/**
 * HTTP routes of a customer's records (`/api/crm/addresses`, `/bank-accounts`,
 * `/social-accounts`, `/subscriptions`): list with filters, Excel export, get, create, update,
 * delete; all under `Crm.Records` and seen through the customer.
 */
export default async function routes(fastify: FastifyInstance) {
  const commands = recordCommands(fastify.services);
  const q = recordQueries;
  recordRoutes(fastify, addressesHttp, q.addresses, commands.addresses);
  recordRoutes(fastify, bankAccountsHttp, q.bankAccounts, commands.bankAccounts);
  recordRoutes(fastify, socialAccountsHttp, q.socialAccounts, commands.socialAccounts);
  recordRoutes(fastify, subscriptionsHttp, q.subscriptions, commands.subscriptions);
}

/** One record's list (`url`, `/export`), get, create, update and delete, under `Crm.Records`. */
function recordRoutes<D, I, U, B>(
  fastify: FastifyInstance,
  api: RecordApi<D, I, U> & { list: DeclaredList },
  queries: Pick<RecordService<D, I, U, B>, 'before' | 'get'> & { list: ListService<D> },
  commands: RecordCommands<D, I, U, B>,
) {
  customerRecordRoutes(fastify, {
    ...api,
    permission: CrmPermissions.Records,
    item: api.dto,
    listService: queries.list,
    service: recordService(queries.before, queries, commands),
  });
}

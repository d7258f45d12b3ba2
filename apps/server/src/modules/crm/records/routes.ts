import { CrmPermissions } from '@seller/contracts';
import type { DeclaredList } from '@seller/contracts/lists';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ListService } from '../../../core/lists.ts';
import { customerRecordRoutes, type RecordService, recordService } from '../resource-routes.ts';
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
  http: {
    url: string;
    tag: string;
    list: DeclaredList;
    dto: z.ZodType<D>;
    input: z.ZodType<I>;
    updateInput: z.ZodType<U>;
  },
  queries: Pick<RecordService<D, I, U, B>, 'before' | 'get'> & { list: ListService<D> },
  commands: Pick<RecordService<D, I, U, B>, 'create' | 'update'> & { delete: RecordService<D, I, U, B>['remove'] },
) {
  customerRecordRoutes(fastify, {
    ...http,
    permission: CrmPermissions.Records,
    item: http.dto,
    listService: queries.list,
    service: recordService(queries.before, queries, commands),
  });
}

import { CrmPermissions } from '@seller/contracts';
import { activityDto, activityInput, activityList, activityUpdateInput } from '@seller/contracts/crm';
import type { FastifyInstance } from 'fastify';
import { customerQueries } from '../customers/queries.ts';
import { customerRecordRoutes, recordService } from '../resource-routes.ts';
import { activityCommands } from './commands.ts';
import { activityQueries } from './queries.ts';

const url = '/api/crm/activities';
const P = CrmPermissions.Activities;

/**
 * Follow-up records (`/api/crm/activities`): the list (`?customerId=&bizType=&bizId=&type=&mine=
 * &from=&to=&filter=`, newest first: the timeline), its Excel export, get, create, update,
 * delete under `Crm.Activities`; every record is seen and changed through its customer.
 */
export default async function routes(fastify: FastifyInstance) {
  customerRecordRoutes(fastify, {
    url,
    tag: 'CrmActivities',
    permission: P,
    list: activityList,
    item: activityDto,
    listService: activityQueries.list,
    dto: activityDto,
    input: activityInput,
    updateInput: activityUpdateInput,
    service: recordService(customerQueries.viewer, activityQueries, activityCommands(fastify.services)),
  });
}

import type { ActivityInput, ActivityUpdateInput } from '@seller/contracts/crm';
import type { RequestContext } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import type { CustomerViewer } from '../customers/queries.ts';
import { createActivity, deleteActivity, updateActivity } from './service.ts';

/**
 * Follow-ups' writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction, the context and the caller's viewer, and sets the parents' last and next contact in
 * that transaction. None opens a unit of work. `services` gives the attachments' store to check.
 */
export const activityCommands = (services: Pick<Services, 'events' | 'config'>) => ({
  create: (tx: Tx, ctx: RequestContext, v: CustomerViewer, input: ActivityInput) =>
    createActivity(services, tx, ctx, v, input),
  update: (tx: Tx, ctx: RequestContext, v: CustomerViewer, id: string, input: ActivityUpdateInput) =>
    updateActivity(services, tx, ctx, v, id, input),
  delete: deleteActivity,
});

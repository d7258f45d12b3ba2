import type { RequestContext } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import { customerCommands } from '../customers/commands.ts';
import { createTag, deleteTag, updateTag } from './service.ts';

/**
 * Tags' writes (the area's service shape, `docs/architecture.md`): each takes the open transaction
 * and the context; a delete takes the tag off every customer (customers' `dropTag`) in that
 * transaction. None opens a unit of work.
 */
export const tagCommands = (services: Pick<Services, 'events'>) => {
  const customers = customerCommands(services);
  return {
    create: createTag,
    update: updateTag,
    delete: (tx: Tx, ctx: RequestContext, id: string) => deleteTag(customers, tx, ctx, id),
  };
};

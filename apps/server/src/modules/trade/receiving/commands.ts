import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import type { Ctx } from '../purchase/queries.ts';
import { createReceipt, deleteReceipt, postReceipt, reverseReceipt, updateReceipt } from './service.ts';

/**
 * Receiving's writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context. Posting and reversing change the PO through purchasing's commands
 * (receiving depends on purchasing, never the reverse).
 */
export const receivingCommands = (services: Pick<Services, 'events'>) => ({
  create: createReceipt,
  update: updateReceipt,
  delete: deleteReceipt,
  post: (tx: Tx, ctx: Ctx, id: string, tolerancePercent: number) =>
    postReceipt(services, tx, ctx, id, tolerancePercent),
  reverse: (tx: Tx, ctx: Ctx, id: string) => reverseReceipt(services, tx, ctx, id),
});

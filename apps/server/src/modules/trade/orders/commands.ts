import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import { recordShipped } from './fulfilment.ts';
import { act, type Ctx, createOrder, deleteOrder, matchLine, updateOrder } from './service.ts';

/**
 * Sales orders' writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context, checks its rules and writes (confirming reserves stock through
 * the stock ledger, cancelling releases it). None opens a unit of work.
 */
export const orderCommands = (services: Pick<Services, 'events'>) => ({
  create: createOrder,
  update: updateOrder,
  delete: deleteOrder,
  /** confirm, cancel, mark paid, pack, deliver, complete, refund. */
  act: (tx: Tx, ctx: Ctx, id: string, action: Parameters<typeof act>[4], reason?: string) =>
    act(services, tx, ctx, id, action, reason),
  matchLine,
  /** A shipment left with some of the order's lines (called by shipments). */
  recordShipped,
});
export type OrderCommands = ReturnType<typeof orderCommands>;

import type { Services } from '../../../core/services.ts';
import { recordShipped } from './fulfilment.ts';
import { act, createOrder, deleteOrder, matchLine, updateOrder } from './service.ts';

/**
 * Sales orders' writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context, checks its rules and writes (confirming reserves stock through
 * the stock ledger, cancelling releases it). None opens a unit of work.
 */
export const orderCommands = (_services: Pick<Services, 'events'>) => ({
  create: createOrder,
  update: updateOrder,
  delete: deleteOrder,
  /** confirm, cancel, mark paid, pack, deliver, complete, refund. */
  act,
  matchLine,
  /** A shipment left with some of the order's lines (called by shipments). */
  recordShipped,
});
export type OrderCommands = ReturnType<typeof orderCommands>;

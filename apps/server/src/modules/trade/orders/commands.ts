import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import { recordDelivered, recordShipped } from './fulfilment.ts';
import {
  act,
  addEvent,
  addReturned,
  type Ctx,
  cancelIn,
  confirmIn,
  createOrder,
  deleteOrder,
  linesOf,
  lockOrder,
  matchLine,
  setStatus,
  updateOrder,
} from './service.ts';
import { defaultWarehouse } from './stock.ts';

export type { Ctx, OrderServices } from './service.ts';

/**
 * The steps of an order's own writes, for the areas that refund orders (`trade/returns`) and take
 * the storefront's (`trade/site-orders`), which read shipments and so cannot live here: lock, read lines, move status, add a history event,
 * count returned units. Each takes the caller's `tx`.
 */
export const orderSteps = {
  lockOrder,
  linesOf,
  setStatus,
  addEvent,
  addReturned,
  /** Reserve and move on (the storefront's checkout confirms its order at once), or cancel and release. */
  confirmIn,
  cancelIn,
  /** Where an order without a warehouse reserves. */
  defaultWarehouse,
};

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
  /** The last of an order's shipments was delivered (called by shipments): the order is delivered. */
  recordDelivered,
});
export type OrderCommands = ReturnType<typeof orderCommands>;

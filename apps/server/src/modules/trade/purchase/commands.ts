import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import {
  act,
  type Ctx,
  createOrder,
  deleteOrder,
  receive,
  setException,
  setPaymentStatus,
  takeBack,
  updateOrder,
} from './service.ts';
import { draftFromSuggestions } from './suggestions.ts';

/**
 * Purchasing's writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context, checks its rules, writes, and raises on that transaction the
 * domain events other areas react to (`PurchaseReceivingEnded`). None opens a unit of work.
 */
export const purchaseCommands = (services: Pick<Services, 'events'>) => ({
  create: createOrder,
  update: updateOrder,
  delete: deleteOrder,
  /** submit, approve, reject, cancel, close short. */
  act: (tx: Tx, ctx: Ctx, id: string, action: Parameters<typeof act>[4], reason?: string) =>
    act(services, tx, ctx, id, action, reason),
  setPaymentStatus,
  setException,
  draftFromSuggestions,
  /** Goods of a posted receipt arrived (called by receiving). */
  receive,
  /** A reversed receipt takes its goods back (called by receiving). */
  takeBack,
});

export type PurchaseCommands = ReturnType<typeof purchaseCommands>;

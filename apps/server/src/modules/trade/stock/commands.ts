import type { Services } from '../../../core/services.ts';
import { moveStock } from './ledger.ts';
import { adjust, safety, transfer } from './service.ts';

export type { StockMove } from './ledger.ts';

/**
 * Stock's writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context. `move` is the one writer of the snapshot and its ledger, which
 * every area's stock changes go through (reserving, receiving, shipping, …) in its own
 * transaction. None opens a unit of work.
 */
export const stockCommands = (_services: Pick<Services, 'events'>) => ({
  move: moveStock,
  /** An adjustment or a stock count; its voucher number. */
  adjust,
  /** A transfer between two warehouses; its voucher number. */
  transfer,
  setSafety: safety,
});
export type StockCommands = ReturnType<typeof stockCommands>;

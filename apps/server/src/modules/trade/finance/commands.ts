import type { Services } from '../../../core/services.ts';
import { saveStatements } from './pull.ts';
import {
  createArrival,
  deleteArrival,
  matchArrival,
  saveCycle,
  unmatchArrival,
  updateArrival,
  writeOffArrival,
} from './service.ts';

/**
 * Finance's writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context. None opens a unit of work.
 */
export const financeCommands = (_services: Pick<Services, 'events'>) => ({
  /** Writes a shop's pulled statements (by number: created or updated, lines replaced). */
  saveStatements,
  createArrival,
  updateArrival,
  deleteArrival,
  /** Matches an arrival against statements. */
  match: matchArrival,
  /** Undoes an arrival's matches (with the statements named, or all). */
  unmatch: unmatchArrival,
  /** Writes off a remainder of an arrival too small to match any statement, with the reason. */
  writeOff: writeOffArrival,
  saveCycle,
});
export type FinanceCommands = ReturnType<typeof financeCommands>;

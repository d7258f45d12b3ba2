import type { RequestContext } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import type { Period } from './period.ts';
import {
  addComment,
  createReport,
  deleteReport,
  markRead,
  type Reader,
  refreshNumbers,
  removeComment,
  updateReport,
} from './service.ts';

type Input = Parameters<typeof createReport>[5];

/**
 * Job reports' writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction, the context and the caller as a reader. Sending a report raises `ReportSent`, whose
 * recipients are told after the commit (`events.ts`). None opens a unit of work.
 */
export const reportCommands = (services: Pick<Services, 'events'>) => ({
  /** Writes the reader's report of `period` (computed before the unit); its id. */
  create: (tx: Tx, ctx: RequestContext, r: Reader, period: Period, input: Input) =>
    createReport(services, tx, ctx, r, period, input),
  /** Changes the reader's own report; `timeZone` (the tenant's) is read before the unit. */
  update: (tx: Tx, ctx: RequestContext, r: Reader, timeZone: string, id: string, input: Input) =>
    updateReport(services, tx, ctx, r, timeZone, id, input),
  /** A recipient opening a report marks it read. */
  markRead,
  refreshNumbers,
  delete: deleteReport,
  addComment,
  removeComment,
});

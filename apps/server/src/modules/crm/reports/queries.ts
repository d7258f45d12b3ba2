import { getReport, numbersOf, readerOf, recipientOptions, reportListService } from './service.ts';

export type { Reader } from './service.ts';

/**
 * Job reports' reads (the area's service shape, `docs/architecture.md`): each takes the open
 * unit's `tx`, the context and the caller as a reader (`reader`, read before the unit like the
 * CRM's viewer).
 */
export const reportQueries = {
  /** Who is reading: their user, whether they see every report, whether they may comment. */
  reader: readerOf,
  /** The list (mine, received, all) and its export (the list kit). */
  list: reportListService,
  /** One report with its recipients and comments. */
  get: getReport,
  /** The reader's numbers over a period, before writing the report. */
  numbers: numbersOf,
  /** The users a report may be sent to. */
  recipients: recipientOptions,
};

/** The calendar of reports' periods (a day in a time zone, its midnight), for the module's contact reminders. */
export { midnight, today } from './period.ts';

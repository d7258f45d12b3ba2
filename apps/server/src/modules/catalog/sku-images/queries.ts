import { archiveOf, exportRow, exportRows, viewOf } from './service.ts';

/**
 * SKU image exports' reads (the area's service shape, `docs/architecture.md`): `row` and `rows`
 * take the open unit's `tx` and the context. What reads the export's job (`view`, `archive`:
 * a queued export whose job is gone reads as failed) takes the row and runs after the unit, as
 * the queue has its own connection.
 */
export const skuImageQueries = {
  /** The user's export, or 404. */
  row: exportRow,
  /** The user's exports, newest first. */
  rows: exportRows,
  /** An export as the page shows it. */
  view: viewOf,
  /** The finished archive's path, download name and size; 409 while it is not finished. */
  archive: archiveOf,
};

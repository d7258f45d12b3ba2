import ExcelJS from 'exceljs';
import { type Cell, headerMatcher, NotASpreadsheet, readSheetTable, type SheetLimits } from './spreadsheet.ts';

/**
 * What the all-or-nothing spreadsheet imports (products, customers) share: the template, reading
 * the rows under the template's columns, and the report of what was created or of every bad row.
 */

/** One bad row's error: its row number (0: the file, 1: the header row), field, column header and message. */
export interface ImportError {
  row: number;
  field: string;
  column: string;
  message: string;
}
export interface ImportReport {
  created: number;
  errors: ImportError[];
}

/** The report of a file refused as a whole (not a spreadsheet, no rows). */
export const fileRejected = (message: string): ImportReport => ({
  created: 0,
  errors: [{ row: 0, field: 'file', column: '', message }],
});

/** Thrown inside the import's transaction: it rolls everything back and answers these errors. */
export class ImportRejected extends Error {
  readonly errors: ImportError[];
  constructor(errors: ImportError[]) {
    super('import rejected');
    this.errors = errors;
  }
}

/** Runs the import's write: the number created, or (on `ImportRejected`) nothing and the errors by row. */
export async function reportImport(write: () => Promise<number>): Promise<ImportReport> {
  try {
    return { created: await write(), errors: [] };
  } catch (e) {
    if (e instanceof ImportRejected) return { created: 0, errors: e.errors.sort((a, b) => a.row - b.row) };
    throw e;
  }
}

/** An empty template: one sheet named `title`, its header row in bold; `fill` may add example rows. */
export async function importTemplateOf(
  title: string,
  columns: { header: string; key: string; width: number }[],
  fill?: (sheet: ExcelJS.Worksheet) => void,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title);
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  fill?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The rows of the sheet under the template's `columns` (a header matches one of the column's
 * `headers`, say one per language), as the sheet streams by: per row its number and the values
 * `read` makes of its cells (undefined ones are left out; a row without any is skipped). Answers
 * the columns the header row named, or null when the upload is not a spreadsheet.
 */
export async function readImportRows<C extends { field: string }, V>(
  content: Buffer,
  limits: SheetLimits,
  columns: readonly C[],
  headers: (column: C) => string[],
  read: (cell: Cell | undefined, column: C) => V | undefined,
): Promise<{ named: Set<C>; rows: { row: number; values: Record<string, V> }[] } | null> {
  const rows: { row: number; values: Record<string, V> }[] = [];
  try {
    const named = await readSheetTable(content, limits, headerMatcher(columns, headers), (number, cells) => {
      const values: Record<string, V> = {};
      for (const [c, cell] of cells) {
        const v = read(cell, c);
        if (v !== undefined) values[c.field] = v;
      }
      if (Object.keys(values).length) rows.push({ row: number, values });
    });
    return { named, rows };
  } catch (e) {
    if (e instanceof NotASpreadsheet) return null;
    throw e;
  }
}

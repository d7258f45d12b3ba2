import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { asAttachment, XLSX_TYPE } from './uploads.ts';

export { EXPORT_MAX_ROWS } from '@seller/contracts/lists';

export interface ExportColumn<T> {
  header: string;
  width?: number;
  /** Excel number format of the column's cells (`0.00`, `yyyy-mm-dd hh:mm`). */
  numFmt?: string;
  value(row: T): string | number | boolean | Date | null | undefined;
}

/** Starts of a text that a spreadsheet may read as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A cell's value as written: a text that could be read as a formula gets a leading apostrophe
 * (numbers written as text, `-5`, stay as they are), so an exported name never runs in Excel.
 */
export function safeCell(value: string | number | boolean | Date | null | undefined) {
  if (typeof value !== 'string') return value ?? null;
  return FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

/**
 * Streams an `.xlsx` of `batches` to the client with exceljs' streaming writer, for every export
 * route. Everything that can be refused is done before the first byte: the query string was
 * validated by the route's schema, and the first batch is read (so the sorting is checked and
 * the query runs) before any header is sent; a failure there answers with the error envelope.
 *
 * A failure after the first byte cannot change the status any more (200 is sent). It is logged
 * (the error only: rows are never logged, and the logger strips SQL parameters) and the
 * response is destroyed, so the client sees an aborted download; the zip's central directory is
 * written only at the very end, so a cut file never passes for a complete one.
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: ExportColumn<T>[],
  batches: AsyncGenerator<T[]>,
) {
  const first = await batches.next();
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? 18,
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = async () => {
    let rows = 0;
    try {
      let batch = first;
      while (!batch.done) {
        for (const row of batch.value) sheet.addRow(columns.map((c) => safeCell(c.value(row)))).commit();
        rows += batch.value.length;
        // The client went away (Fastify destroys the stream): stop reading the database.
        if (stream.destroyed) return;
        batch = await batches.next();
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      reply.log.error({ err, rows }, 'export failed after its first batch; response aborted');
      stream.destroy(err as Error);
    } finally {
      await batches.return(undefined).catch(() => {});
    }
  };
  void write();
  return asAttachment(reply, fileName, XLSX_TYPE).send(stream);
}

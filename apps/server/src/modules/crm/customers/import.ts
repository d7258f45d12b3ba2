import { type Culture, Cultures } from '@seller/contracts';
import {
  type CustomerImportReport,
  type CustomerInput,
  customerIndustries,
  customerInput,
  customerLevels,
  customerSources,
  type DictionaryEntry,
} from '@seller/contracts/crm';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { t } from '../../../core/localization/index.ts';
import {
  fileRejected,
  type ImportError,
  ImportRejected,
  importTemplateOf,
  readImportRows,
} from '../../../core/sheet-import.ts';
import type { SheetLimits } from '../../../core/spreadsheet.ts';
import { crmTags } from './schema.ts';
import { createCustomerIn } from './service.ts';

/**
 * Excel import of customers, all or nothing (as the product import): every row is checked with
 * the form's schema, dictionary labels and tag names are looked up, and everything is written in
 * one transaction, each customer owned by the importer with its CREATE record. Any error writes
 * nothing and answers every bad row's errors (row number, field, column, localized message).
 */

export const IMPORT_MAX_ROWS = 2000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_LIMITS: SheetLimits = { maxBytes: 16 * 1024 * 1024, maxRows: IMPORT_MAX_ROWS, maxColumns: 50 };

type Field = Exclude<keyof CustomerInput, 'tagIds' | 'concurrencyStamp'> | 'tags';
/** The template's columns: the field, its header text key (`CrmCustomers::`) and width. */
const COLUMNS: { field: Field; header: string; width: number }[] = [
  { field: 'name', header: 'Name', width: 28 },
  { field: 'mobile', header: 'Mobile', width: 16 },
  { field: 'telephone', header: 'Telephone', width: 16 },
  { field: 'email', header: 'Email', width: 26 },
  { field: 'qq', header: 'Qq', width: 12 },
  { field: 'wechat', header: 'Wechat', width: 14 },
  { field: 'country', header: 'Country', width: 8 },
  { field: 'detailAddress', header: 'DetailAddress', width: 32 },
  { field: 'industry', header: 'Industry', width: 14 },
  { field: 'level', header: 'Level', width: 14 },
  { field: 'source', header: 'Source', width: 14 },
  { field: 'tags', header: 'Tags', width: 20 },
  { field: 'remark', header: 'Remark', width: 32 },
];

const DICTIONARIES: Partial<Record<Field, readonly DictionaryEntry[]>> = {
  industry: customerIndustries,
  level: customerLevels,
  source: customerSources,
};

const header = (culture: Culture, key: string) => t(culture, `CrmCustomers::${key}`);
const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** An empty template with the headers in the caller's language and one example row. */
export function importTemplate(culture: Culture): Promise<Buffer> {
  const zh = culture.startsWith('zh');
  return importTemplateOf(
    header(culture, 'Title'),
    COLUMNS.map((c) => ({ header: header(culture, c.header), key: c.field, width: c.width })),
    (sheet) =>
      sheet.addRow({
        name: zh ? '深圳示例贸易有限公司' : 'Example Trading Ltd',
        mobile: '13800000000',
        email: 'buyer@example.com',
        country: 'CN',
        industry: zh ? customerIndustries[0]!.zh : customerIndustries[0]!.en,
        level: 'B',
        source: zh ? customerSources[3]!.zh : customerSources[3]!.en,
      }),
  );
}

/** A dictionary cell: the number, the label in either language, or for levels the letter (A, B, C). */
function dictionaryValue(dict: readonly DictionaryEntry[], text: string): number | string {
  const n = Number(text);
  if (Number.isInteger(n) && dict.some((d) => d.value === n)) return n;
  const key = norm(text);
  const hit = dict.find(
    (d) => norm(d.en) === key || norm(d.zh) === key || (dict === customerLevels && norm(d.en).startsWith(`${key}(`)),
  );
  return hit ? hit.value : text;
}

/** The rows of an uploaded sheet, each a field → cell text map, with its row number. */
export type CustomerSheetRows = { row: number; values: Record<string, string> }[];

/**
 * The rows of an uploaded sheet, or the report refusing the file as a whole (not Excel, no name
 * column, no rows). Reads no data, so it runs before the import's unit of work.
 */
export async function readCustomerSheet(
  content: Buffer,
  culture: Culture,
): Promise<{ rows: CustomerSheetRows } | { report: CustomerImportReport }> {
  const sheet = await readImportRows(
    content,
    IMPORT_LIMITS,
    COLUMNS,
    (c) => Cultures.map((lang) => header(lang, c.header)),
    (cell) => cell?.text.trim() || undefined,
  );
  if (!sheet) return { report: fileRejected(header(culture, 'ImportNotExcel')) };
  const { named, rows } = sheet;
  if (![...named].some((c) => c.field === 'name')) {
    const column = header(culture, 'Name');
    const message = header(culture, 'ImportColumnMissing').replace('{0}', column);
    return { report: { created: 0, errors: [{ row: 1, field: 'name', column, message }] } };
  }
  if (!rows.length) return { report: fileRejected(header(culture, 'ImportEmpty')) };
  return { rows };
}

/**
 * Creates the sheet's customers in `tx`, all or nothing: any bad row throws `ImportRejected` with
 * every bad row's errors (`reportImport` answers them). The number of customers created.
 */
export async function importCustomers(tx: Tx, ctx: RequestContext, rows: CustomerSheetRows): Promise<number> {
  const culture = ctx.culture;
  const columnOf = (field: string) => {
    const c = COLUMNS.find((x) => x.field === (field === 'tagIds' ? 'tags' : field));
    return c ? header(culture, c.header) : field;
  };
  const errorOf = (row: number, field: string, key: string, params: unknown[] = []): ImportError => {
    const column = columnOf(field);
    const text = t(culture, key, params);
    return {
      row,
      field,
      column,
      message: text === key ? t(culture, 'CrmCustomers::ImportInvalidValue', [column]) : text,
    };
  };

  /** A form rule's issue in the import's words: the schema's own text key, else by the issue's kind. */
  const issueError = (row: number, field: string, issue: z.core.$ZodIssue, given: unknown): ImportError => {
    const column = columnOf(field);
    if (t(culture, issue.message) !== issue.message) return errorOf(row, field, issue.message, [column]);
    const i = issue as { code: string; minimum?: unknown; maximum?: unknown; format?: string };
    if (DICTIONARIES[field as Field] && given !== undefined)
      return errorOf(row, field, 'CrmCustomers::ChooseOption', [column]);
    if (given === undefined || (i.code === 'too_small' && Number(i.minimum) === 1))
      return errorOf(row, field, 'Field:Required', [column]);
    if (i.code === 'too_big' && i.maximum !== undefined)
      return errorOf(row, field, 'Field:MaxLength', [column, i.maximum]);
    if (i.code === 'invalid_format' && i.format === 'email') return errorOf(row, field, 'Field:Email', [column]);
    return errorOf(row, field, 'CrmCustomers::ImportInvalidValue', [column]);
  };

  const tagRows = await tx
    .select({ id: crmTags.id, name: crmTags.name })
    .from(crmTags)
    .where(owned(ctx, crmTags, eq(crmTags.scope, 'CUSTOMER')));
  const tagByName = new Map(tagRows.map((r) => [norm(r.name), r.id]));
  const errors: ImportError[] = [];
  const inputs: { row: number; input: CustomerInput }[] = [];
  for (const { row, values } of rows) {
    const { tags, ...rest } = values;
    const raw: Record<string, unknown> = { ...rest };
    for (const [field, dict] of Object.entries(DICTIONARIES)) {
      if (raw[field] !== undefined) raw[field] = dictionaryValue(dict!, String(raw[field]));
    }
    const tagIds: string[] = [];
    for (const name of (tags ?? '').split(/[,,;;]+/).map((x) => x.trim())) {
      if (!name) continue;
      const id = tagByName.get(norm(name));
      if (id) tagIds.push(id);
      else errors.push(errorOf(row, 'tags', 'CrmCustomers::ImportTagNotFound', [name]));
    }
    const parsed = customerInput.safeParse({ ...raw, tagIds: [...new Set(tagIds)] });
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (seen.has(field)) continue;
        seen.add(field);
        errors.push(issueError(row, field, issue, raw[field]));
      }
      continue;
    }
    inputs.push({ row, input: parsed.data });
  }
  if (errors.length) throw new ImportRejected(errors);
  for (const { input } of inputs) await createCustomerIn(tx, ctx, input, input.tagIds);
  return inputs.length;
}

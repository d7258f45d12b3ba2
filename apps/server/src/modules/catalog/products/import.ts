import { type Culture, Cultures, ProductRegions, ProductResources, ProductSalesTypes } from '@seller/contracts';
import type { ProductInput } from '@seller/contracts/catalog';
import { t } from '../../../core/localization/index.ts';
import {
  fileRejected,
  type ImportError,
  type ImportReport,
  importTemplateOf,
  readImportRows,
} from '../../../core/sheet-import.ts';
import type { Cell, SheetLimits } from '../../../core/spreadsheet.ts';

/**
 * Excel import of products, all or nothing: every row is checked (form rules, category codes,
 * brand names, SKUs unique in the file and the tenant) and written in one transaction; any error
 * writes nothing and answers the report of every bad row (row number, column, localized message).
 * This file reads the sheet and touches no data; `import-rows.ts` checks and writes the rows.
 */

export const IMPORT_MAX_ROWS = 2000;
/** The upload, compressed. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/**
 * What the sheet may unpack to and hold: 2 000 rows of the template's 20 columns with long
 * descriptions fit well within 32 MB; room is left for a few columns of the user's own.
 */
export const IMPORT_LIMITS: SheetLimits = { maxBytes: 32 * 1024 * 1024, maxRows: IMPORT_MAX_ROWS, maxColumns: 100 };

type Kind = 'text' | 'number' | 'list' | 'date';
/** The template's columns: the product field, its header text key and how a cell is read. */
const COLUMNS: { field: keyof ProductInput | 'categoryCodes' | 'brand'; header: string; kind: Kind; width: number }[] =
  [
    { field: 'sku', header: 'DisplayName:Sku', kind: 'text', width: 20 },
    { field: 'name', header: 'DisplayName:ProductName', kind: 'text', width: 32 },
    { field: 'nameEn', header: 'DisplayName:NameEn', kind: 'text', width: 32 },
    { field: 'categoryCodes', header: 'DisplayName:CategoryCodes', kind: 'list', width: 18 },
    { field: 'brand', header: 'DisplayName:Brand', kind: 'text', width: 16 },
    { field: 'price', header: 'DisplayName:Price', kind: 'number', width: 10 },
    { field: 'description', header: 'DisplayName:Description', kind: 'text', width: 40 },
    { field: 'region', header: 'DisplayName:Region', kind: 'text', width: 10 },
    { field: 'developmentDate', header: 'DisplayName:DevelopmentDate', kind: 'date', width: 14 },
    { field: 'launchDate', header: 'DisplayName:LaunchDate', kind: 'date', width: 14 },
    { field: 'salesTypes', header: 'DisplayName:SalesTypes', kind: 'list', width: 18 },
    { field: 'resource', header: 'DisplayName:Resource', kind: 'text', width: 14 },
    { field: 'weight', header: 'DisplayName:Weight', kind: 'number', width: 10 },
    { field: 'developer', header: 'DisplayName:Developer', kind: 'text', width: 12 },
    { field: 'purchaser', header: 'DisplayName:Purchaser', kind: 'text', width: 12 },
    { field: 'declaredNameCn', header: 'DisplayName:DeclaredNameCn', kind: 'text', width: 20 },
    { field: 'declaredNameEn', header: 'DisplayName:DeclaredNameEn', kind: 'text', width: 20 },
    { field: 'declaredValue', header: 'DisplayName:DeclaredValue', kind: 'number', width: 12 },
    { field: 'declaredCurrency', header: 'DisplayName:DeclaredCurrency', kind: 'text', width: 8 },
    { field: 'hsCode', header: 'DisplayName:HsCode', kind: 'text', width: 14 },
  ];

/** Columns a sheet must have: the product form's required fields. */
const REQUIRED = [
  'sku',
  'name',
  'categoryCodes',
  'price',
  'description',
  'region',
  'developmentDate',
  'launchDate',
  'salesTypes',
  'resource',
];

/** Option sets whose cells may hold the code or its label in either language (`MY`, `马来西亚`, `Malaysia`). */
const CHOICES: Record<string, { kind: string; values: readonly string[] }> = {
  region: { kind: 'Region', values: ProductRegions },
  salesTypes: { kind: 'SalesType', values: ProductSalesTypes },
  resource: { kind: 'Resource', values: ProductResources },
};

export type { ImportError, ImportReport } from '../../../core/sheet-import.ts';

const header = (culture: Culture, key: string) => t(culture, `Catalog::${key}`);

/** An empty template with the headers in the caller's language. */
export function importTemplate(culture: Culture): Promise<Buffer> {
  return importTemplateOf(
    header(culture, 'Products'),
    COLUMNS.map((c) => ({ header: header(culture, c.header), key: c.field, width: c.width })),
  );
}

function cellValue(cell: Cell | undefined, kind: Kind): unknown {
  const text = cell?.text.trim() ?? '';
  if (!cell || !text) return undefined;
  if (kind === 'list') return text.split(/[,,;;\s]+/).filter(Boolean);
  // A date cell arrives as a Date at UTC midnight; a text cell is taken as typed (YYYY-MM-DD).
  if (kind === 'date') return cell.value instanceof Date ? cell.value.toISOString().slice(0, 10) : text;
  if (kind === 'number') {
    const n = typeof cell.value === 'number' ? cell.value : Number(text);
    return Number.isFinite(n) ? n : text;
  }
  return text;
}

/** A row of the sheet: its number and the template's fields, option labels turned into codes. */
export type ProductSheetRow = { row: number; values: Record<string, unknown> };

/**
 * The sheet's rows, or the report refusing the file itself (not Excel, a required column
 * missing, no rows). Reads no data: the rows are checked and written by `importRows`.
 */
export async function readProductSheet(
  culture: Culture,
  content: Buffer,
): Promise<ImportReport | { rows: ProductSheetRow[] }> {
  // option labels in either language, matched without regard to case or spaces
  const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();
  // Only the template's columns are kept of each row, headers in either language.
  const sheet = await readImportRows(
    content,
    IMPORT_LIMITS,
    COLUMNS,
    (c) => Cultures.map((lang) => header(lang, c.header)),
    (cell, c) => cellValue(cell, c.kind),
  );
  if (!sheet) return fileRejected(t(culture, 'Catalog::ImportNotExcel'));
  const { named, rows } = sheet;
  const present = new Set([...named].map((c) => c.field));
  const missing = COLUMNS.filter((c) => REQUIRED.includes(c.field) && !present.has(c.field));
  if (missing.length) {
    return {
      created: 0,
      errors: missing.map((c) => ({
        row: 1,
        field: c.field,
        column: header(culture, c.header),
        message: t(culture, 'Catalog::ImportColumnMissing', [header(culture, c.header)]),
      })),
    };
  }
  if (!rows.length) return fileRejected(t(culture, 'Catalog::ImportEmpty'));

  const choice = new Map<string, string>();
  for (const [field, { kind, values }] of Object.entries(CHOICES)) {
    for (const value of values) {
      for (const label of [value, ...Cultures.map((lang) => t(lang, `Catalog::${kind}:${value}`))]) {
        choice.set(`${field}:${norm(label)}`, value);
      }
    }
  }
  /** Codes for the labels of option-set cells; anything else is left for the form rules to reject. */
  const choose = (field: string, v: unknown) => choice.get(`${field}:${norm(String(v))}`) ?? v;
  for (const { values } of rows) {
    for (const field of Object.keys(CHOICES)) {
      const v = values[field];
      if (v !== undefined) values[field] = Array.isArray(v) ? v.map((x) => choose(field, x)) : choose(field, v);
    }
  }
  return { rows };
}

/** Where a field's refusal shows in the report: its column header and message in the caller's language. */
export function importMessages(culture: Culture) {
  const columnOf = (field: string) => {
    const c =
      COLUMNS.find((x) => x.field === field) ??
      (field === 'categoryIds' ? COLUMNS[3] : field === 'brandId' ? COLUMNS[4] : undefined);
    return c ? header(culture, c.header) : field;
  };
  const errorOf = (row: number, field: string, key: string, params?: unknown[]): ImportError => {
    const column = columnOf(field);
    const text = t(culture, key, params);
    return { row, field, column, message: text === key ? t(culture, 'Catalog::ImportInvalidValue', [column]) : text };
  };
  return { columnOf, errorOf };
}

import { type Culture, Cultures } from '@seller/contracts';
import {
  GATHER_IMPORT_MAX_ITEMS,
  type GatherImportResult,
  type GatherInput,
  GatherSheetColumns,
  gatherInput,
} from '@seller/contracts/catalog';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { fieldError } from '../../../core/errors.ts';
import type { JsonBounds } from '../../../core/json-bounds.ts';
import { t } from '../../../core/localization/index.ts';
import {
  type Cell,
  headerMatcher,
  NotASpreadsheet,
  readSheetTable,
  type SheetLimits,
} from '../../../core/spreadsheet.ts';
import type { Ctx } from './service.ts';

/**
 * The upload of gathered products: a .json file (an array of products, the create body's
 * shape) or an .xlsx like the template (one row per SKU; see `GatherSheetColumns`). Every item
 * is checked on its own: valid items are created (each in its own transaction), bad ones are
 * reported by row and field and not created, so a file with a few bad rows still brings in the
 * rest, and no item is ever half made.
 */

/**
 * A JSON upload's shape, checked as it arrives (before it is parsed): an item is at most five deep
 * (`{ items: [{ skus: [{ options: {} }] }] }`), and 500 items of 500 values each (50 SKUs and their
 * options, images, attributes) fit in the values. Parsed, that is at most some 10 MB of heap.
 */
export const GATHER_IMPORT_JSON_BOUNDS: JsonBounds = { maxDepth: 16, maxValues: 250_000 };

/** One row per SKU: 500 items of up to 10 SKUs fit. */
const SHEET_LIMITS: SheetLimits = { maxBytes: 32 * 1024 * 1024, maxRows: 5000, maxColumns: 60 };

type Column = (typeof GatherSheetColumns)[number];
type Raw = z.input<typeof gatherInput>;
interface Candidate {
  /** The JSON array's index from 1, or the sheet row of the item's first row. */
  row: number;
  raw: unknown;
  /** Sheet only: the sheet row of each SKU. */
  skuRows?: number[];
}
type RowError = GatherImportResult['errors'][number];

const header = (culture: Culture, column: Column) => t(culture, `Catalog::Gather:Column:${column}`);

/** The template: the header row in the caller's language, one column per `GatherSheetColumns`. */
export async function importTemplate(culture: Culture): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t(culture, 'Catalog::Gathers'));
  sheet.columns = GatherSheetColumns.map((c) => ({
    header: header(culture, c),
    key: c,
    width: c === 'title' || c === 'sourceUrl' || c === 'images' ? 40 : 14,
  }));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A refusal's text as the API answers it: the contract's own keys localized, Zod's generic ones named by the member. */
function issueText(culture: Culture, issue: z.core.$ZodIssue, member: string): string {
  if (issue.message.includes('::')) return t(culture, issue.message);
  if (issue.code === 'invalid_type' && issue.input === undefined) return t(culture, 'Field:Required', [member]);
  return t(culture, 'Field:Invalid', [member]);
}

// ---------- JSON ----------

function fromJson(content: Buffer): Candidate[] {
  let value: unknown;
  try {
    value = JSON.parse(content.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw fieldError('file', 'Catalog::Gather:JsonInvalid');
  }
  const items = Array.isArray(value) ? value : (value as { items?: unknown })?.items;
  if (!Array.isArray(items)) throw fieldError('file', 'Catalog::Gather:JsonInvalid');
  return items.map((raw, i) => ({ row: i + 1, raw }));
}

// ---------- Excel ----------

async function fromSheet(content: Buffer, culture: Culture): Promise<Candidate[]> {
  let named: Set<Column>;
  const rows: { number: number; values: Partial<Record<Column, Cell>> }[] = [];
  try {
    named = await readSheetTable(
      content,
      SHEET_LIMITS,
      // a column's member name or its header in either language
      headerMatcher(GatherSheetColumns, (c) => [c, ...Cultures.map((lang) => header(lang, c))]),
      (number, cells) => {
        const values: Partial<Record<Column, Cell>> = {};
        for (const [c, cell] of cells) if (cell?.text.trim()) values[c] = cell;
        if (Object.keys(values).length) rows.push({ number, values });
      },
    );
  } catch (e) {
    if (e instanceof NotASpreadsheet) throw fieldError('file', 'Catalog::Gather:FileType');
    throw e;
  }
  if (!named.has('sourceUrl')) {
    throw fieldError('file', 'Catalog::ImportColumnMissing', [header(culture, 'sourceUrl')]);
  }

  const text = (cell: Cell | undefined) => cell?.text.trim() || undefined;
  const amount = (cell: Cell | undefined) =>
    cell ? (typeof cell.value === 'number' ? cell.value : cell.text.trim()) : undefined;
  const items: Candidate[] = [];
  let current: { url: string; raw: Record<string, unknown>; skus: unknown[]; skuRows: number[] } | null = null;
  for (const { number, values: v } of rows) {
    const url = text(v.sourceUrl);
    // a row without a URL continues the item above (its next SKU)
    if (!current || (url && url !== current.url)) {
      const raw: Raw = {
        sourceUrl: url ?? '',
        sourcePlatform: text(v.sourcePlatform)?.toUpperCase() as Raw['sourcePlatform'],
        sourceItemId: text(v.sourceItemId),
        title: text(v.title) ?? '',
        currency: text(v.currency),
        priceMin: amount(v.priceMin) as string | undefined,
        priceMax: amount(v.priceMax) as string | undefined,
        images: (text(v.images) ?? '').split(/[\s,，]+/).filter(Boolean),
        supplierName: text(v.supplierName),
        supplierShopUrl: text(v.supplierShopUrl),
        descriptionHtml: text(v.descriptionHtml),
        attributes: (text(v.attributes) ?? '')
          .split(/[\n;；]+/)
          .map((line) => line.match(/^\s*([^:：]+)[:：]\s*(.*)$/))
          .filter((m): m is RegExpMatchArray => !!m)
          .map((m) => ({ name: m[1].trim(), value: m[2].trim() })),
      };
      current = { url: url ?? '', raw: raw as Record<string, unknown>, skus: [], skuRows: [] };
      items.push({ row: number, raw: current.raw, skuRows: current.skuRows });
    }
    const options: Record<string, string> = {};
    for (const n of [1, 2, 3] as const) {
      const name = text(v[`option${n}Name`]);
      const value = text(v[`option${n}Value`]);
      if (name || value) options[name ?? ''] = value ?? '';
    }
    if (Object.keys(options).length || v.skuPrice) {
      current.skus.push({
        options,
        price: amount(v.skuPrice),
        stock: v.skuStock ? (typeof v.skuStock.value === 'number' ? v.skuStock.value : Number(v.skuStock.text)) : null,
        image: text(v.skuImage) ?? null,
        sourceSkuId: text(v.sourceSkuId) ?? null,
      });
      current.skuRows.push(number);
      current.raw.skus = current.skus;
    }
  }
  return items;
}

/** The sheet column a member of the create body came from. */
function columnOf(path: PropertyKey[]): string {
  const [first, , field] = path.map(String);
  if (first !== 'skus') return first === 'images' || first === 'attributes' ? first : (first ?? 'file');
  if (field === 'options') return 'option1Name';
  if (field === 'price') return 'skuPrice';
  if (field === 'stock') return 'skuStock';
  if (field === 'image') return 'skuImage';
  return 'skuPrice';
}

/** An upload read and checked (before the unit): its items to create and the rows refused. */
export interface GatherUpload {
  total: number;
  valid: { row: number; input: GatherInput }[];
  errors: RowError[];
}

/** Reads and checks an uploaded sheet or JSON file (no data touched: before the unit of work). */
export async function readGatherUpload(ctx: Ctx, fileName: string, content: Buffer): Promise<GatherUpload> {
  const culture = ctx.culture;
  const head = content.subarray(0, 4).toString('latin1');
  const isJson =
    /\.json$/i.test(fileName) ||
    /^\s*[[{]/.test(
      content
        .subarray(0, 64)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
  const isSheet = head.startsWith('PK');
  if (!isJson && !isSheet) throw fieldError('file', 'Catalog::Gather:FileType');
  const candidates = isSheet ? await fromSheet(content, culture) : fromJson(content);
  if (!candidates.length) throw fieldError('file', 'Catalog::Gather:NoRows');
  if (candidates.length > GATHER_IMPORT_MAX_ITEMS)
    throw fieldError('file', 'Catalog::Gather:TooManyItems', [GATHER_IMPORT_MAX_ITEMS]);

  const errors: RowError[] = [];
  const valid: { row: number; input: GatherInput }[] = [];
  for (const c of candidates) {
    const parsed = gatherInput.safeParse(c.raw);
    if (parsed.success) {
      valid.push({ row: c.row, input: parsed.data });
      continue;
    }
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const member = issue.path.join('.');
      const field = isSheet ? columnOf(issue.path) : member;
      const skuIndex = issue.path[0] === 'skus' ? Number(issue.path[1]) : -1;
      const row = isSheet && skuIndex >= 0 ? (c.skuRows?.[skuIndex] ?? c.row) : c.row;
      const key = `${row}\u0000${field}`;
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push({
        row,
        field,
        message: issueText(culture, issue, isSheet ? header(culture, field as Column) : member),
      });
    }
  }

  return { total: candidates.length, valid, errors };
}

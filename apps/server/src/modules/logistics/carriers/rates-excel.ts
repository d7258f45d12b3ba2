import { type Culture, Cultures } from '@seller/contracts';
import { FeeModes, feeModeMembers, type RateRowInput, rateRowInput } from '@seller/contracts/logistics';
import ExcelJS from 'exceljs';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError, type ValidationErrorItem } from '../../../core/errors.ts';
import { t } from '../../../core/localization/index.ts';
import { type Cell, NotASpreadsheet, readSheetTable, type SheetLimits } from '../../../core/spreadsheet.ts';
import { zones } from '../schema.ts';
import { decimalText } from './decimal.ts';
import { channelOf, getRateTable, overlapErrors, refusal, replaceRates } from './rates.ts';

/**
 * A channel's rate table as a workbook: the export (one row per rate row, headers in the caller's
 * language, a second sheet explaining the fee modes) and the import of such a sheet, all or nothing.
 * The import reads the first sheet, matches columns by their header in either language (any
 * order), zones by name; an exported sheet imports back unchanged.
 */

/** The upload, compressed. */
export const RATE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** A full table (5 000 rows, the contract's most) of the 13 columns is far below 16 MB unpacked. */
export const RATE_IMPORT_LIMITS: SheetLimits = { maxBytes: 16 * 1024 * 1024, maxRows: 5000, maxColumns: 60 };

type Kind = 'zone' | 'grams' | 'feeMode' | 'money' | 'date';
type Member = keyof Omit<RateRowInput, 'id'>;
interface Column {
  member: Member;
  /** Header text key (`Logistics::…`). */
  header: string;
  kind: Kind;
  width: number;
}

const COLUMNS: Column[] = [
  { member: 'zoneId', header: 'Rate:Zone', kind: 'zone', width: 18 },
  { member: 'weightFrom', header: 'Rate:WeightFromGrams', kind: 'grams', width: 14 },
  { member: 'weightTo', header: 'Rate:WeightToGrams', kind: 'grams', width: 14 },
  { member: 'feeMode', header: 'Rate:FeeMode', kind: 'feeMode', width: 18 },
  { member: 'firstWeight', header: 'Rate:FirstWeightGrams', kind: 'grams', width: 14 },
  { member: 'firstFee', header: 'Rate:FirstFee', kind: 'money', width: 12 },
  { member: 'additionalUnit', header: 'Rate:AdditionalUnitGrams', kind: 'grams', width: 16 },
  { member: 'additionalFee', header: 'Rate:AdditionalFee', kind: 'money', width: 14 },
  { member: 'baseFee', header: 'Rate:BaseFee', kind: 'money', width: 12 },
  { member: 'perKgFee', header: 'Rate:PerKgFee', kind: 'money', width: 12 },
  { member: 'flatFee', header: 'Rate:FlatFee', kind: 'money', width: 12 },
  { member: 'effectiveFrom', header: 'Rate:EffectiveFrom', kind: 'date', width: 14 },
  { member: 'effectiveTo', header: 'Rate:EffectiveTo', kind: 'date', width: 14 },
];
/** Columns a sheet must have. */
const REQUIRED: Member[] = ['zoneId', 'weightFrom', 'weightTo', 'feeMode'];

const L = (culture: Culture, key: string, params?: unknown[]) => t(culture, `Logistics::${key}`, params);

/** A money text as a number cell when the number reads back as the same decimal, else as text. */
function moneyCell(value: string | null): number | string | null {
  if (value === null) return null;
  const n = Number(value);
  return Number.isFinite(n) && decimalText(String(n)) === decimalText(value) ? n : value;
}

/** Days as date cells (UTC midnight, shown `yyyy-mm-dd`). */
const dateCell = (value: string | null) => (value ? new Date(`${value}T00:00:00Z`) : null);

/** `GET …/rates/export`: the table as an .xlsx, in the order of the table. */
export async function exportRates(tx: Tx, ctx: CrudContext, culture: Culture, channelId: string) {
  const channel = await channelOf(tx, ctx, channelId);
  const table = await getRateTable(tx, ctx, channelId);

  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(L(culture, 'Rate:RateTable').slice(0, 31));
  sheet.columns = COLUMNS.map((c) => ({
    header: L(culture, c.header),
    key: c.member,
    width: c.width,
    style: c.kind === 'money' ? { numFmt: '0.00##' } : c.kind === 'date' ? { numFmt: 'yyyy-mm-dd' } : undefined,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).getCell(4).note = L(culture, 'Rate:FeeModeNote');
  for (const r of table.rows) {
    sheet.addRow([
      r.zoneName,
      r.weightFrom,
      r.weightTo,
      r.feeMode,
      r.firstWeight,
      moneyCell(r.firstFee),
      r.additionalUnit,
      moneyCell(r.additionalFee),
      moneyCell(r.baseFee),
      moneyCell(r.perKgFee),
      moneyCell(r.flatFee),
      dateCell(r.effectiveFrom),
      dateCell(r.effectiveTo),
    ]);
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const modes = book.addWorksheet(L(culture, 'Rate:FeeModes').slice(0, 31));
  modes.columns = [
    { header: L(culture, 'Rate:FeeModeCode'), width: 20 },
    { header: L(culture, 'Rate:FeeMode'), width: 18 },
    { header: L(culture, 'Rate:FeeModeMembers'), width: 40 },
    { header: L(culture, 'Rate:FeeModeDescription'), width: 70 },
  ];
  modes.getRow(1).font = { bold: true };
  for (const mode of FeeModes) {
    const members = feeModeMembers[mode].map((m) => L(culture, COLUMNS.find((c) => c.member === m)!.header));
    modes.addRow([mode, L(culture, `FeeMode:${mode}`), members.join(', '), L(culture, `FeeModeHint:${mode}`)]);
  }

  const title = L(culture, 'Rate:RateTable');
  return {
    fileName: `${title}-${channel.code}-${new Date().toISOString().slice(0, 10)}.xlsx`,
    content: Buffer.from(await book.xlsx.writeBuffer()),
  };
}

// ── import ──────────────────────────────────────────────────────────────────────────────────

/** Header texts compared without case, spaces and full-width brackets. */
const norm = (s: string) => s.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')').toLowerCase();

const byHeader = () => {
  const map = new Map<string, Column>();
  for (const c of COLUMNS) {
    map.set(norm(c.member), c);
    for (const culture of Cultures) map.set(norm(L(culture, c.header)), c);
  }
  map.set('zone', COLUMNS[0]);
  return map;
};

/** Fee modes by code or by their label in either language. */
const feeModeBy = () => {
  const map = new Map<string, string>();
  for (const mode of FeeModes) {
    map.set(norm(mode), mode);
    for (const culture of Cultures) map.set(norm(L(culture, `FeeMode:${mode}`)), mode);
  }
  return map;
};

/** A cell as the contract's input value; undefined when empty (an optional member is then null). */
function cellValue(cell: Cell | undefined, kind: Kind, modes: Map<string, string>): unknown {
  const text = cell?.text.trim() ?? '';
  if (!cell || !text) return undefined;
  switch (kind) {
    case 'grams': {
      const n = typeof cell.value === 'number' ? cell.value : Number(text);
      return Number.isFinite(n) ? n : text;
    }
    case 'money':
      return typeof cell.value === 'number' ? String(cell.value) : text;
    case 'date':
      return cell.value instanceof Date ? cell.value.toISOString().slice(0, 10) : text;
    case 'feeMode':
      return modes.get(norm(text)) ?? text;
    default:
      return text;
  }
}

interface SheetRow {
  number: number;
  values: Partial<Record<Member, unknown>>;
  zoneName?: string;
}

/** The first sheet's rows, by the columns their headers name; refuses a sheet without a required column. */
async function readRows(content: Buffer, culture: Culture) {
  const headers = byHeader();
  const modes = feeModeBy();
  let named: Set<Column>;
  const rows: SheetRow[] = [];
  try {
    named = await readSheetTable(
      content,
      RATE_IMPORT_LIMITS,
      (text) => headers.get(norm(text)),
      (number, cells) => {
        const row: SheetRow = { number, values: {} };
        for (const [c, cell] of cells) {
          const v = cellValue(cell, c.kind, modes);
          if (v === undefined) continue;
          if (c.kind === 'zone') row.zoneName = String(v);
          else row.values[c.member] = v;
        }
        if (row.zoneName !== undefined || Object.keys(row.values).length) rows.push(row);
      },
    );
  } catch (e) {
    if (e instanceof NotASpreadsheet) throw fieldError('file', 'Logistics::Rate:NotExcel');
    throw e;
  }
  const present = new Set([...named].map((c) => c.member));
  const missing = COLUMNS.filter((c) => REQUIRED.includes(c.member) && !present.has(c.member));
  if (missing.length) {
    throw refusal(
      missing.map((c) => ({
        message: 'Logistics::Rate:ColumnMissing',
        members: [`rows.1.${c.member}`],
        params: [L(culture, c.header)],
      })),
    );
  }
  if (!rows.length) throw fieldError('rows', 'Logistics::Rate:TableEmpty');
  return rows;
}

/** Every refused member of one sheet row, from the contract's issues (one per member). */
function rowErrors(
  culture: Culture,
  row: SheetRow,
  issues: { path: PropertyKey[]; message: string; code: string; input?: unknown }[],
) {
  const errors: ValidationErrorItem[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const member = String(issue.path[0] ?? '');
    if (seen.has(member)) continue;
    seen.add(member);
    const column = COLUMNS.find((c) => c.member === member);
    const params = [column ? L(culture, column.header) : member];
    // the contract's own texts; anything else is "required" or "not valid", naming the column
    const message = issue.message.startsWith('Logistics::')
      ? issue.message
      : issue.code === 'invalid_type' && issue.input === undefined
        ? 'Logistics::Rate:ImportRequired'
        : 'Logistics::Rate:ImportInvalid';
    errors.push({ message, members: [`rows.${row.number}.${member}`], params });
  }
  return errors;
}

/**
 * `POST …/rates/import`: the sheet's rows checked by the contract and the table rules; any error
 * writes nothing and answers 400 naming `rows.<sheet row>.<member>` for each; otherwise the table is
 * replaced by the sheet's rows.
 */
export async function importRates(
  tx: Tx,
  ctx: CrudContext,
  culture: Culture,
  channelId: string,
  sheetRows: RateSheet,
): Promise<{ imported: number; zones: number }> {
  await channelOf(tx, ctx, channelId); // another tenant's channel is a 404 before the sheet's problems
  const sheet = sheetRows();
  const zoneByName = new Map(
    (await tx.select({ id: zones.id, name: zones.name }).from(zones).where(owned(ctx, zones))).map((z) => [
      z.name.trim().toLowerCase(),
      z.id,
    ]),
  );
  const errors: ValidationErrorItem[] = [];
  const parsed: { number: number; row: RateRowInput }[] = [];
  for (const row of sheet) {
    const zoneId = row.zoneName ? zoneByName.get(row.zoneName.trim().toLowerCase()) : undefined;
    if (row.zoneName && !zoneId) {
      errors.push({
        message: 'Logistics::Rate:UnknownZoneName',
        members: [`rows.${row.number}.zoneId`],
        params: [row.zoneName],
      });
    }
    const result = rateRowInput.safeParse({ ...row.values, zoneId: zoneId ?? (row.zoneName ? NO_ZONE : undefined) });
    if (!result.success) errors.push(...rowErrors(culture, row, result.error.issues));
    else if (zoneId) parsed.push({ number: row.number, row: result.data });
  }
  const names = { member: (i: number) => parsed[i].number, shown: (i: number) => parsed[i].number };
  const rows = parsed.map((p) => p.row);
  errors.push(...overlapErrors(rows, names));
  if (errors.length) {
    const row = (e: ValidationErrorItem) => Number(e.members[0].split('.')[1]);
    throw refusal(errors.sort((a, b) => row(a) - row(b)));
  }
  // the table rules hold: not empty (every sheet row parsed), zones found among the tenant's, no overlap
  await replaceRates(tx, ctx, channelId, rows);
  return { imported: rows.length, zones: new Set(rows.map((r) => r.zoneId)).size };
}

/** An uploaded sheet's rows, or the refusal of a file that is no rate sheet (thrown when they are asked for). */
export type RateSheet = () => Awaited<ReturnType<typeof readRows>>;

/**
 * Before the unit: the uploaded sheet read (the channel is looked up in the unit, so a sheet that
 * cannot be read is refused only once the channel is known to be the tenant's, as a 404 comes first).
 */
export async function readRateSheet(content: Buffer, culture: Culture): Promise<RateSheet> {
  try {
    const rows = await readRows(content, culture);
    return () => rows;
  } catch (e) {
    return () => {
      throw e;
    };
  }
}

/** Stands for a zone named in the sheet but not found (already reported), so the row's other members are checked. */
const NO_ZONE = '00000000-0000-4000-8000-000000000000';

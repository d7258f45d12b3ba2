import { posix } from 'node:path';
import { crc32, createInflateRaw } from 'node:zlib';
import { fieldError } from './errors.ts';
import { isStorableText } from './input-guard.ts';
import { registerResource } from './localization/index.ts';

/**
 * The one reader of uploaded spreadsheets (.xlsx). An .xlsx is a zip of XML parts and a few
 * hundred kilobytes can unpack to gigabytes, so nothing here holds a part in memory: the zip's
 * central directory is read from the upload, the parts the first sheet needs are inflated as a
 * stream, every inflated byte counts against `maxBytes` (declared sizes are checked first but
 * may lie), and the sheet's XML is scanned as it arrives, row by row, refusing past `maxRows` or
 * `maxColumns`. A limit broken is a 400 naming the field and the limit; at most two workbooks are
 * read at once per process (it is CPU work on a small machine), so memory stays bounded however
 * many imports arrive together.
 */

export interface SheetLimits {
  /** Bytes the parts read (sheet, shared strings, styles, workbook) may inflate to, in total. */
  maxBytes: number;
  /** Non-empty rows below row 1 (the header row). */
  maxRows: number;
  /** The last column a non-empty cell may be in. */
  maxColumns: number;
  /** The request field the upload came in, named in a 400 (default `file`). */
  field?: string;
}

export type CellValue = string | number | boolean | Date;
export interface Cell {
  value: CellValue;
  /** What the cell shows, roughly: the string, the number's digits, a date as `YYYY-MM-DD`. */
  text: string;
}
export interface SheetRow {
  /** 1-based row number in the sheet. */
  number: number;
  /** Non-empty cells by 1-based column number. */
  cells: Map<number, Cell>;
}

/** The upload is not an .xlsx workbook this reader understands (or is damaged). */
export class NotASpreadsheet extends Error {
  constructor(reason: string) {
    super(`not an xlsx workbook: ${reason}`);
  }
}

registerResource('Spreadsheet', {
  en: {
    TooLarge: 'The workbook is too large: its content unpacks to more than {0} MB.',
    TooManyRows: 'The sheet has more than {0} rows below the header row.',
    TooManyColumns: 'The sheet has values beyond column {0}.',
  },
  'zh-Hans': {
    TooLarge: '工作簿过大:解压后的内容超过 {0} MB。',
    TooManyRows: '工作表表头以下超过 {0} 行。',
    TooManyColumns: '工作表第 {0} 列之后还有数据。',
  },
});

/** Workbooks read at the same time in this process; more wait their turn. */
const PARALLEL = 2;
let reading = 0;
const waiting: (() => void)[] = [];

/**
 * Calls `onRow` with each non-empty row of the workbook's first sheet, in order. Throws a 400
 * (AppError) past a limit and `NotASpreadsheet` for anything that is not a readable .xlsx.
 */
export async function readFirstSheet(
  content: Buffer,
  limits: SheetLimits,
  onRow: (row: SheetRow) => void,
): Promise<void> {
  if (reading < PARALLEL) reading++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
  try {
    await read(content, limits, onRow);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else reading--;
  }
}

/**
 * Matches a header cell to the column one of whose `headers` it reads (say, in each language),
 * without regard to case or spaces.
 */
export function headerMatcher<C>(columns: readonly C[], headers: (column: C) => string[]) {
  const key = (text: string) => text.replace(/\s+/g, '').toLowerCase();
  const byKey = new Map<string, C>();
  for (const c of columns) for (const h of headers(c)) byKey.set(key(h), c);
  return (text: string): C | undefined => byKey.get(key(text));
}

/**
 * The first sheet read as a table under its header row (an import template): each header of row 1
 * is matched to a column by `columnOf` (unmatched ones are ignored), and each later row is handed
 * to `onRow` as its number and, per matched column, the cell under it (undefined when empty).
 * Answers the columns the header row named. Throws as `readFirstSheet`.
 */
export async function readSheetTable<C>(
  content: Buffer,
  limits: SheetLimits,
  columnOf: (headerText: string) => C | undefined,
  onRow: (number: number, cells: [C, Cell | undefined][]) => void,
): Promise<Set<C>> {
  const at = new Map<number, C>();
  await readFirstSheet(content, limits, ({ number, cells }) => {
    if (number === 1) {
      for (const [col, cell] of cells) {
        const c = columnOf(cell.text);
        if (c !== undefined) at.set(col, c);
      }
      return;
    }
    onRow(
      number,
      [...at].map(([col, c]) => [c, cells.get(col)]),
    );
  });
  return new Set(at.values());
}

async function read(content: Buffer, limits: SheetLimits, onRow: (row: SheetRow) => void) {
  const field = limits.field ?? 'file';
  const zip = new Zip(content);
  const budget = {
    left: limits.maxBytes,
    exceeded: () => fieldError(field, 'Spreadsheet::TooLarge', [Math.round(limits.maxBytes / 1024 / 1024)]),
  };
  const part = (name: string, handler: XmlHandler) => inflatePart(zip, zip.entry(name), budget, handler);

  const rootRels = zip.has('_rels/.rels') ? await relationships(part, '_rels/.rels') : [];
  const bookPath =
    target(
      '',
      rootRels.find((r) => r.type.endsWith('/officeDocument')),
    ) ?? 'xl/workbook.xml';
  const book = await workbook(part, bookPath);
  const relsPath = posix.join(posix.dirname(bookPath), '_rels', `${posix.basename(bookPath)}.rels`);
  const rels = await relationships(part, relsPath);
  const dir = posix.dirname(bookPath);
  const sheetPath = target(
    dir,
    rels.find((r) => r.id === book.firstSheet),
  );
  if (!sheetPath) throw new NotASpreadsheet('no sheet');
  const stringsPath = target(
    dir,
    rels.find((r) => r.type.endsWith('/sharedStrings')),
  );
  const stylesPath = target(
    dir,
    rels.find((r) => r.type.endsWith('/styles')),
  );
  // Refuse on the declared sizes before inflating anything big; the counting below catches a lie.
  const declared = [sheetPath, stringsPath, stylesPath].reduce((n, p) => n + (p ? zip.entry(p).size : 0), 0);
  if (declared > budget.left) throw budget.exceeded();

  const dates = stylesPath ? await dateStyles(part, stylesPath) : [];
  const strings = stringsPath ? await sharedStrings(part, stringsPath) : [];
  await part(sheetPath, sheetReader(limits, field, { dates, date1904: book.date1904, strings }, onRow));
}

// ── zip ─────────────────────────────────────────────────────────────────────────────────────

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  crc: number;
  offset: number;
}

/** The central directory of a zip held in memory (the upload, already capped in size). */
class Zip {
  readonly buffer: Buffer;
  private readonly entries = new Map<string, ZipEntry>();

  constructor(buffer: Buffer) {
    this.buffer = buffer;
    const end = this.findEnd();
    const count = buffer.readUInt16LE(end + 10);
    let at = buffer.readUInt32LE(end + 16);
    for (let i = 0; i < count; i++) {
      if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) throw new NotASpreadsheet('directory');
      const nameLength = buffer.readUInt16LE(at + 28);
      const extraLength = buffer.readUInt16LE(at + 30);
      const commentLength = buffer.readUInt16LE(at + 32);
      const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
      const entry: ZipEntry = {
        name,
        flags: buffer.readUInt16LE(at + 8),
        method: buffer.readUInt16LE(at + 10),
        crc: buffer.readUInt32LE(at + 16),
        compressedSize: buffer.readUInt32LE(at + 20),
        size: buffer.readUInt32LE(at + 24),
        offset: buffer.readUInt32LE(at + 42),
      };
      this.zip64(entry, buffer.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
      if (!this.entries.has(name)) this.entries.set(name, entry);
      at += 46 + nameLength + extraLength + commentLength;
    }
  }

  has(name: string) {
    return this.entries.has(name);
  }

  entry(name: string): ZipEntry {
    const entry = this.entries.get(name);
    if (!entry) throw new NotASpreadsheet(`missing ${name}`);
    return entry;
  }

  /** Where the compressed bytes of `entry` are, after its local header. */
  data(entry: ZipEntry): Buffer {
    const b = this.buffer;
    const at = entry.offset;
    if (at + 30 > b.length || b.readUInt32LE(at) !== 0x04034b50) throw new NotASpreadsheet('local header');
    const start = at + 30 + b.readUInt16LE(at + 26) + b.readUInt16LE(at + 28);
    if (start + entry.compressedSize > b.length) throw new NotASpreadsheet('truncated');
    return b.subarray(start, start + entry.compressedSize);
  }

  private findEnd(): number {
    const b = this.buffer;
    // the end record (22 bytes) is followed by a comment of at most 64 KB
    for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - 0xffff); at--) {
      if (b.readUInt32LE(at) === 0x06054b50) return at;
    }
    throw new NotASpreadsheet('not a zip');
  }

  /** Sizes and offset too large for 32 bits are in the zip64 extra field (id 1), in this order. */
  private zip64(entry: ZipEntry, extra: Buffer) {
    const wide = (['size', 'compressedSize', 'offset'] as const).filter((k) => entry[k] === 0xffffffff);
    if (!wide.length) return;
    for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
      if (extra.readUInt16LE(at) !== 1) continue;
      wide.forEach((k, i) => {
        if (at + 12 + i * 8 > extra.length) throw new NotASpreadsheet('zip64');
        entry[k] = Number(extra.readBigUInt64LE(at + 4 + i * 8));
      });
      return;
    }
    throw new NotASpreadsheet('zip64');
  }
}

/**
 * Inflates one part as a stream into `handler`, counting every inflated byte against the budget:
 * zlib produces output only as fast as it is read, so a bomb stops at the limit with a few
 * chunks in memory. The size and CRC are checked at the end, so a damaged part is refused.
 */
async function inflatePart(
  zip: Zip,
  entry: ZipEntry,
  budget: { left: number; exceeded: () => Error },
  handler: XmlHandler,
) {
  if (entry.flags & 1) throw new NotASpreadsheet('encrypted');
  if (entry.size > budget.left) throw budget.exceeded();
  const data = zip.data(entry);
  let chunks: AsyncIterable<Buffer> | Buffer[];
  if (entry.method === 0) chunks = [data];
  else if (entry.method === 8) {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    inflate.end(data);
    chunks = inflate;
  } else throw new NotASpreadsheet(`method ${entry.method}`);

  const decoder = new TextDecoder();
  const scanner = new XmlScanner(handler);
  let size = 0;
  let crc = 0;
  try {
    for await (const chunk of chunks) {
      size += chunk.length;
      budget.left -= chunk.length;
      if (budget.left < 0) throw budget.exceeded(); // leaving the loop destroys the inflate stream
      crc = crc32(chunk, crc);
      scanner.write(decoder.decode(chunk, { stream: true }));
    }
  } catch (e) {
    if (e instanceof Error && 'code' in e && String(e.code).startsWith('Z_')) throw new NotASpreadsheet('inflate');
    throw e;
  }
  scanner.write(decoder.decode());
  if (size !== entry.size || crc >>> 0 !== entry.crc) throw new NotASpreadsheet(`damaged ${entry.name}`);
}

// ── XML ─────────────────────────────────────────────────────────────────────────────────────

interface XmlHandler {
  /** `name` without its namespace prefix; `attrs` the raw attribute text (see `attributes`). */
  open(name: string, attrs: string, selfClosing: boolean): void;
  close(name: string): void;
  /** Raw character data, entities not yet decoded; may come in several pieces. */
  text(raw: string): void;
}

/** The longest tag, comment or CDATA section accepted; a part made of one endless tag is refused. */
const MAX_PENDING = 1 << 17;

/**
 * A streaming scanner for the plain XML of OOXML parts: elements, attributes, text, CDATA,
 * comments and processing instructions. A DOCTYPE (which OOXML forbids, and which could declare
 * expanding entities) is refused. Only the unfinished end of a chunk is kept between writes.
 */
class XmlScanner {
  private rest = '';
  private readonly handler: XmlHandler;

  constructor(handler: XmlHandler) {
    this.handler = handler;
  }

  write(chunk: string) {
    const s = this.rest + chunk;
    const h = this.handler;
    let i = 0;
    for (;;) {
      const lt = s.indexOf('<', i);
      if (lt < 0) {
        if (i < s.length) h.text(s.slice(i));
        i = s.length;
        break;
      }
      if (lt > i) h.text(s.slice(i, lt));
      i = lt;
      const next = s[lt + 1];
      if (next === undefined || (next === '!' && s.length - lt < 9)) break; // wait to tell what it is
      if (next === '!' || next === '?') {
        const [close, body] = s.startsWith('<!--', lt)
          ? ['-->', 4]
          : s.startsWith('<![CDATA[', lt)
            ? [']]>', 9]
            : next === '?'
              ? ['?>', 2]
              : [null, 0];
        if (!close) throw new NotASpreadsheet('doctype');
        const end = s.indexOf(close, lt + body);
        if (end < 0) break;
        if (body === 9) h.text(escapeText(s.slice(lt + 9, end)));
        i = end + close.length;
        continue;
      }
      const gt = tagEnd(s, lt + 1);
      if (gt < 0) break;
      if (next === '/') h.close(localName(s.slice(lt + 2, gt).trim()));
      else {
        const selfClosing = s.charCodeAt(gt - 1) === 47; // '/'
        const end = selfClosing ? gt - 1 : gt;
        let space = lt + 1;
        while (space < end && s.charCodeAt(space) > 32) space++;
        const name = localName(s.slice(lt + 1, space));
        h.open(name, s.slice(space, end), selfClosing);
        if (selfClosing) h.close(name);
      }
      i = gt + 1;
    }
    this.rest = s.slice(i);
    if (this.rest.length > MAX_PENDING) throw new NotASpreadsheet('tag too long');
  }
}

/** The `>` closing a tag that starts at `from`, skipping quoted attribute values; -1 if not yet there. */
function tagEnd(s: string, from: number): number {
  let quote = 0;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39)
      quote = c; // " '
    else if (c === 62) return i; // >
  }
  return -1;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Character data with its entities decoded. */
function decode(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|\w+);/g, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e] ?? m;
    const code = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

/** CDATA is literal text; escaped so that it goes through `decode` like any other text. */
const escapeText = (s: string) => s.replaceAll('&', '&amp;');

/** Calls `fn` with each attribute's qualified name (`r`, `r:id`) and raw value until it answers true. */
function eachAttribute(raw: string, fn: (name: string, raw: string) => boolean | undefined) {
  for (let i = 0; i < raw.length; ) {
    const eq = raw.indexOf('=', i);
    if (eq < 0) return;
    let q = eq + 1;
    while (raw.charCodeAt(q) <= 32) q++;
    const quote = raw[q];
    const end = quote === '"' || quote === "'" ? raw.indexOf(quote, q + 1) : -1;
    if (end < 0) return;
    if (fn(raw.slice(i, eq).trim(), raw.slice(q + 1, end))) return;
    i = end + 1;
  }
}

/** The decoded value of one attribute (the hot path: a cell's `r`, `t`, `s`). */
function attr(raw: string, name: string): string | undefined {
  let value: string | undefined;
  eachAttribute(raw, (n, v) => {
    if (n !== name) return false;
    value = decode(v);
    return true;
  });
  return value;
}

/** Attributes of a tag by qualified name, values decoded. */
function attributes(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  eachAttribute(raw, (n, v) => {
    out[n] = decode(v);
    return false;
  });
  return out;
}

/** Text of OOXML string items: `_x000D_` stands for a character XML cannot carry. */
const ooxmlText = (raw: string) =>
  decode(raw).replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Longest raw text kept for one cell or string item (Excel's limit is 32 767 characters). */
const MAX_TEXT = 1 << 18;

/** Collects the raw text of the element being captured, bounded. */
class TextBuffer {
  private raw = '';
  on = false;
  start() {
    this.raw = '';
    this.on = true;
  }
  add(s: string) {
    if (!this.on) return;
    this.raw += s;
    if (this.raw.length > MAX_TEXT) throw new NotASpreadsheet('text too long');
  }
  take(): string {
    this.on = false;
    const raw = this.raw;
    this.raw = '';
    return raw;
  }
}

// ── parts ───────────────────────────────────────────────────────────────────────────────────

type ReadPart = (name: string, handler: XmlHandler) => Promise<void>;
interface Relationship {
  id: string;
  type: string;
  target: string;
  external: boolean;
}

async function relationships(part: ReadPart, name: string): Promise<Relationship[]> {
  const out: Relationship[] = [];
  await part(name, {
    open(tag, raw) {
      if (tag !== 'Relationship') return;
      const a = attributes(raw);
      out.push({ id: a.Id ?? '', type: a.Type ?? '', target: a.Target ?? '', external: a.TargetMode === 'External' });
    },
    close() {},
    text() {},
  });
  return out;
}

/** The zip path a relationship points at, relative to the folder of its source part. */
function target(dir: string, rel: Relationship | undefined): string | undefined {
  if (!rel || rel.external || !rel.target) return undefined;
  const path = rel.target.startsWith('/') ? rel.target : posix.join(dir, rel.target);
  return posix.normalize(path).replace(/^\/+/, '');
}

async function workbook(part: ReadPart, name: string) {
  let firstSheet: string | undefined;
  let date1904 = false;
  await part(name, {
    open(tag, raw) {
      if (tag === 'workbookPr') {
        const v = attr(raw, 'date1904');
        date1904 = v === '1' || v === 'true';
      } else if (tag === 'sheet' && firstSheet === undefined) {
        const a = attributes(raw);
        firstSheet = Object.entries(a).find(([k]) => k.endsWith(':id'))?.[1] ?? '';
      }
    },
    close() {},
    text() {},
  });
  return { firstSheet, date1904 };
}

/** Built-in number formats that show a date or time (the CJK ones included: 27–36, 50–58). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** A custom format shows a date when it has date or time letters outside quotes and brackets. */
const isDateFormat = (code: string) => /[ymdhs]/i.test(code.replace(/\[[^\]]*\]|"[^"]*"|\\./g, ''));

/** For each cell style (`s`), whether its number format shows a date: such numbers are dates. */
async function dateStyles(part: ReadPart, name: string): Promise<boolean[]> {
  const custom = new Map<number, boolean>();
  const formatIds: number[] = [];
  let inCellXfs = false;
  await part(name, {
    open(tag, raw) {
      if (tag === 'numFmt') {
        const a = attributes(raw);
        custom.set(Number(a.numFmtId), isDateFormat(a.formatCode ?? ''));
      } else if (tag === 'cellXfs') inCellXfs = true;
      else if (tag === 'xf' && inCellXfs) formatIds.push(Number(attr(raw, 'numFmtId') ?? 0));
    },
    close(tag) {
      if (tag === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  return formatIds.map((id) => custom.get(id) ?? DATE_FORMAT_IDS.has(id));
}

/** The shared string table; rich text runs are joined, phonetic guides (`rPh`) left out. */
async function sharedStrings(part: ReadPart, name: string): Promise<string[]> {
  const out: string[] = [];
  const text = new TextBuffer();
  let item = '';
  let phonetic = 0;
  await part(name, {
    open(tag) {
      if (tag === 'si') item = '';
      else if (tag === 'rPh') phonetic++;
      else if (tag === 't' && !phonetic) text.start();
    },
    close(tag) {
      if (tag === 't' && text.on) item += ooxmlText(text.take());
      else if (tag === 'rPh') phonetic--;
      else if (tag === 'si') out.push(item);
    },
    text: (raw) => text.add(raw),
  });
  return out;
}

/** Column number of a cell reference (`AB12` → 28); 0 when there is none. */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20; // lower case
    if (c < 97 || c > 122) break;
    n = n * 26 + (c - 96);
  }
  return n;
}

function sheetReader(
  limits: SheetLimits,
  field: string,
  book: { dates: boolean[]; date1904: boolean; strings: string[] },
  onRow: (row: SheetRow) => void,
): XmlHandler {
  const text = new TextBuffer();
  let inData = false;
  let row: SheetRow | null = null;
  let rows = 0;
  let column = 0;
  let cell = { type: 'n', style: 0, value: '', inline: '' };
  let phonetic = 0;

  const finishCell = () => {
    const c = cellOf(cell.type, cell.type === 'inlineStr' ? cell.inline : cell.value, cell.style, book);
    if (!c || !row) return;
    // `_x0000_`, `&#xD800;` or a raw NUL decode to text PostgreSQL cannot store (input-guard.ts)
    if (typeof c.value === 'string' && !isStorableText(c.value)) throw fieldError(field, 'Value:Unstorable');
    if (column > limits.maxColumns) throw fieldError(field, 'Spreadsheet::TooManyColumns', [limits.maxColumns]);
    row.cells.set(column, c);
  };

  return {
    open(tag, raw, selfClosing) {
      if (tag === 'sheetData') inData = true;
      else if (!inData) return;
      else if (tag === 'row') {
        const r = Number(attr(raw, 'r'));
        row = { number: Number.isInteger(r) && r > 0 ? r : (row?.number ?? 0) + 1, cells: new Map() };
        column = 0;
      } else if (tag === 'c') {
        const ref = attr(raw, 'r');
        column = (ref && columnOf(ref)) || column + 1;
        cell = { type: attr(raw, 't') ?? 'n', style: Number(attr(raw, 's') ?? 0), value: '', inline: '' };
        if (selfClosing) cell.type = 'empty';
      } else if (tag === 'v') text.start();
      else if (tag === 'rPh') phonetic++;
      else if (tag === 't' && !phonetic && cell.type === 'inlineStr') text.start();
    },
    close(tag) {
      if (!inData) return;
      if (tag === 'v' && text.on) cell.value = text.take();
      else if (tag === 't' && text.on) cell.inline += ooxmlText(text.take());
      else if (tag === 'rPh') phonetic--;
      else if (tag === 'c') finishCell();
      else if (tag === 'row' && row) {
        if (row.cells.size) {
          if (row.number > 1 && ++rows > limits.maxRows) {
            throw fieldError(field, 'Spreadsheet::TooManyRows', [limits.maxRows]);
          }
          onRow(row);
        }
        row = { number: row.number, cells: new Map() }; // keeps the number for a next row without `r`
      } else if (tag === 'sheetData') inData = false;
    },
    text: (raw) => text.add(raw),
  };
}

const DAY = 86_400_000;
/** 1970-01-01 as an Excel serial day (1900 system); the 1904 system counts 1 462 days fewer. */
const EPOCH_1900 = 25_569;

/** A cell's value from its type (`t`), raw value and style; null for an empty cell. */
function cellOf(
  type: string,
  raw: string,
  style: number,
  book: { dates: boolean[]; date1904: boolean; strings: string[] },
): Cell | null {
  switch (type) {
    case 'empty':
      return null;
    case 's': {
      const s = book.strings[Number(raw)];
      return s ? { value: s, text: s } : null;
    }
    case 'inlineStr':
      return raw ? { value: raw, text: raw } : null;
    case 'b':
      return raw ? { value: raw.trim() === '1', text: raw.trim() === '1' ? 'TRUE' : 'FALSE' } : null;
    case 'str':
    case 'e': {
      const s = decode(raw);
      return s ? { value: s, text: s } : null;
    }
    case 'd': {
      const d = new Date(decode(raw).trim());
      return Number.isNaN(d.getTime()) ? null : { value: d, text: dateText(d) };
    }
    default: {
      const v = decode(raw).trim();
      if (!v) return null;
      const n = Number(v);
      if (!Number.isFinite(n)) return { value: v, text: v };
      if (book.dates[style]) {
        const d = new Date(Math.round((n - EPOCH_1900 + (book.date1904 ? 1462 : 0)) * DAY));
        return { value: d, text: dateText(d) };
      }
      return { value: n, text: String(n) };
    }
  }
}

/** A date at UTC midnight shows as `YYYY-MM-DD`, one with a time as its full ISO form. */
const dateText = (d: Date) => (d.getTime() % DAY === 0 ? d.toISOString().slice(0, 10) : d.toISOString());

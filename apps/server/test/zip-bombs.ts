import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Spreadsheets built by hand, byte by byte, for what a spreadsheet library will not write: zip
 * bombs (a few hundred KB that unpack to hundreds of MB) and headers that lie about sizes. Used
 * by the import limits test and by bench/spreadsheet-bombs.ts.
 */

export const MB = 1024 * 1024;

export interface Part {
  name: string;
  deflated: Buffer;
  size: number;
  crc: number;
  /** The uncompressed size written in the zip's headers, when it should lie. */
  declaredSize?: number;
}

export const part = (name: string, xml: string): Part => {
  const data = Buffer.from(xml);
  return { name, deflated: deflateRawSync(data), size: data.length, crc: crc32(data) };
};

/** `block` repeated to about `mb` MB, deflated as a stream so the caller never holds it whole. */
async function repeated(name: string, head: string, block: string, mb: number, tail: string): Promise<Part> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((resolve) => deflate.once('end', resolve));
  let crc = 0;
  let size = 0;
  const write = async (b: Buffer) => {
    crc = crc32(b, crc);
    size += b.length;
    if (!deflate.write(b)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(Buffer.from(head));
  const chunk = Buffer.from(block.repeat(Math.ceil(MB / block.length)));
  for (let i = 0; i < mb; i++) await write(chunk);
  await write(Buffer.from(tail));
  deflate.end();
  await ended;
  return { name, deflated: Buffer.concat(out), size, crc };
}

/** A zip (deflated entries, central directory) of the parts, as an .xlsx is. */
function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const size = p.declaredSize ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(p.crc >>> 0, 16);
    entry.writeUInt32LE(p.deflated.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, p.deflated);
    central.push(entry, name);
    offset += 30 + name.length + p.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';

/** The parts every workbook has, around a sheet (and a shared string table). */
export function workbook(sheet: Part, strings?: Part): Buffer {
  return zip([
    part(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        (strings
          ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
          : '') +
        '</Types>',
    ),
    part(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="商品" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        (strings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : '') +
        '</Relationships>',
    ),
    ...(strings ? [strings] : []),
    sheet,
  ]);
}

/** What one of these workbooks unpacks to, in MB. */
export const BOMB_MB = 400;

/** Rows of styled empty cells, as a sheet formatted far beyond its data has: no value, so no row counts. */
export const emptyRows = () =>
  repeated('xl/worksheets/sheet1.xml', SHEET_HEAD, '<row><c s="0"/><c s="0"/><c s="0"/></row>', BOMB_MB, SHEET_TAIL);

/** A shared string table of short strings, the kind that costs the most memory per byte. */
export const manyStrings = () =>
  repeated(
    'xl/sharedStrings.xml',
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}">`,
    '<si><t>x</t></si>',
    BOMB_MB,
    '</sst>',
  );

/** Four workbooks that each unpack to BOMB_MB: one whose headers tell the truth, three whose headers lie. */
export async function zipBombs(): Promise<Buffer[]> {
  const sheetBomb = await emptyRows();
  const stringsBomb = await manyStrings();
  const header = part('xl/worksheets/sheet1.xml', `${SHEET_HEAD}<row r="1"><c t="s"><v>0</v></c></row>${SHEET_TAIL}`);
  return [
    // the headers tell the truth: refused before inflating
    workbook(sheetBomb),
    // the headers say 1 KB: refused while inflating, at the limit
    workbook({ ...sheetBomb, declaredSize: 1024 }),
    workbook(header, { ...stringsBomb, declaredSize: 1024 }),
    workbook({ ...sheetBomb, declaredSize: 2048 }),
  ];
}

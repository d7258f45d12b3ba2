import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PickListDto } from '@seller/contracts/trade';
import PDFDocument from 'pdfkit';
import { t } from '../../../core/localization/index.ts';
import type { Ctx } from './queries.ts';

/**
 * The printed papers of shipments, written with pdfkit: the shipping label (100 × 150 mm, the
 * common thermal label) and the pick list (A4). Text is set in Noto Sans Hans (the npm package
 * `@embedpdf/fonts-sc`), embedded as a subset of the glyphs each document uses, so Chinese,
 * Latin and digits print and read back (copy, search, `pdftotext`). The tracking number is drawn
 * as a vector Code 128 bar code (the encoder below, written from the public symbology).
 */

export interface LabelInput {
  shipmentNo: string;
  trackingNo: string;
  channelName: string | null;
  carrierName: string | null;
  from: { name: string; contact: string | null; address: string | null; countryCode: string | null };
  to: {
    name: string | null;
    phone: string | null;
    lines: Array<string | null>;
    countryCode: string | null;
  };
  orderNos: string;
  items: Array<{ sku: string; name: string; quantity: number }>;
  weightG: number | null;
}

const MM = 72 / 25.4;
/** 100 × 150 mm in points. */
export const LABEL_SIZE: [number, number] = [100 * MM, 150 * MM];

// ---- fonts ---------------------------------------------------------------------------------------

const fontDir = join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts');
let fontFiles: { regular: Buffer; bold: Buffer } | null = null;

/** The two OTF files, read once per process (8 MB each; pdfkit subsets them per document). */
function cjkFonts() {
  fontFiles ??= {
    regular: readFileSync(join(fontDir, 'NotoSansHans-Regular.otf')),
    bold: readFileSync(join(fontDir, 'NotoSansHans-Bold.otf')),
  };
  return fontFiles;
}

/** A new document (no page yet) with the CJK fonts registered as `cjk` and `cjk-bold`. */
export function pdfDocument(title: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: title, Producer: 'seller' } });
  const { regular, bold } = cjkFonts();
  doc.registerFont('cjk', regular);
  doc.registerFont('cjk-bold', bold);
  return doc.font('cjk');
}

/**
 * Writes the pages one by one, yielding to the event loop now and then so a long document does
 * not hold the process, and ends the document (a failure destroys it with the error). The
 * document is a readable stream: the caller sends it as it is written.
 */
export function writePages<T>(
  doc: PDFKit.PDFDocument,
  pages: Iterable<T>,
  draw: (doc: PDFKit.PDFDocument, page: T) => void,
) {
  void (async () => {
    let n = 0;
    for (const page of pages) {
      draw(doc, page);
      if (++n % 20 === 0) await new Promise((r) => setImmediate(r));
    }
    doc.end();
  })().catch((e) => doc.destroy(e as Error));
  return doc;
}

/** The whole document as one buffer (a single label). */
export async function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of doc) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

// ---- Code 128 ------------------------------------------------------------------------------------

/** Code 128 bar/space widths of values 0–106 (106 = stop, 7 elements). */
// biome-ignore format: the table reads best in rows of ten
const CODE128 = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

const CODE_C = 99;
const CODE_B = 100;
const START_B = 104;
const START_C = 105;
const STOP = 106;

/**
 * The Code 128 values of `text` (printable ASCII), with start, check digit and stop: set B, and
 * set C (two digits a symbol) for every run of four or more digits (an odd run's first digit in B).
 */
export function code128Values(text: string): number[] {
  const chars = [...text];
  for (const c of chars) {
    const v = c.charCodeAt(0) - 32;
    if (v < 0 || v > 94) throw new Error(`Code 128 cannot encode ${JSON.stringify(c)}`);
  }
  const digitRun = (i: number) => {
    let n = 0;
    while (i + n < chars.length && /\d/.test(chars[i + n]!)) n++;
    return n;
  };
  const values: number[] = [];
  let set: 'B' | 'C' | null = null;
  const use = (next: 'B' | 'C') => {
    if (set !== next) values.push(set === null ? (next === 'B' ? START_B : START_C) : next === 'B' ? CODE_B : CODE_C);
    set = next;
  };
  let i = 0;
  while (i < chars.length) {
    const run = digitRun(i);
    if (run >= 4 || (set === 'C' && run >= 2)) {
      // set C takes pairs: an odd run's first digit goes in B
      if (run % 2 === 1 && set !== 'C') {
        use('B');
        values.push(chars[i++]!.charCodeAt(0) - 32);
      }
      use('C');
      for (let end = i + Math.floor(digitRun(i) / 2) * 2; i < end; i += 2)
        values.push(Number(chars[i]! + chars[i + 1]!));
    } else {
      use('B');
      values.push(chars[i++]!.charCodeAt(0) - 32);
    }
  }
  if (set === null) values.push(START_B);
  const check = values.reduce((sum, v, k) => sum + v * Math.max(1, k), 0) % 103;
  return [...values, check, STOP];
}

/** Module widths, bar first and alternating, of the whole symbol (without quiet zones). */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((v) => [...CODE128[v]!].map(Number));
}

/** Draws the bar code of `text` centred in a box; the module is at most `maxModule` points. */
function barcode(doc: PDFKit.PDFDocument, text: string, box: { x: number; y: number; w: number; h: number }) {
  const widths = code128Widths(text);
  const modules = widths.reduce((a, b) => a + b, 0);
  // 10 modules of quiet zone each side
  const module = Math.min(1.6, box.w / (modules + 20));
  let x = box.x + (box.w - modules * module) / 2;
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(x, box.y, w * module, box.h);
    x += w * module;
  });
  doc.fillColor('black').fill();
}

// ---- the label -----------------------------------------------------------------------------------

/** Draws one label on a new 100 × 150 mm page. */
export function drawLabel(doc: PDFKit.PDFDocument, input: LabelInput) {
  const [W, H] = LABEL_SIZE;
  const left = 12;
  const width = W - 2 * left;
  doc.addPage({ size: LABEL_SIZE, margin: 0 });
  doc
    .lineWidth(1)
    .rect(6, 6, W - 12, H - 12)
    .stroke();
  const rule = (y: number) =>
    doc
      .lineWidth(0.8)
      .moveTo(left, y)
      .lineTo(W - left, y)
      .stroke();
  const text = (
    s: string,
    y: number,
    size: number,
    opts: { bold?: boolean; x?: number; width?: number; height?: number; align?: 'left' | 'right' | 'center' } = {},
  ) =>
    doc
      .font(opts.bold ? 'cjk-bold' : 'cjk')
      .fontSize(size)
      .text(s, opts.x ?? left, y, {
        width: opts.width ?? width,
        height: opts.height ?? size * 1.3,
        ellipsis: true,
        align: opts.align ?? 'left',
        lineGap: 0,
      });

  text(input.carrierName ?? input.channelName ?? '', 12, 14, { bold: true, width: width - 100 });
  text(input.shipmentNo, 14, 8, { x: W - left - 100, width: 100, align: 'right' });
  text(input.carrierName ? (input.channelName ?? '') : '', 32, 9, { width: width });
  rule(48);

  barcode(doc, input.trackingNo, { x: left, y: 56, w: width, h: 58 });
  text(input.trackingNo, 117, 13, { bold: true, align: 'center' });
  rule(137);

  text('收件人 TO', 142, 7, { bold: true });
  text([input.to.name, input.to.phone].filter(Boolean).join('  '), 152, 11, { bold: true });
  const toLines = [...input.to.lines, input.to.countryCode].filter((s): s is string => Boolean(s));
  text(toLines.join('\n'), 168, 10, { height: 58 });
  rule(230);

  text('寄件人 FROM', 235, 7, { bold: true });
  text([input.from.name, input.from.contact].filter(Boolean).join('  '), 245, 9);
  text([input.from.address, input.from.countryCode].filter(Boolean).join('  '), 258, 9, { height: 24 });
  rule(286);

  text('订单 ORDERS', 291, 7, { bold: true });
  text(input.orderNos.split(',').join(', '), 300, 8, { height: 20 });
  text('货品 ITEMS', 322, 7, { bold: true });
  const shown = input.items.slice(0, 6);
  shown.forEach((it, i) => {
    text(`${it.sku} × ${it.quantity}  ${it.name}`, 332 + i * 11, 8);
  });
  if (input.items.length > shown.length) text(`+${input.items.length - shown.length}`, 332 + shown.length * 11, 8);
  if (input.weightG) text(`${(input.weightG / 1000).toFixed(3)} kg`, H - 22, 8, { align: 'right' });
}

/** The labels of `inputs`, one page each, as a stream (the PDF is written as it is read). */
export function labelsPdf(inputs: LabelInput[], title: string): PDFKit.PDFDocument {
  return writePages(pdfDocument(title), inputs, drawLabel);
}

/** One shipment's label, whole. */
export const labelPdf = (input: LabelInput) => pdfBuffer(labelsPdf([input], `${input.shipmentNo} ${input.trackingNo}`));

// ---- the pick list -------------------------------------------------------------------------------

export interface PickListPrint {
  title: string;
  /** Column headers: SKU, name, variant, quantity, orders. */
  headers: [string, string, string, string, string];
  subtitle: string;
  warehouses: Array<{
    name: string;
    lines: Array<{ sku: string; name: string; variant: string | null; quantity: number; orderNos: string[] }>;
  }>;
}

/** What the printed pick list says, in the reader's language. */
export function pickListPrint(ctx: Ctx, list: PickListDto): PickListPrint {
  const m = (key: string, params?: unknown[]) => t(ctx.culture, `Shipments::${key}`, params);
  return {
    title: m('Pick:Title'),
    subtitle: m('Pick:Subtitle', [
      list.shipments,
      list.quantity,
      new Date().toISOString().slice(0, 16).replace('T', ' '),
    ]),
    headers: [m('Pick:Sku'), m('Pick:Name'), m('Pick:Variant'), m('Pick:Quantity'), m('Page:Orders')],
    warehouses: list.warehouses.map((w) => ({ name: w.warehouseName, lines: w.lines })),
  };
}

/** The pick list on A4 pages: per warehouse, one row per SKU with its total and orders. */
export function pickListPdf(p: PickListPrint): PDFKit.PDFDocument {
  const doc = pdfDocument(p.title);
  const [W, H] = [595.28, 841.89];
  const margin = 36;
  const cols = [
    { x: margin, w: 110 },
    { x: margin + 114, w: 170 },
    { x: margin + 288, w: 80 },
    { x: margin + 372, w: 40 },
    { x: margin + 416, w: W - 2 * margin - 416 },
  ];
  let y = 0;
  const page = () => {
    doc.addPage({ size: 'A4', margin: 0 });
    doc
      .font('cjk-bold')
      .fontSize(14)
      .text(p.title, margin, margin, { width: W - 2 * margin });
    doc
      .font('cjk')
      .fontSize(9)
      .text(p.subtitle, margin, margin + 20, { width: W - 2 * margin });
    y = margin + 40;
  };
  const row = (cells: string[], bold = false) => {
    const heights = cells.map((c, i) =>
      doc
        .font(bold ? 'cjk-bold' : 'cjk')
        .fontSize(9)
        .heightOfString(c, { width: cols[i]!.w }),
    );
    const h = Math.min(Math.max(...heights), 60) + 4;
    if (y + h > H - margin) page();
    cells.forEach((c, i) => {
      doc.text(c, cols[i]!.x, y, {
        width: cols[i]!.w,
        height: h - 4,
        ellipsis: true,
        align: i === 3 ? 'right' : 'left',
      });
    });
    y += h;
    doc
      .lineWidth(0.3)
      .moveTo(margin, y - 2)
      .lineTo(W - margin, y - 2)
      .stroke();
  };
  page();
  for (const wh of p.warehouses) {
    if (y + 40 > H - margin) page();
    doc
      .font('cjk-bold')
      .fontSize(11)
      .text(wh.name, margin, y + 4, { width: W - 2 * margin });
    y += 22;
    row(p.headers, true);
    for (const l of wh.lines) row([l.sku, l.name, l.variant ?? '', String(l.quantity), l.orderNos.join(', ')]);
    y += 8;
  }
  doc.end();
  return doc;
}

/**
 * The shipping label: a one-page PDF 1.4 (A6, 105 × 148 mm) written by hand (no PDF library):
 * the shipment and tracking numbers as text, the tracking number as a Code 128 (set B) bar code,
 * the channel, the sender's warehouse, the buyer's address and the items. The standard Helvetica
 * fonts carry Latin-1 only; other characters print as `?` (the marketplace addresses the
 * simulator sends are Latin).
 */

export interface LabelInput {
  shipmentNo: string;
  trackingNo: string;
  channelName: string | null;
  carrierName: string | null;
  from: { name: string; address: string | null; countryCode: string | null };
  to: {
    name: string | null;
    phone: string | null;
    lines: Array<string | null>;
    countryCode: string | null;
  };
  orderNos: string;
  items: Array<{ sku: string; quantity: number }>;
  weightG: number | null;
}

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

const START_B = 104;
const STOP = 106;

/** The Code 128 set B values of `text` (printable ASCII), with start, check digit and stop. */
export function code128Values(text: string): number[] {
  const values = [...text].map((c) => {
    const v = c.charCodeAt(0) - 32;
    if (v < 0 || v > 94) throw new Error(`Code 128 B cannot encode ${JSON.stringify(c)}`);
    return v;
  });
  const check = values.reduce((sum, v, i) => sum + v * (i + 1), START_B) % 103;
  return [START_B, ...values, check, STOP];
}

/** Module widths, bar first and alternating, of the whole symbol (without quiet zones). */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((v) => [...CODE128[v]!].map(Number));
}

/** PDF string literal of `s` in WinAnsi (Latin-1), escaped; other characters become `?`. */
function pdfText(s: string): string {
  const latin = [...s].map((c) => (c.charCodeAt(0) < 256 && c.charCodeAt(0) >= 32 ? c : '?')).join('');
  return `(${latin.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export function labelPdf(input: LabelInput): Buffer {
  const W = 298; // A6 in points
  const H = 420;
  const ops: string[] = [];
  const text = (x: number, y: number, size: number, s: string, bold = false) =>
    ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${y} Td ${pdfText(s)} Tj ET`);
  const line = (y: number) => ops.push(`0.8 w 12 ${y} m ${W - 12} ${y} l S`);

  ops.push('1 w 8 8 282 404 re S');
  text(16, 392, 14, input.carrierName ?? 'Shipment', true);
  text(16, 378, 9, input.channelName ?? '');
  text(W - 110, 392, 9, input.shipmentNo, true);
  line(370);

  // the tracking number as Code 128 B, 1 module = 1.1 pt, 54 pt high
  const widths = code128Widths(input.trackingNo);
  const module = Math.min(1.1, (W - 40) / widths.reduce((a, b) => a + b, 0));
  let x = (W - widths.reduce((a, b) => a + b, 0) * module) / 2;
  const bars: string[] = [];
  widths.forEach((w, i) => {
    if (i % 2 === 0) bars.push(`${x.toFixed(2)} 304 ${(w * module).toFixed(2)} 54 re`);
    x += w * module;
  });
  ops.push(`${bars.join(' ')} f`);
  text(W / 2 - input.trackingNo.length * 3.6, 290, 12, input.trackingNo, true);
  line(282);

  text(16, 268, 8, 'TO', true);
  let y = 254;
  for (const s of [input.to.name, input.to.phone, ...input.to.lines, input.to.countryCode].filter(Boolean)) {
    text(16, y, 10, s!);
    y -= 13;
  }
  y = Math.min(y, 190);
  line(y);
  y -= 14;
  text(16, y, 8, 'FROM', true);
  y -= 12;
  for (const s of [input.from.name, input.from.address, input.from.countryCode].filter(Boolean)) {
    text(16, y, 8, s!);
    y -= 11;
  }
  line(y);
  y -= 14;
  text(16, y, 8, `ORDERS ${input.orderNos}`.slice(0, 70), true);
  y -= 12;
  for (const it of input.items.slice(0, 8)) {
    text(16, y, 8, `${it.sku} x ${it.quantity}`);
    y -= 11;
  }
  if (input.items.length > 8) text(16, y, 8, `+${input.items.length - 8} more`);
  if (input.weightG) text(W - 90, 20, 8, `${(input.weightG / 1000).toFixed(3)} kg`);

  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${W} ${H}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfText(`${input.shipmentNo} ${input.trackingNo}`)} /Producer (seller) >>`,
  ];
  let pdf = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

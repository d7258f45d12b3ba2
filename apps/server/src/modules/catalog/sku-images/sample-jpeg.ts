/**
 * A small valid JPEG drawn by code (an 8×8 grey square, baseline, one DC coefficient), for the
 * export's tests and benchmark: no image files are downloaded or committed. `padding` bytes of a
 * comment segment make it as large as a real product photo without changing the picture.
 */
export function sampleJpeg(grey: number, padding = 0): Buffer {
  const segment = (marker: number, body: number[] | Buffer) =>
    Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]), Buffer.from(body)]);
  // the block's mean as its only coefficient (quantized by 1); AC all zero (end of block)
  const dc = 8 * (Math.max(0, Math.min(255, Math.round(grey))) - 128);
  const size = dc === 0 ? 0 : Math.floor(Math.log2(Math.abs(dc))) + 1;
  const value = dc >= 0 ? dc : dc + (1 << size) - 1;
  // DC table: one code "0" for `size`; AC table: one code "0" for end of block
  let bits = `0${size ? value.toString(2).padStart(size, '0') : ''}0`;
  bits = bits.padEnd(Math.ceil(bits.length / 8) * 8, '1');
  const scan: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    const byte = Number.parseInt(bits.slice(i, i + 8), 2);
    scan.push(byte);
    if (byte === 0xff) scan.push(0); // byte stuffing
  }
  const oneCode = (tableClass: number, symbol: number) => [tableClass << 4, 1, ...new Array(15).fill(0), symbol];
  const parts = [
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    segment(0xdb, [0, ...new Array(64).fill(1)]),
    segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    segment(0xc4, [...oneCode(0, size), ...oneCode(1, 0)]),
  ];
  for (let left = padding; left > 0; left -= 65_000)
    parts.push(segment(0xfe, Buffer.alloc(Math.min(left, 65_000), 0x20)));
  parts.push(segment(0xda, [1, 1, 0x00, 0, 63, 0]), Buffer.from(scan), Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}

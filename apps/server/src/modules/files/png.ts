import { crc32, deflateSync } from 'node:zlib';

/**
 * A small PNG drawn by code (a colour field with a darker band), for seeded catalogue images
 * and tests: no image files are downloaded or committed.
 */
export function placeholderPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = width * 3 + 1;
  const pixels = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    const band = y > height * 0.7 && y < height * 0.85 ? 0.6 : 1;
    for (let x = 0; x < width; x++) {
      const at = y * row + 1 + x * 3;
      pixels[at] = r * band;
      pixels[at + 1] = g * band;
      pixels[at + 2] = b * band;
    }
  }
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

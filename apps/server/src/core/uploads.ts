import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppError, fieldError } from './errors.ts';
import { type JsonBounds, JsonShapeScanner, jsonBoundsError } from './json-bounds.ts';

/**
 * The one file of a multipart upload (the part named `file`; the route's plugin registers
 * `@fastify/multipart` with its own limits). No file, or one over `maxBytes`, is a 400 naming
 * `file`; the body is never read past the limit.
 *
 * With `json`, a file that is JSON (named `.json`, or starting with `[` or `{`) has its shape
 * bounded as it arrives: from the first violation on (a 400 or 413 naming `file`) nothing more is
 * kept, so a hostile file costs no more memory than the bytes up to there, and no parser sees it.
 */
export async function uploadedFile(
  req: FastifyRequest,
  maxBytes: number,
  options: { json?: JsonBounds } = {},
): Promise<{ filename: string; content: Buffer }> {
  if (!req.isMultipart()) throw fieldError('file', 'Platform::Upload:FileRequired');
  const part = await req.file();
  if (part?.fieldname !== 'file') throw fieldError('file', 'Platform::Upload:FileRequired');
  const tooLarge = () =>
    fieldError('file', 'Platform::Upload:TooLarge', [Math.round((maxBytes / 1024 / 1024) * 10) / 10]);
  // undefined until the first bytes that are not a byte-order mark or white space say what the file is
  const bounds = options.json;
  let scanner: JsonShapeScanner | null | undefined = !bounds
    ? null
    : /\.json$/i.test(part.filename)
      ? new JsonShapeScanner(bounds)
      : undefined;
  const chunks: Buffer[] = [];
  let refusal: AppError | null = null;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      // once refused, the rest is read and dropped: the client gets the answer, not a reset connection
      if (refusal) continue;
      if (part.file.truncated) {
        refusal = tooLarge();
        continue;
      }
      if (scanner === undefined) {
        const first = chunk.toString('latin1').replace(/^(\xef\xbb\xbf)?\s*/, '');
        if (first && bounds) scanner = first[0] === '[' || first[0] === '{' ? new JsonShapeScanner(bounds) : null;
      }
      const violation = scanner?.feed(chunk);
      if (violation) {
        refusal = jsonBoundsError(violation, 'file');
        chunks.length = 0;
        continue;
      }
      chunks.push(chunk);
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw e;
  }
  if (refusal) throw refusal;
  if (part.file.truncated) throw tooLarge();
  return { filename: part.filename, content: Buffer.concat(chunks) };
}

/** Headers of a download: its type, its name (an ASCII fallback and the UTF-8 name), not cached. */
export function asAttachment(reply: FastifyReply, fileName: string, contentType: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header(
      'content-disposition',
      `attachment; filename="${asciiName(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('cache-control', 'no-store');
}

/** The plain-ASCII fallback name of `filename=` (the UTF-8 one goes in `filename*=`). */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

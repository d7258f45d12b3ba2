import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldError } from './errors.ts';

/**
 * The one file of a multipart upload (the part named `file`; the route's plugin registers
 * `@fastify/multipart` with its own limits). No file, or one over `maxBytes`, is a 400 naming
 * `file`; the body is never read past the limit.
 */
export async function uploadedFile(
  req: FastifyRequest,
  maxBytes: number,
): Promise<{ filename: string; content: Buffer }> {
  if (!req.isMultipart()) throw fieldError('file', 'Platform::Upload:FileRequired');
  const part = await req.file();
  if (part?.fieldname !== 'file') throw fieldError('file', 'Platform::Upload:FileRequired');
  const content = await part.toBuffer().catch((e: { code?: string }) => {
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fieldError('file', 'Platform::Upload:TooLarge', [Math.round((maxBytes / 1024 / 1024) * 10) / 10]);
    }
    throw e;
  });
  return { filename: part.filename, content };
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

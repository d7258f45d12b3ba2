import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CrudContext } from '../../core/crud.ts';
import { fieldError, notFound } from '../../core/errors.ts';

/**
 * Files kept on local disk under `${dataDir}/files/{tenant}/`: one folder per tenant, so a
 * tenant's name lookup can never reach another tenant's file. Names are random UUIDs with the
 * extension of the sniffed type; nothing the client sends ends up in a path.
 */

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const FILES_URL = '/api/files';

/** Accepted types, recognised by their first bytes rather than by what the client declares. */
const TYPES = [
  {
    ext: 'png',
    type: 'image/png',
    magic: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  { ext: 'jpg', type: 'image/jpeg', magic: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', magic: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    ext: 'webp',
    type: 'image/webp',
    magic: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;
export const ACCEPTED_TYPES = TYPES.map((t) => t.type);

/** The image type of `content` by its first bytes, or null when it is not an accepted image. */
export function imageTypeOf(content: Buffer): string | null {
  return TYPES.find((t) => t.magic(content))?.type ?? null;
}

const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

export interface StoredFile {
  url: string;
  name: string;
  contentType: string;
  size: number;
}

export const folder = (dataDir: string, tenantId: string | null | undefined) =>
  join(dataDir, 'files', tenantId ?? 'host');
export const tenantOf = (ctx: CrudContext) => ctx.tenant?.id ?? null;

/** The file name of one of our URLs (`/api/files/{name}`), or undefined for anything else. */
export function nameOf(url: string): string | undefined {
  const name = url.startsWith(`${FILES_URL}/`) ? url.slice(FILES_URL.length + 1) : '';
  return NAME.test(name) ? name : undefined;
}

/** Writes `content` for a tenant; the type must be one of the accepted images. */
export async function storeFile(
  dataDir: string,
  tenantId: string | null,
  content: Buffer,
  member = 'file',
): Promise<StoredFile> {
  if (content.length > MAX_FILE_BYTES) throw fieldError(member, 'Files::TooLarge', [MAX_FILE_BYTES / 1024 / 1024]);
  const kind = TYPES.find((t) => t.magic(content));
  if (!kind) throw fieldError(member, 'Files::TypeNotAllowed', [ACCEPTED_TYPES.join(', ')]);
  const dir = folder(dataDir, tenantId);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${kind.ext}`;
  await writeFile(join(dir, name), content);
  return { url: `${FILES_URL}/${name}`, name, contentType: kind.type, size: content.length };
}

/** A file of one tenant (or the host, null) by its name; anything else is a 404. */
export async function readOwned(dataDir: string, tenantId: string | null, name: string) {
  if (!NAME.test(name)) throw notFound('File', name);
  const content = await readFile(join(folder(dataDir, tenantId), name)).catch(() => {
    throw notFound('File', name);
  });
  const kind = TYPES.find((t) => name.endsWith(`.${t.ext}`))!;
  return { content, contentType: kind.type };
}

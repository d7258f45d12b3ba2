import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import archiver from 'archiver';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asAttachment } from '../../../core/uploads.ts';

/** What the extension is made of: its own files, nothing else the folder may hold (types for the tests). */
const SHIPPED = /\.(json|html|js|css|png|svg|md)$/;
/** The folder is a handful of small files; anything bigger is not part of it. */
const FILE_MAX_BYTES = 512 * 1024;
const FILES_MAX = 30;

const query = z.object({
  /** The admin's address as the browser sees it (the popup starts with it filled in). */
  server: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .url({ protocol: /^https?$/, error: 'Catalog::UrlFormat' })
      .max(500)
      .optional(),
  ),
});

/** The extension's files, read from its folder (sorted by name, bounded in number and size). */
export async function extensionFiles(dir: string): Promise<{ name: string; content: Buffer }[]> {
  const names = (await readdir(dir)).filter((n) => SHIPPED.test(n)).sort();
  const files: { name: string; content: Buffer }[] = [];
  for (const name of names.slice(0, FILES_MAX)) {
    const path = join(dir, name);
    const info = await stat(path);
    if (info.isFile() && info.size <= FILE_MAX_BYTES) files.push({ name, content: await readFile(path) });
  }
  return files;
}

/**
 * `GET /api/catalog/gathers/extension.zip`: the collector extension as a ZIP to load unpacked
 * (the collector page explains how), with a `config.json` naming this admin and the caller's
 * tenant so the popup starts with them filled in.
 */
export default async function extensionRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/catalog/gathers/extension.zip',
    { config: { permission: 'Catalog.Gathers' }, schema: { tags: ['Gathers'], querystring: query } },
    async (req, reply) => {
      const server = new URL(req.query.server ?? `${req.protocol}://${req.host}`).origin;
      const tenant = req.ctx.tenant?.name ?? null;
      const files = await extensionFiles(app.services.config.collectorExtensionDir);
      const zip = archiver('zip', { zlib: { level: 9 } });
      for (const f of files) zip.append(f.content, { name: `collector/${f.name}` });
      zip.append(`${JSON.stringify({ server, tenant }, null, 2)}\n`, { name: 'collector/config.json' });
      void zip.finalize();
      return asAttachment(reply, 'seller-collector.zip', 'application/zip').send(zip);
    },
  );
}

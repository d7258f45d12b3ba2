import { type FileHandle, open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { CrudContext } from '../../core/crud.ts';
import { notFound } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { publicLinkValid } from './public-links.ts';
import { folder, nameOf, readOwned, tenantOf } from './service.ts';

/**
 * The files module's reads (the service shape, `docs/architecture.md`). Files live on disk, in
 * the tenant's folder under `dataDir`, not in the database: the reads take the folder's root and
 * the context, open no unit of work, and may run before, after or beside the caller's unit.
 */
export const fileQueries = {
  /** The file of the current tenant; any other name (another tenant's, made up) is a 404. */
  read: (dataDir: string, ctx: CrudContext, name: string) => readOwned(dataDir, tenantOf(ctx), name),

  /**
   * The file a signed public link names (`publicFileLink`), whoever asks; a 404 when the link's
   * signature is wrong or expired, or the file is not there.
   */
  async readPublic(services: Services, link: { owner: string; name: string; exp: number; sig: string }) {
    if (!(await publicLinkValid(services, link))) throw notFound('File', link.name);
    return readOwned(services.config.dataDir, link.owner === 'host' ? null : link.owner, link.name);
  },

  /**
   * Opens the file a URL of ours names, for the caller to stream from (and close), so large
   * batches never hold a file in memory; null when the URL is not one of this tenant's files.
   */
  async open(dataDir: string, ctx: CrudContext, url: string): Promise<{ handle: FileHandle; ext: string } | null> {
    const name = nameOf(url);
    if (!name) return null;
    const handle = await open(join(folder(dataDir, tenantOf(ctx)), name), 'r').catch(() => null);
    return handle && { handle, ext: name.slice(name.lastIndexOf('.') + 1) };
  },

  /** Whether `url` names a file of the current tenant. */
  async exists(dataDir: string, ctx: CrudContext, url: string): Promise<boolean> {
    const name = nameOf(url);
    if (!name) return false;
    return stat(join(folder(dataDir, tenantOf(ctx)), name)).then(
      (s) => s.isFile(),
      () => false,
    );
  },
};

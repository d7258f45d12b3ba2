import type { CrudContext } from '../../core/crud.ts';
import { storeFile, tenantOf } from './service.ts';

/**
 * The files module's writes (the service shape, `docs/architecture.md`): a file is written to
 * disk, in the tenant's folder under `dataDir`, not in the database, so `save` opens no unit of
 * work and is no part of the caller's; nothing reacts to a stored file, so no event is raised.
 */
export const fileCommands = {
  /** Stores an accepted image for the current tenant (a 400 on `file` otherwise). */
  save: (dataDir: string, ctx: CrudContext, content: Buffer) => storeFile(dataDir, tenantOf(ctx), content),
};

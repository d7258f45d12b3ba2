import type { SkuImageExportInput } from '@seller/contracts/catalog';
import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import { SkuImageExportDeleted, SkuImageExportStarted } from './events.ts';
import { type Ctx, deleteExport, recordExport } from './service.ts';

/**
 * SKU image exports' writes (the area's service shape, `docs/architecture.md`): each takes the
 * open transaction and the context and raises its event, after whose commit the job is sent or
 * cancelled and archives are removed (`events.ts`). None opens a unit of work or touches a job.
 */
export const skuImageCommands = (services: Pick<Services, 'events'>) => ({
  /** Records an export (removing the tenant's old ones): its id. Its job is sent after the commit. */
  async start(tx: Tx, ctx: Ctx, input: SkuImageExportInput): Promise<string> {
    const { id, removed } = await recordExport(tx, ctx, input);
    await services.events.emit(tx, SkuImageExportStarted, {
      exportId: id,
      tenantId: ctx.tenant?.id ?? null,
      userId: ctx.user?.id ?? null,
      removed,
    });
    return id;
  },

  /** Deletes the export; a job still queued or running is cancelled after the commit (it stops at its next step). */
  async delete(tx: Tx, ctx: Ctx, id: string) {
    const row = await deleteExport(tx, ctx, id);
    const unfinished = row.status === 'queued' || row.status === 'running';
    await services.events.emit(tx, SkuImageExportDeleted, {
      tenantId: row.tenantId,
      exportId: id,
      jobId: unfinished ? row.jobId : null,
    });
  },
});

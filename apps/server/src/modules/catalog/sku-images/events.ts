import { systemContext } from '../../../core/context.ts';
import { defineEvent } from '../../../core/events.ts';
import type { Services } from '../../../core/services.ts';
import { recordJob, removeFiles, SKU_IMAGE_QUEUE, type SkuImageJob } from './service.ts';

/**
 * An export was recorded (the tenant's old ones, `removed`, deleted): after the commit the old
 * archives go and the export's job is sent, then recorded on it. A command sends no job.
 */
export const SkuImageExportStarted = defineEvent<SkuImageJob & { removed: string[] }>(
  'catalog.sku-image-export-started',
);

/** An export was deleted: after the commit its job (`jobId`, still queued or running) is cancelled and its archive goes. */
export const SkuImageExportDeleted = defineEvent<{ tenantId: string | null; exportId: string; jobId: string | null }>(
  'catalog.sku-image-export-deleted',
);

export function subscribeToEvents(services: Services) {
  const dataDir = () => services.config.dataDir;
  services.events.on(SkuImageExportStarted, 'after-commit', async ({ removed, ...job }) => {
    for (const id of removed) await removeFiles(dataDir(), job.tenantId, id);
    const jobId = await services.jobs.send(SKU_IMAGE_QUEUE, { ...job } satisfies SkuImageJob);
    const tenant = job.tenantId ? await services.tenants.find(job.tenantId) : null;
    await services.data.inTenant(systemContext(tenant), (tx) =>
      recordJob(tx, systemContext(tenant), job.exportId, jobId),
    );
  });
  services.events.on(SkuImageExportDeleted, 'after-commit', async (e) => {
    if (e.jobId) await services.jobs.cancel(SKU_IMAGE_QUEUE, e.jobId);
    await removeFiles(dataDir(), e.tenantId, e.exportId);
  });
}

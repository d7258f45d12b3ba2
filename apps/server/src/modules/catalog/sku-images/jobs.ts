import { eq } from 'drizzle-orm';
import { systemContext } from '../../../core/context.ts';
import type { CrudContext } from '../../../core/crud.ts';
import { owned } from '../../../core/crud.ts';
import type { JobRun } from '../../../core/jobs.ts';
import type { Services } from '../../../core/services.ts';
import { ExportGone, resolveSelection, writeArchive } from './build.ts';
import { skuImageExports } from './schema.ts';
import { archivePath, SKU_IMAGE_QUEUE, type SkuImageJob } from './service.ts';

/** Retries after a failed attempt; the last failure marks the export failed. */
export const RETRY_LIMIT = 2;
/**
 * A run whose process died (SIGKILL, power loss) stops beating and is retried after this long;
 * a hung run is given up after `EXPIRE_SECONDS`, well beyond the largest selection's time (see the
 * benchmark in the README).
 */
const HEARTBEAT_SECONDS = 20;
const EXPIRE_SECONDS = 600;

type Patch = Partial<typeof skuImageExports.$inferInsert>;

/** Writes `patch` on the export; false when it is gone (deleted meanwhile). */
async function update(services: Services, ctx: CrudContext, id: string, patch: Patch): Promise<boolean> {
  const rows = await services.data.inTenant(ctx, (tx) =>
    tx
      .update(skuImageExports)
      .set(patch)
      .where(owned(ctx, skuImageExports, eq(skuImageExports.id, id)))
      .returning({ id: skuImageExports.id }),
  );
  return rows.length > 0;
}

/**
 * One run of an export: resolve the selection, write the archive, record the result. Every run
 * starts the archive over, so a retry after a crash or a restart gives the same archive; an
 * export already finished, or deleted, is left alone.
 */
export async function runExport(services: Services, run: JobRun<SkuImageJob>) {
  const { exportId, tenantId } = run.data;
  const tenant = tenantId ? await services.tenants.find(tenantId) : null;
  if (tenantId && !tenant) return { skipped: 'tenant' };
  const ctx = systemContext(tenant);
  const [row] = await services.data.inTenant(ctx, (tx) =>
    tx
      .select()
      .from(skuImageExports)
      .where(owned(ctx, skuImageExports, eq(skuImageExports.id, exportId)))
      .limit(1),
  );
  if (!row || row.status === 'completed' || row.status === 'failed') return { skipped: row?.status ?? 'deleted' };
  const fresh = { status: 'running' as const, done: 0, total: 0, missing: 0, fileSize: null, error: null };
  if (!(await update(services, ctx, exportId, fresh))) return { skipped: 'deleted' };
  try {
    const resolved = await resolveSelection(services, ctx, row.selection);
    const total = resolved.entries.length;
    if (!(await update(services, ctx, exportId, { total, missing: resolved.missing.length }))) throw new ExportGone();
    await run.progress({ done: 0, total });
    const result = await writeArchive(
      services,
      ctx,
      resolved,
      archivePath(services.config.dataDir, tenantId, exportId),
      {
        signal: run.signal,
        progress: async (done) =>
          (await update(services, ctx, exportId, { done })) && (await run.progress({ done, total })),
      },
    );
    const finished = await update(services, ctx, exportId, {
      status: 'completed',
      done: total,
      missing: result.missing,
      fileSize: result.size,
      completionTime: new Date(),
    });
    if (!finished) throw new ExportGone();
    return { images: total, missing: result.missing, size: result.size };
  } catch (err) {
    if (err instanceof ExportGone) return { skipped: 'deleted' };
    if (run.retryCount >= RETRY_LIMIT) {
      await update(services, ctx, exportId, {
        status: 'failed',
        error: 'Catalog::SkuImages:Failed',
        completionTime: new Date(),
      }).catch(() => {});
    }
    throw err;
  }
}

/** Defines this area's background jobs (called from the catalogue's `start`). */
export async function defineJobs(services: Services): Promise<void> {
  await services.jobs.define<SkuImageJob>(SKU_IMAGE_QUEUE, (run) => runExport(services, run), {
    retryLimit: RETRY_LIMIT,
    retryDelay: 5,
    expireInSeconds: EXPIRE_SECONDS,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    pollingIntervalSeconds: 1,
  });
}

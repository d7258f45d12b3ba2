import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Culture } from '@seller/contracts';
import {
  SKU_IMAGE_EXPORT_FILTER_MAX,
  SKU_IMAGE_EXPORT_QUEUE,
  SKU_IMAGE_EXPORTS_LISTED,
  type SkuImageExportDto,
  type SkuImageExportInput,
} from '@seller/contracts/catalog';
import { desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import { owned, recordChange } from '../../../core/crud.ts';
import { businessError, fieldError, notFound } from '../../../core/errors.ts';
import { t } from '../../../core/localization/index.ts';
import type { Services } from '../../../core/services.ts';
import { productIdsOf } from './build.ts';
import { type SkuImageSelection, skuImageExports } from './schema.ts';

/** The queue of the export job (pg-boss, `services.jobs`). */
export const SKU_IMAGE_QUEUE = SKU_IMAGE_EXPORT_QUEUE;
/** What the job carries: the export, and who it runs for (the live hub tells that user its progress). */
export interface SkuImageJob {
  exportId: string;
  tenantId: string | null;
  userId: string | null;
}

/** Archives (and their rows) older than this are removed when the tenant's next export starts. */
export const KEEP_DAYS = 7;
const DAY_MS = 86_400_000;
const ENTITY = 'SkuImageExport';

type Ctx = CrudContext & { culture: Culture };
type Row = typeof skuImageExports.$inferSelect;

/** Where an export's archive lives: under the data directory, one folder per tenant, named by the export's id. */
export const archivePath = (dataDir: string, tenantId: string | null, id: string) =>
  join(dataDir, 'exports', 'sku-images', tenantId ?? 'host', `${id}.zip`);

const mine = (ctx: CrudContext, ...extra: (SQL | undefined)[]) =>
  owned(ctx, skuImageExports, ctx.user ? eq(skuImageExports.creatorId, ctx.user.id) : undefined, ...extra);

export const fileNameOf = (row: Pick<Row, 'id' | 'creationTime'>) =>
  `sku-images-${row.creationTime.toISOString().slice(0, 10)}-${row.id.slice(0, 8)}.zip`;

function selectionOf(input: SkuImageExportInput): SkuImageSelection {
  if (input.productIds?.length) return { kind: 'products', productIds: input.productIds };
  if (input.skus?.length) return { kind: 'skus', skus: input.skus };
  return { kind: 'filter', filter: input.filter ?? {} };
}

/**
 * A queued or running export whose job is gone, failed or cancelled (its last retry lost with its
 * process, or removed by an administrator) reads as failed, so the page never waits forever.
 */
async function effectiveStatus(services: Services, row: Row): Promise<Pick<Row, 'status' | 'error'>> {
  if (row.status !== 'queued' && row.status !== 'running') return row;
  if (!row.jobId) return row;
  const job = await services.jobs.get(SKU_IMAGE_QUEUE, row.jobId);
  if (job && job.state !== 'failed' && job.state !== 'cancelled') return row;
  return { status: 'failed', error: row.error ?? 'Catalog::SkuImages:Interrupted' };
}

async function toDto(services: Services, ctx: Ctx, row: Row): Promise<SkuImageExportDto> {
  const { status, error } = await effectiveStatus(services, row);
  const s = row.selection;
  return {
    id: row.id,
    status,
    total: row.total,
    done: row.done,
    missing: row.missing,
    fileSize: status === 'completed' ? row.fileSize : null,
    fileName: fileNameOf(row),
    selection: { kind: s.kind, count: row.selectionCount },
    error: error ? t(ctx.culture, error) : null,
    creatorId: row.creatorId,
    creationTime: row.creationTime,
    completionTime: row.completionTime,
  };
}

async function load(services: Services, ctx: CrudContext, id: string): Promise<Row> {
  const [row] = await services.data.inTenant(ctx, (tx) =>
    tx
      .select()
      .from(skuImageExports)
      .where(mine(ctx, eq(skuImageExports.id, id)))
      .limit(1),
  );
  if (!row) throw notFound(ENTITY, id);
  return row;
}

/** Removes the tenant's exports past `KEEP_DAYS` and their archives. */
export async function removeOld(services: Services, ctx: CrudContext, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - KEEP_DAYS * DAY_MS);
  const gone = await services.data.inTenant(ctx, (tx) =>
    tx
      .delete(skuImageExports)
      .where(
        owned(
          ctx,
          skuImageExports,
          lt(skuImageExports.creationTime, cutoff),
          inArray(skuImageExports.status, ['completed', 'failed']),
        ),
      )
      .returning({ id: skuImageExports.id }),
  );
  for (const { id } of gone) await removeFiles(services, ctx, id);
  return gone.length;
}

async function removeFiles(services: Services, ctx: CrudContext, id: string) {
  const path = archivePath(services.config.dataDir, ctx.tenant?.id ?? null, id);
  await rm(path, { force: true });
  await rm(`${path}.part`, { force: true });
}

export const skuImageService = {
  /**
   * Records the export and enqueues its job. A list filter is checked here (it must select some
   * products, and not more than an export takes); products and SKUs are resolved by the job.
   */
  async start(services: Services, ctx: Ctx, input: SkuImageExportInput): Promise<SkuImageExportDto> {
    const selection = selectionOf(input);
    let count = selection.kind === 'products' ? selection.productIds.length : 0;
    if (selection.kind === 'skus') count = selection.skus.length;
    if (selection.kind === 'filter') {
      count = (await productIdsOf(services, ctx, selection, SKU_IMAGE_EXPORT_FILTER_MAX + 1)).length;
      if (count === 0) throw fieldError('filter', 'Catalog::SkuImages:NothingMatches');
      if (count > SKU_IMAGE_EXPORT_FILTER_MAX) {
        throw fieldError('filter', 'Catalog::SkuImages:TooManyProducts', [SKU_IMAGE_EXPORT_FILTER_MAX]);
      }
    }
    await removeOld(services, ctx);
    const row = await services.data.inTenant(ctx, async (tx) => {
      const [created] = await tx
        .insert(skuImageExports)
        .values({ tenantId: ctx.tenant?.id ?? null, creatorId: ctx.user?.id ?? null, selection, selectionCount: count })
        .returning();
      recordChange(ctx, ENTITY, 0, created.id, {}, { selection: selection.kind, selectionCount: count });
      return created;
    });
    // enqueued after the insert's commit (on PGlite a send inside the unit of work would wait for it)
    const job: SkuImageJob = { exportId: row.id, tenantId: ctx.tenant?.id ?? null, userId: ctx.user?.id ?? null };
    const jobId = await services.jobs.send(SKU_IMAGE_QUEUE, job);
    const [withJob] = await services.data.inTenant(ctx, (tx) =>
      tx
        .update(skuImageExports)
        .set({ jobId })
        .where(mine(ctx, eq(skuImageExports.id, row.id)))
        .returning(),
    );
    return toDto(services, ctx, withJob ?? row);
  },

  /** The user's exports, newest first. */
  async list(services: Services, ctx: Ctx) {
    const rows = await services.data.inTenant(ctx, (tx) =>
      tx
        .select()
        .from(skuImageExports)
        .where(mine(ctx))
        .orderBy(desc(skuImageExports.creationTime), desc(skuImageExports.id))
        .limit(SKU_IMAGE_EXPORTS_LISTED),
    );
    return { items: await Promise.all(rows.map((r) => toDto(services, ctx, r))) };
  },

  async get(services: Services, ctx: Ctx, id: string) {
    return toDto(services, ctx, await load(services, ctx, id));
  },

  /** The finished archive's path and download name; 409 while it is not finished. */
  async archive(services: Services, ctx: Ctx, id: string) {
    const row = await load(services, ctx, id);
    if ((await effectiveStatus(services, row)).status !== 'completed') {
      throw businessError('Catalog::SkuImages:NotReady', undefined, 409);
    }
    return {
      path: archivePath(services.config.dataDir, row.tenantId, row.id),
      fileName: fileNameOf(row),
      size: row.fileSize,
    };
  },

  /** Removes the export and its archive; a job still queued or running is cancelled (it stops at its next step). */
  async delete(services: Services, ctx: Ctx, id: string) {
    const row = await load(services, ctx, id);
    if (row.jobId && (row.status === 'queued' || row.status === 'running')) {
      await services.jobs.cancel(SKU_IMAGE_QUEUE, row.jobId);
    }
    await services.data.inTenant(ctx, (tx) => tx.delete(skuImageExports).where(mine(ctx, eq(skuImageExports.id, id))));
    recordChange(ctx, ENTITY, 2, id, { status: row.status }, {});
    await removeFiles(services, ctx, id);
  },
};

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
import type { Tx } from '../../../core/db/client.ts';
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

export type Ctx = CrudContext & { culture: Culture };
export type Row = typeof skuImageExports.$inferSelect;

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

/** The user's export, or 404. */
export async function exportRow(tx: Tx, ctx: CrudContext, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(skuImageExports)
    .where(mine(ctx, eq(skuImageExports.id, id)))
    .limit(1);
  if (!row) throw notFound(ENTITY, id);
  return row;
}

/** The user's exports, newest first. */
export const exportRows = (tx: Tx, ctx: CrudContext) =>
  tx
    .select()
    .from(skuImageExports)
    .where(mine(ctx))
    .orderBy(desc(skuImageExports.creationTime), desc(skuImageExports.id))
    .limit(SKU_IMAGE_EXPORTS_LISTED);

/** The export as the page shows it; reads its job's state, so after the unit (the queue has its own connection). */
export const viewOf = toDto;

/** The tenant's exports past `KEEP_DAYS`, deleted: their ids, whose archives go after the commit. */
async function deleteOld(tx: Tx, ctx: CrudContext, now = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - KEEP_DAYS * DAY_MS);
  const gone = await tx
    .delete(skuImageExports)
    .where(
      owned(
        ctx,
        skuImageExports,
        lt(skuImageExports.creationTime, cutoff),
        inArray(skuImageExports.status, ['completed', 'failed']),
      ),
    )
    .returning({ id: skuImageExports.id });
  return gone.map((r) => r.id);
}

/** Removes an export's archive (and a part left by an interrupted run). */
export async function removeFiles(dataDir: string, tenantId: string | null, id: string) {
  const path = archivePath(dataDir, tenantId, id);
  await rm(path, { force: true });
  await rm(`${path}.part`, { force: true });
}

/**
 * Records the export, removing the tenant's old ones: its id and the removed ones' (whose archives
 * and job are the caller's to handle after the commit). A list filter is checked here (it must
 * select some products, and not more than an export takes); products and SKUs are resolved by the job.
 */
export async function recordExport(tx: Tx, ctx: CrudContext, input: SkuImageExportInput) {
  const selection = selectionOf(input);
  let count = selection.kind === 'products' ? selection.productIds.length : 0;
  if (selection.kind === 'skus') count = selection.skus.length;
  if (selection.kind === 'filter') {
    count = (await productIdsOf(tx, ctx, selection, SKU_IMAGE_EXPORT_FILTER_MAX + 1)).length;
    if (count === 0) throw fieldError('filter', 'Catalog::SkuImages:NothingMatches');
    if (count > SKU_IMAGE_EXPORT_FILTER_MAX) {
      throw fieldError('filter', 'Catalog::SkuImages:TooManyProducts', [SKU_IMAGE_EXPORT_FILTER_MAX]);
    }
  }
  const removed = await deleteOld(tx, ctx);
  const [created] = await tx
    .insert(skuImageExports)
    .values({ tenantId: ctx.tenant?.id ?? null, creatorId: ctx.user?.id ?? null, selection, selectionCount: count })
    .returning();
  recordChange(ctx, ENTITY, 0, created.id, {}, { selection: selection.kind, selectionCount: count });
  return { id: created.id, removed };
}

/** Deletes the user's export: the row as it was (its job, if still queued or running, is the caller's to cancel). */
export async function deleteExport(tx: Tx, ctx: CrudContext, id: string): Promise<Row> {
  const row = await exportRow(tx, ctx, id);
  await tx.delete(skuImageExports).where(mine(ctx, eq(skuImageExports.id, id)));
  recordChange(ctx, ENTITY, 2, id, { status: row.status }, {});
  return row;
}

/** Records the job sent for an export (after its commit). */
export async function recordJob(tx: Tx, ctx: CrudContext, id: string, jobId: string | null) {
  await tx
    .update(skuImageExports)
    .set({ jobId })
    .where(owned(ctx, skuImageExports, eq(skuImageExports.id, id)));
}

/** The finished archive's path and download name; 409 while it is not finished (reads the job: after the unit). */
export async function archiveOf(services: Services, row: Row) {
  if ((await effectiveStatus(services, row)).status !== 'completed') {
    throw businessError('Catalog::SkuImages:NotReady', undefined, 409);
  }
  return {
    path: archivePath(services.config.dataDir, row.tenantId, row.id),
    fileName: fileNameOf(row),
    size: row.fileSize,
  };
}

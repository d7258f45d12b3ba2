import type { Culture } from '@seller/contracts';
import { type GatherBatchDto, gatherBatchList } from '@seller/contracts/catalog';
import { eq, sql } from 'drizzle-orm';
import { insertOwned, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { notFound } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { t } from '../../../core/localization/index.ts';
import { OUTBOUND_UNAVAILABLE } from '../../../core/outbound.ts';
import type { Services } from '../../../core/services.ts';
import { fetcherFor, GatherFetchError } from './fetcher.ts';
import { parsePage } from './parsers.ts';
import { type GatherBatchRow, gatherBatches } from './schema.ts';
import { type Actor, ALREADY_GATHERED, actorOf, type Ctx, gatheredBefore, insertGather } from './service.ts';

/**
 * Gathering by URLs: a batch row keeps the URLs and how each went; a durable job fetches and
 * parses them one by one. Each URL is its own transaction that creates the item and records the
 * row together, so a failed URL leaves a row error and nothing else, and a job run again after a
 * crash goes on with the rows still pending.
 */

export const GATHER_URLS_JOB = 'catalog.gathers.by-urls';
const ENTITY = 'GatherBatch';

type Batch = typeof gatherBatches.$inferSelect;

function toDto(batch: Batch, culture: Culture): GatherBatchDto {
  const rows = batch.rows.map((r) => ({
    index: r.index,
    url: r.url,
    status: r.status,
    gatherId: r.gatherId,
    error: r.errorKey ? t(culture, r.errorKey, r.errorParams) : null,
  }));
  return {
    id: batch.id,
    status: batch.status as GatherBatchDto['status'],
    total: rows.length,
    succeeded: rows.filter((r) => r.status === 'Succeeded').length,
    failed: rows.filter((r) => r.status === 'Failed').length,
    rows,
    creatorId: batch.creatorId,
    creationTime: batch.creationTime,
    completionTime: batch.completionTime,
  };
}

/** A user sees their own batches. */
const mine = (ctx: Ctx) => (ctx.user ? eq(gatherBatches.creatorId, ctx.user.id) : undefined);

/** Records a batch of URLs to gather (its job is sent after the commit: `GatherBatchStarted`). */
export async function recordBatch(tx: Tx, ctx: Ctx, urls: string[]): Promise<Batch> {
  const actor = actorOf(ctx);
  return insertOwned(tx, ctx, gatherBatches, ENTITY, {
    rows: urls.map((url, index) => ({
      index,
      url,
      status: 'Pending',
      gatherId: null,
      errorKey: null,
      errorParams: [],
    })),
    creatorName: actor.name,
  });
}

/** The user's batch as the page shows it; another user's is as missing as another tenant's. */
export async function batchOf(tx: Tx, ctx: Ctx, id: string): Promise<GatherBatchDto> {
  const [batch] = await tx
    .select()
    .from(gatherBatches)
    .where(owned(ctx, gatherBatches, eq(gatherBatches.id, id), mine(ctx)));
  if (!batch) throw notFound(ENTITY, id);
  return toDto(batch, ctx.culture);
}

/** The caller's own batches on the list kit (another user's are not listed, as `get` answers 404). */
export const batchListService = listService(gatherBatchList, {
  table: gatherBatches,
  filters: {},
  sorts: { creationTime: gatherBatches.creationTime },
  // no user (a job's context) sees no batch
  scope: (_services, _tx, ctx) => mine(ctx) ?? sql`false`,
  items: (_tx, ctx, rows: Batch[]) => rows.map((b) => toDto(b, ctx.culture)),
});

async function lockBatch(tx: Tx, ctx: Ctx, id: string): Promise<Batch | undefined> {
  const [batch] = await tx
    .select()
    .from(gatherBatches)
    .where(owned(ctx, gatherBatches, eq(gatherBatches.id, id)))
    .for('update');
  return batch;
}

async function saveRow(tx: Tx, ctx: Ctx, batch: Batch, row: GatherBatchRow) {
  const rows = batch.rows.map((r) => (r.index === row.index ? row : r));
  await tx
    .update(gatherBatches)
    .set({ rows })
    .where(owned(ctx, gatherBatches, eq(gatherBatches.id, batch.id)));
}

/** What a URL gives: the checked product, or the row's error. */
async function fetchOne(services: Services, url: string) {
  try {
    const { html, finalUrl } = await fetcherFor(services).fetch(url);
    return parsePage(html, finalUrl);
  } catch (e) {
    if (e instanceof GatherFetchError) return { ok: false as const, errorKey: e.key, errorParams: e.params };
    return { ok: false as const, errorKey: OUTBOUND_UNAVAILABLE, errorParams: [] };
  }
}

/**
 * The job: every pending URL of the batch, in order, then the batch completed. Safe to run
 * again (delivery is at least once): a row already done is left as it is.
 */
export async function runBatch(
  services: Services,
  data: { tenantId: string | null; batchId: string },
  progress: (done: number, total: number) => Promise<unknown> = async () => {},
) {
  const tenant = data.tenantId ? await services.tenants.find(data.tenantId) : null;
  if (data.tenantId && !tenant) return { skipped: 'tenant gone' };
  const ctx: Ctx = { tenant, user: null, culture: 'zh-Hans' };
  const start = await services.data.inTenant(ctx, async (tx) => {
    const batch = await lockBatch(tx, ctx, data.batchId);
    if (batch?.status === 'Queued') {
      await tx
        .update(gatherBatches)
        .set({ status: 'Running' })
        .where(owned(ctx, gatherBatches, eq(gatherBatches.id, batch.id)));
    }
    return batch;
  });
  if (!start || start.status === 'Completed') return { skipped: 'no batch' };
  const actor: Actor = { id: start.creatorId, name: start.creatorName };
  let done = start.rows.filter((r) => r.status !== 'Pending').length;
  for (const pending of start.rows.filter((r) => r.status === 'Pending')) {
    const result = await fetchOne(services, pending.url);
    await services.data.inTenant(ctx, async (tx) => {
      const batch = await lockBatch(tx, ctx, data.batchId);
      const row = batch?.rows.find((r) => r.index === pending.index);
      if (!batch || row?.status !== 'Pending') return;
      if (!result.ok) {
        await saveRow(tx, ctx, batch, {
          ...row,
          status: 'Failed',
          errorKey: result.errorKey,
          errorParams: result.errorParams,
        });
        return;
      }
      // a URL gathered before: the row names the item there is instead of making a second one
      const before = await gatheredBefore(tx, ctx, [pending.url, result.input.sourceUrl]);
      if (before) {
        await saveRow(tx, ctx, batch, {
          ...row,
          status: 'Failed',
          gatherId: before,
          errorKey: ALREADY_GATHERED,
          errorParams: [],
        });
        return;
      }
      const gather = await insertGather(tx, ctx, result.input, 'url', { actor });
      await saveRow(tx, ctx, batch, { ...row, status: 'Succeeded', gatherId: gather.id });
    });
    done++;
    await progress(done, start.rows.length);
  }
  await services.data.inTenant(ctx, (tx) =>
    tx
      .update(gatherBatches)
      .set({ status: 'Completed', completionTime: new Date() })
      .where(owned(ctx, gatherBatches, eq(gatherBatches.id, data.batchId))),
  );
  return { done };
}

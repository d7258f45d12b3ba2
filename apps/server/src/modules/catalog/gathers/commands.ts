import type {
  BulkClaimInput,
  ClaimGatherInput,
  GatherImportResult,
  GatherInput,
  GatherOrigin,
} from '@seller/contracts/catalog';
import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import { recordBatch } from './batches.ts';
import { type ClaimMaterial, claimEach, claimIn, type claimMaterials } from './claim.ts';
import { GatherBatchStarted } from './events.ts';
import type { GatherUpload } from './import.ts';
import {
  addNote,
  type Ctx,
  eachUnderSavepoint,
  errorText,
  insertGather,
  refuseGathered,
  removeGather,
  removeGathers,
  setAsClaimed,
  setStatus,
} from './service.ts';

/**
 * Gathers' writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context. None opens a unit of work or sends a job: a batch of URLs raises
 * `GatherBatchStarted`, after whose commit its job is sent (`events.ts`). A bulk write runs each
 * row under a savepoint, so a refused row is undone alone.
 */
/** Creates the upload's items, each under its own savepoint: a refused one is a row error, the others go on. */
async function importUpload(tx: Tx, ctx: Ctx, upload: GatherUpload): Promise<GatherImportResult> {
  const errors = [...upload.errors];
  const created = await eachUnderSavepoint(
    tx,
    upload.valid,
    async ({ input }) => {
      await refuseGathered(tx, ctx, input.sourceUrl);
      return (await insertGather(tx, ctx, input, 'upload')).id;
    },
    ({ row }, e) => {
      errors.push({ row, field: '', message: errorText(e, ctx) });
      return null;
    },
  );
  const ids = created.filter((id): id is string => id !== null);
  return { total: upload.total, created: ids.length, ids, errors: errors.sort((a, b) => a.row - b.row) };
}

export const gatherCommands = (services: Services) => ({
  /** An item from a product body: its id. A URL gathered before is refused (`refuseGathered`). */
  create: async (tx: Tx, ctx: Ctx, input: GatherInput, origin: GatherOrigin) => {
    await refuseGathered(tx, ctx, input.sourceUrl);
    return (await insertGather(tx, ctx, input, origin)).id;
  },
  remove: removeGather,
  /** Deletes each id; a missing one is a failed row. */
  removeMany: removeGathers,
  setAsClaimed,
  setStatus,
  /** A note on the item's log: the entry. */
  addNote,
  /** Copies the item into the catalogue (`gatherQueries.claimMaterial` first): the product, supplier and vendor link. */
  claim: (tx: Tx, ctx: Ctx, material: ClaimMaterial, input: ClaimGatherInput) =>
    claimIn(services, tx, ctx, material, input),
  /** Claims each item (`gatherQueries.claimMaterials` first) with the same choices; a refused one is a failed row. */
  claimMany: (tx: Tx, ctx: Ctx, materials: Awaited<ReturnType<typeof claimMaterials>>, input: BulkClaimInput) =>
    claimEach(services, tx, ctx, materials, input),
  /** Creates an upload's items (`readGatherUpload` first). */
  import: importUpload,
  /** Records a batch of URLs to gather: its id. Its job is sent after the commit. */
  async startBatch(tx: Tx, ctx: Ctx, urls: string[]) {
    const batch = await recordBatch(tx, ctx, urls);
    await services.events.emit(tx, GatherBatchStarted, { tenantId: ctx.tenant?.id ?? null, batchId: batch.id });
    return batch.id;
  },
});

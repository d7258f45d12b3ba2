import type { StockAdjustmentInput, StockSafetyInput, StockTransferInput } from '@seller/contracts/trade';
import { inArray, sql } from 'drizzle-orm';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import { marketplaceListingCommands } from '../../marketplaces/index.ts';
import { moveStock, type StockMove } from './ledger.ts';
import { stock } from './schema.ts';
import { adjust, type Ctx, type Money, safety, transfer } from './service.ts';

export type { StockMove } from './ledger.ts';
/** Whether an error is the ledger's refusal of a move that would take more than is on hand. */
export { isInsufficientStock } from './ledger.ts';

/**
 * The available stock (on hand − reserved − safety stock, each warehouse at least 0, summed over
 * the warehouses) of the SKUs of these variants, as this transaction sees it after its moves.
 */
export async function availableOf(tx: Tx, ctx: CrudContext, variantIds: string[]) {
  if (!variantIds.length) return [];
  return tx
    .select({
      sku: stock.sku,
      available: sql<number>`coalesce(sum(greatest(${stock.onHand} - ${stock.reserved} - ${stock.safety}, 0)), 0)::int`,
    })
    .from(stock)
    .where(owned(ctx, stock, inArray(stock.variantId, [...new Set(variantIds)])))
    .groupBy(stock.sku);
}

/**
 * Stock's writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context. `move` is the one writer of the snapshot and its ledger, which
 * every area's stock changes go through (reserving, receiving, shipping, …) in its own
 * transaction. None opens a unit of work. After each, the moved SKUs' available stock is handed
 * to the marketplaces in the same transaction (`recordStock` of the marketplaces' listings), which push it to every
 * listing of them once it commits.
 */
export const stockCommands = (services: Pick<Services, 'events'>) => {
  const sync = marketplaceListingCommands(services);
  const moved = async (tx: Tx, ctx: CrudContext, variantIds: string[]) =>
    sync.recordStock(tx, ctx, await availableOf(tx, ctx, variantIds));
  /** A voucher's write, then its lines' SKUs told; its voucher number. */
  const ofLines = async (tx: Tx, ctx: Ctx, lines: { variantId: string }[], write: () => Promise<string>) => {
    const voucherNo = await write();
    await moved(
      tx,
      ctx,
      lines.map((l) => l.variantId),
    );
    return voucherNo;
  };
  return {
    move: async (tx: Tx, ctx: CrudContext, moves: StockMove[]) => {
      const rows = await moveStock(tx, ctx, moves);
      await moved(
        tx,
        ctx,
        moves.map((m) => m.variantId),
      );
      return rows;
    },
    /** An adjustment or a stock count; its voucher number. */
    adjust: (tx: Tx, ctx: Ctx, money: Money, input: StockAdjustmentInput) =>
      ofLines(tx, ctx, input.lines, () => adjust(tx, ctx, money, input)),
    /** A transfer between two warehouses; its voucher number. */
    transfer: (tx: Tx, ctx: Ctx, input: StockTransferInput) =>
      ofLines(tx, ctx, input.lines, () => transfer(tx, ctx, input)),
    /** Safety stock is not offered on the marketplaces: a change moves what they show. */
    setSafety: async (tx: Tx, ctx: Ctx, input: StockSafetyInput) => {
      await safety(tx, ctx, input);
      await moved(tx, ctx, [input.variantId]);
    },
  };
};
export type StockCommands = ReturnType<typeof stockCommands>;

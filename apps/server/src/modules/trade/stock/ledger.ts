import type { StockTxnType } from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError } from '../../../core/errors.ts';
import { stock, stockLedger } from './schema.ts';

/** One change of one SKU × warehouse. Every bucket change is signed; omitted means 0. */
export interface StockMove {
  warehouseId: string;
  variantId: string;
  sku: string;
  type: StockTxnType;
  onHand?: number;
  reserved?: number;
  inTransit?: number;
  defective?: number;
  /**
   * Unit cost in the tenant's currency of what comes in (moves the weighted average), or of what
   * goes out when it does not leave at the average (a receipt reversed at the cost it came in at).
   */
  unitCost?: string | null;
  voucherType: string;
  voucherNo: string;
  voucherLineId?: string | null;
  reason?: string | null;
}

export type StockRow = typeof stock.$inferSelect;
export type LedgerRow = typeof stockLedger.$inferSelect;

/**
 * 409 when a move would take a bucket below zero (or reserve more than is on hand), its message
 * naming the SKU; `data` says which SKU × warehouse and `member` (a caller may rethrow it with
 * the member of its own input line, e.g. `lines.2.quantity`). No `validationErrors`: the error
 * envelope turns any error carrying them into a 400. Nothing of the transaction is kept: the
 * caller's unit of work rolls back.
 */
export const insufficientStock = (
  sku: string,
  member = 'quantity',
  where: { warehouseId?: string; variantId?: string } = {},
) =>
  new AppError({
    status: 409,
    code: 'Trade:InsufficientStock',
    messageKey: 'Trade::InsufficientStock',
    params: [sku],
    data: { sku, member, ...where },
  });

/** Whether `e` is the refusal of `moveStock` (409 `Trade:InsufficientStock`). */
export const isInsufficientStock = (e: unknown): e is AppError =>
  e instanceof AppError && e.code === 'Trade:InsufficientStock';

/**
 * The one writer of stock. Each move locks its snapshot row with a guarded UPDATE (the database
 * serializes concurrent writers on one SKU, whatever process they run in), refuses a result
 * below zero, and appends its ledger row with the balances after it, in the caller's
 * transaction. Moves are applied in a fixed order (warehouse, variant) so two transactions
 * touching the same SKUs cannot deadlock.
 */
export async function moveStock(tx: Tx, ctx: CrudContext, moves: StockMove[]): Promise<LedgerRow[]> {
  const tenantId = ctx.tenant?.id ?? null;
  const ordered = [...moves].sort((a, b) =>
    a.warehouseId === b.warehouseId
      ? a.variantId.localeCompare(b.variantId)
      : a.warehouseId.localeCompare(b.warehouseId),
  );
  const out: LedgerRow[] = [];
  for (const m of ordered) {
    const d = {
      onHand: m.onHand ?? 0,
      reserved: m.reserved ?? 0,
      inTransit: m.inTransit ?? 0,
      defective: m.defective ?? 0,
    };
    await tx
      .insert(stock)
      .values({ tenantId, warehouseId: m.warehouseId, variantId: m.variantId, sku: m.sku })
      .onConflictDoNothing();
    // the weighted average moves only with stock that comes in or goes out at a known cost; what is
    // left is never valued below zero
    const cost = m.unitCost != null && d.onHand !== 0 ? new Decimal(m.unitCost).toFixed(4) : null;
    const avg = cost
      ? sql`CASE WHEN ${stock.onHand} + ${d.onHand} > 0 THEN round(greatest(${stock.onHand} * ${stock.avgCost} + ${d.onHand} * ${cost}::numeric, 0) / (${stock.onHand} + ${d.onHand}), 4) ELSE ${stock.avgCost} END`
      : sql`${stock.avgCost}`;
    const [row] = await tx
      .update(stock)
      .set({
        onHand: sql`${stock.onHand} + ${d.onHand}`,
        reserved: sql`${stock.reserved} + ${d.reserved}`,
        inTransit: sql`${stock.inTransit} + ${d.inTransit}`,
        defective: sql`${stock.defective} + ${d.defective}`,
        avgCost: avg,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(stock.warehouseId, m.warehouseId),
          eq(stock.variantId, m.variantId),
          sql`${stock.onHand} + ${d.onHand} >= 0`,
          sql`${stock.reserved} + ${d.reserved} >= 0`,
          sql`${stock.reserved} + ${d.reserved} <= ${stock.onHand} + ${d.onHand}`,
          sql`${stock.inTransit} + ${d.inTransit} >= 0`,
          sql`${stock.defective} + ${d.defective} >= 0`,
        ),
      )
      .returning();
    if (!row) throw insufficientStock(m.sku, 'quantity', { warehouseId: m.warehouseId, variantId: m.variantId });
    const [ledger] = await tx
      .insert(stockLedger)
      .values({
        tenantId,
        warehouseId: m.warehouseId,
        variantId: m.variantId,
        sku: m.sku,
        type: m.type,
        qtyChange: d.onHand,
        qtyAfter: row.onHand,
        reservedChange: d.reserved,
        reservedAfter: row.reserved,
        inTransitChange: d.inTransit,
        defectiveChange: d.defective,
        unitCost: cost ?? (d.onHand < 0 ? row.avgCost : null),
        avgCostAfter: row.avgCost,
        voucherType: m.voucherType,
        voucherNo: m.voucherNo,
        voucherLineId: m.voucherLineId ?? null,
        reason: m.reason ?? null,
        operatorId: ctx.user?.id ?? null,
      })
      .returning();
    out.push(ledger!);
  }
  return out;
}

/**
 * Sets the safety stock of one SKU × warehouse (creating its snapshot row at zero when it has
 * none). Not a quantity, so no ledger row: the replenishment and the low-stock view read it.
 */
export async function setSafety(
  tx: Tx,
  ctx: CrudContext,
  at: { warehouseId: string; variantId: string; sku: string },
  safety: number,
): Promise<StockRow> {
  await tx
    .insert(stock)
    .values({ tenantId: ctx.tenant?.id ?? null, ...at })
    .onConflictDoNothing();
  const [row] = await tx
    .update(stock)
    .set({ safety, updatedAt: new Date() })
    .where(and(eq(stock.warehouseId, at.warehouseId), eq(stock.variantId, at.variantId)))
    .returning();
  return row!;
}

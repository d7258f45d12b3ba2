import { and, asc, eq, sql } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError, fieldError } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { logisticsWarehouses } from '../../logistics/index.ts';
import { stockCommands } from '../stock/commands.ts';
import { salesOrderLines, type salesOrders } from './schema.ts';

type OrderRow = typeof salesOrders.$inferSelect;
type LineRow = typeof salesOrderLines.$inferSelect;

/** The tenant's default warehouse (else its first active one), or null when it has none. */
export async function defaultWarehouse(tx: Tx, ctx: CrudContext): Promise<string | null> {
  const rows = await tx
    .select({ id: logisticsWarehouses.id, isDefault: logisticsWarehouses.isDefault })
    .from(logisticsWarehouses)
    .where(
      and(
        ctx.tenant ? eq(logisticsWarehouses.tenantId, ctx.tenant.id) : undefined,
        eq(logisticsWarehouses.isActive, true),
      ),
    )
    .orderBy(asc(logisticsWarehouses.code));
  return (rows.find((r) => r.isDefault) ?? rows[0])?.id ?? null;
}

const isShort = (e: unknown) => e instanceof AppError && e.code === 'Trade:InsufficientStock';

/**
 * Reserves what every line still needs (quantity − shipped − already reserved) in the order's
 * warehouse, all or nothing: the moves run after a savepoint, and when one line is short the
 * work is rolled back to it and the short SKU returned (nothing reserved). A line without a
 * catalogue variant is a 400 naming it. Returns `{ warehouseId, short }`.
 */
export async function reserveOrder(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: CrudContext,
  order: OrderRow,
  lines: LineRow[],
): Promise<{ warehouseId: string; short: string | null }> {
  const unmatched = lines.findIndex((l) => !l.variantId);
  if (unmatched >= 0) {
    throw fieldError(`lines.${unmatched}.sellerSku`, 'SalesOrders::LineUnmatched', [lines[unmatched]!.sellerSku]);
  }
  const warehouseId = order.warehouseId ?? (await defaultWarehouse(tx, ctx));
  if (!warehouseId) throw fieldError('warehouseId', 'SalesOrders::NoWarehouse');
  const wanted = lines.map((l) => ({ line: l, q: l.quantity - l.shippedQty - l.reservedQty })).filter((w) => w.q > 0);
  // a savepoint by hand: on PostgreSQL's pooled fast path the unit's handle is not a drizzle
  // transaction, so `tx.transaction()` would not nest (its ROLLBACK would end the whole unit)
  await tx.execute(sql`savepoint trade_order_reserve`);
  try {
    await stockCommands(services).move(
      tx,
      ctx,
      wanted.map((w) => ({
        warehouseId,
        variantId: w.line.variantId!,
        sku: w.line.sku ?? w.line.sellerSku,
        type: 'RESERVE' as const,
        reserved: w.q,
        voucherType: 'SalesOrder',
        voucherNo: order.orderNo,
        voucherLineId: w.line.id,
      })),
    );
  } catch (e) {
    await tx.execute(sql`rollback to savepoint trade_order_reserve`);
    if (!isShort(e)) throw e;
    return { warehouseId, short: String(((e as AppError).params as unknown[] | undefined)?.[0] ?? '') };
  }
  await tx.execute(sql`release savepoint trade_order_reserve`);
  for (const w of wanted) {
    await tx
      .update(salesOrderLines)
      .set({ reservedQty: w.line.reservedQty + w.q })
      .where(eq(salesOrderLines.id, w.line.id));
  }
  return { warehouseId, short: null };
}

/** Releases every line's reservation (RELEASE ledger rows); the quantity released. */
export async function releaseOrder(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: CrudContext,
  order: OrderRow,
  lines: LineRow[],
): Promise<number> {
  const held = lines.filter((l) => l.reservedQty > 0 && l.variantId);
  if (!held.length || !order.warehouseId) return 0;
  await stockCommands(services).move(
    tx,
    ctx,
    held.map((l) => ({
      warehouseId: order.warehouseId!,
      variantId: l.variantId!,
      sku: l.sku ?? l.sellerSku,
      type: 'RELEASE' as const,
      reserved: -l.reservedQty,
      voucherType: 'SalesOrder',
      voucherNo: order.orderNo,
      voucherLineId: l.id,
    })),
  );
  for (const l of held) await tx.update(salesOrderLines).set({ reservedQty: 0 }).where(eq(salesOrderLines.id, l.id));
  return held.reduce((n, l) => n + l.reservedQty, 0);
}

import {
  type StockAdjustmentInput,
  type StockBalanceDto,
  type StockLedgerDto,
  type StockSafetyInput,
  type StockTransferInput,
  type StockTxnType,
  type StockVariantOption,
  type StockVoucherDto,
  stockBalanceList,
  stockLedgerList,
  type stockVariantQuery,
} from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError, notFound } from '../../../core/errors.ts';
import { type ListContext, listService } from '../../../core/lists.ts';
import { MissingRateError, moneyText } from '../../../core/money.ts';
import { contains } from '../../../core/search.ts';
import type { Services } from '../../../core/services.ts';
import { catalogProducts, catalogProductVariants, skuCosts } from '../../catalog/index.ts';
import { activeWarehouseOptions, logisticsWarehouses, tenantCurrency } from '../../logistics/index.ts';
import { variantPickerColumns, variantTextMatch } from '../variant-picker.ts';
import { insufficientStock, isInsufficientStock, moveStock, type StockMove, setSafety } from './ledger.ts';
import { stock, stockLedger } from './schema.ts';

export type Ctx = Pick<RequestContext, 'tenant' | 'user' | 'culture'>;

/** Voucher types and number prefixes of the stock area's own documents. */
export const StockVouchers = {
  ADJUSTMENT: 'ADJ',
  TRANSFER: 'TRF',
  OPENING: 'OPN',
} as const;
export type StockVoucherType = keyof typeof StockVouchers;

const available = sql<number>`(${stock.onHand} - ${stock.reserved})`;
// exact: rounded once, to the tenant currency's minor units, when answered
const value = sql`(${stock.onHand} * ${stock.avgCost})`;
const low = sql<boolean>`(${stock.safety} > 0 AND ${stock.onHand} - ${stock.reserved} < ${stock.safety})`;

const warehouseRef = {
  id: logisticsWarehouses.id,
  code: logisticsWarehouses.code,
  name: logisticsWarehouses.name,
};
const warehouseName = sql<string>`${logisticsWarehouses.code} || ' ' || ${logisticsWarehouses.name}`;

/** The list kit's reads need the tenant's currency for every row: it is read once per request into the context. */
type CurrencyCtx = ListContext & { currency: string };

/** The balances list: SKU × warehouse with the product's name, searched in the SKU and the product's name. */
export const stockBalanceListService = listService(stockBalanceList, {
  context: async (services, ctx) => ({ currency: (await tenantCurrency(services, ctx)).currency }),
  table: stock,
  rows: (tx) =>
    tx
      .select({
        id: stock.id,
        warehouse: warehouseRef,
        warehouseName,
        variantId: stock.variantId,
        sku: stock.sku,
        productName: sql<string>`coalesce(${catalogProducts.name}, '')`,
        label: sql<string>`coalesce(${catalogProductVariants.label}, '')`,
        onHand: stock.onHand,
        reserved: stock.reserved,
        inTransit: stock.inTransit,
        defective: stock.defective,
        safety: stock.safety,
        avgCost: sql<string>`${stock.avgCost}::text`,
        value: sql<string>`${value}::text`,
        low,
      })
      .from(stock)
      .innerJoin(logisticsWarehouses, eq(logisticsWarehouses.id, stock.warehouseId))
      .leftJoin(catalogProductVariants, eq(catalogProductVariants.id, stock.variantId))
      .leftJoin(catalogProducts, eq(catalogProducts.id, catalogProductVariants.productId))
      .$dynamic(),
  // the product's name through a correlated subquery: the total is counted over the stock table alone
  search: (text) =>
    or(
      contains(stock.sku, text),
      sql`exists (select 1 from ${catalogProductVariants} inner join ${catalogProducts} on ${catalogProducts.id} = ${catalogProductVariants.productId} where ${catalogProductVariants.id} = ${stock.variantId} and ${contains(catalogProducts.name, text)})`,
    ),
  filters: {
    warehouseId: stock.warehouseId,
    lowStock: (only: boolean) => (only ? low : undefined),
  },
  sorts: {
    sku: stock.sku,
    onHand: stock.onHand,
    reserved: stock.reserved,
    available,
    safety: stock.safety,
    avgCost: stock.avgCost,
    value,
  },
  items: (_tx, ctx, rows: Omit<StockBalanceDto, 'available' | 'currency'>[]) =>
    rows.map((r) => ({
      ...r,
      available: r.onHand - r.reserved,
      value: moneyText(r.value, (ctx as CurrencyCtx).currency),
      currency: (ctx as CurrencyCtx).currency,
    })),
});

const ledgerColumns = {
  seq: stockLedger.seq,
  warehouse: warehouseRef,
  warehouseName,
  variantId: stockLedger.variantId,
  sku: stockLedger.sku,
  type: stockLedger.type,
  qtyChange: stockLedger.qtyChange,
  qtyAfter: stockLedger.qtyAfter,
  reservedChange: stockLedger.reservedChange,
  reservedAfter: stockLedger.reservedAfter,
  inTransitChange: stockLedger.inTransitChange,
  defectiveChange: stockLedger.defectiveChange,
  unitCost: stockLedger.unitCost,
  avgCostAfter: stockLedger.avgCostAfter,
  voucherType: stockLedger.voucherType,
  voucherNo: stockLedger.voucherNo,
  reason: stockLedger.reason,
  operatorId: stockLedger.operatorId,
  creationTime: stockLedger.createdAt,
};

/** The ledger list, newest first; the text looks in the SKU, the voucher no. and the reason. */
export const stockLedgerListService = listService(stockLedgerList, {
  context: async (services, ctx) => ({ currency: (await tenantCurrency(services, ctx)).currency }),
  table: stockLedger,
  rows: (tx) =>
    tx
      .select(ledgerColumns)
      .from(stockLedger)
      .innerJoin(logisticsWarehouses, eq(logisticsWarehouses.id, stockLedger.warehouseId))
      .$dynamic(),
  search: [stockLedger.sku, stockLedger.voucherNo, stockLedger.reason],
  filters: {
    warehouseId: stockLedger.warehouseId,
    variantId: stockLedger.variantId,
    type: stockLedger.type,
    created: stockLedger.createdAt,
  },
  sorts: { creationTime: stockLedger.createdAt, seq: stockLedger.seq },
  tieBreak: stockLedger.seq,
  items: (_tx, ctx, rows: Omit<StockLedgerDto, 'currency'>[]) =>
    rows.map((r) => ({ ...r, currency: (ctx as CurrencyCtx).currency })),
});

/** The warehouse `id` of the caller's tenant, else 404. */
async function warehouseOf(tx: Tx, ctx: Ctx, id: string) {
  const [row] = await tx
    .select(warehouseRef)
    .from(logisticsWarehouses)
    .where(owned(ctx, logisticsWarehouses, eq(logisticsWarehouses.id, id)));
  if (!row) throw notFound('Warehouse', id);
  return row;
}

/** The variants `ids` of the caller's tenant (with their SKUs and price), else 404 naming the first unknown. */
async function variantsOf(tx: Tx, ctx: Ctx, ids: string[]) {
  const rows = ids.length
    ? await tx
        .select({
          id: catalogProductVariants.id,
          sku: catalogProductVariants.sku,
          price: sql<string>`${catalogProductVariants.price}::text`,
        })
        .from(catalogProductVariants)
        .where(owned(ctx, catalogProductVariants, inArray(catalogProductVariants.id, ids)))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) if (!byId.has(id)) throw notFound('ProductVariant', id);
  return byId;
}

/** The next `PREFIX-yyyymmdd-0001` of the tenant; writers of one prefix take turns until they commit. */
export async function nextVoucherNo(
  tx: Tx,
  ctx: Pick<Ctx, 'tenant' | 'user'>,
  type: StockVoucherType,
  at = new Date(),
) {
  const prefix = `${StockVouchers[type]}-${at.toISOString().slice(0, 10).replaceAll('-', '')}-`;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`trade_stock_voucher:${prefix}:${ctx.tenant?.id ?? 'host'}`}, 0))`,
  );
  const [last] = await tx
    .select({ no: sql<string | null>`max(${stockLedger.voucherNo})` })
    .from(stockLedger)
    .where(
      owned(ctx, stockLedger, eq(stockLedger.voucherType, type), sql`${stockLedger.voucherNo} LIKE ${`${prefix}%`}`),
    );
  const n = last?.no ? Number(last.no.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(n).padStart(4, '0')}`;
}

/**
 * Unit costs in the tenant currency of stock that comes in without a cost of its own (a positive
 * adjustment or count of a SKU never costed): the catalogue's cost (`skuCosts`, in its own currency,
 * converted with the tenant's rates: a currency without a rate is refused, 409), else 0.
 */
export async function catalogueCosts(
  tx: Tx,
  ctx: Pick<Ctx, 'tenant' | 'user'>,
  skus: string[],
  { currency, rates }: { currency: string; rates: Record<string, string> },
): Promise<Map<string, string>> {
  const costs = await skuCosts(tx, ctx, skus);
  const out = new Map<string, string>();
  for (const sku of skus) {
    const c = costs.get(sku.toLowerCase());
    if (!c) continue;
    const rate = rates[c.currency];
    if (!rate) throw new MissingRateError(c.currency, currency);
    out.set(sku, new Decimal(c.cost).times(rate).toFixed(4));
  }
  return out;
}

/** The snapshot rows of `variantIds` in `warehouseId` (RLS scopes them to the transaction's tenant). */
async function snapshotOf(tx: Tx, warehouseId: string, variantIds: string[], lock = false) {
  if (!variantIds.length) return new Map<string, typeof stock.$inferSelect>();
  const query = tx
    .select()
    .from(stock)
    .where(and(eq(stock.warehouseId, warehouseId), inArray(stock.variantId, variantIds)))
    .orderBy(asc(stock.variantId));
  // a count states what is there: its rows stay locked (in moveStock's order) until it is written
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((r) => [r.variantId, r]));
}

/** Rethrows `moveStock`'s refusal under the member of the input line it came from. */
function underLine<T>(lines: { variantId: string }[], member: string, run: () => Promise<T>): Promise<T> {
  return run().catch((e: unknown) => {
    if (isInsufficientStock(e)) {
      const d = (e.data ?? {}) as { sku: string; variantId?: string; warehouseId?: string };
      const i = lines.findIndex((l) => l.variantId === d.variantId);
      throw insufficientStock(d.sku, i >= 0 ? `lines.${i}.${member}` : member, {
        warehouseId: d.warehouseId,
        variantId: d.variantId,
      });
    }
    throw e;
  });
}

/** A voucher's ledger rows (its items), in the order written. */
export async function voucher(
  tx: Tx,
  ctx: Ctx,
  type: StockVoucherType,
  voucherNo: string,
  currency: string,
): Promise<StockVoucherDto> {
  const items = await tx
    .select(ledgerColumns)
    .from(stockLedger)
    .innerJoin(logisticsWarehouses, eq(logisticsWarehouses.id, stockLedger.warehouseId))
    .where(owned(ctx, stockLedger, eq(stockLedger.voucherType, type), eq(stockLedger.voucherNo, voucherNo)))
    .orderBy(asc(stockLedger.seq));
  return { voucherType: type, voucherNo, items: items.map((r) => ({ ...r, currency })) };
}

/** Thrown inside a transfer when the source's average moved between reading it and locking it: the moves are run again. */
class CostMoved extends Error {}

/** Up to 20 SKUs whose SKU or product name holds the text, with their stock in `warehouseId` when given. */
export const warehouses = async (tx: Tx, ctx: Ctx) => ({ items: await activeWarehouseOptions(tx, ctx) });

export async function variants(tx: Tx, ctx: Ctx, q: z.infer<typeof stockVariantQuery>) {
  const rows = await tx
    .select({
      ...variantPickerColumns,
      onHand: stock.onHand,
      reserved: stock.reserved,
    })
    .from(catalogProductVariants)
    .innerJoin(catalogProducts, eq(catalogProducts.id, catalogProductVariants.productId))
    .leftJoin(
      stock,
      and(eq(stock.variantId, catalogProductVariants.id), eq(stock.warehouseId, q.warehouseId ?? sql`NULL::uuid`)),
    )
    .where(owned(ctx, catalogProductVariants, eq(catalogProducts.isDeleted, false), variantTextMatch(q.filter)))
    .orderBy(asc(catalogProductVariants.sku))
    .limit(20);
  const items: StockVariantOption[] = rows.map((r) => ({
    variantId: r.variantId,
    sku: r.sku,
    productName: r.productName,
    label: r.label,
    onHand: r.onHand,
    available: r.onHand === null || r.reserved === null ? null : r.onHand - r.reserved,
  }));
  return { items };
}

/** The tenant's currency and rates (read before the unit: costs are converted with them). */
export const moneyOf = (services: Services, ctx: Ctx) => tenantCurrency(services, ctx);
export type Money = Awaited<ReturnType<typeof moneyOf>>;

/** An adjustment (ADJUST rows) or a stock count (COUNT rows for the differences), all lines or none; its voucher number. */
export async function adjust(
  tx: Tx,
  ctx: Ctx,
  { currency, rates }: Money,
  input: StockAdjustmentInput,
): Promise<string> {
  await warehouseOf(tx, ctx, input.warehouseId);
  const ids = input.lines.map((l) => l.variantId);
  const variants = await variantsOf(tx, ctx, ids);
  const voucherNo = await nextVoucherNo(tx, ctx, 'ADJUSTMENT');
  const counting = input.mode === 'count';
  const current = await snapshotOf(tx, input.warehouseId, ids, counting);
  const type: StockTxnType = counting ? 'COUNT' : 'ADJUST';
  const changes = input.lines
    .map((l) => ({
      variantId: l.variantId,
      sku: variants.get(l.variantId)!.sku,
      delta: counting ? (l.countedQty ?? 0) - (current.get(l.variantId)?.onHand ?? 0) : (l.quantity ?? 0),
    }))
    .filter((c) => c.delta !== 0);
  const uncosted = changes.filter((c) => c.delta > 0 && new Decimal(current.get(c.variantId)?.avgCost ?? 0).isZero());
  const fallback = uncosted.length
    ? await catalogueCosts(
        tx,
        ctx,
        uncosted.map((c) => c.sku),
        { currency, rates },
      )
    : new Map();
  const moves: StockMove[] = changes.map((c) => ({
    warehouseId: input.warehouseId,
    variantId: c.variantId,
    sku: c.sku,
    type,
    onHand: c.delta,
    // what comes in without a cost of its own comes in at the average (or, never costed, the catalogue's)
    unitCost: c.delta > 0 ? (fallback.get(c.sku) ?? null) : null,
    voucherType: 'ADJUSTMENT',
    voucherNo,
    reason: input.reason,
  }));
  await underLine(input.lines, counting ? 'countedQty' : 'quantity', () => moveStock(tx, ctx, moves));
  return voucherNo;
}

/**
 * TRANSFER_OUT of every line from the source and TRANSFER_IN to the target at the source's
 * average cost, in the caller's transaction; its voucher number. When the source's average
 * moved between reading it and locking it, the moves are undone to a savepoint and run again.
 */
export async function transfer(tx: Tx, ctx: Ctx, input: StockTransferInput): Promise<string> {
  await warehouseOf(tx, ctx, input.fromWarehouseId);
  await warehouseOf(tx, ctx, input.toWarehouseId);
  const ids = input.lines.map((l) => l.variantId);
  const variants = await variantsOf(tx, ctx, ids);
  const voucherNo = await nextVoucherNo(tx, ctx, 'TRANSFER');
  for (let attempt = 0; ; attempt++) {
    // a savepoint by hand, as orders' reservation does (`tx.transaction()` would not nest on
    // PostgreSQL's pooled fast path)
    await tx.execute(sql`savepoint trade_stock_transfer`);
    try {
      // the source's averages as read now; checked against the ones locked by the moves below
      const source = await snapshotOf(tx, input.fromWarehouseId, ids);
      const costOf = (variantId: string) => new Decimal(source.get(variantId)?.avgCost ?? 0).toFixed(4);
      const common = { voucherType: 'TRANSFER', voucherNo, reason: input.reason } as const;
      const moves: StockMove[] = input.lines.flatMap((l) => {
        const sku = variants.get(l.variantId)!.sku;
        return [
          {
            ...common,
            warehouseId: input.fromWarehouseId,
            variantId: l.variantId,
            sku,
            type: 'TRANSFER_OUT',
            onHand: -l.quantity,
          },
          {
            ...common,
            warehouseId: input.toWarehouseId,
            variantId: l.variantId,
            sku,
            type: 'TRANSFER_IN',
            onHand: l.quantity,
            unitCost: costOf(l.variantId),
          },
        ] satisfies StockMove[];
      });
      // one call: moveStock locks in its fixed order, so opposite transfers cannot deadlock
      const rows = await underLine(input.lines, 'quantity', () => moveStock(tx, ctx, moves));
      for (const r of rows)
        if (r.type === 'TRANSFER_OUT' && new Decimal(r.unitCost ?? 0).toFixed(4) !== costOf(r.variantId))
          throw new CostMoved();
      await tx.execute(sql`release savepoint trade_stock_transfer`);
      return voucherNo;
    } catch (e) {
      await tx.execute(sql`rollback to savepoint trade_stock_transfer`);
      if (e instanceof CostMoved && attempt < 5) continue;
      if (e instanceof CostMoved) throw new AppError({ status: 409, messageKey: 'Conflict' });
      throw e;
    }
  }
}

/** Sets one SKU's safety stock in a warehouse. */
export async function safety(tx: Tx, ctx: Ctx, input: StockSafetyInput): Promise<void> {
  await warehouseOf(tx, ctx, input.warehouseId);
  const variant = (await variantsOf(tx, ctx, [input.variantId])).get(input.variantId)!;
  await setSafety(
    tx,
    ctx,
    { warehouseId: input.warehouseId, variantId: input.variantId, sku: variant.sku },
    input.safety,
  );
}

/** One SKU's safety stock in a warehouse, as the safety route answers it. */
export async function safetyOf(tx: Tx, ctx: Ctx, warehouseId: string, variantId: string) {
  const [row] = await tx
    .select({ warehouseId: stock.warehouseId, variantId: stock.variantId, sku: stock.sku, safety: stock.safety })
    .from(stock)
    .where(owned(ctx, stock, eq(stock.warehouseId, warehouseId), eq(stock.variantId, variantId)));
  if (!row) throw notFound('Stock', variantId);
  return row;
}

/** One SKU × warehouse as other areas read it. */
export interface StockOf {
  warehouseId: string;
  variantId: string;
  sku: string;
  onHand: number;
  reserved: number;
  available: number;
  inTransit: number;
  defective: number;
  safety: number;
  /** Weighted average unit cost in the tenant currency (exact text, 4 places). */
  avgCost: string;
}

/**
 * The snapshot of `variantIds` (in `warehouseId`, else in every warehouse) for other areas
 * (replenishment, orders, statistics), in their transaction; row-level security scopes it to the
 * transaction's tenant. SKU × warehouse pairs that never had stock have no row.
 */
export async function stockOf(tx: Tx, variantIds: string[], warehouseId?: string): Promise<StockOf[]> {
  if (!variantIds.length) return [];
  const rows = await tx
    .select()
    .from(stock)
    .where(and(inArray(stock.variantId, variantIds), warehouseId ? eq(stock.warehouseId, warehouseId) : undefined));
  return rows.map((r) => ({
    warehouseId: r.warehouseId,
    variantId: r.variantId,
    sku: r.sku,
    onHand: r.onHand,
    reserved: r.reserved,
    available: r.onHand - r.reserved,
    inTransit: r.inTransit,
    defective: r.defective,
    safety: r.safety,
    avgCost: r.avgCost,
  }));
}

/**
 * Stock value per warehouse (Σ on hand × average cost, in the tenant currency `currency`, rounded
 * once to its minor units) and units on hand, in the transaction's tenant; warehouses without stock
 * are left out.
 */
export async function stockValue(
  tx: Tx,
  currency: string,
): Promise<{ warehouseId: string; code: string; name: string; onHand: number; value: string }[]> {
  const rows = await tx
    .select({
      warehouseId: stock.warehouseId,
      code: logisticsWarehouses.code,
      name: logisticsWarehouses.name,
      onHand: sql<number>`sum(${stock.onHand})::int`,
      value: sql<string>`sum(${stock.onHand} * ${stock.avgCost})::text`,
    })
    .from(stock)
    .innerJoin(logisticsWarehouses, eq(logisticsWarehouses.id, stock.warehouseId))
    .groupBy(stock.warehouseId, logisticsWarehouses.code, logisticsWarehouses.name)
    .orderBy(asc(logisticsWarehouses.code));
  return rows.map((r) => ({ ...r, value: moneyText(r.value, currency) }));
}

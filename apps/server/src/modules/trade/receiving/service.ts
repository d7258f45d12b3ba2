import { randomUUID } from 'node:crypto';
import {
  type PurchaseAction,
  purchaseReceivable,
  type ReceiptAction,
  type ReceiptDetailDto,
  type ReceiptDto,
  type ReceiptStatus,
  receiptActions,
  type receiptInput,
  receiptList,
  receiptNext,
} from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { and, asc, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type CrudContext, owned, recordChange, removeOwned, rewriteOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { newConcurrencyStamp } from '../../../core/db/columns.ts';
import { conflict, fieldError, notFound } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { assertMoneyPlaces, moneyText } from '../../../core/money.ts';
import { contains } from '../../../core/search.ts';
import type { Services } from '../../../core/services.ts';
import { catalogSuppliers } from '../../catalog/index.ts';
import { logisticsWarehouses } from '../../logistics/index.ts';
import { nextNumber } from '../numbering.ts';
import { purchaseCommands } from '../purchase/commands.ts';
import { type Ctx, type PurchaseLine, type PurchaseOrder, purchaseQueries } from '../purchase/queries.ts';
import { purchaseOrderLines, purchaseOrders } from '../purchase/schema.ts';
import { illegalTransition } from '../state-machine.ts';
import { isInsufficientStock, type StockMove, stockCommands } from '../stock/commands.ts';
import { receiptLines, receipts } from './schema.ts';

type Input = z.output<typeof receiptInput>;
const { order: loadOrder, lines: linesOf } = purchaseQueries;
export type Receipt = typeof receipts.$inferSelect;
const ENTITY = 'Receipt';
export const VOUCHER_RECEIPT = 'RECEIPT';

const refused = (ctx: Ctx, status: string, action: ReceiptAction) =>
  illegalTransition(ctx.culture, 'Receiving', status, action);
const refusedPo = (ctx: Ctx, status: string, action: PurchaseAction) =>
  illegalTransition(ctx.culture, 'Purchase', status, action);

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const reversed = alias(receipts, 'reversed');
const qtySum = (column: AnyPgColumn) =>
  sql<number>`(select coalesce(sum(${column}), 0)::int from ${receiptLines} where ${receiptLines.receiptId} = ${receipts.id})`;

const listFields = {
  ...getTableColumns(receipts),
  poNo: sql<string>`coalesce(${purchaseOrders.poNo}, '')`,
  supplierName: sql<string>`coalesce(${catalogSuppliers.fullName}, '')`,
  warehouseName: sql<string>`coalesce(${logisticsWarehouses.name}, '')`,
  reversesReceiptNo: reversed.receiptNo,
  qtyArrived: qtySum(receiptLines.qtyArrived),
  qtyAccepted: qtySum(receiptLines.qtyAccepted),
  qtyDamaged: qtySum(receiptLines.qtyDamaged),
};
type ListRow = Receipt & {
  poNo: string;
  supplierName: string;
  warehouseName: string;
  reversesReceiptNo: string | null;
  qtyArrived: number;
  qtyAccepted: number;
  qtyDamaged: number;
};

const listBase = (tx: Tx) =>
  tx
    .select(listFields)
    .from(receipts)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, receipts.poId))
    .leftJoin(catalogSuppliers, eq(catalogSuppliers.id, purchaseOrders.supplierId))
    .leftJoin(logisticsWarehouses, eq(logisticsWarehouses.id, receipts.warehouseId))
    .leftJoin(reversed, eq(reversed.id, receipts.reversesReceiptId));

export const allowedReceiptActions = (r: Receipt): ReceiptAction[] =>
  receiptActions.filter(
    (a) => receiptNext(r.status, a) !== null && !(a === 'reverse' && (r.reversedById || r.reversesReceiptId)),
  );

function toDto(r: ListRow): ReceiptDto {
  return {
    id: r.id,
    receiptNo: r.receiptNo,
    poId: r.poId,
    poNo: r.poNo,
    supplierName: r.supplierName,
    warehouseId: r.warehouseId,
    warehouseName: r.warehouseName,
    status: r.status,
    reversesReceiptId: r.reversesReceiptId,
    reversesReceiptNo: r.reversesReceiptNo,
    reversedById: r.reversedById,
    receivedAt: r.receivedAt,
    postedAt: r.postedAt,
    freight: r.freight,
    trackingNo: r.trackingNo,
    remark: r.remark,
    qtyArrived: r.qtyArrived,
    qtyAccepted: r.qtyAccepted,
    qtyDamaged: r.qtyDamaged,
    allowedActions: allowedReceiptActions(r),
    creationTime: r.creationTime,
    concurrencyStamp: r.concurrencyStamp,
  };
}

/** Receipts with their PO's number, supplier and warehouse (the list kit's source). */
export const receiptListService = listService(receiptList, {
  table: receipts,
  rows: (tx) => listBase(tx).$dynamic(),
  // the PO and its supplier through a correlated subquery: the total is counted over the receipts alone
  search: (text) =>
    or(
      contains(receipts.receiptNo, text),
      contains(receipts.trackingNo, text),
      sql`exists (select 1 from ${purchaseOrders} left join ${catalogSuppliers} on ${catalogSuppliers.id} = ${purchaseOrders.supplierId} where ${purchaseOrders.id} = ${receipts.poId} and (${contains(purchaseOrders.poNo, text)} or ${contains(catalogSuppliers.fullName, text)}))`,
    ),
  filters: {
    status: receipts.status,
    poId: receipts.poId,
    warehouseId: receipts.warehouseId,
    received: receipts.receivedAt,
  },
  sorts: {
    receiptNo: receipts.receiptNo,
    receivedAt: receipts.receivedAt,
    creationTime: receipts.creationTime,
    status: receipts.status,
  },
  items: (_tx, _ctx, rows: ListRow[]) => rows.map(toDto),
});

async function loadReceipt(tx: Tx, ctx: CrudContext, id: string, lock = false): Promise<Receipt> {
  const query = tx
    .select()
    .from(receipts)
    .where(owned(ctx, receipts, eq(receipts.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(ENTITY, id);
  return row;
}

/** A receipt's lines in the order of the PO's lines. */
const receiptLinesOf = (tx: Tx, ctx: CrudContext, receiptId: string) =>
  tx
    .select({
      ...getTableColumns(receiptLines),
      lineNo: purchaseOrderLines.lineNo,
      productName: purchaseOrderLines.productName,
    })
    .from(receiptLines)
    .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.id, receiptLines.poLineId))
    .where(owned(ctx, receiptLines, eq(receiptLines.receiptId, receiptId)))
    .orderBy(asc(purchaseOrderLines.lineNo), asc(receiptLines.id));

export async function getReceipt(tx: Tx, ctx: Ctx, id: string): Promise<ReceiptDetailDto> {
  const [row] = await listBase(tx).where(owned(ctx, receipts, eq(receipts.id, id)));
  if (!row) throw notFound(ENTITY, id);
  const lines = await receiptLinesOf(tx, ctx, id);
  return {
    ...toDto(row as ListRow),
    lines: lines.map((l) => ({
      id: l.id,
      poLineId: l.poLineId,
      variantId: l.variantId,
      sku: l.sku,
      productName: l.productName,
      qtyArrived: l.qtyArrived,
      qtyAccepted: l.qtyAccepted,
      qtyDamaged: l.qtyDamaged,
      unitCost: l.unitCost,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/** A receipt's freight is in its purchase order's currency, to that currency's minor units (refused beyond them). */
function receiptFreight(freight: string | undefined, currency: string) {
  assertMoneyPlaces('freight', freight, currency);
  return moneyText(freight ?? '0', currency);
}

/** The most a line may have arrived in all: ordered plus the tolerance, rounded down. */
export const receivable = (ordered: number, tolerancePercent: number) =>
  Math.floor((ordered * (100 + tolerancePercent)) / 100);

/** 400 naming `lines[i].qtyArrived` when a line would arrive beyond its ordered quantity plus the tolerance. */
function checkTolerance(lines: { i: number; arrived: number; poLine: PurchaseLine }[], tolerancePercent: number) {
  for (const { i, arrived, poLine } of lines) {
    const max = receivable(poLine.qtyOrdered, tolerancePercent);
    if (poLine.qtyReceived + arrived > max)
      throw fieldError(`lines[${i}].qtyArrived`, 'Receiving::OverReceipt', [
        poLine.sku,
        Math.max(0, max - poLine.qtyReceived),
      ]);
  }
}

async function checkLines(tx: Tx, ctx: Ctx, po: PurchaseOrder, input: Input, tolerancePercent: number) {
  const poLines = new Map((await linesOf(tx, ctx, po.id)).map((l) => [l.id, l]));
  const seen = new Set<string>();
  const out = input.lines.map((l, i) => {
    const poLine = poLines.get(l.poLineId);
    if (!poLine || seen.has(l.poLineId)) throw fieldError(`lines[${i}].poLineId`, 'Receiving::LineNotOfOrder');
    seen.add(l.poLineId);
    if (l.qtyAccepted + l.qtyDamaged !== l.qtyArrived)
      throw fieldError(`lines[${i}].qtyAccepted`, 'Receiving::AcceptedPlusDamaged');
    return { i, arrived: l.qtyArrived, poLine, line: l };
  });
  if (!out.some((l) => l.arrived > 0)) throw fieldError('lines', 'Receiving::NothingArrived');
  checkTolerance(out, tolerancePercent);
  return out;
}

async function writeLines(tx: Tx, ctx: Ctx, receiptId: string, lines: Awaited<ReturnType<typeof checkLines>>) {
  const rows = lines
    .filter((l) => l.arrived > 0)
    .map((l) => ({
      tenantId: ctx.tenant?.id ?? null,
      receiptId,
      poLineId: l.poLine.id,
      variantId: l.poLine.variantId,
      sku: l.poLine.sku,
      qtyArrived: l.line.qtyArrived,
      qtyAccepted: l.line.qtyAccepted,
      qtyDamaged: l.line.qtyDamaged,
    }));
  if (rows.length) await tx.insert(receiptLines).values(rows);
}

export async function createReceipt(tx: Tx, ctx: Ctx, input: Input, tolerancePercent: number): Promise<Receipt> {
  const po = await loadOrder(tx, ctx, input.poId, true).catch((e) => {
    if ((e as { status?: number }).status === 404) throw fieldError('poId', 'Receiving::OrderNotFound');
    throw e;
  });
  if (!purchaseReceivable(po.status)) throw refusedPo(ctx, po.status, 'receivePartial');
  const lines = await checkLines(tx, ctx, po, input, tolerancePercent);
  const receiptNo = await nextNumber(tx, ctx, receipts, receipts.receiptNo, 'RCV');
  const [created] = await tx
    .insert(receipts)
    .values({
      tenantId: ctx.tenant?.id ?? null,
      receiptNo,
      poId: po.id,
      warehouseId: po.warehouseId,
      receivedAt: input.receivedAt ?? new Date(),
      freight: receiptFreight(input.freight, po.currency),
      trackingNo: input.trackingNo || null,
      remark: input.remark ?? null,
      creatorId: ctx.user?.id ?? null,
    })
    .returning();
  await writeLines(tx, ctx, created!.id, lines);
  recordChange(ctx, ENTITY, 0, created!.id, {}, created as Record<string, unknown>);
  return created!;
}

export async function updateReceipt(tx: Tx, ctx: Ctx, id: string, input: Input, tolerancePercent: number) {
  const before = await loadReceipt(tx, ctx, id, true);
  if (!receiptNext(before.status, 'edit')) throw refused(ctx, before.status, 'edit');
  if (input.concurrencyStamp && input.concurrencyStamp !== before.concurrencyStamp) throw conflict();
  if (input.poId !== before.poId) throw fieldError('poId', 'Receiving::OrderFixed');
  const po = await loadOrder(tx, ctx, before.poId, true);
  if (!purchaseReceivable(po.status)) throw refusedPo(ctx, po.status, 'receivePartial');
  const lines = await checkLines(tx, ctx, po, input, tolerancePercent);
  const after = await rewriteOwned(tx, ctx, receipts, ENTITY, before, {
    receivedAt: input.receivedAt ?? before.receivedAt,
    freight: receiptFreight(input.freight, po.currency),
    trackingNo: input.trackingNo || null,
    remark: input.remark ?? null,
  });
  await tx.delete(receiptLines).where(owned(ctx, receiptLines, eq(receiptLines.receiptId, id)));
  await writeLines(tx, ctx, id, lines);
  return after;
}

export async function deleteReceipt(tx: Tx, ctx: Ctx, id: string) {
  const before = await loadReceipt(tx, ctx, id, true);
  if (!receiptNext(before.status, 'delete')) throw refused(ctx, before.status, 'delete');
  await removeOwned(tx, ctx, receipts, ENTITY, before);
}

/** What a receipt's lines brought to their PO lines (posting adds it, reversing takes it back). */
const arrivals = (lines: Awaited<ReturnType<typeof postingLines>>) =>
  lines.map(({ line, poLine }) => ({ poLineId: poLine.id, arrived: line.qtyArrived, damaged: line.qtyDamaged }));

/** Lines of a receipt with their PO lines, for posting and reversing. */
async function postingLines(tx: Tx, ctx: Ctx, receiptId: string, poId: string) {
  const lines = await receiptLinesOf(tx, ctx, receiptId);
  const poLines = new Map((await linesOf(tx, ctx, poId)).map((l) => [l.id, l]));
  return lines.map((l, i) => ({ i, line: l, poLine: poLines.get(l.poLineId)! }));
}

/**
 * Posts a draft receipt, in one transaction: refuses an over-receipt beyond the tolerance (400
 * naming `lines[i].qtyArrived`), adds to the PO lines, writes PO_RECEIPT ledger rows (on hand +
 * accepted, defective + damaged, in transit − what the line still expected, at the unit price ×
 * the PO's rate) and moves the PO to partially received or received.
 */
export async function postReceipt(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: Ctx,
  id: string,
  tolerancePercent: number,
): Promise<Receipt> {
  const r = await loadReceipt(tx, ctx, id, true);
  if (!receiptNext(r.status, 'post')) throw refused(ctx, r.status, 'post');
  const po = await loadOrder(tx, ctx, r.poId, true);
  if (!purchaseReceivable(po.status)) throw refusedPo(ctx, po.status, 'receivePartial');
  const lines = await postingLines(tx, ctx, r.id, po.id);
  checkTolerance(
    lines.map((l) => ({ i: l.i, arrived: l.line.qtyArrived, poLine: l.poLine })),
    tolerancePercent,
  );
  const moves: StockMove[] = [];
  for (const { line, poLine } of lines) {
    const fromTransit = Math.min(line.qtyArrived, Math.max(0, poLine.qtyOrdered - poLine.qtyReceived));
    const unitCost = new Decimal(poLine.unitPrice).mul(po.fxRate).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
    await tx
      .update(receiptLines)
      .set({ qtyFromTransit: fromTransit, unitCost })
      .where(owned(ctx, receiptLines, eq(receiptLines.id, line.id)));
    moves.push({
      warehouseId: r.warehouseId,
      variantId: line.variantId,
      sku: line.sku,
      type: 'PO_RECEIPT',
      onHand: line.qtyAccepted,
      defective: line.qtyDamaged,
      inTransit: -fromTransit,
      unitCost,
      voucherType: VOUCHER_RECEIPT,
      voucherNo: r.receiptNo,
      voucherLineId: line.id,
      reason: po.poNo,
    });
  }
  await stockCommands(services).move(tx, ctx, moves);
  const [after] = await tx
    .update(receipts)
    .set({ status: 'POSTED', postedAt: new Date(), concurrencyStamp: newConcurrencyStamp() })
    .where(owned(ctx, receipts, eq(receipts.id, id), eq(receipts.status, 'DRAFT')))
    .returning();
  if (!after) throw conflict();
  await purchaseCommands(services).receive(tx, ctx, po, arrivals(lines), r.receiptNo);
  recordChange(ctx, ENTITY, 1, id, r as Record<string, unknown>, after as Record<string, unknown>);
  return after;
}

/**
 * Reverses a posted receipt by a reversing one (negative quantities, posted at once): PO_REVERSAL
 * rows take back what it brought (on hand, defective) at the unit cost it came in at, so the
 * valuation is restored, and put back what it took out of transit; when fewer units than it
 * brought are on hand (some were shipped or moved since), it is refused (400 naming the line);
 * the PO lines lose what it added and the PO goes back to approved or partially received. Once
 * per receipt; a reversing receipt is not reversed, nor a receipt of a PO closed short.
 */
export async function reverseReceipt(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: Ctx,
  id: string,
): Promise<Receipt> {
  const r = await loadReceipt(tx, ctx, id, true);
  if (!receiptNext(r.status, 'reverse')) throw refused(ctx, r.status, 'reverse');
  if (r.reversedById || r.reversesReceiptId) throw refused(ctx, 'REVERSED', 'reverse');
  const po = await loadOrder(tx, ctx, r.poId, true);
  if (po.closedShort) throw refusedPo(ctx, 'CLOSED_SHORT', 'reversePartial');
  if (!['PARTIALLY_RECEIVED', 'RECEIVED'].includes(po.status)) throw refusedPo(ctx, po.status, 'reversePartial');
  const lines = await postingLines(tx, ctx, r.id, po.id);
  const newId = randomUUID();
  const receiptNo = await nextNumber(tx, ctx, receipts, receipts.receiptNo, 'RCV');
  const [created] = await tx
    .insert(receipts)
    .values({
      id: newId,
      tenantId: ctx.tenant?.id ?? null,
      receiptNo,
      poId: po.id,
      warehouseId: r.warehouseId,
      status: 'POSTED',
      reversesReceiptId: r.id,
      receivedAt: new Date(),
      postedAt: new Date(),
      freight: moneyText(new Decimal(r.freight).neg(), po.currency),
      trackingNo: r.trackingNo,
      remark: r.receiptNo,
      creatorId: ctx.user?.id ?? null,
    })
    .returning();
  const [marked] = await tx
    .update(receipts)
    .set({ reversedById: newId, concurrencyStamp: newConcurrencyStamp() })
    .where(owned(ctx, receipts, eq(receipts.id, r.id), isNull(receipts.reversedById)))
    .returning();
  if (!marked) throw conflict();
  const moves: StockMove[] = [];
  if (lines.length) {
    const inserted = await tx
      .insert(receiptLines)
      .values(
        lines.map(({ line }) => ({
          tenantId: ctx.tenant?.id ?? null,
          receiptId: newId,
          poLineId: line.poLineId,
          variantId: line.variantId,
          sku: line.sku,
          qtyArrived: -line.qtyArrived,
          qtyAccepted: -line.qtyAccepted,
          qtyDamaged: -line.qtyDamaged,
          qtyFromTransit: -line.qtyFromTransit,
          unitCost: line.unitCost,
        })),
      )
      .returning({ id: receiptLines.id, poLineId: receiptLines.poLineId });
    const lineIdOf = new Map(inserted.map((l) => [l.poLineId, l.id]));
    for (const { line } of lines) {
      moves.push({
        warehouseId: r.warehouseId,
        variantId: line.variantId,
        sku: line.sku,
        type: 'PO_REVERSAL',
        onHand: -line.qtyAccepted,
        defective: -line.qtyDamaged,
        inTransit: line.qtyFromTransit,
        // out at the cost it came in at, so the average is what it was before the receipt
        unitCost: line.unitCost,
        voucherType: VOUCHER_RECEIPT,
        voucherNo: receiptNo,
        voucherLineId: lineIdOf.get(line.poLineId) ?? null,
        reason: r.receiptNo,
      });
    }
  }
  try {
    await stockCommands(services).move(tx, ctx, moves);
  } catch (e) {
    if (!isInsufficientStock(e)) throw e;
    // some of what the receipt brought left stock since: a reversal cannot take it back
    const variantId = (e.data as { variantId?: string } | undefined)?.variantId;
    const at = lines.find((l) => l.line.variantId === variantId) ?? lines[0]!;
    throw fieldError(`lines.${at.i}.qtyAccepted`, 'Receiving::ReverseConsumed', [at.line.sku, at.line.qtyAccepted]);
  }
  await purchaseCommands(services).takeBack(tx, ctx, po, arrivals(lines), `${r.receiptNo} → ${receiptNo}`);
  recordChange(ctx, ENTITY, 0, newId, {}, created as Record<string, unknown>);
  return created!;
}

/**
 * A PO that stopped receiving (`PurchaseReceivingEnded`: cancelled, closed short) cancels its
 * draft receipts, in the transaction that ended it.
 */
export async function cancelDraftReceipts(tx: Tx, e: { tenantId: string | null; poId: string; userId: string | null }) {
  await tx
    .update(receipts)
    .set({ status: 'CANCELLED', lastModificationTime: new Date(), lastModifierId: e.userId })
    .where(
      and(
        e.tenantId ? eq(receipts.tenantId, e.tenantId) : isNull(receipts.tenantId),
        eq(receipts.poId, e.poId),
        eq(receipts.status, 'DRAFT'),
      ),
    );
}

/** Receipt ids of a PO (tests and the seed). */
export async function receiptsOf(tx: Tx, ctx: CrudContext, poId: string, status?: ReceiptStatus) {
  return tx
    .select({ id: receipts.id, status: receipts.status })
    .from(receipts)
    .where(owned(ctx, receipts, eq(receipts.poId, poId), status ? eq(receipts.status, status) : undefined))
    .orderBy(asc(receipts.creationTime));
}

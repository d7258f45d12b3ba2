import type { Culture } from '@seller/contracts';
import {
  type PurchaseAction,
  type PurchaseOrderDetailDto,
  type PurchaseOrderDto,
  type PurchaseOrderInput,
  type PurchasePaymentStatus,
  type PurchaseStatus,
  purchaseActions,
  purchaseNext,
  type purchaseOrderInput,
  purchaseOrderList,
} from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { and, asc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { checkBound, NumberBounds } from '../../../core/bounds.ts';
import { type CrudContext, modifiedBy, owned, recordChange, removeOwned, rewriteOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { conflict, fieldError, notFound } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { assertMoneyPlaces, moneyText } from '../../../core/money.ts';
import { contains } from '../../../core/search.ts';
import type { Services } from '../../../core/services.ts';
import {
  catalogProducts,
  catalogProductVariants,
  catalogProductVendors,
  catalogSuppliers,
} from '../../catalog/index.ts';
import { activeWarehouseOptions, logisticsWarehouses, tenantCurrency } from '../../logistics/index.ts';
import { nextNumber } from '../numbering.ts';
import { illegalTransition, transitionEventDto } from '../state-machine.ts';
import { type StockMove, stockCommands } from '../stock/commands.ts';
import { variantPickerColumns, variantTextMatch } from '../variant-picker.ts';
import { PurchaseReceivingEnded } from './events.ts';
import { convert, purchaseTotals, tierPrice } from './pricing.ts';
import { purchaseOrderEvents, purchaseOrderLines, purchaseOrders } from './schema.ts';

export type Ctx = CrudContext & { culture: Culture };
export type PurchaseOrder = typeof purchaseOrders.$inferSelect;
export type PurchaseLine = typeof purchaseOrderLines.$inferSelect;
export type Money = { currency: string; rates: Record<string, string> };
type OrderInput = z.output<typeof purchaseOrderInput>;

const ENTITY = 'PurchaseOrder';
export const VOUCHER_PO = 'PO';

/** 409 naming the PO's state and the refused action, in the user's language. */
export const refused = (ctx: Ctx, status: string, action: PurchaseAction) =>
  illegalTransition(ctx.culture, 'Purchase', status, action);

/** The tenant's currency and rates (read before the unit of work: settings open their own). */
export const moneyOf = (services: Services, ctx: CrudContext): Promise<Money> => tenantCurrency(services, ctx);

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const qtySum = (column: AnyPgColumn) =>
  sql<number>`(select coalesce(sum(${column}), 0)::int from ${purchaseOrderLines} where ${purchaseOrderLines.poId} = ${purchaseOrders.id})`;

const listFields = {
  ...getTableColumns(purchaseOrders),
  supplierName: sql<string>`coalesce(${catalogSuppliers.fullName}, '')`,
  warehouseName: sql<string>`coalesce(${logisticsWarehouses.name}, '')`,
  qtyOrdered: qtySum(purchaseOrderLines.qtyOrdered),
  qtyReceived: qtySum(purchaseOrderLines.qtyReceived),
};
type ListRow = PurchaseOrder & { supplierName: string; warehouseName: string; qtyOrdered: number; qtyReceived: number };

const listBase = (tx: Tx) =>
  tx
    .select(listFields)
    .from(purchaseOrders)
    .leftJoin(catalogSuppliers, eq(catalogSuppliers.id, purchaseOrders.supplierId))
    .leftJoin(logisticsWarehouses, eq(logisticsWarehouses.id, purchaseOrders.warehouseId));

/** The actions the row's state allows. */
export const allowedPurchaseActions = (status: PurchaseStatus): PurchaseAction[] =>
  purchaseActions.filter((a) => purchaseNext(status, a) !== null);

const fx = (v: string) => new Decimal(v).toString();

export function toDto(r: ListRow): PurchaseOrderDto {
  return {
    id: r.id,
    poNo: r.poNo,
    supplierId: r.supplierId,
    supplierName: r.supplierName,
    warehouseId: r.warehouseId,
    warehouseName: r.warehouseName,
    status: r.status,
    closedShort: r.closedShort,
    exception: r.exception,
    paymentStatus: r.paymentStatus,
    type: r.type,
    currency: r.currency,
    fxRate: fx(r.fxRate),
    goodsAmount: r.goodsAmount,
    freight: r.freight,
    discount: r.discount,
    tax: r.tax,
    total: r.total,
    qtyOrdered: r.qtyOrdered,
    qtyReceived: r.qtyReceived,
    expectedArrival: r.expectedArrival,
    submittedAt: r.submittedAt,
    approvedAt: r.approvedAt,
    approvedBy: r.approvedBy,
    rejectReason: r.rejectReason,
    remark: r.remark,
    allowedActions: allowedPurchaseActions(r.status),
    creationTime: r.creationTime,
    lastModificationTime: r.lastModificationTime,
    concurrencyStamp: r.concurrencyStamp,
  };
}

/** Purchase orders with their supplier's and warehouse's names (the list kit's source). */
export const purchaseOrderListService = listService(purchaseOrderList, {
  table: purchaseOrders,
  rows: (tx) => listBase(tx).$dynamic(),
  // the supplier and the lines through correlated subqueries: the total is counted over the orders alone
  search: (text) =>
    or(
      contains(purchaseOrders.poNo, text),
      contains(purchaseOrders.remark, text),
      sql`exists (select 1 from ${catalogSuppliers} where ${catalogSuppliers.id} = ${purchaseOrders.supplierId} and ${contains(catalogSuppliers.fullName, text)})`,
      sql`exists (select 1 from ${purchaseOrderLines} where ${purchaseOrderLines.poId} = ${purchaseOrders.id} and (${contains(purchaseOrderLines.sku, text)} or ${contains(purchaseOrderLines.productName, text)}))`,
    ),
  filters: {
    supplierId: purchaseOrders.supplierId,
    warehouseId: purchaseOrders.warehouseId,
    paymentStatus: purchaseOrders.paymentStatus,
    created: purchaseOrders.creationTime,
  },
  tab: purchaseOrders.status,
  sorts: {
    poNo: purchaseOrders.poNo,
    creationTime: purchaseOrders.creationTime,
    status: purchaseOrders.status,
    total: purchaseOrders.total,
    expectedArrival: purchaseOrders.expectedArrival,
    paymentStatus: purchaseOrders.paymentStatus,
  },
  items: (_tx, _ctx, rows: ListRow[]) => rows.map(toDto),
});

export async function loadOrder(tx: Tx, ctx: CrudContext, id: string, lock = false): Promise<PurchaseOrder> {
  const query = tx
    .select()
    .from(purchaseOrders)
    .where(owned(ctx, purchaseOrders, eq(purchaseOrders.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(ENTITY, id);
  return row;
}

export const linesOf = (tx: Tx, ctx: CrudContext, poId: string) =>
  tx
    .select()
    .from(purchaseOrderLines)
    .where(owned(ctx, purchaseOrderLines, eq(purchaseOrderLines.poId, poId)))
    .orderBy(asc(purchaseOrderLines.lineNo));

export async function getOrder(tx: Tx, ctx: Ctx, id: string): Promise<PurchaseOrderDetailDto> {
  const [row] = await listBase(tx).where(owned(ctx, purchaseOrders, eq(purchaseOrders.id, id)));
  if (!row) throw notFound(ENTITY, id);
  const lines = await linesOf(tx, ctx, id);
  const amounts = purchaseTotals(lines, row.freight, row.discount, row.currency).lines;
  const events = await tx
    .select()
    .from(purchaseOrderEvents)
    .where(owned(ctx, purchaseOrderEvents, eq(purchaseOrderEvents.poId, id)))
    .orderBy(asc(purchaseOrderEvents.time), asc(purchaseOrderEvents.id));
  return {
    ...toDto(row as ListRow),
    lines: lines.map((l, i) => ({
      id: l.id,
      lineNo: l.lineNo,
      variantId: l.variantId,
      sku: l.sku,
      productName: l.productName,
      qtyOrdered: l.qtyOrdered,
      unitPrice: l.unitPrice,
      taxRate: new Decimal(l.taxRate).toString(),
      amount: amounts[i]!,
      qtyReceived: l.qtyReceived,
      qtyDamaged: l.qtyDamaged,
      expectedDate: l.expectedDate,
      remark: l.remark,
    })),
    events: events.map(transitionEventDto),
  };
}

// ---------------------------------------------------------------------------------------------
// Prices and lookups
// ---------------------------------------------------------------------------------------------

export interface VariantInfo {
  variantId: string;
  productId: string;
  sku: string;
  productName: string;
}

export async function variantsById(tx: Tx, ctx: CrudContext, ids: string[]): Promise<Map<string, VariantInfo>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await tx
    .select({
      variantId: catalogProductVariants.id,
      productId: catalogProductVariants.productId,
      sku: catalogProductVariants.sku,
      name: catalogProducts.name,
      label: catalogProductVariants.label,
    })
    .from(catalogProductVariants)
    .innerJoin(catalogProducts, eq(catalogProducts.id, catalogProductVariants.productId))
    .where(
      and(
        owned(ctx, catalogProductVariants, inArray(catalogProductVariants.id, wanted)),
        eq(catalogProducts.isDeleted, false),
      ),
    );
  return new Map(
    rows.map((r) => [
      r.variantId,
      { variantId: r.variantId, productId: r.productId, sku: r.sku, productName: `${r.name} ${r.label}`.trim() },
    ]),
  );
}

/** The variants the lines name; 400 on the first line whose variant is not the tenant's live one. */
export async function variantsOfLines(tx: Tx, ctx: CrudContext, lines: { variantId: string }[]) {
  const variants = await variantsById(
    tx,
    ctx,
    lines.map((l) => l.variantId),
  );
  lines.forEach((l, i) => {
    if (!variants.has(l.variantId)) throw fieldError(`lines[${i}].variantId`, 'Purchase::VariantNotFound');
  });
  return variants;
}

/** A vendor link's price columns, as `tierPrice` reads them. */
export const vendorPriceColumns = {
  purchasePrice: catalogProductVendors.purchasePrice,
  currency: catalogProductVendors.currency,
  tiers: catalogProductVendors.tiers,
};

/**
 * Default unit prices at `supplierId` in `currency`: the vendor link of the variant's product at
 * that supplier, its highest tier whose minimum is at most the quantity, else its purchase price,
 * converted from the link's currency. Null where the supplier has no link for the product (or
 * the rates cannot convert).
 */
export async function defaultPrices(
  tx: Tx,
  ctx: CrudContext,
  supplierId: string,
  currency: string,
  rates: Record<string, string>,
  lines: { variantId: string; quantity: number }[],
  variants?: Map<string, VariantInfo>,
): Promise<{ variantId: string; quantity: number; unitPrice: string | null; source: 'TIER' | 'VENDOR' | null }[]> {
  const info =
    variants ??
    (await variantsById(
      tx,
      ctx,
      lines.map((l) => l.variantId),
    ));
  const productIds = [...new Set([...info.values()].map((v) => v.productId))];
  const links = productIds.length
    ? await tx
        .select({
          productId: catalogProductVendors.productId,
          ...vendorPriceColumns,
        })
        .from(catalogProductVendors)
        .where(
          owned(
            ctx,
            catalogProductVendors,
            eq(catalogProductVendors.supplierId, supplierId),
            inArray(catalogProductVendors.productId, productIds),
          ),
        )
    : [];
  const linkOf = new Map(links.map((l) => [l.productId, l]));
  return lines.map((l) => {
    const v = info.get(l.variantId);
    const link = v ? linkOf.get(v.productId) : undefined;
    if (!link) return { ...l, unitPrice: null, source: null };
    const { unitPrice, source } = tierPrice(link, l.quantity);
    const converted = convert(unitPrice, link.currency, currency, rates);
    return converted
      ? { ...l, unitPrice: converted.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4), source }
      : { ...l, unitPrice: null, source: null };
  });
}

export async function lookups(tx: Tx, ctx: CrudContext, money: Money) {
  const suppliers = await tx
    .select({ id: catalogSuppliers.id, code: catalogSuppliers.code, name: catalogSuppliers.fullName })
    .from(catalogSuppliers)
    .where(owned(ctx, catalogSuppliers))
    .orderBy(asc(catalogSuppliers.code));
  const warehouses = await activeWarehouseOptions(tx, ctx);
  return { suppliers, warehouses, currency: money.currency, rates: money.rates };
}

/** SKUs for the form's picker: variants of live products whose SKU or name matches. */
export async function searchVariants(tx: Tx, ctx: CrudContext, filter: string | undefined, max: number) {
  const rows = await tx
    .select(variantPickerColumns)
    .from(catalogProductVariants)
    .innerJoin(catalogProducts, eq(catalogProducts.id, catalogProductVariants.productId))
    .where(and(owned(ctx, catalogProductVariants), eq(catalogProducts.isDeleted, false), variantTextMatch(filter)))
    .orderBy(asc(catalogProductVariants.sku))
    .limit(max);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

export async function logEvent(
  tx: Tx,
  ctx: CrudContext,
  poId: string,
  event: string,
  fromStatus: string | null,
  toStatus: string | null,
  message: string | null = null,
) {
  await tx.insert(purchaseOrderEvents).values({
    tenantId: ctx.tenant?.id ?? null,
    poId,
    event,
    fromStatus,
    toStatus,
    message: message?.slice(0, 1000) ?? null,
    actorId: ctx.user?.id ?? null,
  });
}

/** Checks the header and lines, fills default prices and computes the totals; what to store. */
async function prepare(tx: Tx, ctx: CrudContext, money: Money, input: OrderInput) {
  const [supplier] = await tx
    .select({ id: catalogSuppliers.id })
    .from(catalogSuppliers)
    .where(owned(ctx, catalogSuppliers, eq(catalogSuppliers.id, input.supplierId)));
  if (!supplier) throw fieldError('supplierId', 'Purchase::SupplierNotFound');
  const [warehouse] = await tx
    .select({ id: logisticsWarehouses.id })
    .from(logisticsWarehouses)
    .where(owned(ctx, logisticsWarehouses, eq(logisticsWarehouses.id, input.warehouseId)));
  if (!warehouse) throw fieldError('warehouseId', 'Purchase::WarehouseNotFound');
  const currency = input.currency ?? money.currency;
  const fxRate = input.fxRate ?? money.rates[currency];
  if (!fxRate) throw fieldError('fxRate', 'Purchase::FxRateRequired', [currency]);
  if (new Decimal(fxRate).lte(0)) throw fieldError('fxRate', 'Purchase::FxRatePositive');
  checkBound('fxRate', fxRate, NumberBounds.fxRate);
  const variants = await variantsOfLines(tx, ctx, input.lines);
  const defaults = await defaultPrices(
    tx,
    ctx,
    input.supplierId,
    currency,
    money.rates,
    input.lines.map((l) => ({ variantId: l.variantId, quantity: l.qtyOrdered })),
    variants,
  );
  const lines = input.lines.map((l, i) => {
    const unitPrice = l.unitPrice ?? defaults[i]!.unitPrice;
    if (unitPrice == null)
      throw fieldError(`lines[${i}].unitPrice`, 'Purchase::NoVendorPrice', [variants.get(l.variantId)!.sku]);
    // a default price (the supplier's, converted) and the tenant's rate are bounded here, as the
    // contract bounds the ones entered: the line, and the unit cost a receipt posts, fit their columns
    checkBound(`lines[${i}].unitPrice`, unitPrice, NumberBounds.unitPrice);
    checkBound(
      `lines[${i}].unitPrice`,
      new Decimal(unitPrice).mul(l.qtyOrdered),
      NumberBounds.amount,
      'Number:LineAtMost',
    );
    checkBound('fxRate', new Decimal(unitPrice).mul(fxRate), NumberBounds.unitPrice, 'Number:ConvertedAtMost');
    const v = variants.get(l.variantId)!;
    return {
      lineNo: i + 1,
      variantId: l.variantId,
      sku: v.sku,
      productName: v.productName.slice(0, 512),
      qtyOrdered: l.qtyOrdered,
      unitPrice: new Decimal(unitPrice).toFixed(4),
      taxRate: new Decimal(l.taxRate ?? '0').toFixed(4),
      expectedDate: l.expectedDate ?? null,
      remark: l.remark ?? null,
    };
  });
  // the contract checked the places against a currency it was given; the tenant's default is checked here
  assertMoneyPlaces('freight', input.freight, currency);
  assertMoneyPlaces('discount', input.discount, currency);
  const totals = purchaseTotals(lines, input.freight ?? '0', input.discount ?? '0', currency);
  if (new Decimal(totals.total).lt(0)) throw fieldError('discount', 'Purchase::DiscountTooLarge');
  return {
    header: {
      supplierId: input.supplierId,
      warehouseId: input.warehouseId,
      type: input.type ?? 'REGULAR',
      currency,
      fxRate: new Decimal(fxRate).toFixed(8),
      freight: moneyText(input.freight ?? '0', currency),
      discount: moneyText(input.discount ?? '0', currency),
      goodsAmount: totals.goodsAmount,
      tax: totals.tax,
      total: totals.total,
      expectedArrival: input.expectedArrival ?? null,
      remark: input.remark ?? null,
    },
    lines,
  };
}

async function insertLines(
  tx: Tx,
  ctx: CrudContext,
  poId: string,
  lines: Awaited<ReturnType<typeof prepare>>['lines'],
) {
  if (lines.length)
    await tx.insert(purchaseOrderLines).values(lines.map((l) => ({ ...l, tenantId: ctx.tenant?.id ?? null, poId })));
}

export async function createOrder(tx: Tx, ctx: Ctx, money: Money, input: OrderInput): Promise<PurchaseOrder> {
  const { header, lines } = await prepare(tx, ctx, money, input);
  const poNo = await nextNumber(tx, ctx, purchaseOrders, purchaseOrders.poNo, 'PO');
  const [po] = await tx
    .insert(purchaseOrders)
    .values({ ...header, poNo, tenantId: ctx.tenant?.id ?? null, creatorId: ctx.user?.id ?? null })
    .returning();
  await insertLines(tx, ctx, po!.id, lines);
  await logEvent(tx, ctx, po!.id, 'Created', null, 'DRAFT');
  recordChange(ctx, ENTITY, 0, po!.id, {}, po as Record<string, unknown>);
  return po!;
}

export async function updateOrder(tx: Tx, ctx: Ctx, money: Money, id: string, input: OrderInput) {
  const before = await loadOrder(tx, ctx, id, true);
  if (!purchaseNext(before.status, 'edit')) throw refused(ctx, before.status, 'edit');
  if (input.concurrencyStamp && input.concurrencyStamp !== before.concurrencyStamp) throw conflict();
  const { header, lines } = await prepare(tx, ctx, money, input);
  const after = await rewriteOwned(tx, ctx, purchaseOrders, ENTITY, before, header);
  await tx.delete(purchaseOrderLines).where(owned(ctx, purchaseOrderLines, eq(purchaseOrderLines.poId, id)));
  await insertLines(tx, ctx, id, lines);
  return after;
}

export async function deleteOrder(tx: Tx, ctx: Ctx, id: string) {
  const before = await loadOrder(tx, ctx, id, true);
  if (!purchaseNext(before.status, 'delete')) throw refused(ctx, before.status, 'delete');
  await removeOwned(tx, ctx, purchaseOrders, ENTITY, before);
}

/**
 * Moves the PO to where `action` leads from its state (409 when the table refuses), with `patch`;
 * the caller holds the row lock (`loadOrder(…, true)`).
 */
export async function transition(
  tx: Tx,
  ctx: Ctx,
  po: PurchaseOrder,
  action: PurchaseAction,
  patch: Partial<typeof purchaseOrders.$inferInsert> = {},
  message: string | null = null,
): Promise<PurchaseOrder> {
  const to = purchaseNext(po.status, action);
  if (!to) throw refused(ctx, po.status, action);
  const [after] = await tx
    .update(purchaseOrders)
    .set({
      ...patch,
      status: to,
      ...modifiedBy(ctx),
    })
    .where(owned(ctx, purchaseOrders, eq(purchaseOrders.id, po.id), eq(purchaseOrders.status, po.status)))
    .returning();
  if (!after) throw conflict();
  await logEvent(tx, ctx, po.id, action, po.status, to, message);
  recordChange(ctx, ENTITY, 1, po.id, po as Record<string, unknown>, after as Record<string, unknown>);
  return after;
}

/** What each line still expects in transit: ordered − arrived, never below 0. */
const outstanding = (l: PurchaseLine) => Math.max(0, l.qtyOrdered - l.qtyReceived);

function transitMoves(po: PurchaseOrder, lines: PurchaseLine[], qty: (l: PurchaseLine) => number): StockMove[] {
  return lines
    .map((l) => ({ l, q: qty(l) }))
    .filter(({ q }) => q !== 0)
    .map(({ l, q }) => ({
      warehouseId: po.warehouseId,
      variantId: l.variantId,
      sku: l.sku,
      type: 'IN_TRANSIT' as const,
      inTransit: q,
      voucherType: VOUCHER_PO,
      voucherNo: po.poNo,
      voucherLineId: l.id,
    }));
}

/** A PO that stops receiving (cancelled, closed short) says so: receiving cancels its draft receipts. */
const receivingEnded = (services: Pick<Services, 'events'>, tx: Tx, ctx: CrudContext, poId: string) =>
  services.events.emit(tx, PurchaseReceivingEnded, {
    tenantId: ctx.tenant?.id ?? null,
    poId,
    userId: ctx.user?.id ?? null,
  });

export async function act(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: Ctx,
  id: string,
  action: 'submit' | 'approve' | 'reject' | 'cancel' | 'closeShort',
  reason?: string,
): Promise<PurchaseOrder> {
  const po = await loadOrder(tx, ctx, id, true);
  if (!purchaseNext(po.status, action)) throw refused(ctx, po.status, action);
  const lines = await linesOf(tx, ctx, id);
  /** What approval put in transit and has not arrived leaves it; receiving is over. */
  const endReceiving = async (leaveTransit: boolean) => {
    if (leaveTransit)
      await stockCommands(services).move(
        tx,
        ctx,
        transitMoves(po, lines, (l) => -outstanding(l)),
      );
    await receivingEnded(services, tx, ctx, po.id);
  };
  switch (action) {
    case 'submit':
      if (!lines.length) throw fieldError('lines', 'Purchase::NoLines');
      return transition(tx, ctx, po, 'submit', { submittedAt: new Date(), rejectReason: null });
    case 'approve': {
      const after = await transition(tx, ctx, po, 'approve', {
        approvedAt: new Date(),
        approvedBy: ctx.user?.userName ?? null,
      });
      await stockCommands(services).move(
        tx,
        ctx,
        transitMoves(po, lines, (l) => l.qtyOrdered),
      );
      return after;
    }
    case 'reject':
      return transition(tx, ctx, po, 'reject', { rejectReason: reason ?? null, submittedAt: null }, reason ?? null);
    case 'cancel': {
      if (lines.some((l) => l.qtyReceived !== 0)) throw refused(ctx, 'PARTIALLY_RECEIVED', 'cancel');
      const after = await transition(tx, ctx, po, 'cancel');
      await endReceiving(po.status === 'APPROVED');
      return after;
    }
    case 'closeShort': {
      const after = await transition(tx, ctx, po, 'closeShort', { closedShort: true });
      await endReceiving(true);
      return after;
    }
  }
}

/** What arrived (or, reversed, is taken back) on one PO line. */
export interface Arrival {
  poLineId: string;
  arrived: number;
  damaged: number;
}

async function addToLines(tx: Tx, ctx: CrudContext, arrivals: Arrival[], sign: 1 | -1) {
  for (const a of arrivals)
    await tx
      .update(purchaseOrderLines)
      .set({
        qtyReceived: sql`${purchaseOrderLines.qtyReceived} + ${sign * a.arrived}`,
        qtyDamaged: sql`${purchaseOrderLines.qtyDamaged} + ${sign * a.damaged}`,
      })
      .where(owned(ctx, purchaseOrderLines, eq(purchaseOrderLines.id, a.poLineId)));
}

/**
 * A posted receipt's goods arrived: adds them to the PO's lines and moves the PO to received
 * (every line arrived in full) or partially received. The caller holds the PO's row lock.
 */
export async function receive(tx: Tx, ctx: Ctx, po: PurchaseOrder, arrivals: Arrival[], receiptNo: string) {
  await addToLines(tx, ctx, arrivals, 1);
  const lines = await linesOf(tx, ctx, po.id);
  const complete = lines.every((l) => l.qtyReceived >= l.qtyOrdered);
  return transition(tx, ctx, po, complete ? 'receiveAll' : 'receivePartial', {}, receiptNo);
}

/**
 * A reversed receipt takes its goods back off the PO's lines; the PO goes back to approved
 * (nothing arrived any more) or partially received. The caller holds the PO's row lock.
 */
export async function takeBack(tx: Tx, ctx: Ctx, po: PurchaseOrder, arrivals: Arrival[], message: string) {
  await addToLines(tx, ctx, arrivals, -1);
  const lines = await linesOf(tx, ctx, po.id);
  const none = lines.every((l) => l.qtyReceived === 0);
  return transition(tx, ctx, po, none ? 'reverseAll' : 'reversePartial', {}, message);
}

export async function setPaymentStatus(tx: Tx, ctx: Ctx, id: string, paymentStatus: PurchasePaymentStatus) {
  const po = await loadOrder(tx, ctx, id, true);
  if (!purchaseNext(po.status, 'pay')) throw refused(ctx, po.status, 'pay');
  const [after] = await tx
    .update(purchaseOrders)
    .set({ paymentStatus, lastModificationTime: new Date(), lastModifierId: ctx.user?.id ?? null })
    .where(owned(ctx, purchaseOrders, eq(purchaseOrders.id, id)))
    .returning();
  await logEvent(tx, ctx, id, 'Payment', null, null, `${po.paymentStatus} → ${paymentStatus}`);
  return after!;
}

export async function setException(tx: Tx, ctx: Ctx, id: string, exception: boolean, remark?: string) {
  const po = await loadOrder(tx, ctx, id, true);
  if (!purchaseNext(po.status, 'flag')) throw refused(ctx, po.status, 'flag');
  const [after] = await tx
    .update(purchaseOrders)
    .set({ exception, lastModificationTime: new Date(), lastModifierId: ctx.user?.id ?? null })
    .where(owned(ctx, purchaseOrders, eq(purchaseOrders.id, id)))
    .returning();
  await logEvent(tx, ctx, id, exception ? 'ExceptionFlagged' : 'ExceptionCleared', null, null, remark ?? null);
  return after!;
}

/** The PO as its list row shows it. */
export async function orderDto(tx: Tx, ctx: Ctx, id: string): Promise<PurchaseOrderDto> {
  const [row] = await listBase(tx).where(owned(ctx, purchaseOrders, eq(purchaseOrders.id, id)));
  if (!row) throw notFound(ENTITY, id);
  return toDto(row as ListRow);
}

export type { PurchaseOrderInput };

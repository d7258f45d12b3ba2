import {
  allowedSalesOrderActions,
  reservingStatuses,
  type SalesOrderAction,
  type SalesOrderDto,
  type SalesOrderInput,
  type SalesOrderListItem,
  type SalesOrderStatus,
  salesOrderList,
  salesOrderTransitions,
} from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError, notFound } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { moneyText, sum } from '../../../core/money.ts';
import { tenantContains } from '../../../core/search.ts';
import type { Services } from '../../../core/services.ts';
import { catalogProducts, catalogProductVariants } from '../../catalog/index.ts';
import { logisticsWarehouses } from '../../logistics/index.ts';
import { marketplaceShops } from '../../marketplaces/index.ts';
import { illegalTransition, nextState, transitionEventDto } from '../state-machine.ts';
import { variantTextMatch } from '../variant-picker.ts';
import {
  salesOrderEvents,
  salesOrderLines,
  salesOrders,
  salesOrdersScoped,
  salesOrderTallies,
  salesOrderTalliesScoped,
} from './schema.ts';
import { releaseOrder, reserveOrder } from './stock.ts';

export type Ctx = CrudContext & Pick<RequestContext, 'culture'>;
/** What the orders' writes need of the services: stock's commands. */
export type OrderServices = Pick<Services, 'events'>;
type OrderRow = typeof salesOrders.$inferSelect;
type LineRow = typeof salesOrderLines.$inferSelect;

/**
 * The list's source: the order rows with their shops' names, the filters the contract declares
 * (`salesOrderList`), the search and the sort keys.
 */
export const orderList = listService(salesOrderList, {
  table: salesOrders,
  view: salesOrdersScoped.name,
  search: (text, ctx) =>
    or(
      tenantContains(salesOrders.tenantId, salesOrders.orderNo, ctx.tenant?.id, text),
      eq(salesOrders.platformOrderId, text),
      tenantContains(salesOrders.tenantId, salesOrders.buyerName, ctx.tenant?.id, text),
    ),
  filters: {
    shopId: salesOrders.shopId,
    platform: salesOrders.platform,
    source: salesOrders.source,
    siteId: salesOrders.siteId,
    ordered: salesOrders.orderedAt,
    sku: (sku: string) =>
      sql`exists (select 1 from ${salesOrderLines} where ${salesOrderLines.orderId} = ${salesOrders.id} and (lower(${salesOrderLines.sellerSku}) = ${sku.toLowerCase()} or lower(${salesOrderLines.sku}) = ${sku.toLowerCase()}))`,
    buyer: (buyer: string, ctx) =>
      or(
        tenantContains(salesOrders.tenantId, salesOrders.buyerName, ctx.tenant?.id, buyer),
        tenantContains(salesOrders.tenantId, salesOrders.buyerEmail, ctx.tenant?.id, buyer),
      ),
    countryCode: (code: string) => eq(salesOrders.countryCode, code.toUpperCase()),
    hasUnmatched: salesOrders.hasUnmatched,
  },
  tab: salesOrders.status,
  tally: {
    range: 'ordered',
    tally: {
      table: salesOrderTallies,
      view: salesOrderTalliesScoped.name,
      tenantId: salesOrderTallies.tenantId,
      day: salesOrderTallies.day,
      tab: salesOrderTallies.status,
      n: salesOrderTallies.orders,
    },
    rows: {
      table: salesOrders,
      view: salesOrdersScoped.name,
      tenantId: salesOrders.tenantId,
      at: salesOrders.orderedAt,
      tab: salesOrders.status,
    },
    filters: {
      shopId: { tally: salesOrderTallies.shopId, rows: salesOrders.shopId },
      platform: { tally: salesOrderTallies.platform, rows: salesOrders.platform },
      source: { tally: salesOrderTallies.source, rows: salesOrders.source },
    },
  },
  sorts: {
    orderNo: salesOrders.orderNo,
    buyerName: salesOrders.buyerName,
    total: salesOrders.total,
    status: salesOrders.status,
    orderedAt: salesOrders.orderedAt,
  },
  items: async (tx, _ctx, rows: OrderRow[]) => {
    const names = await shopNames(
      tx,
      rows.map((o) => o.shopId),
    );
    return rows.map((o) => listItem(o, names));
  },
});

async function shopNames(tx: Tx, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((v): v is string => !!v))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await tx
    .select({ id: marketplaceShops.id, name: marketplaceShops.name })
    .from(marketplaceShops)
    .where(inArray(marketplaceShops.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

function listItem(o: OrderRow, names: Map<string, string>): SalesOrderListItem {
  return {
    id: o.id,
    orderNo: o.orderNo,
    source: o.source,
    platform: (o.platform as SalesOrderListItem['platform']) ?? null,
    shopId: o.shopId,
    shopName: o.shopId ? (names.get(o.shopId) ?? null) : null,
    platformOrderId: o.platformOrderId,
    platformStatus: o.platformStatus,
    status: o.status,
    currency: o.currency,
    total: moneyText(o.total, o.currency),
    buyerName: o.buyerName,
    countryCode: o.countryCode,
    hasUnmatched: o.hasUnmatched,
    orderedAt: o.orderedAt,
  };
}

/** Appends a history row. */
export async function addEvent(
  tx: Tx,
  ctx: CrudContext,
  order: Pick<OrderRow, 'id' | 'tenantId'>,
  event: string,
  from: string | null,
  to: string | null,
  message: string | null = null,
) {
  await tx.insert(salesOrderEvents).values({
    tenantId: order.tenantId,
    orderId: order.id,
    event,
    fromStatus: from,
    toStatus: to,
    message: message?.slice(0, 1000) ?? null,
    actorId: ctx.user?.id ?? null,
  });
}

export async function lockOrder(tx: Tx, ctx: CrudContext, id: string): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(salesOrders)
    .where(owned(ctx, salesOrders, eq(salesOrders.id, id)))
    .for('update');
  if (!row) throw notFound('SalesOrder', id);
  return row;
}

export const linesOf = (tx: Tx, orderId: string) =>
  tx.select().from(salesOrderLines).where(eq(salesOrderLines.orderId, orderId)).orderBy(asc(salesOrderLines.lineNo));

export async function setStatus(
  tx: Tx,
  ctx: CrudContext,
  order: OrderRow,
  to: SalesOrderStatus,
  extra: Partial<OrderRow> = {},
) {
  const [row] = await tx
    .update(salesOrders)
    .set({
      ...extra,
      status: to,
      lastModificationTime: new Date(),
      lastModifierId: ctx.user?.id ?? null,
      concurrencyStamp: sql`md5(random()::text)`,
    })
    .where(eq(salesOrders.id, order.id))
    .returning();
  return row!;
}

/**
 * Confirms an order in `tx` (the user's confirm, and the pull's for orders paid on the
 * marketplace): reserves its lines, then Processing, or Outofstock when stock is short (nothing
 * reserved). Writes the event. The order's row must be locked by the caller.
 */
export async function confirmIn(
  services: OrderServices,
  tx: Tx,
  ctx: CrudContext,
  order: OrderRow,
  lines: LineRow[],
): Promise<OrderRow> {
  const { warehouseId, short } = await reserveOrder(services, tx, ctx, order, lines);
  if (short !== null) {
    const row = await setStatus(tx, ctx, order, 'Outofstock', { warehouseId });
    await addEvent(tx, ctx, order, 'OutOfStock', order.status, 'Outofstock', short);
    return row;
  }
  const row = await setStatus(tx, ctx, order, 'Processing', { warehouseId });
  await addEvent(tx, ctx, order, 'Confirmed', order.status, 'Processing');
  return row;
}

/** Cancels in `tx`: releases what is reserved, then Cancel with the reason. */
export async function cancelIn(
  services: OrderServices,
  tx: Tx,
  ctx: CrudContext,
  order: OrderRow,
  lines: LineRow[],
  reason: string,
) {
  const released = await releaseOrder(services, tx, ctx, order, lines);
  const row = await setStatus(tx, ctx, order, 'Cancel');
  await addEvent(tx, ctx, order, 'Cancelled', order.status, 'Cancel', released ? `${reason} (−${released})` : reason);
  return row;
}

/**
 * The tenant's variants of live products (and `where`), each with its product's name, its label
 * and its price (as text, in the product's currency): what order lines and the picker name.
 */
export const liveVariants = (tx: Tx, ctx: CrudContext, ...where: (SQL | undefined)[]) =>
  tx
    .select({
      id: catalogProductVariants.id,
      sku: catalogProductVariants.sku,
      label: catalogProductVariants.label,
      name: catalogProducts.name,
      price: sql<string>`${catalogProductVariants.price}::text`,
      currency: catalogProducts.priceCurrency,
    })
    .from(catalogProductVariants)
    .innerJoin(catalogProducts, eq(catalogProducts.id, catalogProductVariants.productId))
    .where(owned(ctx, catalogProductVariants, eq(catalogProducts.isDeleted, false), ...where));

/** A variant's name on an order: its product's, then its label. */
const variantName = (v: { name: string; label: string | null }) => (v.label ? `${v.name} ${v.label}` : v.name);

interface Priced {
  variantId: string;
  sku: string;
  name: string;
  quantity: number;
  unitPrice: string;
}

/** The input's lines with their variants (a variant not of the tenant is a 400 naming the line). */
async function pricedLines(tx: Tx, ctx: CrudContext, input: SalesOrderInput): Promise<Priced[]> {
  const ids = [...new Set(input.lines.map((l) => l.variantId))];
  const rows = await liveVariants(tx, ctx, inArray(catalogProductVariants.id, ids));
  const found = new Map(rows.map((r) => [r.id, r]));
  return input.lines.map((l, i) => {
    const v = found.get(l.variantId);
    if (!v) throw fieldError(`lines.${i}.variantId`, 'SalesOrders::VariantNotFound', [l.variantId]);
    return {
      variantId: v.id,
      sku: v.sku,
      name: variantName(v),
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    };
  });
}

/** Σ quantity × unit price + shipping − discount, in the order's currency (the contract held every amount to its places). */
function totals(lines: Priced[], shippingFee: string, discount: string, currency: string) {
  const goods = sum(
    currency,
    lines.map((l) => new Decimal(l.unitPrice).times(l.quantity)),
  );
  const total = goods.plus(shippingFee).minus(discount);
  if (total.amount.isNegative()) throw fieldError('discount', 'SalesOrders::DiscountTooLarge');
  return { goodsAmount: goods.toString(), total: total.toString() };
}

async function checkWarehouse(tx: Tx, ctx: CrudContext, id: string | undefined) {
  if (!id) return null;
  const [w] = await tx
    .select({ id: logisticsWarehouses.id })
    .from(logisticsWarehouses)
    .where(owned(ctx, logisticsWarehouses, eq(logisticsWarehouses.id, id)));
  if (!w) throw fieldError('warehouseId', 'SalesOrders::WarehouseNotFound', [id]);
  return w.id;
}

function manualNo(now = new Date()) {
  const d = now.toISOString().slice(2, 10).replace(/-/g, '');
  const r = Math.floor(Math.random() * 36 ** 6)
    .toString(36)
    .toUpperCase()
    .padStart(6, '0');
  return `SO${d}${r}`;
}

async function writeLines(tx: Tx, order: OrderRow, lines: Priced[]) {
  const m = (v: Decimal.Value) => moneyText(v, order.currency);
  await tx.insert(salesOrderLines).values(
    lines.map((l, i) => ({
      tenantId: order.tenantId,
      orderId: order.id,
      lineNo: i + 1,
      sellerSku: l.sku,
      variantId: l.variantId,
      sku: l.sku,
      name: l.name.slice(0, 512),
      quantity: l.quantity,
      unitPrice: m(l.unitPrice),
      amount: m(new Decimal(l.unitPrice).times(l.quantity)),
    })),
  );
}

function manualValues(input: SalesOrderInput, lines: Priced[]) {
  const t = totals(lines, input.shippingFee, input.discount, input.currency);
  return {
    currency: input.currency,
    goodsAmount: t.goodsAmount,
    shippingFee: input.shippingFee,
    discount: input.discount,
    total: t.total,
    buyerName: input.buyerName,
    buyerEmail: input.buyerEmail ?? null,
    countryCode: input.countryCode,
    address: input.address ? { ...input.address, countryCode: input.address.countryCode ?? input.countryCode } : null,
    paymentMethod: input.paymentMethod ?? null,
    remark: input.remark ?? null,
  };
}

/** The tenant's shops, and whether each may be pulled from. */
export async function shops(tx: Tx, ctx: Ctx) {
  const rows = await tx
    .select({
      id: marketplaceShops.id,
      name: marketplaceShops.name,
      platform: marketplaceShops.platform,
      token: marketplaceShops.accessToken,
      status: marketplaceShops.status,
    })
    .from(marketplaceShops)
    .where(owned(ctx, marketplaceShops))
    .orderBy(asc(marketplaceShops.name));
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      platform: r.platform,
      authorized: !!r.token && r.status === 'active',
    })),
  };
}

/** A shop of the tenant's to pull from (404 when it is not the tenant's). */
export async function assertShop(tx: Tx, ctx: Ctx, id: string) {
  const [shop] = await tx
    .select({ id: marketplaceShops.id })
    .from(marketplaceShops)
    .where(owned(ctx, marketplaceShops, eq(marketplaceShops.id, id)));
  if (!shop) throw notFound('Shop', id);
}

/** Variants a manual order may take (at most 50), by SKU or product name. */
export async function variantOptions(tx: Tx, ctx: Ctx, filter?: string) {
  const rows = await liveVariants(tx, ctx, variantTextMatch(filter)).orderBy(asc(catalogProductVariants.sku)).limit(50);
  return {
    items: rows.map((r) => ({
      id: r.id,
      sku: r.sku,
      name: variantName(r),
      price: moneyText(r.price, r.currency),
      currency: r.currency,
    })),
  };
}

/** A manual order, Pending. */
export async function createOrder(tx: Tx, ctx: Ctx, input: SalesOrderInput): Promise<OrderRow> {
  const lines = await pricedLines(tx, ctx, input);
  const warehouseId = await checkWarehouse(tx, ctx, input.warehouseId);
  const [order] = await tx
    .insert(salesOrders)
    .values({
      tenantId: ctx.tenant?.id ?? null,
      orderNo: manualNo(),
      source: 'MANUAL',
      status: 'Pending',
      orderedAt: input.orderedAt ?? new Date(),
      warehouseId,
      creatorId: ctx.user?.id ?? null,
      ...manualValues(input, lines),
    })
    .returning();
  await writeLines(tx, order!, lines);
  await addEvent(tx, ctx, order!, 'Created', null, 'Pending');
  return order!;
}

/** A manual order while Pending: everything replaced, lines too. */
export async function updateOrder(tx: Tx, ctx: Ctx, id: string, input: SalesOrderInput): Promise<void> {
  const order = await lockOrder(tx, ctx, id);
  if (order.source !== 'MANUAL' || order.status !== 'Pending') {
    throw illegalTransition(ctx.culture, 'SalesOrders', order.status, 'edit');
  }
  const lines = await pricedLines(tx, ctx, input);
  const warehouseId = await checkWarehouse(tx, ctx, input.warehouseId);
  await tx.delete(salesOrderLines).where(eq(salesOrderLines.orderId, order.id));
  await writeLines(tx, order, lines);
  await tx
    .update(salesOrders)
    .set({
      ...manualValues(input, lines),
      warehouseId,
      orderedAt: input.orderedAt ?? order.orderedAt,
      lastModificationTime: new Date(),
      lastModifierId: ctx.user?.id ?? null,
      concurrencyStamp: sql`md5(random()::text)`,
    })
    .where(eq(salesOrders.id, order.id));
  await addEvent(tx, ctx, order, 'Updated', order.status, order.status);
}

/** A manual order while Pending. */
export async function deleteOrder(tx: Tx, ctx: Ctx, id: string): Promise<void> {
  const order = await lockOrder(tx, ctx, id);
  if (order.source !== 'MANUAL' || order.status !== 'Pending') {
    throw illegalTransition(ctx.culture, 'SalesOrders', order.status, 'delete');
  }
  await tx.delete(salesOrders).where(eq(salesOrders.id, order.id));
}

/** One action of the state table (confirm reserves, cancel releases). */
export async function act(
  services: OrderServices,
  tx: Tx,
  ctx: Ctx,
  id: string,
  action: SalesOrderAction,
  reason?: string,
): Promise<void> {
  const order = await lockOrder(tx, ctx, id);
  const to = nextState(salesOrderTransitions, order.status, action);
  // a payment is recorded once
  if (!to || (action === 'markPaid' && order.paidAt))
    throw illegalTransition(ctx.culture, 'SalesOrders', order.status, action);
  const lines = await linesOf(tx, order.id);
  if (action === 'confirm') {
    await confirmIn(services, tx, ctx, order, lines);
  } else if (action === 'cancel') {
    await cancelIn(services, tx, ctx, order, lines, reason ?? '');
  } else {
    // leaving a reserving state other than by shipping or cancelling does not happen in the table
    const extra: Partial<OrderRow> = action === 'markPaid' ? { paidAt: new Date() } : {};
    if (reservingStatuses.includes(order.status) && !reservingStatuses.includes(to)) {
      await releaseOrder(services, tx, ctx, order, lines);
    }
    await setStatus(tx, ctx, order, to, extra);
    await addEvent(tx, ctx, order, action, order.status, to, reason ?? null);
  }
}

/** Maps one line's seller SKU to a catalogue variant; the order's flag follows. */
export async function matchLine(tx: Tx, ctx: Ctx, id: string, lineId: string, variantId: string): Promise<void> {
  const order = await lockOrder(tx, ctx, id);
  const [line] = await tx
    .select()
    .from(salesOrderLines)
    .where(and(eq(salesOrderLines.id, lineId), eq(salesOrderLines.orderId, order.id)));
  if (!line) throw notFound('SalesOrderLine', lineId);
  if (line.reservedQty > 0 || line.shippedQty > 0 || !['Pending', 'Paid', 'Outofstock'].includes(order.status)) {
    throw illegalTransition(ctx.culture, 'SalesOrders', order.status, 'match');
  }
  const [v] = await tx
    .select({ id: catalogProductVariants.id, sku: catalogProductVariants.sku })
    .from(catalogProductVariants)
    .where(owned(ctx, catalogProductVariants, eq(catalogProductVariants.id, variantId)));
  if (!v) throw fieldError('variantId', 'SalesOrders::VariantNotFound', [variantId]);
  await tx.update(salesOrderLines).set({ variantId: v.id, sku: v.sku }).where(eq(salesOrderLines.id, line.id));
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(salesOrderLines)
    .where(and(eq(salesOrderLines.orderId, order.id), sql`${salesOrderLines.variantId} is null`));
  await tx
    .update(salesOrders)
    .set({ hasUnmatched: Number(left!.n) > 0, lastModificationTime: new Date() })
    .where(eq(salesOrders.id, order.id));
  await addEvent(tx, ctx, order, 'LineMatched', order.status, order.status, `${line.sellerSku} → ${v.sku}`);
}

export async function detail(tx: Tx, ctx: CrudContext, id: string): Promise<SalesOrderDto> {
  const [o] = await tx
    .select()
    .from(salesOrders)
    .where(owned(ctx, salesOrders, eq(salesOrders.id, id)));
  if (!o) throw notFound('SalesOrder', id);
  const lines = await linesOf(tx, o.id);
  const events = await tx
    .select()
    .from(salesOrderEvents)
    .where(eq(salesOrderEvents.orderId, o.id))
    .orderBy(asc(salesOrderEvents.time), asc(salesOrderEvents.id));
  const names = await shopNames(tx, [o.shopId]);
  return {
    ...listItem(o, names),
    goodsAmount: moneyText(o.goodsAmount, o.currency),
    shippingFee: moneyText(o.shippingFee, o.currency),
    discount: moneyText(o.discount, o.currency),
    refundedAmount: moneyText(o.refundedAmount, o.currency),
    refundable: moneyText(new Decimal(o.total).sub(o.refundedAmount), o.currency),
    buyerEmail: o.buyerEmail,
    address: o.address,
    paymentMethod: o.paymentMethod,
    paidAt: o.paidAt,
    platformUpdatedAt: o.platformUpdatedAt,
    warehouseId: o.warehouseId,
    remark: o.remark,
    actions: allowedSalesOrderActions(o.status).filter((a) => a !== 'markPaid' || !o.paidAt),
    concurrencyStamp: o.concurrencyStamp,
    lines: lines.map((l) => ({
      id: l.id,
      lineNo: l.lineNo,
      platformItemId: l.platformItemId,
      platformLineId: l.platformLineId,
      sellerSku: l.sellerSku,
      variantId: l.variantId,
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      unitPrice: moneyText(l.unitPrice, o.currency),
      amount: moneyText(l.amount, o.currency),
      reservedQty: l.reservedQty,
      shippedQty: l.shippedQty,
      returnedQty: l.returnedQty,
    })),
    events: events.map(transitionEventDto),
  };
}

/** Units of an order line the buyer sent back (a refund's returns, written by `trade/returns`). */
export async function addReturned(tx: Tx, lineId: string, qty: number) {
  await tx
    .update(salesOrderLines)
    .set({ returnedQty: sql`${salesOrderLines.returnedQty} + ${qty}` })
    .where(eq(salesOrderLines.id, lineId));
}

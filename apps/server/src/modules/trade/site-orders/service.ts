import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { money, moneyText, sum } from '../../../core/money.ts';
import type { OrderServices } from '../orders/commands.ts';
import { orderSteps } from '../orders/commands.ts';
import { type OrderAddress, salesOrderLines, salesOrders } from '../orders/schema.ts';
import { shipmentItems, shipments } from '../shipments/schema.ts';
import { stock } from '../stock/schema.ts';

const { addEvent, cancelIn, confirmIn, defaultWarehouse, linesOf, lockOrder } = orderSteps;

/** What a storefront's checkout hands the order book (sitekit's cart, priced in its currency). */
export interface SiteOrderInput {
  siteId: string;
  shopperId: string | null;
  currency: string;
  lines: { variantId: string; sku: string; name: string; quantity: number; unitPrice: string }[];
  shippingFee: string;
  buyerName: string;
  buyerEmail: string;
  address: OrderAddress;
  paymentMethod: string;
  warehouseId: string | null;
  remark: string | null;
}

/** `WS261207` + six random letters and digits: a site order's number. */
function siteOrderNo(now = new Date()) {
  const d = now.toISOString().slice(2, 10).replace(/-/g, '');
  const r = Math.floor(Math.random() * 36 ** 6)
    .toString(36)
    .toUpperCase()
    .padStart(6, '0');
  return `WS${d}${r}`;
}

/**
 * A storefront's order (source SITE), in the caller's unit: written Pending with its lines, then
 * confirmed like any order — its lines reserved in the site's warehouse (Processing), or
 * Outofstock with nothing reserved — so shipping, stock sync and finance treat it as they treat a
 * marketplace's.
 */
export async function placeSiteOrder(services: OrderServices, tx: Tx, ctx: CrudContext, input: SiteOrderInput) {
  const c = input.currency;
  const lineAmount = (l: SiteOrderInput['lines'][number]) => money(l.unitPrice, c).times(l.quantity).round();
  const goods = sum(c, input.lines.map(lineAmount));
  const [order] = await tx
    .insert(salesOrders)
    .values({
      tenantId: ctx.tenant?.id ?? null,
      orderNo: siteOrderNo(),
      source: 'SITE',
      siteId: input.siteId,
      shopperId: input.shopperId,
      status: 'Pending',
      currency: c,
      goodsAmount: goods.toString(),
      shippingFee: moneyText(input.shippingFee, c),
      discount: '0',
      total: sum(c, [goods, money(input.shippingFee, c)]).toString(),
      buyerName: input.buyerName,
      buyerEmail: input.buyerEmail,
      countryCode: input.address.countryCode,
      address: input.address,
      paymentMethod: input.paymentMethod,
      orderedAt: new Date(),
      warehouseId: input.warehouseId,
      remark: input.remark,
      creatorId: null,
    })
    .returning();
  await tx.insert(salesOrderLines).values(
    input.lines.map((l, i) => ({
      tenantId: order!.tenantId,
      orderId: order!.id,
      lineNo: i + 1,
      sellerSku: l.sku,
      variantId: l.variantId,
      sku: l.sku,
      name: l.name.slice(0, 512),
      quantity: l.quantity,
      unitPrice: moneyText(l.unitPrice, c),
      amount: lineAmount(l).toString(),
    })),
  );
  await addEvent(tx, ctx, order!, 'Placed', null, 'Pending', input.paymentMethod);
  return confirmIn(services, tx, ctx, order!, await linesOf(tx, order!.id));
}

/** A site's orders of one shopper (or one order), newest first, with their lines and first shipment (the storefront's "my orders"). */
export async function siteOrdersOf(
  tx: Tx,
  ctx: CrudContext,
  siteId: string,
  which: { shopperId: string } | { orderId: string },
  limit = 50,
) {
  const orders = await tx
    .select()
    .from(salesOrders)
    .where(
      owned(
        ctx,
        salesOrders,
        eq(salesOrders.siteId, siteId),
        'shopperId' in which ? eq(salesOrders.shopperId, which.shopperId) : eq(salesOrders.id, which.orderId),
      ),
    )
    .orderBy(desc(salesOrders.orderedAt))
    .limit(limit);
  if (!orders.length) return [];
  const ids = orders.map((o) => o.id);
  const lines = await tx
    .select()
    .from(salesOrderLines)
    .where(inArray(salesOrderLines.orderId, ids))
    .orderBy(salesOrderLines.lineNo);
  const shipped = await tx
    .select({ orderId: shipmentItems.orderId, trackingNo: shipments.trackingNo, shippedAt: shipments.shippedAt })
    .from(shipmentItems)
    .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
    .where(and(owned(ctx, shipmentItems, inArray(shipmentItems.orderId, ids)), isNotNull(shipments.shippedAt)))
    .orderBy(shipments.shippedAt);
  return orders.map((o) => ({
    order: o,
    lines: lines.filter((l) => l.orderId === o.id),
    shipment: shipped.find((s) => s.orderId === o.id) ?? null,
  }));
}

/** Whether the shopper has a site order holding the variant: a verified purchase. Answers the order's id. */
export async function siteOrderWith(tx: Tx, ctx: CrudContext, siteId: string, shopperId: string, variantIds: string[]) {
  if (!variantIds.length) return null;
  const [row] = await tx
    .select({ id: salesOrders.id })
    .from(salesOrders)
    .innerJoin(salesOrderLines, eq(salesOrderLines.orderId, salesOrders.id))
    .where(
      owned(
        ctx,
        salesOrders,
        eq(salesOrders.siteId, siteId),
        eq(salesOrders.shopperId, shopperId),
        inArray(salesOrderLines.variantId, variantIds),
        sql`${salesOrders.status} not in ('Cancel', 'Pending')`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Cancels a site order left unpaid, releasing its reservation (the storefront's unpaid-order job);
 * answers whether it did. Orders paid, shipped or cancelled meanwhile are left alone.
 */
export async function cancelUnpaidSiteOrder(
  services: OrderServices,
  tx: Tx,
  ctx: CrudContext,
  id: string,
  reason: string,
) {
  const order = await lockOrder(tx, ctx, id);
  if (order.source !== 'SITE' || order.paidAt || !['Pending', 'Processing', 'Outofstock'].includes(order.status))
    return false;
  await cancelIn(services, tx, ctx, order, await linesOf(tx, order.id), reason);
  return true;
}

/**
 * Units of each variant a storefront may still sell from `warehouseId` (the tenant's default
 * warehouse when null): on hand less reserved, never below 0.
 */
export async function availableStock(
  tx: Tx,
  ctx: CrudContext,
  warehouseId: string | null,
  variantIds: string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!variantIds.length) return out;
  const from = warehouseId ?? (await defaultWarehouse(tx, ctx));
  if (!from) return out;
  const rows = await tx
    .select({
      variantId: stock.variantId,
      available: sql<number>`greatest(${stock.onHand} - ${stock.reserved}, 0)::int`,
    })
    .from(stock)
    .where(owned(ctx, stock, eq(stock.warehouseId, from), inArray(stock.variantId, variantIds)));
  for (const r of rows) out.set(r.variantId, r.available);
  return out;
}

import {
  marketplaceOrderStatus,
  SALES_ORDERS_PULLED_EVENT,
  type SalesOrderPullResult,
  type SalesOrderStatus,
} from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CurrentTenant } from '../../../core/context.ts';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { moneyText } from '../../../core/money.ts';
import type { Services } from '../../../core/services.ts';
import { catalogProductVariants } from '../../catalog/index.ts';
import { marketplaceShops, shopClient } from '../../marketplaces/index.ts';
import { emitToTenant } from '../../notifications/index.ts';
import { type PulledOrder, pullOrders } from './marketplace.ts';
import { queueOrdersPull } from './queue.ts';
import { salesOrderLines, salesOrders } from './schema.ts';
import { addEvent, cancelIn, confirmIn, type OrderServices } from './service.ts';

/**
 * The pull of marketplace orders into sales orders: incremental by the marketplace's update time
 * (the watermark is the latest `platform_updated_at` of the shop's orders, less an overlap), and
 * idempotent by (shop, platform order id): an order seen again is updated, never doubled.
 *
 * Rules for an order seen again: its lines are replaced only while it holds no reservation and
 * nothing shipped (Pending, Paid, Outofstock); the marketplace's cancellation cancels it here too
 * (releasing its reservation); a later marketplace state (shipped, delivered, completed, refunded)
 * is taken over only by an order that holds no reservation (one we reserved for is moved on by its
 * shipment). Orders paid on the marketplace (Lazada pending / ready_to_ship, Shopee READY_TO_SHIP
 * / PROCESSED) with every line matched are confirmed at once: stock is reserved, or the order goes
 * to Outofstock.
 */

/** Overlap of the watermark: orders updated this long before the latest one are read again. */
export const WATERMARK_OVERLAP_MS = 10 * 60_000;
/** The first pull of a shop reads this far back. */
export const FIRST_PULL_DAYS = 30;

const prefix = { LAZADA: 'LZ', SHOPEE: 'SP' } as const;
const rank: Record<SalesOrderStatus, number> = {
  Pending: 0,
  Paid: 1,
  Outofstock: 2,
  Processing: 2,
  Packaged: 3,
  PartiallyShipped: 4,
  Shipped: 5,
  Delivered: 6,
  Completed: 7,
  PartiallyRefunded: 8,
  Refunded: 9,
  Cancel: 9,
};

type OrderRow = typeof salesOrders.$inferSelect;
type Outcome = 'created' | 'updated' | 'unchanged';

/** Seller SKUs (lower-cased) → the tenant's catalogue variant. */
async function variantsBySku(tx: Tx, ctx: CrudContext, skus: string[]) {
  const wanted = [...new Set(skus.map((s) => s.toLowerCase()).filter(Boolean))];
  if (!wanted.length) return new Map<string, { id: string; sku: string }>();
  const rows = await tx
    .select({ id: catalogProductVariants.id, sku: catalogProductVariants.sku })
    .from(catalogProductVariants)
    .where(owned(ctx, catalogProductVariants, inArray(sql`lower(${catalogProductVariants.sku})`, wanted)));
  return new Map(rows.map((r) => [r.sku.toLowerCase(), r]));
}

async function writeLines(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'tenantId'>,
  o: PulledOrder,
  found: Map<string, { id: string; sku: string }>,
) {
  if (!o.lines.length) return false;
  const rows = o.lines.map((l, i) => {
    const v = found.get(l.sellerSku.toLowerCase());
    return {
      tenantId: order.tenantId,
      orderId: order.id,
      lineNo: i + 1,
      platformItemId: l.platformItemId,
      platformLineId: l.platformLineId,
      sellerSku: l.sellerSku,
      variantId: v?.id ?? null,
      sku: v?.sku ?? null,
      name: l.name,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: moneyText(new Decimal(l.unitPrice).times(l.quantity), o.currency),
    };
  });
  await tx.insert(salesOrderLines).values(rows);
  return rows.some((r) => !r.variantId);
}

const orderValues = (o: PulledOrder) => ({
  platformStatus: o.status.slice(0, 40),
  currency: o.currency.slice(0, 3),
  goodsAmount: o.goodsAmount,
  shippingFee: o.shippingFee,
  discount: o.discount,
  total: o.total,
  buyerName: o.buyerName?.slice(0, 128) ?? null,
  countryCode: o.countryCode.slice(0, 2) || null,
  address: o.address,
  paymentMethod: o.paymentMethod?.slice(0, 40) ?? null,
  paidAt: o.paidAt,
  orderedAt: o.orderedAt,
  platformUpdatedAt: o.updatedAt,
});

/** Stores one pulled order (insert, or update by the rules above) in `tx`. */
export async function storePulled(
  services: OrderServices,
  tx: Tx,
  ctx: CrudContext,
  shop: { id: string; platform: 'LAZADA' | 'SHOPEE' },
  o: PulledOrder,
): Promise<Outcome> {
  const mapped = marketplaceOrderStatus(shop.platform, o.status);
  const found = await variantsBySku(
    tx,
    ctx,
    o.lines.map((l) => l.sellerSku),
  );
  const [inserted] = await tx
    .insert(salesOrders)
    .values({
      tenantId: ctx.tenant?.id ?? null,
      orderNo: `${prefix[shop.platform]}${o.platformOrderId}`.slice(0, 40),
      source: 'MARKETPLACE',
      platform: shop.platform,
      shopId: shop.id,
      platformOrderId: o.platformOrderId,
      status: mapped,
      ...orderValues(o),
      // the marketplace refunded the whole order (a partial refund's amount it does not say)
      ...(mapped === 'Refunded' ? { refundedAmount: o.total } : {}),
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    const unmatched = await writeLines(tx, inserted, o, found);
    let order = inserted;
    if (unmatched)
      [order] = (await tx
        .update(salesOrders)
        .set({ hasUnmatched: true })
        .where(eq(salesOrders.id, inserted.id))
        .returning()) as [OrderRow];
    await addEvent(tx, ctx, order, 'Pulled', null, mapped, o.status);
    if (mapped === 'Paid' && !unmatched && o.lines.length) await autoConfirm(services, tx, ctx, order);
    return 'created';
  }
  const [existing] = await tx
    .select()
    .from(salesOrders)
    .where(owned(ctx, salesOrders, eq(salesOrders.shopId, shop.id), eq(salesOrders.platformOrderId, o.platformOrderId)))
    .for('update');
  if (!existing) return 'unchanged';
  if (
    existing.platformStatus === o.status &&
    existing.platformUpdatedAt &&
    existing.platformUpdatedAt.getTime() >= o.updatedAt.getTime()
  ) {
    return 'unchanged';
  }
  const lines = await tx
    .select()
    .from(salesOrderLines)
    .where(eq(salesOrderLines.orderId, existing.id))
    .orderBy(asc(salesOrderLines.lineNo));
  const holds = lines.some((l) => l.reservedQty > 0 || l.shippedQty > 0);
  const open = ['Pending', 'Paid', 'Outofstock'].includes(existing.status) && !holds;
  let hasUnmatched = existing.hasUnmatched;
  if (open && o.lines.length) {
    await tx.delete(salesOrderLines).where(eq(salesOrderLines.orderId, existing.id));
    hasUnmatched = await writeLines(tx, existing, o, found);
  }
  const values = open ? orderValues(o) : { platformStatus: o.status.slice(0, 40), platformUpdatedAt: o.updatedAt };
  let [order] = (await tx
    .update(salesOrders)
    .set({ ...values, hasUnmatched, lastModificationTime: new Date() })
    .where(eq(salesOrders.id, existing.id))
    .returning()) as [OrderRow];
  const current = order.status;
  if (mapped === 'Cancel' && current !== 'Cancel' && current !== 'Refunded') {
    const fresh = await tx.select().from(salesOrderLines).where(eq(salesOrderLines.orderId, order.id));
    await cancelIn(services, tx, ctx, order, fresh, `${o.status}`);
  } else if (!holds && rank[mapped] > rank[current] && mapped !== 'Paid') {
    await tx
      .update(salesOrders)
      .set({ status: mapped, ...(mapped === 'Refunded' ? { refundedAmount: order.total } : {}) })
      .where(eq(salesOrders.id, order.id));
    await addEvent(tx, ctx, order, 'PlatformUpdated', current, mapped, o.status);
  } else if (mapped === 'Paid' && current === 'Pending') {
    [order] = (await tx
      .update(salesOrders)
      .set({ status: 'Paid' })
      .where(eq(salesOrders.id, order.id))
      .returning()) as [OrderRow];
    await addEvent(tx, ctx, order, 'PlatformUpdated', current, 'Paid', o.status);
    if (!hasUnmatched) await autoConfirm(services, tx, ctx, order);
  } else {
    await addEvent(tx, ctx, order, 'PlatformUpdated', current, current, o.status);
  }
  return 'updated';
}

async function autoConfirm(services: OrderServices, tx: Tx, ctx: CrudContext, order: OrderRow) {
  const lines = await tx
    .select()
    .from(salesOrderLines)
    .where(eq(salesOrderLines.orderId, order.id))
    .orderBy(asc(salesOrderLines.lineNo));
  await confirmIn(services, tx, ctx, order, lines);
}

/** Where the next pull of a shop starts. */
export async function watermark(tx: Tx, ctx: CrudContext, shopId: string, now = Date.now()): Promise<Date> {
  const [row] = await tx
    .select({ at: sql<Date | string | null>`max(${salesOrders.platformUpdatedAt})` })
    .from(salesOrders)
    .where(owned(ctx, salesOrders, eq(salesOrders.shopId, shopId)));
  const at = row?.at ? new Date(row.at) : null;
  return at ? new Date(at.getTime() - WATERMARK_OVERLAP_MS) : new Date(now - FIRST_PULL_DAYS * 86_400_000);
}

/** Pulls one shop's orders (the tenant's context); counts of what happened. */
export async function pullShop(services: Services, tenant: CurrentTenant | null, shopId: string) {
  const ctx: CrudContext = { tenant, user: null };
  const access = await shopClient(services, tenant, shopId);
  const shop = { id: access.shop.id, platform: access.shop.platform, region: access.shop.region };
  const since = await services.data.inTenant(ctx, (tx) => watermark(tx, ctx, shop.id));
  const counts = { created: 0, updated: 0, unchanged: 0 };
  await pullOrders(shop, access.client, since, async (orders) => {
    await services.data.inTenant(ctx, async (tx) => {
      // pulls of one shop take turns (the scheduled one and one asked for)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`trade.orders.pull:${shop.id}`}, 0))`);
      for (const o of orders) {
        if (!o.platformOrderId) continue;
        counts[await storePulled(services, tx, ctx, shop, o)]++;
      }
    });
  });
  return counts;
}

/** A pull job: one shop, or every authorized shop of the tenant. Pushes the result to the tenant. */
export async function runPull(
  services: Services,
  data: { tenantId: string | null; shopId?: string | null },
  onShop?: (done: number, total: number) => Promise<unknown>,
): Promise<SalesOrderPullResult> {
  const tenant = data.tenantId ? await services.tenants.find(data.tenantId) : null;
  const result: SalesOrderPullResult = { shops: 0, created: 0, updated: 0, unchanged: 0, failed: [] };
  if (data.tenantId && !tenant) return result;
  const ctx = { tenant, user: null };
  const ids = data.shopId
    ? [data.shopId]
    : (
        await services.data.inTenant(ctx, (tx) =>
          tx
            .select({ id: marketplaceShops.id })
            .from(marketplaceShops)
            .where(
              owned(
                ctx,
                marketplaceShops,
                isNotNull(marketplaceShops.accessToken),
                eq(marketplaceShops.status, 'active'),
              ),
            ),
        )
      ).map((r) => r.id);
  for (const [i, id] of ids.entries()) {
    try {
      const c = await pullShop(services, tenant, id);
      result.created += c.created;
      result.updated += c.updated;
      result.unchanged += c.unchanged;
    } catch (e) {
      result.failed.push({ shopId: id, message: (e as Error).message?.slice(0, 300) ?? 'failed' });
    }
    result.shops++;
    await onShop?.(i + 1, ids.length);
  }
  emitToTenant(services, data.tenantId, SALES_ORDERS_PULLED_EVENT, result);
  return result;
}

/** The scheduled pass: a pull job per authorized shop of every tenant. */
export async function pullAllShops(services: Services) {
  const rows = await services.data.unscoped((tx) =>
    tx
      .select({ tenantId: marketplaceShops.tenantId, id: marketplaceShops.id })
      .from(marketplaceShops)
      .where(and(isNotNull(marketplaceShops.accessToken), eq(marketplaceShops.status, 'active'))),
  );
  for (const r of rows) await queueOrdersPull(services, { tenantId: r.tenantId, shopId: r.id });
  return { shops: rows.length };
}

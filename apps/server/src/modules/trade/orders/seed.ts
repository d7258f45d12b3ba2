import type { SalesOrderStatus } from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { asc, eq, sql } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import { moneyText } from '../../../core/money.ts';
import type { Services } from '../../../core/services.ts';
import { catalogProductVariants } from '../../catalog/index.ts';
import { tenantCurrency } from '../../logistics/index.ts';
import { marketplaceShops } from '../../marketplaces/index.ts';
import { salesOrderEvents, salesOrderLines, salesOrders } from './schema.ts';
import { liveVariants } from './service.ts';
import { defaultWarehouse, reserveOrder } from './stock.ts';

/** A small deterministic generator (the same demo on every seed). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The currency a buyer's country pays in (manual orders; shops sell in their region's). */
const CURRENCY_OF: Record<string, string> = { MY: 'MYR', SG: 'SGD', JP: 'JPY', VN: 'VND' };
/** A manual order's shipping fee and the most a discount takes, in the order's currency. */
const LOCAL: Record<string, { shipping: number; discountCap: number }> = {
  JPY: { shipping: 800, discountCap: 2000 },
  VND: { shipping: 30000, discountCap: 300000 },
};

const buyers = [
  ['Aisyah Rahman', 'MY', 'Kuala Lumpur'],
  ['Tan Wei Jie', 'SG', 'Singapore'],
  ['Nurul Huda', 'MY', 'Penang'],
  ['Lim Mei Ling', 'SG', 'Singapore'],
  ['Muhammad Faiz', 'MY', 'Johor Bahru'],
  ['Chloe Ng', 'SG', 'Singapore'],
  ['Siti Aminah', 'MY', 'Shah Alam'],
  ['Ravi Kumar', 'MY', 'Ipoh'],
  // manual orders of a Japanese and a Vietnamese buyer: in whole yen and dong
  ['Sato Yuki', 'JP', 'Tokyo'],
  ['Nguyen Thi Mai', 'VN', 'Ho Chi Minh City'],
] as const;

/** A status by the order's age in days (old ones done, recent ones still open). */
function statusOf(age: number, r: number): SalesOrderStatus {
  if (age > 14) {
    if (r < 0.78) return 'Completed';
    if (r < 0.86) return 'Delivered';
    if (r < 0.94) return 'Cancel';
    if (r < 0.97) return 'Refunded';
    return 'PartiallyRefunded';
  }
  if (age > 3) {
    if (r < 0.45) return 'Shipped';
    if (r < 0.75) return 'Delivered';
    if (r < 0.85) return 'Completed';
    return 'Cancel';
  }
  if (r < 0.3) return 'Pending';
  if (r < 0.45) return 'Paid';
  if (r < 0.9) return 'Processing';
  return 'Packaged';
}

/**
 * The marketplace's own status of a demo order in each state (what the simulator holds for it, and
 * what a pull reads back): chosen so that reading it back moves no demo order on.
 */
const PLATFORM_STATUS: Partial<Record<SalesOrderStatus, { LAZADA: string; SHOPEE: string }>> = {
  Pending: { LAZADA: 'unpaid', SHOPEE: 'UNPAID' },
  Shipped: { LAZADA: 'shipped', SHOPEE: 'SHIPPED' },
  Delivered: { LAZADA: 'delivered', SHOPEE: 'TO_CONFIRM_RECEIVE' },
  Completed: { LAZADA: 'confirmed', SHOPEE: 'COMPLETED' },
  PartiallyRefunded: { LAZADA: 'confirmed', SHOPEE: 'COMPLETED' },
  Refunded: { LAZADA: 'returned', SHOPEE: 'TO_RETURN' },
  Cancel: { LAZADA: 'canceled', SHOPEE: 'CANCELLED' },
};
/** Paid and waiting for the seller (Paid, Processing, Packaged, Outofstock). */
const WAITING = { LAZADA: 'pending', SHOPEE: 'READY_TO_SHIP' };

const platformStatusOf = (platform: 'LAZADA' | 'SHOPEE', status: SalesOrderStatus): string =>
  (PLATFORM_STATUS[status] ?? WAITING)[platform];

const shipped = new Set<SalesOrderStatus>(['Shipped', 'Delivered', 'Completed', 'PartiallyRefunded', 'Refunded']);
const CHUNK = 500;

/**
 * Demo data of the orders area for tenant demo (idempotent: nothing when the tenant has orders):
 * three months of orders (about 3 000 with DEMO_VOLUME full, 40 small) across demo's Lazada and
 * Shopee shops (platform order ids shaped as each platform's) and some manual ones, with lines on
 * demo variants; old orders mostly done, recent ones open. Processing and Packaged orders reserve
 * their stock through `moveStock` (an order whose stock is short is left Outofstock). Orders,
 * lines and history rows are inserted in batches. A marketplace order carries the status its
 * marketplace shows (`platformStatusOf`); the simulator is given the same orders once the server
 * listens (`demo-simulator.ts`). True when it wrote the orders.
 */
export async function seedDemo(services: Services, demo: CurrentTenant): Promise<boolean> {
  const ctx = systemContext(demo);
  const total = services.config.demoVolume === 'small' ? 40 : 3000;
  const { rates } = await tenantCurrency(services, ctx);
  return services.data.inTenant(ctx, async (tx) => {
    const [any] = await tx.select({ id: salesOrders.id }).from(salesOrders).where(owned(ctx, salesOrders)).limit(1);
    if (any) return false;
    const variants = await liveVariants(tx, ctx).orderBy(asc(catalogProductVariants.sku)).limit(200);
    if (!variants.length) return false;
    const shops = await tx
      .select({ id: marketplaceShops.id, platform: marketplaceShops.platform })
      .from(marketplaceShops)
      .where(owned(ctx, marketplaceShops))
      .orderBy(asc(marketplaceShops.creationTime));
    const lazada = shops.find((s) => s.platform === 'LAZADA');
    const shopee = shops.find((s) => s.platform === 'SHOPEE');
    const warehouseId = await defaultWarehouse(tx, ctx);
    const rnd = random(16);
    const now = Date.now();
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    type Row = typeof salesOrders.$inferInsert;
    type Line = Omit<typeof salesOrderLines.$inferInsert, 'orderId'>;
    const orders: Array<{ row: Row; lines: Line[] }> = [];
    for (let i = 0; i < total; i++) {
      // older orders thinner, recent ones denser; the newest few within the last days
      const age = i < total * 0.06 ? rnd() * 3 : 90 * rnd() ** 1.3;
      const orderedAt = new Date(now - age * 86_400_000 - rnd() * 3_600_000);
      const pick = rnd();
      const shop = pick < 0.5 ? lazada : pick < 0.9 ? shopee : undefined;
      const platform = shop?.platform ?? null;
      const status = statusOf(age, rnd());
      const [buyer, country, city] = buyers[Math.floor(rnd() * buyers.length)]!;
      const countryCode = platform === 'LAZADA' ? 'MY' : platform === 'SHOPEE' ? 'SG' : country;
      const currency = CURRENCY_OF[countryCode] ?? 'MYR';
      const rate = rates[currency];
      if (!rate) throw new Error(`demo orders: no exchange rate for ${currency}`);
      const m = (v: Decimal.Value) => new Decimal(moneyText(v, currency));
      const ymd = orderedAt.toISOString().slice(2, 10).replace(/-/g, '');
      const code = Array.from({ length: 8 }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
      const platformOrderId =
        platform === 'LAZADA'
          ? String(400_000_000_000_000 + i * 7919 + Math.floor(rnd() * 1000))
          : platform === 'SHOPEE'
            ? `${ymd}${code}`
            : null;
      const orderNo =
        platform === 'LAZADA'
          ? `LZ${platformOrderId}`
          : platform === 'SHOPEE'
            ? `SP${platformOrderId}`
            : `SO${ymd}${code.slice(0, 6)}`;
      const n = 1 + Math.floor(rnd() * rnd() * 3);
      const lines: Line[] = [];
      let goods = new Decimal(0);
      for (let k = 0; k < n; k++) {
        const v = variants[Math.floor(rnd() * variants.length)]!;
        const quantity = 1 + Math.floor(rnd() * rnd() * 3);
        // the catalogue's price is in the tenant's currency; the shop sells in its own
        const unit = m(new Decimal(v.price).div(rate));
        const amount = unit.times(quantity);
        goods = goods.plus(amount);
        lines.push({
          tenantId: demo.id,
          lineNo: k + 1,
          platformItemId: platform ? String(3_000_000 + Math.floor(rnd() * 90_000)) : null,
          platformLineId: null,
          sellerSku: v.sku,
          variantId: v.id,
          sku: v.sku,
          name: `${v.name} ${v.label}`.trim().slice(0, 512),
          quantity,
          unitPrice: moneyText(unit, currency),
          amount: moneyText(amount, currency),
          shippedQty: shipped.has(status) ? quantity : 0,
        });
      }
      const local = LOCAL[currency] ?? { shipping: 10, discountCap: 20 };
      const shippingFee = new Decimal(platform ? [0, 3.5, 5, 7.9][Math.floor(rnd() * 4)]! : local.shipping);
      const discount = rnd() < 0.25 ? Decimal.min(m(goods.times(0.1)), local.discountCap) : new Decimal(0);
      const orderTotal = goods.plus(shippingFee).minus(discount);
      // a refund records its amount: all of it, or (partial) one unit of the first line, at most half
      const refunded =
        status === 'Refunded'
          ? orderTotal
          : status === 'PartiallyRefunded'
            ? Decimal.min(new Decimal(lines[0]!.unitPrice), m(orderTotal.div(2)))
            : new Decimal(0);
      orders.push({
        row: {
          tenantId: demo.id,
          orderNo,
          source: platform ? 'MARKETPLACE' : 'MANUAL',
          platform,
          shopId: shop?.id ?? null,
          platformOrderId,
          platformStatus: platform ? platformStatusOf(platform, status) : null,
          status,
          currency,
          goodsAmount: moneyText(goods, currency),
          shippingFee: moneyText(shippingFee, currency),
          discount: moneyText(discount, currency),
          total: moneyText(orderTotal, currency),
          refundedAmount: moneyText(refunded, currency),
          buyerName: buyer,
          countryCode,
          address: {
            name: buyer,
            phone: countryCode === 'SG' ? '6591234567' : '60123456789',
            line1: `${10 + (i % 90)} Jalan Demo`,
            line2: null,
            city,
            state: null,
            postCode: countryCode === 'SG' ? '238801' : '50000',
            countryCode,
          },
          paymentMethod: rnd() < 0.3 ? 'COD' : 'Online',
          paidAt: status === 'Pending' ? null : orderedAt,
          orderedAt,
          platformUpdatedAt: platform ? orderedAt : null,
          warehouseId,
          creationTime: orderedAt,
        },
        lines,
      });
    }
    for (let c = 0; c < orders.length; c += CHUNK) {
      const chunk = orders.slice(c, c + CHUNK);
      const ids = await tx
        .insert(salesOrders)
        .values(chunk.map((o) => o.row))
        .onConflictDoNothing()
        .returning({ id: salesOrders.id, orderNo: salesOrders.orderNo });
      const byNo = new Map(ids.map((r) => [r.orderNo, r.id]));
      const lines = chunk.flatMap((o) => {
        const id = byNo.get(o.row.orderNo);
        return id ? o.lines.map((l) => ({ ...l, orderId: id })) : [];
      });
      for (let k = 0; k < lines.length; k += 1000) await tx.insert(salesOrderLines).values(lines.slice(k, k + 1000));
      await tx.insert(salesOrderEvents).values(
        chunk
          .filter((o) => byNo.has(o.row.orderNo))
          .map((o) => ({
            tenantId: demo.id,
            orderId: byNo.get(o.row.orderNo)!,
            time: o.row.orderedAt,
            event: o.row.source === 'MANUAL' ? 'Created' : 'Pulled',
            fromStatus: null,
            toStatus: o.row.status,
          })),
      );
    }
    // reservations of the open, confirmed orders (Outofstock when the stock is short)
    const open = await tx
      .select()
      .from(salesOrders)
      .where(owned(ctx, salesOrders, sql`${salesOrders.status} in ('Processing', 'Packaged')`));
    for (const o of open) {
      const lines = await tx.select().from(salesOrderLines).where(eq(salesOrderLines.orderId, o.id));
      const { short } = await reserveOrder(services, tx, ctx, o, lines);
      if (short !== null) {
        await tx.update(salesOrders).set({ status: 'Outofstock' }).where(eq(salesOrders.id, o.id));
        await tx.update(salesOrderEvents).set({ toStatus: 'Outofstock' }).where(eq(salesOrderEvents.orderId, o.id));
      }
    }
    return true;
  });
}

import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, count as countRows, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.ts';
import type { SimPlatform } from './accounts.ts';
import { simItems, simOrderLines, simOrders, simSkus } from './schema.ts';
import { cents, count, settleReviews } from './state.ts';

/**
 * Orders: the simulator makes them for live items when told (`POST /marketplace-sim/control/orders`),
 * taking the stock they sell. Statuses cycle through the platform's own (Lazada §1.7: pending,
 * ready_to_ship, shipped, delivered, canceled, unpaid; Shopee §2.6: READY_TO_SHIP, UNPAID, PROCESSED,
 * SHIPPED, COMPLETED, CANCELLED). Read by Lazada `GET /orders/get`, `/order/get`, `/order/items/get`
 * and Shopee `GET /api/v2/order/get_order_list`, `/get_order_detail`.
 *
 * Lazada ids: `order_id` and `order_number` are the same 15-digit number (as text); order item ids
 * are numbers. Shopee `order_sn`: yymmdd + 8 letters and digits. Amounts are decimal text on
 * Lazada and numbers on Shopee, as each platform answers.
 */

const lazadaCycle = ['pending', 'pending', 'ready_to_ship', 'shipped', 'delivered', 'canceled', 'unpaid'];
const shopeeCycle = ['READY_TO_SHIP', 'READY_TO_SHIP', 'UNPAID', 'PROCESSED', 'SHIPPED', 'COMPLETED', 'CANCELLED'];
const buyers = [
  ['Aisyah', 'Rahman'],
  ['Wei Jie', 'Tan'],
  ['Somchai', 'Boonmee'],
  ['Linh', 'Nguyen'],
  ['Maria', 'Santos'],
  ['Budi', 'Santoso'],
];

const fromCents = (c: bigint) => {
  const s = c.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};

function orderSn(platform: SimPlatform): string {
  if (platform === 'lazada') return String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100_000, 999_999));
  const d = new Date();
  const yymmdd = `${String(d.getUTCFullYear()).slice(2)}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return yymmdd + [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** Makes `n` orders of one or two lines each from the shop's live SKUs; the order numbers. */
/** The lines of `orders`, in the order they were written (none for none). */
export async function linesOfOrders(tx: Tx, orders: { id: number }[]) {
  if (!orders.length) return [];
  return tx
    .select()
    .from(simOrderLines)
    .where(
      inArray(
        simOrderLines.orderId,
        orders.map((o) => o.id),
      ),
    )
    .orderBy(asc(simOrderLines.id));
}

export async function generateOrders(tx: Tx, platform: SimPlatform, shopId: string, n: number): Promise<string[]> {
  await settleReviews(tx, platform, shopId);
  const skus = await tx
    .select({ sku: simSkus, item: simItems })
    .from(simSkus)
    .innerJoin(simItems, eq(simItems.id, simSkus.itemId))
    .where(
      and(
        eq(simSkus.platform, platform),
        eq(simSkus.shopId, shopId),
        eq(simSkus.deleted, false),
        eq(simItems.status, 'live'),
        eq(simItems.listed, true),
        ...(platform === 'lazada' ? [eq(simSkus.active, true)] : []),
      ),
    )
    .orderBy(desc(simSkus.id))
    .limit(200);
  if (!skus.length) return [];
  const [{ made }] = (await tx
    .select({ made: countRows() })
    .from(simOrders)
    .where(and(eq(simOrders.platform, platform), eq(simOrders.shopId, shopId)))) as [{ made: number }];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const seq = Number(made) + i;
    const status =
      platform === 'lazada' ? lazadaCycle[seq % lazadaCycle.length]! : shopeeCycle[seq % shopeeCycle.length]!;
    const picked = [skus[randomInt(skus.length)]!];
    if (skus.length > 1 && randomInt(2) === 1) {
      const other = skus[randomInt(skus.length)]!;
      if (other.sku.id !== picked[0]!.sku.id) picked.push(other);
    }
    const lines = picked.map(({ sku, item }) => ({
      sku,
      item,
      quantity: 1 + randomInt(2),
      price: sku.specialPrice ?? sku.price,
    }));
    const total = lines.reduce((sum, l) => sum + cents(l.price) * BigInt(l.quantity), 0n);
    const [first, last] = buyers[seq % buyers.length]!;
    const sn = orderSn(platform);
    const [order] = await tx
      .insert(simOrders)
      .values({
        platform,
        shopId,
        orderSn: sn,
        status,
        currency: picked[0]!.item.currency,
        total: fromCents(total),
        shippingFee: '5.00',
        data: {
          buyer: { first_name: first, last_name: last, phone: '60123456789' },
          address: { address1: `${10 + seq} Jalan Simulasi`, city: 'Kuala Lumpur', post_code: '50000' },
          payment_method: seq % 3 === 0 ? 'COD' : 'Online',
        },
      })
      .returning();
    await tx.insert(simOrderLines).values(
      lines.map((l) => ({
        orderId: order!.id,
        itemId: l.item.id,
        skuId: l.sku.id,
        sellerSku: l.sku.sellerSku,
        name: l.item.name,
        quantity: l.quantity,
        price: l.price,
      })),
    );
    for (const l of lines) {
      await tx
        .update(simSkus)
        .set({ quantity: sql`greatest(${simSkus.quantity} - ${l.quantity}, 0)` })
        .where(eq(simSkus.id, l.sku.id));
    }
    out.push(sn);
  }
  return out;
}

type OrderRow = typeof simOrders.$inferSelect;

// ---------------------------------------------------------------- Lazada

interface LzOrderCall {
  params: Record<string, string>;
  shop: string;
}

class OrderParamError extends Error {}

/** Thrown by the order APIs; each platform's plugin maps it to its own parameter error. */
export const isOrderParamError = (e: unknown): e is Error => e instanceof OrderParamError;

function lazadaOrder(o: OrderRow, items: number) {
  const d = o.data as { buyer: Record<string, string>; address: Record<string, string>; payment_method: string };
  const address = {
    first_name: d.buyer.first_name,
    last_name: d.buyer.last_name,
    phone: d.buyer.phone,
    phone2: '',
    address1: d.address.address1,
    address2: '',
    address3: '',
    address4: '',
    address5: '',
    city: d.address.city,
    post_code: d.address.post_code,
    country: o.currency === 'MYR' ? 'Malaysia' : o.currency,
    addressDsitrict: '',
  };
  return {
    order_id: o.orderSn,
    order_number: o.orderSn,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    statuses: [o.status],
    price: o.total,
    shipping_fee: o.shippingFee,
    shipping_fee_original: o.shippingFee,
    shipping_fee_discount_seller: '0.00',
    shipping_fee_discount_platform: '0.00',
    voucher: '0.00',
    voucher_seller: '0.00',
    voucher_platform: '0.00',
    payment_method: d.payment_method,
    items_count: items,
    promised_shipping_times: '',
    warehouse_code: 'dropshipping',
    buyer_note: '',
    gift_option: false,
    gift_message: '',
    customer_first_name: d.buyer.first_name,
    customer_last_name: d.buyer.last_name,
    address_shipping: address,
    address_billing: address,
    tax_code: '',
    branch_number: '',
  };
}

async function lineCounts(tx: Tx, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await tx
    .select({ id: simOrderLines.orderId, n: sql<number>`sum(${simOrderLines.quantity})` })
    .from(simOrderLines)
    .where(inArray(simOrderLines.orderId, ids))
    .groupBy(simOrderLines.orderId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

async function lazadaOrderBySn(tx: Tx, c: LzOrderCall) {
  const sn = c.params.order_id;
  if (!sn) throw new OrderParamError('order_id is mandatory');
  const [o] = await tx
    .select()
    .from(simOrders)
    .where(and(eq(simOrders.platform, 'lazada'), eq(simOrders.shopId, c.shop), eq(simOrders.orderSn, sn)));
  if (!o) throw new OrderParamError(`Order ${sn} does not exist`);
  return o;
}

export const lazadaOrderApis: Record<string, (tx: Tx, c: LzOrderCall) => Promise<unknown>> = {
  '/orders/get': async (tx, c) => {
    const p = c.params;
    if (!p.created_after && !p.update_after) throw new OrderParamError('created_after or update_after is mandatory');
    const where: SQL[] = [eq(simOrders.platform, 'lazada'), eq(simOrders.shopId, c.shop)];
    for (const [name, column, op] of [
      ['created_after', simOrders.createdAt, gte],
      ['created_before', simOrders.createdAt, lte],
      ['update_after', simOrders.updatedAt, gte],
      ['update_before', simOrders.updatedAt, lte],
    ] as const) {
      if (!p[name]) continue;
      const t = Date.parse(p[name]!);
      if (Number.isNaN(t)) throw new OrderParamError(`${name} must be an ISO 8601 date`);
      where.push(op(column, new Date(t)));
    }
    if (p.status && p.status !== 'all') where.push(eq(simOrders.status, p.status));
    const limit = count(p.limit ?? '100');
    const offset = count(p.offset ?? '0');
    if (limit === null || limit < 1 || limit > 100) throw new OrderParamError('limit must be 1..100');
    if (offset === null) throw new OrderParamError('offset must be a number ≥ 0');
    const [{ n }] = (await tx
      .select({ n: countRows() })
      .from(simOrders)
      .where(and(...where))) as [{ n: number }];
    const rows = await tx
      .select()
      .from(simOrders)
      .where(and(...where))
      .orderBy(p.sort_direction === 'ASC' ? simOrders.createdAt : desc(simOrders.createdAt), desc(simOrders.id))
      .limit(limit)
      .offset(offset);
    const counts = await lineCounts(
      tx,
      rows.map((r) => r.id),
    );
    return {
      count: rows.length,
      countTotal: Number(n),
      orders: rows.map((o) => lazadaOrder(o, counts.get(o.id) ?? 0)),
    };
  },
  '/order/get': async (tx, c) => {
    const o = await lazadaOrderBySn(tx, c);
    return lazadaOrder(o, (await lineCounts(tx, [o.id])).get(o.id) ?? 0);
  },
  '/order/items/get': async (tx, c) => {
    const o = await lazadaOrderBySn(tx, c);
    const lines = await tx
      .select()
      .from(simOrderLines)
      .where(eq(simOrderLines.orderId, o.id))
      .orderBy(simOrderLines.id);
    // Lazada has one order item per unit sold
    return lines.flatMap((l) =>
      Array.from({ length: l.quantity }, (_, k) => ({
        order_item_id: l.id * 100 + k,
        order_id: o.orderSn,
        name: l.name,
        sku: l.sellerSku,
        sku_id: l.skuId,
        shop_sku: `${l.itemId}-${l.skuId}`,
        product_id: l.itemId,
        item_price: l.price,
        paid_price: l.price,
        currency: o.currency,
        status: o.status,
        shipping_provider_type: 'standard',
        shipment_provider: '',
        tracking_code: '',
        created_at: o.createdAt.toISOString(),
        updated_at: o.updatedAt.toISOString(),
      })),
    );
  },
};

// ---------------------------------------------------------------- Shopee

interface SpOrderCall {
  query: Record<string, unknown>;
  shop: string;
  region: string;
}

const num = (v: unknown) => (typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : null);

export async function shopeeOrderList(tx: Tx, c: SpOrderCall) {
  const q = c.query;
  const field = q.time_range_field;
  if (field !== 'create_time' && field !== 'update_time') {
    throw new OrderParamError('time_range_field must be create_time or update_time');
  }
  const from = num(q.time_from);
  const to = num(q.time_to);
  if (from === null || to === null || to < from) throw new OrderParamError('time_from and time_to are mandatory');
  if (to - from > 15 * 86_400) throw new OrderParamError('The time range must be at most 15 days');
  const pageSize = num(q.page_size);
  if (pageSize === null || pageSize < 1 || pageSize > 100) throw new OrderParamError('page_size must be 1..100');
  const offset = q.cursor === undefined || q.cursor === '' ? 0 : num(q.cursor);
  if (offset === null) throw new OrderParamError('cursor is invalid');
  const column = field === 'create_time' ? simOrders.createdAt : simOrders.updatedAt;
  const where: SQL[] = [
    eq(simOrders.platform, 'shopee'),
    eq(simOrders.shopId, c.shop),
    gte(column, new Date(from * 1000)),
    lte(column, new Date(to * 1000)),
  ];
  if (typeof q.order_status === 'string' && q.order_status) where.push(eq(simOrders.status, q.order_status));
  const rows = await tx
    .select({ sn: simOrders.orderSn, status: simOrders.status })
    .from(simOrders)
    .where(and(...where))
    .orderBy(desc(column), desc(simOrders.id))
    .limit(pageSize + 1)
    .offset(offset);
  const more = rows.length > pageSize;
  return {
    more,
    next_cursor: more ? String(offset + pageSize) : '',
    order_list: rows.slice(0, pageSize).map((r) => ({ order_sn: r.sn, order_status: r.status })),
  };
}

export async function shopeeOrderDetail(tx: Tx, c: SpOrderCall) {
  const list = typeof c.query.order_sn_list === 'string' ? c.query.order_sn_list.split(',').filter(Boolean) : [];
  if (!list.length || list.length > 50) throw new OrderParamError('order_sn_list must name 1..50 orders');
  const orders = await tx
    .select()
    .from(simOrders)
    .where(and(eq(simOrders.platform, 'shopee'), eq(simOrders.shopId, c.shop), inArray(simOrders.orderSn, list)));
  const lines = await linesOfOrders(tx, orders);
  // an item without variations sells its model 0
  const defaults = lines.length
    ? new Set(
        (
          await tx
            .select({ id: simSkus.id })
            .from(simSkus)
            .where(and(inArray(simSkus.id, [...new Set(lines.map((l) => l.skuId))]), eq(simSkus.isDefault, true)))
        ).map((r) => r.id),
      )
    : new Set<number>();
  return {
    order_list: orders.map((o) => {
      const d = o.data as { buyer: Record<string, string>; address: Record<string, string>; payment_method: string };
      return {
        order_sn: o.orderSn,
        region: c.region,
        currency: o.currency,
        cod: d.payment_method === 'COD',
        total_amount: Number(o.total) + Number(o.shippingFee),
        order_status: o.status,
        shipping_carrier: `Standard Delivery (${c.region})`,
        payment_method: d.payment_method === 'COD' ? 'Cash on Delivery' : 'Online Banking',
        estimated_shipping_fee: Number(o.shippingFee),
        message_to_seller: '',
        create_time: Math.floor(o.createdAt.getTime() / 1000),
        update_time: Math.floor(o.updatedAt.getTime() / 1000),
        days_to_ship: 3,
        ship_by_date: Math.floor(o.createdAt.getTime() / 1000) + 3 * 86_400,
        buyer_username: `${d.buyer.first_name}`.toLowerCase().replace(/\s+/g, ''),
        recipient_address: {
          name: `${d.buyer.first_name} ${d.buyer.last_name}`,
          phone: d.buyer.phone,
          full_address: `${d.address.address1}, ${d.address.city} ${d.address.post_code}`,
          city: d.address.city,
          zipcode: d.address.post_code,
          region: c.region,
        },
        item_list: lines
          .filter((l) => l.orderId === o.id)
          .map((l) => ({
            item_id: l.itemId,
            item_name: l.name,
            item_sku: '',
            model_id: defaults.has(l.skuId) ? 0 : l.skuId,
            model_name: '',
            model_sku: l.sellerSku ?? '',
            model_quantity_purchased: l.quantity,
            model_original_price: Number(l.price),
            model_discounted_price: Number(l.price),
          })),
      };
    }),
  };
}

import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, count as countRows, desc, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.ts';
import { lazadaSellerById, type SimPlatform, shopeeAccountByShop } from './accounts.ts';
import { simItems, simOrderLines, simOrders, simSkus } from './schema.ts';
import { cents, count, fromCents, settleReviews } from './state.ts';

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
/** The status of a new, paid order waiting for the seller to ship it. */
export const awaitingShipment: Record<SimPlatform, string> = { lazada: 'pending', shopee: 'READY_TO_SHIP' };
/** Statuses in which an order waits for the seller (paid or not yet). */
export const awaitingSeller: Record<SimPlatform, string[]> = {
  lazada: ['unpaid', 'pending', 'packed'],
  shopee: ['UNPAID', 'READY_TO_SHIP'],
};

interface Buyer {
  first: string;
  last: string;
  phone: string;
  street: string;
  city: string;
  postCode: string;
}

/** Buyers of each country the simulator's shops sell in, with addresses there. */
const buyersOf: Record<string, { country: string; buyers: Buyer[] }> = {
  MY: {
    country: 'Malaysia',
    buyers: [
      {
        first: 'Aisyah',
        last: 'Rahman',
        phone: '60123456789',
        street: 'Jalan Ampang',
        city: 'Kuala Lumpur',
        postCode: '50450',
      },
      {
        first: 'Wei Jie',
        last: 'Tan',
        phone: '60162233445',
        street: 'Lebuh Chulia',
        city: 'George Town',
        postCode: '10200',
      },
      {
        first: 'Muthu',
        last: 'Krishnan',
        phone: '60197788990',
        street: 'Jalan Wong Ah Fook',
        city: 'Johor Bahru',
        postCode: '80000',
      },
    ],
  },
  SG: {
    country: 'Singapore',
    buyers: [
      {
        first: 'Mei Ling',
        last: 'Lim',
        phone: '6591234567',
        street: 'Orchard Road',
        city: 'Singapore',
        postCode: '238801',
      },
      {
        first: 'Hafiz',
        last: 'Ismail',
        phone: '6582345678',
        street: 'Tampines Avenue 5',
        city: 'Singapore',
        postCode: '529653',
      },
      {
        first: 'Chloe',
        last: 'Ng',
        phone: '6597654321',
        street: 'Toa Payoh Lorong 1',
        city: 'Singapore',
        postCode: '310109',
      },
    ],
  },
  TH: {
    country: 'Thailand',
    buyers: [
      {
        first: 'Somchai',
        last: 'Boonmee',
        phone: '66812345678',
        street: 'Sukhumvit Road',
        city: 'Bangkok',
        postCode: '10110',
      },
      {
        first: 'Nattaya',
        last: 'Srisuk',
        phone: '66898765432',
        street: 'Nimmanhaemin Road',
        city: 'Chiang Mai',
        postCode: '50200',
      },
    ],
  },
  VN: {
    country: 'Vietnam',
    buyers: [
      {
        first: 'Linh',
        last: 'Nguyen',
        phone: '84901234567',
        street: 'Duong Le Loi',
        city: 'Ho Chi Minh City',
        postCode: '700000',
      },
      { first: 'Minh', last: 'Tran', phone: '84912345678', street: 'Pho Hang Bai', city: 'Hanoi', postCode: '100000' },
    ],
  },
  PH: {
    country: 'Philippines',
    buyers: [
      {
        first: 'Maria',
        last: 'Santos',
        phone: '639171234567',
        street: 'Ayala Avenue',
        city: 'Makati',
        postCode: '1226',
      },
      {
        first: 'Jose',
        last: 'Reyes',
        phone: '639281234567',
        street: 'Commonwealth Avenue',
        city: 'Quezon City',
        postCode: '1121',
      },
    ],
  },
  ID: {
    country: 'Indonesia',
    buyers: [
      {
        first: 'Budi',
        last: 'Santoso',
        phone: '628121234567',
        street: 'Jalan Thamrin',
        city: 'Jakarta',
        postCode: '10350',
      },
      {
        first: 'Siti',
        last: 'Rahayu',
        phone: '628131234567',
        street: 'Jalan Tunjungan',
        city: 'Surabaya',
        postCode: '60275',
      },
    ],
  },
};

/** The country a simulator shop sells in (Lazada: its seller's venture; Shopee: the shop's region). */
export function shopCountry(platform: SimPlatform, shopId: string): string {
  const country =
    platform === 'lazada' ? lazadaSellerById(shopId)?.seller.country : shopeeAccountByShop(shopId)?.region;
  return country ?? 'MY';
}

/** A random buyer of `country` with an address there, as an order's `data`. */
function buyerData(country: string, house: number) {
  const list = (buyersOf[country] ?? buyersOf.MY!).buyers;
  const b = list[randomInt(list.length)]!;
  return {
    buyer: { first_name: b.first, last_name: b.last, phone: b.phone },
    address: { address1: `${house} ${b.street}`, city: b.city, post_code: b.postCode, country },
  };
}

/** The name of the country an order's address is in (Lazada's `address_shipping.country`). */
const countryName = (code: string | undefined) => (code && buyersOf[code]?.country) || code || '';

/** The seller's voucher of an order (an imported order's discount), as decimal text. */
const voucherOf = (d: Record<string, unknown>) => (typeof d.voucher === 'string' ? d.voucher : '0.00');

function orderSn(platform: SimPlatform): string {
  if (platform === 'lazada') return String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100_000, 999_999));
  const d = new Date();
  const yymmdd = `${String(d.getUTCFullYear()).slice(2)}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return yymmdd + [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
}

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

/**
 * Makes `n` orders of one or two lines each from the shop's live SKUs, each for a random buyer
 * with an address in the shop's country; the order numbers. By default the statuses cycle through
 * the platform's own (for tests of every state) and stock is taken as far as there is some.
 * `fresh` (the order placer): every order paid and waiting to be shipped, only SKUs with stock,
 * never more than a SKU has, marked `placedBy: simulator`.
 */
export async function generateOrders(
  tx: Tx,
  platform: SimPlatform,
  shopId: string,
  n: number,
  opts: { fresh?: boolean } = {},
): Promise<string[]> {
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
        ...(opts.fresh ? [gt(simSkus.quantity, 0)] : []),
      ),
    )
    .orderBy(desc(simSkus.id))
    .limit(200);
  if (!skus.length) return [];
  const [{ made }] = (await tx
    .select({ made: countRows() })
    .from(simOrders)
    .where(and(eq(simOrders.platform, platform), eq(simOrders.shopId, shopId)))) as [{ made: number }];
  const country = shopCountry(platform, shopId);
  const left = new Map(skus.map((s) => [s.sku.id, s.sku.quantity]));
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const seq = Number(made) + i;
    const status = opts.fresh
      ? awaitingShipment[platform]
      : platform === 'lazada'
        ? lazadaCycle[seq % lazadaCycle.length]!
        : shopeeCycle[seq % shopeeCycle.length]!;
    const open = opts.fresh ? skus.filter((s) => (left.get(s.sku.id) ?? 0) > 0) : skus;
    if (!open.length) break;
    const picked = [open[randomInt(open.length)]!];
    if (open.length > 1 && randomInt(2) === 1) {
      const other = open[randomInt(open.length)]!;
      if (other.sku.id !== picked[0]!.sku.id) picked.push(other);
    }
    const lines = picked.map(({ sku, item }) => {
      const wanted = 1 + randomInt(2);
      const quantity = opts.fresh ? Math.min(wanted, left.get(sku.id) ?? 0) : wanted;
      left.set(sku.id, (left.get(sku.id) ?? 0) - quantity);
      return { sku, item, quantity, price: sku.specialPrice ?? sku.price };
    });
    const total = lines.reduce((sum, l) => sum + cents(l.price) * BigInt(l.quantity), 0n);
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
          ...buyerData(country, 10 + (seq % 190)),
          payment_method: seq % 3 === 0 ? 'COD' : 'Online',
          ...(opts.fresh ? { placedBy: 'simulator' } : {}),
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
    country: countryName(d.address.country) || (o.currency === 'MYR' ? 'Malaysia' : o.currency),
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
    voucher: voucherOf(o.data),
    voucher_seller: voucherOf(o.data),
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
        total_amount: Number(fromCents(cents(o.total) + cents(o.shippingFee) - cents(voucherOf(o.data)))),
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

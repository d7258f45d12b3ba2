import { and, asc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.ts';
import type { SimPlatform } from './accounts.ts';
import type { LzHandler } from './lazada.ts';
import { linesOfOrders } from './orders.ts';
import { simOrders } from './schema.ts';
import type { SpHandler } from './shopee.ts';
import { cents, count } from './state.ts';

/**
 * finance: settlement data computed from the simulator's orders (domain §1.8, §2.7), with fixed
 * fee rates so tests can work them out by hand:
 *
 * - commission 4 % of each item's price, payment fee 2 % of each item's price and of the
 *   shipping the buyer paid, each rounded half up to the cent;
 * - orders count from their creation, by week (Monday to Sunday, UTC); unpaid and cancelled
 *   orders are not settled, nor imported ones (`import.ts`: settled in the history they came with);
 * - Lazada: one statement per week with orders (`statement_number` `<seller>-<Monday>`), open
 *   until its Sunday has passed, paid seven days after. `GET /finance/payout/status/get`
 *   (`created_after`: statements whose week starts at or after it) and
 *   `GET /finance/transaction/details/get` (`start_time`, `end_time`, days; `trade_order_id`,
 *   `trans_type`, `limit` ≤ 500, `offset`): per order item "Item Price Credit", "Commission",
 *   "Payment Fee"; per order "Shipping Fee (Paid By Customer)" and the payment fee on it.
 * - Shopee: one payout per week, made on the Monday after it (only once that time has come),
 *   through Payoneer into CNY at a fixed rate. `GET /api/v2/payment/get_payout_detail`
 *   (`payout_time_from`/`_to` ≤ 15 days, `page_no`, `page_size` ≤ 100),
 *   `GET /api/v2/payment/get_escrow_detail` (`order_sn`) and
 *   `POST /api/v2/payment/get_escrow_detail_batch` (`order_sn_list`, ≤ 50). The escrow is
 *   original_price − commission_fee − service_fee − seller_transaction_fee +
 *   buyer_paid_shipping_fee − actual_shipping_fee (the seller pays what the buyer paid for
 *   shipping, no rebate).
 */

export const COMMISSION_PERCENT = 4n;
export const PAYMENT_FEE_PERCENT = 2n;
/** What 1 unit of a shop's currency pays out in CNY (Shopee cross-border payouts). */
export const PAYOUT_RATES: Record<string, string> = {
  SGD: '5.30',
  MYR: '1.55',
  THB: '0.20',
  PHP: '0.125',
  VND: '0.00028',
  IDR: '0.00045',
  TWD: '0.22',
  BRL: '1.30',
};
const DAY = 86_400_000;
const UNSETTLED: Record<SimPlatform, string[]> = {
  lazada: ['canceled', 'unpaid'],
  shopee: ['CANCELLED', 'UNPAID', 'IN_CANCEL'],
};

/** A percentage of an amount in cents, rounded half up. */
export const percentOf = (c: bigint, percent: bigint) => (c * percent + 50n) / 100n;
export const text = (c: bigint) => {
  const neg = c < 0n;
  const s = (neg ? -c : c).toString().padStart(3, '0');
  return `${neg ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
};
const day = (d: Date) => d.toISOString().slice(0, 10);

/** Monday 00:00 UTC of the week `d` falls in. */
export function weekStart(d: Date): Date {
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const dow = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - dow * DAY);
}

/** A parameter refused: both plugins answer an error with a 4xx `statusCode` as their parameter error. */
class FinanceParamError extends Error {
  readonly statusCode = 400;
}

interface SettledLine {
  id: number;
  sellerSku: string | null;
  itemId: number;
  skuId: number;
  quantity: number;
  price: bigint;
}
interface SettledOrder {
  id: number;
  orderSn: string;
  currency: string;
  createdAt: Date;
  shipping: bigint;
  items: bigint;
  lines: SettledLine[];
}

/** The shop's settled orders created in [from, to), with their lines, oldest first. */
async function settledOrders(
  tx: Tx,
  platform: SimPlatform,
  shop: string,
  from: Date,
  to: Date,
  only?: string[],
): Promise<SettledOrder[]> {
  const orders = await tx
    .select()
    .from(simOrders)
    .where(
      and(
        eq(simOrders.platform, platform),
        eq(simOrders.shopId, shop),
        gte(simOrders.createdAt, from),
        lt(simOrders.createdAt, to),
        notInArray(simOrders.status, UNSETTLED[platform]),
        // an imported order was settled in the history it came with (the demo's own statements)
        sql`${simOrders.data}->>'imported' is null`,
        only ? inArray(simOrders.orderSn, only) : undefined,
      ),
    )
    .orderBy(asc(simOrders.createdAt), asc(simOrders.id))
    .limit(5000);
  if (!orders.length) return [];
  const lines = await linesOfOrders(tx, orders);
  return orders.map((o) => {
    const own = lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        id: l.id,
        sellerSku: l.sellerSku,
        itemId: l.itemId,
        skuId: l.skuId,
        quantity: l.quantity,
        price: cents(l.price),
      }));
    return {
      id: o.id,
      orderSn: o.orderSn,
      currency: o.currency,
      createdAt: o.createdAt,
      shipping: cents(o.shippingFee),
      items: own.reduce((s, l) => s + l.price * BigInt(l.quantity), 0n),
      lines: own,
    };
  });
}

/** Orders grouped by the week they were created in (Monday's time → orders). */
function byWeek(orders: SettledOrder[]): Map<number, SettledOrder[]> {
  const weeks = new Map<number, SettledOrder[]>();
  for (const o of orders) {
    const w = weekStart(o.createdAt).getTime();
    weeks.set(w, [...(weeks.get(w) ?? []), o]);
  }
  return weeks;
}

// ---------------------------------------------------------------- Lazada

interface LzTransaction {
  transaction_date: string;
  transaction_type: string;
  fee_name: string;
  fee_type: string;
  amount: string;
  VAT_in_amount: string;
  WHT_amount: string;
  statement: string;
  paid_status: string;
  order_no: string;
  orderItem_no: string;
  seller_sku: string;
  lazada_sku: string;
  shipping_provider: string;
  transaction_number: string;
  payment_ref_id: string;
}

const statementNo = (shop: string, monday: Date) => `${shop}-${day(monday)}`;

/** One order's transactions: per order item (Lazada has one per unit) and per order. */
function lazadaTransactions(o: SettledOrder, statement: string, paid: boolean): LzTransaction[] {
  const base = {
    transaction_date: o.createdAt.toISOString(),
    VAT_in_amount: '0.00',
    WHT_amount: '0.00',
    statement,
    paid_status: paid ? 'paid' : 'not paid',
    order_no: o.orderSn,
    shipping_provider: 'LEX MY',
    payment_ref_id: '',
  };
  const out: LzTransaction[] = [];
  let n = 0;
  const push = (row: Omit<LzTransaction, keyof typeof base | 'transaction_number'>) => {
    n++;
    out.push({ ...base, ...row, transaction_number: `${o.orderSn}${String(n).padStart(3, '0')}` });
  };
  for (const l of o.lines) {
    for (let k = 0; k < l.quantity; k++) {
      const item = {
        orderItem_no: String(l.id * 100 + k),
        seller_sku: l.sellerSku ?? '',
        lazada_sku: `${l.itemId}-${l.skuId}`,
      };
      push({
        ...item,
        transaction_type: 'Orders-Sales',
        fee_name: 'Item Price Credit',
        fee_type: '3',
        amount: text(l.price),
      });
      push({
        ...item,
        transaction_type: 'Orders-Lazada Fees',
        fee_name: 'Commission',
        fee_type: '16',
        amount: text(-percentOf(l.price, COMMISSION_PERCENT)),
      });
      push({
        ...item,
        transaction_type: 'Orders-Lazada Fees',
        fee_name: 'Payment Fee',
        fee_type: '14',
        amount: text(-percentOf(l.price, PAYMENT_FEE_PERCENT)),
      });
    }
  }
  if (o.shipping > 0n) {
    const order = { orderItem_no: '', seller_sku: '', lazada_sku: '' };
    push({
      ...order,
      transaction_type: 'Orders-Sales',
      fee_name: 'Shipping Fee (Paid By Customer)',
      fee_type: '8',
      amount: text(o.shipping),
    });
    push({
      ...order,
      transaction_type: 'Orders-Lazada Fees',
      fee_name: 'Payment Fee',
      fee_type: '14',
      amount: text(-percentOf(o.shipping, PAYMENT_FEE_PERCENT)),
    });
  }
  return out;
}

const lazadaStatus = (monday: Date, now: number) => {
  const end = monday.getTime() + 7 * DAY;
  return { open: now < end, paid: now >= end + 7 * DAY, paidAt: new Date(end + 7 * DAY) };
};

function lazadaStatement(shop: string, currency: string, monday: Date, orders: SettledOrder[]) {
  const items = orders.reduce((s, o) => s + o.items, 0n);
  const shipping = orders.reduce((s, o) => s + o.shipping, 0n);
  let fees = 0n;
  for (const o of orders) {
    for (const l of o.lines) {
      fees += BigInt(l.quantity) * (percentOf(l.price, COMMISSION_PERCENT) + percentOf(l.price, PAYMENT_FEE_PERCENT));
    }
    fees += percentOf(o.shipping, PAYMENT_FEE_PERCENT);
  }
  const closing = items + shipping - fees;
  const s = lazadaStatus(monday, Date.now());
  const sunday = new Date(monday.getTime() + 6 * DAY);
  return {
    statement_number: statementNo(shop, monday),
    statement_period: `${day(monday)} - ${day(sunday)}`,
    created_at: monday.toISOString(),
    updated_at: new Date(Math.min(Date.now(), monday.getTime() + 7 * DAY)).toISOString(),
    opening_balance: '0.00',
    item_revenue: text(items),
    other_revenue_total: '0.00',
    shipment_fee: '0.00',
    shipment_fee_credit: text(shipping),
    fees_total: text(-fees),
    refunds: '0.00',
    fees_on_refunds_total: '0.00',
    subtotal1: text(closing),
    subtotal2: text(closing),
    guarantee_deposit: '0.00',
    closing_balance: text(closing),
    payout: `${text(closing)} ${currency}`,
    paid: s.paid ? 1 : 0,
    status: s.open ? 'open' : s.paid ? 'paid' : 'closed',
    orders: orders.length,
  };
}

function dateParam(v: string | undefined, name: string, required = true): Date | null {
  if (!v) {
    if (required) throw new FinanceParamError(`${name} is mandatory`);
    return null;
  }
  const t = Date.parse(v);
  if (Number.isNaN(t)) throw new FinanceParamError(`${name} must be a date (YYYY-MM-DD or ISO 8601)`);
  return new Date(t);
}

export const lazadaFinanceApis: Record<string, LzHandler> = {
  '/finance/payout/status/get': async (tx, c) => {
    const after = dateParam(c.params.created_after, 'created_after')!;
    const from = weekStart(after);
    const first = from.getTime() < after.getTime() ? new Date(from.getTime() + 7 * DAY) : from;
    const orders = await settledOrders(tx, 'lazada', c.shop, first, new Date(Date.now() + 7 * DAY));
    return [...byWeek(orders).entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([monday, list]) => lazadaStatement(c.shop, c.currency, new Date(monday), list));
  },
  '/finance/transaction/details/get': async (tx, c) => {
    const start = dateParam(c.params.start_time, 'start_time')!;
    const end = dateParam(c.params.end_time, 'end_time')!;
    if (end.getTime() < start.getTime()) throw new FinanceParamError('end_time must not be before start_time');
    if (end.getTime() - start.getTime() > 92 * DAY)
      throw new FinanceParamError('The time range must be at most 92 days');
    const limit = count(c.params.limit ?? '500');
    const offset = count(c.params.offset ?? '0');
    if (limit === null || limit < 1 || limit > 500) throw new FinanceParamError('limit must be 1..500');
    if (offset === null) throw new FinanceParamError('offset must be a number ≥ 0');
    // end_time is a day: its whole day counts
    const until = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate()) + DAY);
    const orders = await settledOrders(
      tx,
      'lazada',
      c.shop,
      start,
      until,
      c.params.trade_order_id ? [c.params.trade_order_id] : undefined,
    );
    const now = Date.now();
    let rows = orders.flatMap((o) => {
      const monday = weekStart(o.createdAt);
      return lazadaTransactions(o, statementNo(c.shop, monday), lazadaStatus(monday, now).paid);
    });
    if (c.params.trans_type) rows = rows.filter((r) => r.fee_type === c.params.trans_type);
    return rows.slice(offset, offset + limit);
  },
};

// ---------------------------------------------------------------- Shopee

function escrowOf(o: SettledOrder) {
  const commission = o.lines.reduce((s, l) => s + BigInt(l.quantity) * percentOf(l.price, COMMISSION_PERCENT), 0n);
  const transaction =
    o.lines.reduce((s, l) => s + BigInt(l.quantity) * percentOf(l.price, PAYMENT_FEE_PERCENT), 0n) +
    percentOf(o.shipping, PAYMENT_FEE_PERCENT);
  const escrow = o.items - commission - transaction + o.shipping - o.shipping;
  return { commission, transaction, escrow };
}

const num = (c: bigint) => Number(text(c));

function escrowDetail(o: SettledOrder, region: string) {
  const e = escrowOf(o);
  return {
    order_sn: o.orderSn,
    buyer_user_name: 'buyer',
    return_order_sn_list: [],
    order_income: {
      escrow_amount: num(e.escrow),
      buyer_total_amount: num(o.items + o.shipping),
      original_price: num(o.items),
      seller_discount: 0,
      shopee_discount: 0,
      voucher_from_seller: 0,
      voucher_from_shopee: 0,
      coins: 0,
      buyer_paid_shipping_fee: num(o.shipping),
      buyer_transaction_fee: 0,
      cross_border_tax: 0,
      payment_promotion: 0,
      commission_fee: num(e.commission),
      service_fee: 0,
      seller_transaction_fee: num(e.transaction),
      seller_lost_compensation: 0,
      seller_coin_cash_back: 0,
      escrow_tax: 0,
      final_shipping_fee: -num(o.shipping),
      actual_shipping_fee: num(o.shipping),
      shopee_shipping_rebate: 0,
      estimated_shipping_fee: num(o.shipping),
      seller_return_refund: 0,
      order_adjustment: [],
      escrow_amount_after_adjustment: num(e.escrow),
      exchange_rate: Number(PAYOUT_RATES[o.currency] ?? '1'),
      pri_currency: o.currency,
      aff_currency: 'CNY',
      region,
      items: o.lines.map((l) => ({
        item_id: l.itemId,
        model_id: l.skuId,
        model_sku: l.sellerSku ?? '',
        quantity_purchased: l.quantity,
        original_price: num(l.price * BigInt(l.quantity)),
        discounted_price: num(l.price * BigInt(l.quantity)),
      })),
    },
  };
}

const secs = (v: unknown, name: string) => {
  const n = typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : typeof v === 'number' ? v : null;
  if (n === null || !Number.isInteger(n)) throw new FinanceParamError(`${name} is mandatory (unix seconds)`);
  return n;
};

async function escrowDetails(tx: Tx, shop: string, region: string, list: string[]) {
  const orders = await settledOrders(tx, 'shopee', shop, new Date(0), new Date(Date.now() + DAY), list);
  return orders.map((o) => escrowDetail(o, region));
}

export const shopeeFinanceApis: Record<string, SpHandler> = {
  '/api/v2/payment/get_payout_detail': async (tx, c) => {
    const from = secs(c.query.payout_time_from, 'payout_time_from');
    const to = secs(c.query.payout_time_to, 'payout_time_to');
    if (to < from) throw new FinanceParamError('payout_time_to must not be before payout_time_from');
    if (to - from > 15 * 86_400) throw new FinanceParamError('The time range must be at most 15 days');
    const pageSize = count(c.query.page_size ?? '100');
    const pageNo = count(c.query.page_no ?? '1');
    if (pageSize === null || pageSize < 1 || pageSize > 100) throw new FinanceParamError('page_size must be 1..100');
    if (pageNo === null || pageNo < 1) throw new FinanceParamError('page_no must be ≥ 1');
    // a payout at Monday 00:00 pays the week before it; only payouts already made
    const now = Date.now();
    const firstWeek = weekStart(new Date(from * 1000 - 7 * DAY));
    const orders = await settledOrders(tx, 'shopee', c.shop, firstWeek, new Date(to * 1000));
    const payouts = [...byWeek(orders).entries()]
      .map(([monday, list]) => ({ monday, list, payoutTime: monday + 7 * DAY }))
      .filter((p) => p.payoutTime >= from * 1000 && p.payoutTime <= to * 1000 && p.payoutTime <= now)
      .sort((a, b) => a.payoutTime - b.payoutTime);
    const page = payouts.slice((pageNo - 1) * pageSize, pageNo * pageSize);
    return {
      more: payouts.length > pageNo * pageSize,
      payout_list: page.map((p) => {
        const currency = p.list[0]!.currency;
        const fromAmount = p.list.reduce((s, o) => s + escrowOf(o).escrow, 0n);
        const rate = PAYOUT_RATES[currency] ?? '1';
        // payout = from × rate, half up to the cent (rate has at most 5 places)
        const [ri, rf = ''] = rate.split('.');
        const scaled = BigInt(ri!) * 100000n + BigInt(`${rf}00000`.slice(0, 5));
        const payout = (fromAmount * scaled + 50000n) / 100000n;
        return {
          payout_info: {
            from_currency: currency,
            payout_currency: 'CNY',
            from_amount: num(fromAmount),
            payout_amount: num(payout),
            exchange_rate: rate,
            payout_time: Math.floor(p.payoutTime / 1000),
            pay_service: 'payoneer',
            payee_id: `PY-${c.shop}`,
          },
          escrow_list: p.list.map((o) => ({ order_sn: o.orderSn, escrow_amount: num(escrowOf(o).escrow), currency })),
          offline_adjustment_list: [],
        };
      }),
    };
  },
  '/api/v2/payment/get_escrow_detail': async (tx, c) => {
    const sn = typeof c.query.order_sn === 'string' ? c.query.order_sn : '';
    if (!sn) throw new FinanceParamError('order_sn is mandatory');
    const [found] = await escrowDetails(tx, c.shop, c.region, [sn]);
    if (!found) throw new FinanceParamError(`order_sn ${sn} has no escrow`);
    return found;
  },
  '/api/v2/payment/get_escrow_detail_batch': async (tx, c) => {
    const list = c.body.order_sn_list;
    if (!Array.isArray(list) || !list.length || list.length > 50 || list.some((s) => typeof s !== 'string')) {
      throw new FinanceParamError('order_sn_list must name 1..50 orders');
    }
    const found = await escrowDetails(tx, c.shop, c.region, list as string[]);
    return found.map((d) => ({ escrow_detail: d }));
  },
};

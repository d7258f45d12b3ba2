import { RegionCurrencies } from '@seller/contracts/marketplaces';
import { Decimal } from 'decimal.js';
import { moneyText } from '../../../core/money.ts';
import type { LazadaClient, ShopeeClient } from '../../marketplaces/index.ts';
import type { OrderAddress } from './schema.ts';

/**
 * Orders as the marketplaces report them, read through a shop's client and normalized to one
 * shape: Lazada `GET /orders/get` (by `update_after`, pages of 100 by offset) then
 * `/order/items/get` per order (one item per unit sold, folded into lines by seller SKU and
 * price); Shopee `/api/v2/order/get_order_list` (`time_range_field=update_time`, windows of at
 * most 15 days, cursor pages of 100) then `/api/v2/order/get_order_detail` for at most 50 orders
 * a call.
 */

export interface PulledLine {
  platformItemId: string | null;
  platformLineId: string | null;
  sellerSku: string;
  name: string;
  quantity: number;
  unitPrice: string;
}

export interface PulledOrder {
  platformOrderId: string;
  status: string;
  currency: string;
  goodsAmount: string;
  shippingFee: string;
  discount: string;
  total: string;
  buyerName: string | null;
  countryCode: string;
  address: OrderAddress;
  paymentMethod: string | null;
  paidAt: Date | null;
  orderedAt: Date;
  updatedAt: Date;
  lines: PulledLine[];
}

interface Shop {
  platform: 'LAZADA' | 'SHOPEE';
  region: string;
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
/** A reported amount as exact text (up to 3 places, the most any currency takes); rounded to its currency with the order. */
const amount = (v: unknown) => {
  const s = str(v).trim();
  try {
    return s ? new Decimal(s).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed() : '0';
  } catch {
    return '0';
  }
};

/** Lines and amounts held to the order currency's minor units (whole VND and IDR, 2 places of MYR). */
function inCurrency(order: PulledOrder): PulledOrder {
  const m = (v: string) => moneyText(v, order.currency);
  return {
    ...order,
    lines: order.lines.map((l) => ({ ...l, unitPrice: m(l.unitPrice) })),
    goodsAmount: m(order.goodsAmount),
    shippingFee: m(order.shippingFee),
    discount: m(order.discount),
    total: m(order.total),
  };
}

/** Lazada times: ISO 8601, or its own `2024-01-08 16:01:21 +0800`. */
export function lazadaTime(v: unknown): Date {
  const s = str(v).trim();
  const own = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-])(\d{2})(\d{2})$/.exec(s);
  const t = own ? Date.parse(`${own[1]}T${own[2]}${own[3]}${own[4]}:${own[5]}`) : Date.parse(s);
  return Number.isNaN(t) ? new Date() : new Date(t);
}

/** Lazada items of one order (one per unit) folded into lines by seller SKU and paid price. */
export function lazadaLines(items: Array<Record<string, unknown>>): PulledLine[] {
  const lines = new Map<string, PulledLine>();
  for (const it of items) {
    const sku = str(it.sku) || str(it.shop_sku);
    const price = amount(it.paid_price ?? it.item_price);
    const key = `${sku}\u0000${price}`;
    const line = lines.get(key);
    if (line) line.quantity += 1;
    else
      lines.set(key, {
        platformItemId: str(it.product_id) || null,
        platformLineId: str(it.order_item_id) || null,
        sellerSku: sku.slice(0, 100),
        name: str(it.name).slice(0, 512) || sku,
        quantity: 1,
        unitPrice: price,
      });
  }
  return [...lines.values()];
}

export function lazadaOrder(
  o: Record<string, unknown>,
  items: Array<Record<string, unknown>>,
  shop: Shop,
): PulledOrder {
  const a = (o.address_shipping ?? {}) as Record<string, unknown>;
  const lines = lazadaLines(items);
  const goods = lines.reduce((s, l) => s.plus(new Decimal(l.unitPrice).times(l.quantity)), new Decimal(0));
  const shipping = new Decimal(amount(o.shipping_fee));
  const discount = new Decimal(amount(o.voucher));
  const statuses = Array.isArray(o.statuses) ? o.statuses : [];
  const name = [str(a.first_name || o.customer_first_name), str(a.last_name || o.customer_last_name)]
    .filter(Boolean)
    .join(' ');
  return inCurrency({
    platformOrderId: str(o.order_id || o.order_number),
    status: str(statuses[0]) || 'pending',
    currency: str(items[0]?.currency) || RegionCurrencies[shop.region] || 'USD',
    goodsAmount: goods.toFixed(),
    shippingFee: shipping.toFixed(),
    discount: discount.toFixed(),
    total: goods.plus(shipping).minus(discount).toFixed(),
    buyerName: name || null,
    countryCode: shop.region,
    address: {
      name: name || null,
      phone: str(a.phone) || null,
      line1: str(a.address1) || null,
      line2: [a.address2, a.address3].map(str).filter(Boolean).join(', ') || null,
      city: str(a.city) || null,
      state: str(a.address4) || null,
      postCode: str(a.post_code) || null,
      countryCode: shop.region,
    },
    paymentMethod: str(o.payment_method) || null,
    paidAt: null,
    orderedAt: lazadaTime(o.created_at),
    updatedAt: lazadaTime(o.updated_at),
    lines,
  });
}

export function shopeeOrder(o: Record<string, unknown>, shop: Shop): PulledOrder {
  const a = (o.recipient_address ?? {}) as Record<string, unknown>;
  const items = Array.isArray(o.item_list) ? (o.item_list as Array<Record<string, unknown>>) : [];
  const lines: PulledLine[] = items.map((it) => {
    const sku = str(it.model_sku) || str(it.item_sku);
    return {
      platformItemId: str(it.item_id) || null,
      platformLineId: `${str(it.item_id)}-${str(it.model_id)}`,
      sellerSku: sku.slice(0, 100),
      name: str(it.item_name).slice(0, 512) || sku,
      quantity: Number(it.model_quantity_purchased) || 1,
      unitPrice: amount(it.model_discounted_price ?? it.model_original_price),
    };
  });
  const goods = lines.reduce((s, l) => s.plus(new Decimal(l.unitPrice).times(l.quantity)), new Decimal(0));
  const shipping = new Decimal(amount(o.estimated_shipping_fee ?? o.actual_shipping_fee));
  const total = o.total_amount !== undefined ? new Decimal(amount(o.total_amount)) : goods.plus(shipping);
  const discount = Decimal.max(goods.plus(shipping).minus(total), 0);
  const region = (str(o.region) || shop.region).toUpperCase();
  const seconds = (v: unknown) => (Number(v) > 0 ? new Date(Number(v) * 1000) : null);
  return inCurrency({
    platformOrderId: str(o.order_sn),
    status: str(o.order_status) || 'UNPAID',
    currency: str(o.currency) || RegionCurrencies[region] || 'USD',
    goodsAmount: goods.toFixed(),
    shippingFee: shipping.toFixed(),
    discount: discount.toFixed(),
    total: total.toFixed(),
    buyerName: str(a.name) || str(o.buyer_username) || null,
    countryCode: region.slice(0, 2),
    address: {
      name: str(a.name) || null,
      phone: str(a.phone) || null,
      line1: str(a.full_address) || null,
      line2: null,
      city: str(a.city) || null,
      state: str(a.state) || null,
      postCode: str(a.zipcode) || null,
      countryCode: region.slice(0, 2),
    },
    paymentMethod: str(o.payment_method) || null,
    paidAt: seconds(o.pay_time),
    orderedAt: seconds(o.create_time) ?? new Date(),
    updatedAt: seconds(o.update_time) ?? new Date(),
    lines,
  });
}

const PAGE = 100;
const DETAIL_BATCH = 50;
const SHOPEE_WINDOW = 15 * 86_400;

/**
 * Orders of a shop updated since `since`, page by page (each page handed to `onPage`, so a long
 * pull stores as it goes). Bounded: at most `maxPages` list pages.
 */
export async function pullOrders(
  shop: Shop,
  client: LazadaClient | ShopeeClient,
  since: Date,
  onPage: (orders: PulledOrder[]) => Promise<void>,
  maxPages = 500,
  now = new Date(),
): Promise<void> {
  if (shop.platform === 'LAZADA') {
    const lz = client as LazadaClient;
    for (let pageNo = 0, offset = 0; pageNo < maxPages; pageNo++, offset += PAGE) {
      const data = await lz.call<{ orders?: Array<Record<string, unknown>> }>('/orders/get', 'GET', {
        update_after: since.toISOString(),
        sort_by: 'updated_at',
        sort_direction: 'ASC',
        offset,
        limit: PAGE,
      });
      const list = data.orders ?? [];
      const out: PulledOrder[] = [];
      for (const o of list) {
        const items = await lz.call<Array<Record<string, unknown>>>('/order/items/get', 'GET', {
          order_id: str(o.order_id),
        });
        out.push(lazadaOrder(o, Array.isArray(items) ? items : [], shop));
      }
      if (out.length) await onPage(out);
      if (list.length < PAGE) return;
    }
    return;
  }
  const sp = client as ShopeeClient;
  const end = Math.floor(now.getTime() / 1000);
  let pages = 0;
  for (let from = Math.floor(since.getTime() / 1000); from <= end; from += SHOPEE_WINDOW + 1) {
    const to = Math.min(from + SHOPEE_WINDOW, end);
    let cursor = '';
    for (;;) {
      if (pages++ >= maxPages) return;
      const list = await sp.call<{ more?: boolean; next_cursor?: string; order_list?: Array<{ order_sn: string }> }>(
        '/api/v2/order/get_order_list',
        'GET',
        {
          time_range_field: 'update_time',
          time_from: String(from),
          time_to: String(to),
          page_size: String(PAGE),
          cursor,
          response_optional_fields: 'order_status',
        },
      );
      const sns = (list.order_list ?? []).map((o) => o.order_sn);
      for (let i = 0; i < sns.length; i += DETAIL_BATCH) {
        const detail = await sp.call<{ order_list?: Array<Record<string, unknown>> }>(
          '/api/v2/order/get_order_detail',
          'GET',
          {
            order_sn_list: sns.slice(i, i + DETAIL_BATCH).join(','),
            response_optional_fields:
              'buyer_username,recipient_address,item_list,total_amount,pay_time,payment_method,estimated_shipping_fee',
          },
        );
        const out = (detail.order_list ?? []).map((o) => shopeeOrder(o, shop));
        if (out.length) await onPage(out);
      }
      if (!list.more || !list.next_cursor) break;
      cursor = list.next_cursor;
    }
  }
}

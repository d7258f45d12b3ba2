import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.ts';
import type { SimPlatform } from './accounts.ts';
import { linesOfOrders, shopCountry } from './orders.ts';
import { simOrderLines, simOrders, simSkus } from './schema.ts';
import { cents, fromCents } from './state.ts';

/**
 * Orders a seller already had before it came to the simulator (the demo seed's history): written
 * as given, with their own order numbers, times, buyers, lines and amounts, so that the product's
 * copy and the marketplace's agree (`POST /marketplace-sim/control/orders/import`). Idempotent by
 * order number: one already there is left as it is. A line is tied to the shop's SKU of its seller
 * SKU when there is one (its item and SKU ids), else to none (ids 0). A tracking number records
 * the package the seller sent, so telling it again is accepted as a retried call. Imported orders
 * were settled in their own history: the simulator's finance leaves them out (the demo seeds its
 * own statements of them).
 */

export interface ImportedLine {
  sellerSku: string;
  name: string;
  quantity: number;
  price: string;
}

export interface ImportedOrder {
  orderSn: string;
  status: string;
  currency: string;
  createdAt: Date;
  updatedAt: Date;
  shippingFee: string;
  voucher: string;
  buyerName: string;
  phone: string;
  address1: string;
  city: string;
  postCode: string;
  paymentMethod: string;
  lines: ImportedLine[];
  trackingNumber: string | null;
  shipmentProvider: string | null;
}

const PLATFORM_STATUSES: Record<SimPlatform, string[]> = {
  lazada: ['unpaid', 'pending', 'packed', 'ready_to_ship', 'shipped', 'delivered', 'confirmed', 'canceled', 'returned'],
  shopee: [
    'UNPAID',
    'READY_TO_SHIP',
    'PROCESSED',
    'SHIPPED',
    'TO_CONFIRM_RECEIVE',
    'COMPLETED',
    'CANCELLED',
    'TO_RETURN',
  ],
};

/** The most orders one import call takes. */
export const IMPORT_MAX = 200;

class ImportError extends Error {}
export const isImportError = (e: unknown): e is Error => e instanceof ImportError;

const amountText = /^\d{1,10}(\.\d{1,2})?$/;

function text(v: unknown, name: string, max: number, required = true): string {
  if (v === undefined || v === null || v === '') {
    if (required) throw new ImportError(`${name} is mandatory`);
    return '';
  }
  if (typeof v !== 'string' || v.length > max)
    throw new ImportError(`${name} must be text of at most ${max} characters`);
  return v;
}

function amount(v: unknown, name: string): string {
  if (typeof v !== 'string' || !amountText.test(v)) {
    throw new ImportError(`${name} must be a decimal text ≥ 0 with at most 2 places`);
  }
  return v;
}

function time(v: unknown, name: string): Date {
  const t = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  if (Number.isNaN(t)) throw new ImportError(`${name} must be an ISO 8601 time`);
  return new Date(t);
}

/** The orders of an import call's body, checked (a refusal names the field). */
export function importedOrders(platform: SimPlatform, body: unknown): ImportedOrder[] {
  if (!Array.isArray(body) || !body.length || body.length > IMPORT_MAX) {
    throw new ImportError(`orders must be a list of 1..${IMPORT_MAX} orders`);
  }
  return body.map((raw, i) => {
    const o = (raw ?? {}) as Record<string, unknown>;
    const at = `orders[${i}]`;
    const orderSn = text(o.orderSn, `${at}.orderSn`, 32);
    if (!/^[A-Za-z0-9]+$/.test(orderSn)) throw new ImportError(`${at}.orderSn must be letters and digits`);
    const status = text(o.status, `${at}.status`, 24);
    if (!PLATFORM_STATUSES[platform].includes(status)) {
      throw new ImportError(`${at}.status must be one of ${PLATFORM_STATUSES[platform].join(', ')}`);
    }
    const currency = text(o.currency, `${at}.currency`, 3);
    if (!/^[A-Z]{3}$/.test(currency)) throw new ImportError(`${at}.currency must be an ISO 4217 code`);
    const lines = o.lines;
    if (!Array.isArray(lines) || !lines.length || lines.length > 50) {
      throw new ImportError(`${at}.lines must be a list of 1..50 lines`);
    }
    const createdAt = time(o.createdAt, `${at}.createdAt`);
    return {
      orderSn,
      status,
      currency,
      createdAt,
      updatedAt: o.updatedAt === undefined ? createdAt : time(o.updatedAt, `${at}.updatedAt`),
      shippingFee: amount(o.shippingFee ?? '0', `${at}.shippingFee`),
      voucher: amount(o.voucher ?? '0', `${at}.voucher`),
      buyerName: text(o.buyerName, `${at}.buyerName`, 128),
      phone: text(o.phone, `${at}.phone`, 32, false),
      address1: text(o.address1, `${at}.address1`, 200, false),
      city: text(o.city, `${at}.city`, 100, false),
      postCode: text(o.postCode, `${at}.postCode`, 20, false),
      paymentMethod: text(o.paymentMethod, `${at}.paymentMethod`, 40, false) || 'Online',
      trackingNumber: text(o.trackingNumber, `${at}.trackingNumber`, 64, false) || null,
      shipmentProvider: text(o.shipmentProvider, `${at}.shipmentProvider`, 100, false) || null,
      lines: lines.map((rawLine, k) => {
        const l = (rawLine ?? {}) as Record<string, unknown>;
        const la = `${at}.lines[${k}]`;
        const quantity = l.quantity;
        if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 1000) {
          throw new ImportError(`${la}.quantity must be a whole number in 1..1000`);
        }
        return {
          sellerSku: text(l.sellerSku, `${la}.sellerSku`, 200),
          name: text(l.name, `${la}.name`, 300),
          quantity,
          price: amount(l.price, `${la}.price`),
        };
      }),
    };
  });
}

/** Writes the orders not there yet; how many were written and how many were there already. */
export async function importOrders(tx: Tx, platform: SimPlatform, shopId: string, orders: ImportedOrder[]) {
  const there = new Set(
    (
      await tx
        .select({ sn: simOrders.orderSn })
        .from(simOrders)
        .where(
          and(
            eq(simOrders.platform, platform),
            inArray(
              simOrders.orderSn,
              orders.map((o) => o.orderSn),
            ),
          ),
        )
    ).map((r) => r.sn),
  );
  const fresh = orders.filter(
    (o, i) => !there.has(o.orderSn) && orders.findIndex((x) => x.orderSn === o.orderSn) === i,
  );
  if (!fresh.length) return { created: 0, existing: orders.length };
  const skuRows = await tx
    .select({ id: simSkus.id, itemId: simSkus.itemId, sellerSku: simSkus.sellerSku })
    .from(simSkus)
    .where(
      and(
        eq(simSkus.platform, platform),
        eq(simSkus.shopId, shopId),
        eq(simSkus.deleted, false),
        inArray(simSkus.sellerSku, [...new Set(fresh.flatMap((o) => o.lines.map((l) => l.sellerSku)))]),
      ),
    );
  const skuOf = new Map(skuRows.map((s) => [s.sellerSku, s]));
  const country = shopCountry(platform, shopId);
  const made = await tx
    .insert(simOrders)
    .values(
      fresh.map((o) => {
        const [firstName, ...lastName] = o.buyerName.split(' ');
        const total = o.lines.reduce((sum, l) => sum + cents(l.price) * BigInt(l.quantity), 0n);
        const packages = o.trackingNumber
          ? [
              {
                order_item_ids: [],
                delivery_type: 'dropship',
                shipment_provider: o.shipmentProvider ?? '',
                tracking_number: o.trackingNumber,
                at: o.updatedAt.toISOString(),
              },
            ]
          : [];
        return {
          platform,
          shopId,
          orderSn: o.orderSn,
          status: o.status,
          currency: o.currency,
          total: fromCents(total),
          shippingFee: o.shippingFee,
          data: {
            buyer: { first_name: firstName ?? '', last_name: lastName.join(' '), phone: o.phone },
            address: { address1: o.address1, city: o.city, post_code: o.postCode, country },
            payment_method: o.paymentMethod,
            voucher: o.voucher,
            imported: true,
            ...(o.trackingNumber
              ? { packages, tracking_number: o.trackingNumber, shipment_provider: o.shipmentProvider ?? '' }
              : {}),
          },
          createdAt: o.createdAt,
          updatedAt: o.updatedAt,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: simOrders.id, sn: simOrders.orderSn });
  const idOf = new Map(made.map((m) => [m.sn, m.id]));
  const lines = fresh.flatMap((o) => {
    const orderId = idOf.get(o.orderSn);
    if (!orderId) return [];
    return o.lines.map((l) => {
      const sku = skuOf.get(l.sellerSku);
      return {
        orderId,
        itemId: sku?.itemId ?? 0,
        skuId: sku?.id ?? 0,
        sellerSku: l.sellerSku,
        name: l.name,
        quantity: l.quantity,
        price: l.price,
      };
    });
  });
  for (let k = 0; k < lines.length; k += 500) await tx.insert(simOrderLines).values(lines.slice(k, k + 500));
  return { created: made.length, existing: orders.length - made.length };
}

/** A shop's orders, the latest first (at most `limit`), with their lines: the control API's list. */
export async function listOrders(
  tx: Tx,
  platform: SimPlatform,
  shopId: string,
  opts: { status?: string; orderSn?: string; limit: number },
) {
  const where: SQL[] = [eq(simOrders.platform, platform), eq(simOrders.shopId, shopId)];
  if (opts.status) where.push(eq(simOrders.status, opts.status));
  if (opts.orderSn) where.push(eq(simOrders.orderSn, opts.orderSn));
  const rows = await tx
    .select()
    .from(simOrders)
    .where(and(...where))
    .orderBy(desc(simOrders.createdAt), desc(simOrders.id))
    .limit(opts.limit);
  const lines = await linesOfOrders(tx, rows);
  return rows.map((o) => ({
    orderSn: o.orderSn,
    status: o.status,
    currency: o.currency,
    total: o.total,
    shippingFee: o.shippingFee,
    voucher: typeof o.data.voucher === 'string' ? o.data.voucher : '0.00',
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    placedBy: o.data.placedBy === 'simulator' ? 'simulator' : null,
    trackingNumber: typeof o.data.tracking_number === 'string' ? o.data.tracking_number : null,
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({ sellerSku: l.sellerSku, name: l.name, quantity: l.quantity, price: l.price })),
  }));
}

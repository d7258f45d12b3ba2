import type {
  SettlementFeeType,
  SettlementStatus,
  StatementPullInput,
  StatementPullResult,
} from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import { moneyText } from '../../../core/money.ts';
import type { Services } from '../../../core/services.ts';
import { type LazadaClient, MarketplaceError, type ShopeeClient, shopClient } from '../../marketplaces/index.ts';
import { salesOrders } from '../orders/schema.ts';
import { settlementLines, settlementStatements } from './schema.ts';

/**
 * Pulls a shop's settlement statements from its marketplace (synchronously: at most 92 days, so
 * at most 14 weekly statements, each read in pages of 500 transactions, up to 20 pages) and
 * writes them by statement number: pulling again updates the same statements and replaces their
 * lines, keeping what arrivals matched. Lines are tied to the sales orders already pulled.
 */

export const PULL_MAX_DAYS = 92;
const DAY = 86_400_000;
const MAX_PAGES = 20;

interface PulledLine {
  orderNo: string;
  orderItemNo: string | null;
  sku: string | null;
  feeType: SettlementFeeType;
  feeName: string;
  amount: string;
  transactionDate: Date | null;
}

export interface PulledStatement {
  statementNo: string;
  periodStart: string;
  periodEnd: string;
  currency: string;
  grossSales: string;
  fees: string;
  shippingFees: string;
  refunds: string;
  adjustments: string;
  netAmount: string;
  status: SettlementStatus;
  paidAt: Date | null;
  lines: PulledLine[];
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const dec = (v: unknown) => {
  try {
    return new Decimal(String(v ?? 0).trim() || 0);
  } catch {
    return new Decimal(0);
  }
};
/** A reported amount to its currency's minor units (core/money.ts). */
const money = (d: Decimal, currency: string) => moneyText(d, currency);
const overlaps = (s: { periodStart: string; periodEnd: string }, from: string, to: string) =>
  s.periodStart <= to && s.periodEnd >= from;

/** Lazada's fee names → the line's type. */
export function lazadaFeeType(name: string, amount: Decimal): SettlementFeeType {
  const n = name.toLowerCase();
  if (n === 'item price credit' || n === 'item price') return 'ITEM_PRICE';
  if (n.includes('paid by customer')) return 'SHIPPING_BY_CUSTOMER';
  if (n.includes('commission')) return 'COMMISSION';
  if (n.includes('payment fee')) return 'PAYMENT_FEE';
  if (n.includes('shipping')) return 'SHIPPING_FEE';
  if (n.includes('refund') || n.includes('reversal')) return 'REFUND';
  if (n.includes('fee') && amount.isNegative()) return 'SERVICE_FEE';
  return 'ADJUSTMENT';
}

async function lazadaStatements(client: LazadaClient, from: string, to: string): Promise<PulledStatement[]> {
  const after = new Date(Date.parse(from) - 7 * DAY).toISOString();
  const list =
    (await client.call<Array<Record<string, unknown>>>('/finance/payout/status/get', 'GET', {
      created_after: after,
    })) ?? [];
  const out: PulledStatement[] = [];
  for (const s of list) {
    const no = String(s.statement_number ?? '');
    if (!no) continue;
    const period = /^(\d{4}-\d{2}-\d{2})\s*-\s*(\d{4}-\d{2}-\d{2})$/.exec(String(s.statement_period ?? ''));
    const start = period?.[1] ?? dayOf(new Date(String(s.created_at)));
    const end = period?.[2] ?? dayOf(new Date(Date.parse(start) + 6 * DAY));
    if (!overlaps({ periodStart: start, periodEnd: end }, from, to)) continue;
    const currency = /([A-Z]{3})$/.exec(String(s.payout ?? ''))?.[1] ?? 'USD';
    const lines: PulledLine[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const rows =
        (await client.call<Array<Record<string, unknown>>>('/finance/transaction/details/get', 'GET', {
          start_time: start,
          end_time: end,
          limit: 500,
          offset: page * 500,
        })) ?? [];
      for (const r of rows) {
        if (r.statement && String(r.statement) !== no) continue;
        const amount = dec(r.amount);
        lines.push({
          orderNo: String(r.order_no ?? ''),
          orderItemNo: r.orderItem_no ? String(r.orderItem_no) : null,
          sku: r.seller_sku ? String(r.seller_sku) : null,
          feeType: lazadaFeeType(String(r.fee_name ?? ''), amount),
          feeName: String(r.fee_name ?? r.transaction_type ?? '').slice(0, 64),
          amount: money(amount, currency),
          transactionDate: r.transaction_date ? new Date(String(r.transaction_date)) : null,
        });
      }
      if (rows.length < 500) break;
    }
    const paid = Number(s.paid) === 1;
    const shipping = dec(s.shipment_fee_credit).add(dec(s.shipment_fee));
    out.push({
      statementNo: no,
      periodStart: start,
      periodEnd: end,
      currency,
      grossSales: money(dec(s.item_revenue).add(dec(s.other_revenue_total)), currency),
      fees: money(dec(s.fees_total).add(dec(s.fees_on_refunds_total)), currency),
      shippingFees: money(shipping, currency),
      refunds: money(dec(s.refunds), currency),
      adjustments: '0.00',
      netAmount: money(dec(s.closing_balance).sub(dec(s.opening_balance)), currency),
      status: paid ? 'PAID' : String(s.status) === 'open' || end >= dayOf(new Date()) ? 'OPEN' : 'CLOSED',
      paidAt: paid ? new Date(String(s.updated_at ?? s.created_at)) : null,
      lines,
    });
  }
  return out;
}

async function shopeeStatements(
  client: ShopeeClient,
  sellerId: string,
  from: string,
  to: string,
): Promise<PulledStatement[]> {
  // a week is paid out on the Monday after it: look up to 8 days past `to`
  const start = Math.floor(Date.parse(from) / 1000);
  const end = Math.floor((Date.parse(to) + 9 * DAY) / 1000);
  const payouts: Array<Record<string, unknown>> = [];
  for (let t0 = start; t0 < end; t0 += 15 * 86_400) {
    const t1 = Math.min(t0 + 15 * 86_400 - 1, end);
    for (let page = 1; page <= MAX_PAGES; page++) {
      const r = await client.call<{ more?: boolean; payout_list?: Array<Record<string, unknown>> }>(
        '/api/v2/payment/get_payout_detail',
        'GET',
        { payout_time_from: t0, payout_time_to: t1, page_no: page, page_size: 100 },
      );
      payouts.push(...(r.payout_list ?? []));
      if (!r.more) break;
    }
  }
  const out: PulledStatement[] = [];
  for (const p of payouts) {
    const info = (p.payout_info ?? {}) as Record<string, unknown>;
    const paidAt = new Date(Number(info.payout_time) * 1000);
    const periodEnd = dayOf(new Date(paidAt.getTime() - DAY));
    const periodStart = dayOf(new Date(paidAt.getTime() - 7 * DAY));
    if (!overlaps({ periodStart, periodEnd }, from, to)) continue;
    const currency = String(info.from_currency ?? 'USD');
    const escrows = ((p.escrow_list ?? []) as Array<Record<string, unknown>>).map((e) => String(e.order_sn));
    const lines: PulledLine[] = [];
    let gross = new Decimal(0);
    let shipping = new Decimal(0);
    let fees = new Decimal(0);
    for (let i = 0; i < escrows.length; i += 50) {
      const batch = await client.call<Array<{ escrow_detail?: Record<string, unknown> }>>(
        '/api/v2/payment/get_escrow_detail_batch',
        'POST',
        { order_sn_list: escrows.slice(i, i + 50) },
      );
      for (const { escrow_detail: d } of batch ?? []) {
        if (!d) continue;
        const income = (d.order_income ?? {}) as Record<string, unknown>;
        const orderNo = String(d.order_sn);
        const add = (feeType: SettlementFeeType, feeName: string, amount: Decimal, sku: string | null = null) => {
          if (amount.isZero()) return;
          lines.push({
            orderNo,
            orderItemNo: null,
            sku,
            feeType,
            feeName,
            amount: money(amount, currency),
            transactionDate: paidAt,
          });
        };
        const items = (income.items ?? []) as Array<Record<string, unknown>>;
        if (items.length) {
          for (const it of items)
            add('ITEM_PRICE', 'original_price', dec(it.original_price), String(it.model_sku || '') || null);
        } else add('ITEM_PRICE', 'original_price', dec(income.original_price));
        add('SHIPPING_BY_CUSTOMER', 'buyer_paid_shipping_fee', dec(income.buyer_paid_shipping_fee));
        add('SHIPPING_FEE', 'actual_shipping_fee', dec(income.actual_shipping_fee).neg());
        add('SHIPPING_FEE', 'shopee_shipping_rebate', dec(income.shopee_shipping_rebate));
        add('COMMISSION', 'commission_fee', dec(income.commission_fee).neg());
        add('SERVICE_FEE', 'service_fee', dec(income.service_fee).neg());
        add('PAYMENT_FEE', 'seller_transaction_fee', dec(income.seller_transaction_fee).neg());
        add('REFUND', 'seller_return_refund', dec(income.seller_return_refund).neg().abs().neg());
        gross = gross.add(dec(income.original_price));
        shipping = shipping
          .add(dec(income.buyer_paid_shipping_fee))
          .sub(dec(income.actual_shipping_fee))
          .add(dec(income.shopee_shipping_rebate));
        fees = fees
          .sub(dec(income.commission_fee))
          .sub(dec(income.service_fee))
          .sub(dec(income.seller_transaction_fee));
      }
    }
    const net = dec(info.from_amount);
    const adjustments = ((p.offline_adjustment_list ?? []) as Array<Record<string, unknown>>).reduce(
      (s, a) => s.add(dec(a.adjustment_amount)),
      new Decimal(0),
    );
    const refunds = net.sub(gross).sub(shipping).sub(fees).sub(adjustments);
    out.push({
      statementNo: `${sellerId}-${periodStart}`,
      periodStart,
      periodEnd,
      currency,
      grossSales: money(gross, currency),
      fees: money(fees, currency),
      shippingFees: money(shipping, currency),
      refunds: money(refunds, currency),
      adjustments: money(adjustments, currency),
      netAmount: money(net, currency),
      status: 'PAID',
      paidAt,
      lines,
    });
  }
  return out;
}

/** Writes pulled statements of a shop (by number): created or updated, lines replaced. */
export async function saveStatements(
  tx: Tx,
  ctx: CrudContext,
  { shop, pulled }: PulledStatements,
): Promise<StatementPullResult> {
  let created = 0;
  let updated = 0;
  let lineCount = 0;
  for (const s of pulled) {
    const values = {
      periodStart: s.periodStart,
      periodEnd: s.periodEnd,
      currency: s.currency,
      grossSales: s.grossSales,
      fees: s.fees,
      shippingFees: s.shippingFees,
      refunds: s.refunds,
      adjustments: s.adjustments,
      netAmount: s.netAmount,
      status: s.status,
      paidAt: s.paidAt,
      lineCount: s.lines.length,
      pulledAt: new Date(),
    };
    const [found] = await tx
      .select({ id: settlementStatements.id })
      .from(settlementStatements)
      .where(and(eq(settlementStatements.shopId, shop.id), eq(settlementStatements.statementNo, s.statementNo)));
    let id: string;
    if (found) {
      id = found.id;
      await tx
        .update(settlementStatements)
        .set({ ...values, lastModificationTime: new Date(), lastModifierId: ctx.user?.id ?? null })
        .where(eq(settlementStatements.id, id));
      await tx.delete(settlementLines).where(eq(settlementLines.statementId, id));
      updated++;
    } else {
      const [row] = await tx
        .insert(settlementStatements)
        .values({
          ...values,
          tenantId: ctx.tenant?.id ?? null,
          shopId: shop.id,
          platform: shop.platform,
          statementNo: s.statementNo,
          creatorId: ctx.user?.id ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: settlementStatements.id });
      if (!row) continue; // a concurrent pull wrote it
      id = row.id;
      created++;
    }
    const orderNos = [...new Set(s.lines.map((l) => l.orderNo))];
    const orders = orderNos.length
      ? await tx
          .select({ id: salesOrders.id, no: salesOrders.platformOrderId })
          .from(salesOrders)
          .where(and(eq(salesOrders.shopId, shop.id), inArray(salesOrders.platformOrderId, orderNos)))
      : [];
    const orderOf = new Map(orders.map((o) => [o.no, o.id]));
    for (let i = 0; i < s.lines.length; i += 500) {
      await tx.insert(settlementLines).values(
        s.lines.slice(i, i + 500).map((l) => ({
          tenantId: ctx.tenant?.id ?? null,
          statementId: id,
          orderNo: l.orderNo.slice(0, 64),
          orderId: orderOf.get(l.orderNo) ?? null,
          orderItemNo: l.orderItemNo,
          sku: l.sku?.slice(0, 100) ?? null,
          feeType: l.feeType,
          feeName: l.feeName,
          amount: l.amount,
          transactionDate: l.transactionDate,
        })),
      );
    }
    lineCount += s.lines.length;
  }
  return { created, updated, lines: lineCount, statementNos: pulled.map((s) => s.statementNo) };
}

/** A shop's statements as its marketplace answered them, to be saved (`saveStatements`). */
export interface PulledStatements {
  shop: { id: string; platform: string };
  pulled: PulledStatement[];
}

/**
 * Reads a shop's statements of the range from its marketplace (before any unit of work: the
 * marketplace is called over HTTP); a refusal of the marketplace is a 400 naming the shop.
 */
export async function fetchStatements(
  services: Services,
  ctx: CrudContext,
  input: StatementPullInput,
): Promise<PulledStatements> {
  if (input.to < input.from) throw fieldError('to', 'Finance::RangeOrder');
  if ((Date.parse(input.to) - Date.parse(input.from)) / DAY + 1 > PULL_MAX_DAYS) {
    throw fieldError('to', 'Finance::RangeTooLong', [PULL_MAX_DAYS]);
  }
  const { shop, client } = await shopClient(services, ctx.tenant, input.shopId);
  let pulled: PulledStatement[];
  try {
    pulled =
      shop.platform === 'LAZADA'
        ? await lazadaStatements(client as LazadaClient, input.from, input.to)
        : await shopeeStatements(client as ShopeeClient, shop.sellerId ?? shop.id, input.from, input.to);
  } catch (e) {
    if (e instanceof MarketplaceError) throw fieldError('shopId', 'Finance::MarketplaceFailed', [shop.name, e.message]);
    throw e;
  }
  return { shop, pulled };
}

import { profitFeeTypes } from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import { MissingRateError, money } from '../../../core/money.ts';
import { salesOrderLines, salesOrders } from '../orders/schema.ts';
import { type LineFlowRow, lineFlows } from '../returns/queries.ts';
import { shipmentItems, shipments } from '../shipments/schema.ts';
import { stock } from '../stock/schema.ts';
import {
  allocate,
  computeProfit,
  lineCost,
  type ProfitLine,
  type ProfitResult,
  type ProfitShipment,
} from './profit.ts';
import { settlementLines } from './schema.ts';

/** Fees as a share of revenue while no statement has an order's lines (stated on the profit page). */
export const FEE_ESTIMATE_RATES: Record<string, string> = { LAZADA: '0.06', SHOPEE: '0.06', MANUAL: '0' };

export interface ProfitOrder {
  id: string;
  platform: string | null;
  status: string;
  currency: string;
  total: string;
  goodsAmount: string;
  refundedAmount: string;
}

export interface LineProfit {
  orderId: string;
  sku: string;
  name: string;
  quantity: number;
  revenue: string;
  cost: string;
  fees: string;
  freight: string;
}

export interface OrderProfit extends ProfitResult {
  lines: LineProfit[];
}

const rows = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** What 1 unit of `currency` is worth in the tenant's; a 400 naming `currency` when no rate says. */
export function rateOf(rates: Record<string, string>, currency: string | null, member = 'currency'): string {
  if (!currency) return '1';
  const r = rates[currency];
  if (!r) throw fieldError(member, 'Finance::NoRate', [currency]);
  return r;
}

/**
 * What 1 unit of an order's or a shipment fee's currency is worth in the tenant's: never assumed.
 * A fee without a currency, or one in a currency without a rate, is refused (409) rather than
 * counted at 1.
 */
function rateInto(rates: Record<string, string>, from: string | null, tenant: string): string {
  const rate = from ? rates[from] : undefined;
  if (!rate) throw new MissingRateError(from ?? '?', tenant);
  return rate;
}

/**
 * The profit of each order (computeProfit) with its parts split over its lines, read in three
 * queries per 1 000 orders: lines with the cost their shipped units left at and the current
 * average cost, settlement fees, shipments with their fees.
 */
export async function orderProfits(
  tx: Tx,
  orders: ProfitOrder[],
  { currency, rates }: { currency: string; rates: Record<string, string> },
): Promise<Map<string, OrderProfit>> {
  const out = new Map<string, OrderProfit>();
  for (let i = 0; i < orders.length; i += 1000) {
    const chunk = orders.slice(i, i + 1000);
    const ids = chunk.map((o) => o.id);
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const lineRows = rows<
      {
        order_id: string;
        sku: string | null;
        seller_sku: string;
        name: string;
        quantity: number;
        unit_price: string;
        amount: string;
        avg_cost: string | null;
      } & LineFlowRow
    >(
      // the average of the order's warehouse; when it has none, the warehouses' averages weighted
      // by their units on hand (the plain mean of the averages when none has units on hand)
      await tx.execute(sql`
        select l.order_id, l.sku, l.seller_sku, l.name, l.quantity, l.unit_price, l.amount, f.*,
          coalesce(
            (select s.avg_cost from ${stock} s where s.tenant_id = l.tenant_id and s.variant_id = l.variant_id and s.warehouse_id = o.warehouse_id and s.avg_cost > 0),
            (select coalesce(sum(s.on_hand * s.avg_cost) / nullif(sum(s.on_hand), 0), avg(s.avg_cost)) from ${stock} s
              where s.tenant_id = l.tenant_id and s.variant_id = l.variant_id and s.avg_cost > 0)
          ) as avg_cost
        from ${salesOrderLines} l
        join ${salesOrders} o on o.id = l.order_id
        ${lineFlows}
        where l.order_id in (${idList})
        order by l.order_id, l.line_no`),
    );
    const fees = await tx
      .select({
        orderId: settlementLines.orderId,
        fees: sql<string>`coalesce(sum(case when ${inArray(settlementLines.feeType, [...profitFeeTypes])} then -${settlementLines.amount} else 0 end), 0)`,
      })
      .from(settlementLines)
      .where(inArray(settlementLines.orderId, ids))
      .groupBy(settlementLines.orderId);
    const shipRows = rows<{
      order_id: string;
      actual_fee: string | null;
      est_fee: string | null;
      currency: string | null;
      total_qty: number;
      qty: string;
    }>(
      await tx.execute(sql`
        select si.order_id, sh.actual_fee, sh.est_fee, sh.currency, sh.quantity as total_qty, sum(si.quantity) as qty
        from ${shipmentItems} si join ${shipments} sh on sh.id = si.shipment_id
        where si.order_id in (${idList}) and sh.status <> 'CANCELLED'
        group by si.order_id, sh.id`),
    );
    const feeOf = new Map(fees.map((f) => [f.orderId, String(f.fees)]));
    for (const o of chunk) {
      const lines = lineRows.filter((l) => l.order_id === o.id);
      const profitLines: ProfitLine[] = lines.map((l) => ({
        quantity: Number(l.quantity),
        shippedQty: Number(l.out_qty),
        shippedCost: String(l.out_cost),
        returnedCost: new Decimal(l.parcel_cost).add(l.refund_cost).toString(),
        avgCost: l.avg_cost === null ? null : String(l.avg_cost),
      }));
      // the returned parcels' share of the total: their units' goods ÷ all goods × total
      const parcelGoods = lines.reduce((s, l) => s.add(new Decimal(l.unit_price).mul(l.parcel_qty)), new Decimal(0));
      const returned = new Decimal(o.goodsAmount).isZero()
        ? new Decimal(0)
        : parcelGoods.div(o.goodsAmount).mul(o.total);
      const costUnshipped = !['Refunded', 'Cancel'].includes(o.status);
      const ships: ProfitShipment[] = shipRows
        .filter((s) => s.order_id === o.id)
        .map((s) => ({
          actualFee: s.actual_fee === null ? null : String(s.actual_fee),
          estFee: s.est_fee === null ? null : String(s.est_fee),
          rate: rateInto(rates, s.currency, currency),
          share: Number(s.total_qty) > 0 ? new Decimal(s.qty).div(s.total_qty).toString() : '1',
        }));
      const result = computeProfit({
        currency,
        orderTotal: o.total,
        // the order's currency is the marketplace's, not the caller's input: a missing rate is the
        // settings' gap (409), not a bad field
        rate: o.currency ? rateInto(rates, o.currency, currency) : '1',
        refunded: o.refundedAmount,
        returned: returned.toString(),
        costUnshipped,
        lines: profitLines,
        settlementFees: feeOf.get(o.id) ?? null,
        estimateRate: FEE_ESTIMATE_RATES[o.platform ?? 'MANUAL'] ?? '0',
        shipments: ships,
      });
      // revenue, fees and freight split over the lines by their amounts; cost is each line's own
      const weights = lines.map((l) => String(l.amount));
      const revenue = allocate(result.revenue, weights, currency);
      const fee = allocate(result.fees, weights, currency);
      const freight = allocate(result.freight, weights, currency);
      out.set(o.id, {
        ...result,
        lines: lines.map((l, k) => {
          const cost = money(lineCost(profitLines[k]!, costUnshipped), currency);
          return {
            orderId: o.id,
            sku: l.sku ?? l.seller_sku,
            name: l.name,
            quantity: profitLines[k]!.quantity,
            revenue: revenue[k]!,
            cost: cost.toString(),
            fees: fee[k]!,
            freight: freight[k]!,
          };
        }),
      });
    }
  }
  return out;
}

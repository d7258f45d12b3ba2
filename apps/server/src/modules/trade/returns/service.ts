import { nextState, type SalesOrderRefundInput, salesOrderTransitions } from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import { assertMoneyPlaces, moneyText } from '../../../core/money.ts';
import { type Ctx, type OrderServices, orderSteps } from '../orders/commands.ts';
import { salesOrderLines, salesOrders } from '../orders/schema.ts';
import { shipmentItems, shipments } from '../shipments/schema.ts';
import { illegalTransition } from '../state-machine.ts';
import { type StockMove, stockCommands } from '../stock/commands.ts';
import { stockLedger } from '../stock/schema.ts';

/** The voucher of units a refund takes back (`RETURN_IN` rows, one per order line). */
export const VOUCHER_ORDER_RETURN = 'ORDER_RETURN';

/**
 * A `left join lateral … f` over an order line `l` of order `o`: what the ledger says left stock
 * for it and came back, summed: `out_qty`/`out_cost` (SALE_OUT of its shipments, at the cost they
 * left at), `parcel_qty`/`parcel_cost` (RETURN_IN of its returned parcels), `refund_qty`/
 * `refund_cost` (RETURN_IN of its refunds) and `warehouse_id` (where its units left from).
 */
export const lineFlows = sql`left join lateral (
  select
    coalesce(sum(-m.qty) filter (where m.kind = 'out'), 0) as out_qty,
    coalesce(sum(-m.qty * m.cost) filter (where m.kind = 'out'), 0) as out_cost,
    coalesce(sum(m.qty) filter (where m.kind = 'parcel'), 0) as parcel_qty,
    coalesce(sum(m.qty * m.cost) filter (where m.kind = 'parcel'), 0) as parcel_cost,
    coalesce(sum(m.qty) filter (where m.kind = 'refund'), 0) as refund_qty,
    coalesce(sum(m.qty * m.cost) filter (where m.kind = 'refund'), 0) as refund_cost,
    min(m.warehouse_id::text) filter (where m.kind = 'out') as warehouse_id
  from (
    select case when g.type = 'SALE_OUT' then 'out' else 'parcel' end as kind,
      g.qty_change as qty, coalesce(g.unit_cost, 0) as cost, g.warehouse_id
    from ${shipmentItems} si
    join ${shipments} sh on sh.id = si.shipment_id
    join ${stockLedger} g on g.tenant_id = si.tenant_id and g.voucher_no = sh.shipment_no
      and g.voucher_line_id = si.id
      and ((g.voucher_type = 'SHIPMENT' and g.type = 'SALE_OUT')
        or (g.voucher_type = 'SHIPMENT_RETURN' and g.type = 'RETURN_IN'))
    where si.order_line_id = l.id and si.tenant_id = l.tenant_id
    union all
    select 'refund', g.qty_change, coalesce(g.unit_cost, 0), g.warehouse_id
    from ${stockLedger} g
    where g.tenant_id = l.tenant_id and g.voucher_type = ${VOUCHER_ORDER_RETURN} and g.voucher_no = o.order_no
      and g.voucher_line_id = l.id and g.type = 'RETURN_IN'
  ) m
) f on true`;

/** One row of `lineFlows`, as the driver returns it. */
export interface LineFlowRow {
  out_qty: string | number;
  out_cost: string | number;
  parcel_qty: string | number;
  parcel_cost: string | number;
  refund_qty: string | number;
  refund_cost: string | number;
  warehouse_id: string | null;
}

const rows = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/**
 * A full or partial refund (`refund`, `partialRefund` of the state table), in `tx`: records the
 * amount refunded (a partial refund must say it; a full one refunds what is left unless it says
 * less; never more than is left: 400 naming `amount`) and puts the units the buyer sent back on
 * hand (`RETURN_IN` at the cost they left at, in the warehouse they left from; at most what was
 * shipped less what came back already: 400 naming `returns.i.quantity`).
 */
export async function refundOrder(
  services: OrderServices,
  tx: Tx,
  ctx: Ctx,
  id: string,
  action: 'refund' | 'partialRefund',
  input: SalesOrderRefundInput,
): Promise<void> {
  const { lockOrder, linesOf, setStatus, addEvent, addReturned } = orderSteps;
  const order = await lockOrder(tx, ctx, id);
  const to = nextState(salesOrderTransitions, order.status, action);
  if (!to) throw illegalTransition(ctx.culture, 'SalesOrders', order.status, action);
  const left = new Decimal(order.total).sub(order.refundedAmount);
  if (input.amount === undefined && action === 'partialRefund') {
    throw fieldError('amount', 'SalesOrders::RefundAmountRequired');
  }
  assertMoneyPlaces('amount', input.amount, order.currency);
  const amount = input.amount === undefined ? left : new Decimal(input.amount);
  if (amount.gt(left)) {
    throw fieldError('amount', 'SalesOrders::RefundAtMost', [moneyText(left, order.currency), order.currency]);
  }
  const lines = await linesOf(tx, order.id);
  const flows = new Map(
    rows<LineFlowRow & { id: string }>(
      await tx.execute(sql`
        select l.id, f.* from ${salesOrderLines} l join ${salesOrders} o on o.id = l.order_id
        ${lineFlows}
        where l.order_id = ${order.id}`),
    ).map((r) => [r.id, r]),
  );
  const taken = new Map<string, number>();
  const moves: StockMove[] = [];
  for (const [i, r] of input.returns.entries()) {
    const line = lines.find((l) => l.id === r.lineId);
    if (!line?.variantId) throw fieldError(`returns.${i}.lineId`, 'SalesOrders::ReturnLineNotShipped');
    const f = flows.get(line.id)!;
    const before = taken.get(line.id) ?? 0;
    const most = Number(f.out_qty) - Number(f.parcel_qty) - line.returnedQty - before;
    if (r.quantity > most) throw fieldError(`returns.${i}.quantity`, 'SalesOrders::ReturnAtMost', [Math.max(most, 0)]);
    taken.set(line.id, before + r.quantity);
    moves.push({
      warehouseId: f.warehouse_id ?? order.warehouseId!,
      variantId: line.variantId,
      sku: line.sku ?? line.sellerSku,
      type: 'RETURN_IN',
      onHand: r.quantity,
      // back at what they left at, so the round trip does not move the average
      unitCost: new Decimal(f.out_cost).div(f.out_qty).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4),
      voucherType: VOUCHER_ORDER_RETURN,
      voucherNo: order.orderNo,
      voucherLineId: line.id,
      reason: input.reason ?? null,
    });
  }
  if (moves.length) await stockCommands(services).move(tx, ctx, moves);
  for (const [lineId, qty] of taken) await addReturned(tx, lineId, qty);
  const refunded = moneyText(new Decimal(order.refundedAmount).add(amount), order.currency);
  await setStatus(tx, ctx, order, to, { refundedAmount: refunded });
  const back = [...taken.values()].reduce((s, q) => s + q, 0);
  const what = `${moneyText(amount, order.currency)} ${order.currency}${back ? ` (+${back})` : ''}`;
  await addEvent(tx, ctx, order, action, order.status, to, input.reason ? `${what} · ${input.reason}` : what);
}

import {
  type CrmOrderDto,
  type CrmOrderInput,
  type CrmOrderListItem,
  type CrmOrderStatus,
  crmOrderList,
  nextCrmOrderStatuses,
} from '@seller/contracts/crm';
import { Decimal } from 'decimal.js';
import { and, asc, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError, fieldError } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { t } from '../../../core/localization/index.ts';
import { firstOwnedId } from '../../../core/owned-rows.ts';
import { contains } from '../../../core/search.ts';
import { tradeSalesOrders } from '../../trade/index.ts';
import { type CustomerNeed, type CustomerViewer, customerQueries } from '../customers/queries.ts';
import { crmCustomers } from '../customers/schema.ts';
import { loadThroughCustomer, ofCustomer, seenThroughCustomer, touched } from '../through.ts';
import { userName } from '../users.ts';
import { crmOrderHistory, crmOrders } from './schema.ts';

export type Ctx = RequestContext;

const { load: loadCustomer, may: mayDo } = customerQueries;
type OrderRow = typeof crmOrders.$inferSelect;

const itemFields = {
  id: crmOrders.id,
  orderNo: crmOrders.orderNo,
  customerId: crmOrders.customerId,
  customerName: crmCustomers.name,
  source: crmOrders.source,
  status: crmOrders.status,
  amount: crmOrders.amount,
  currency: crmOrders.currency,
  orderedAt: crmOrders.orderedAt,
  remark: crmOrders.remark,
  tradeOrderId: crmOrders.tradeOrderId,
  creationTime: crmOrders.creationTime,
};

const toItem = (r: CrmOrderListItem): CrmOrderListItem => ({ ...r, amount: new Decimal(r.amount).toFixed(2) });

/** The order-tracking list: orders of customers the viewer sees (`customerScope`, the pool's too). */
export const crmOrderListService = listService(crmOrderList, {
  table: crmOrders,
  rows: (tx) =>
    tx.select(itemFields).from(crmOrders).innerJoin(crmCustomers, eq(crmCustomers.id, crmOrders.customerId)).$dynamic(),
  search: (text) =>
    or(contains(crmOrders.orderNo, text), ofCustomer(crmOrders.customerId, contains(crmCustomers.name, text))),
  filters: {
    customerId: crmOrders.customerId,
    status: crmOrders.status,
    source: crmOrders.source,
    ordered: crmOrders.orderedAt,
  },
  sorts: {
    orderNo: crmOrders.orderNo,
    status: crmOrders.status,
    amount: crmOrders.amount,
    orderedAt: crmOrders.orderedAt,
    creationTime: crmOrders.creationTime,
  },
  scope: seenThroughCustomer(crmOrders.customerId),
  items: (_tx, _ctx, rows: CrmOrderListItem[]) => rows.map(toItem),
});

const selectItems = (tx: Tx, where: SQL) =>
  tx.select(itemFields).from(crmOrders).innerJoin(crmCustomers, eq(crmCustomers.id, crmOrders.customerId)).where(where);

/** 409 naming the order's status and the one asked for, in the user's language. */
const illegalTransition = (ctx: Ctx, from: CrmOrderStatus, to: CrmOrderStatus) =>
  new AppError({
    status: 409,
    code: 'CrmOrders:IllegalTransition',
    messageKey: 'CrmOrders::IllegalTransition',
    params: [t(ctx.culture, `CrmOrders::Status:${from}`), t(ctx.culture, `CrmOrders::Status:${to}`)],
    data: { from, to },
  });

/** One order with its customer checked for `need` (404 when out of sight, 403 when not allowed). */
const loadOrder = (tx: Tx, ctx: Ctx, v: CustomerViewer, id: string, need: CustomerNeed, lock = false) =>
  loadThroughCustomer(tx, ctx, v, crmOrders, 'CrmOrder', id, need, { lock });

/** One order the viewer sees (through its customer), with its status history. */
export async function getOrder(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string): Promise<CrmOrderDto> {
  const { row, customer } = await loadOrder(tx, ctx, v, id, 'read');
  const [item] = await selectItems(tx, owned(ctx, crmOrders, eq(crmOrders.id, id)));
  const history = await tx
    .select({
      id: crmOrderHistory.id,
      fromStatus: crmOrderHistory.fromStatus,
      toStatus: crmOrderHistory.toStatus,
      remark: crmOrderHistory.remark,
      byUserId: crmOrderHistory.byUserId,
      byUserName: userName(crmOrderHistory.byUserId),
      time: crmOrderHistory.time,
    })
    .from(crmOrderHistory)
    .where(eq(crmOrderHistory.orderId, id))
    .orderBy(asc(crmOrderHistory.time), asc(crmOrderHistory.id));
  const [trade] = row.tradeOrderId
    ? await tx
        .select({ id: tradeSalesOrders.id, orderNo: tradeSalesOrders.orderNo, status: tradeSalesOrders.status })
        .from(tradeSalesOrders)
        .where(owned(ctx, tradeSalesOrders, eq(tradeSalesOrders.id, row.tradeOrderId)))
    : [];
  const canEdit = await mayDo(tx, v, customer, 'write');
  return {
    ...toItem(item!),
    tradeOrder: trade ?? null,
    nextStatuses: canEdit ? [...nextCrmOrderStatuses(row.status)] : [],
    canEdit,
    history,
  };
}

function newOrderNo(now = new Date()) {
  const d = now.toISOString().slice(2, 10).replace(/-/g, '');
  const r = Math.floor(Math.random() * 36 ** 6)
    .toString(36)
    .toUpperCase()
    .padStart(6, '0');
  return `CO${d}${r}`;
}

async function checkNo(tx: Tx, ctx: Ctx, orderNo: string, exceptId?: string) {
  const taken = await firstOwnedId(
    tx,
    ctx,
    crmOrders,
    eq(crmOrders.orderNo, orderNo),
    exceptId ? ne(crmOrders.id, exceptId) : undefined,
  );
  if (taken) throw fieldError('orderNo', 'CrmOrders::OrderNoTaken', [orderNo]);
}

async function checkTradeOrder(tx: Tx, ctx: Ctx, id: string | null) {
  if (!id) return;
  const [o] = await tx
    .select({ id: tradeSalesOrders.id })
    .from(tradeSalesOrders)
    .where(owned(ctx, tradeSalesOrders, eq(tradeSalesOrders.id, id)));
  if (!o) throw fieldError('tradeOrderId', 'CrmOrders::TradeOrderNotFound', [id]);
}

async function addHistory(
  tx: Tx,
  ctx: Ctx,
  order: Pick<OrderRow, 'id' | 'tenantId'>,
  from: CrmOrderStatus | null,
  to: CrmOrderStatus,
  remark: string | null,
) {
  await tx.insert(crmOrderHistory).values({
    tenantId: order.tenantId,
    orderId: order.id,
    fromStatus: from,
    toStatus: to,
    remark,
    byUserId: ctx.user?.id ?? null,
  });
}

/** Creates an order (Pending, with its first history row) on a customer the viewer may write; its id. */
export async function createOrder(tx: Tx, ctx: Ctx, v: CustomerViewer, input: CrmOrderInput) {
  await loadCustomer(tx, v, input.customerId, 'write');
  const orderNo = input.orderNo ?? newOrderNo();
  await checkNo(tx, ctx, orderNo);
  await checkTradeOrder(tx, ctx, input.tradeOrderId);
  const [row] = await tx
    .insert(crmOrders)
    .values({
      tenantId: ctx.tenant?.id ?? null,
      customerId: input.customerId,
      orderNo,
      source: input.source,
      status: 'Pending',
      amount: new Decimal(input.amount).toFixed(2),
      currency: input.currency,
      orderedAt: input.orderedAt,
      remark: input.remark,
      tradeOrderId: input.tradeOrderId,
      creatorId: ctx.user?.id ?? null,
    })
    .returning();
  await addHistory(tx, ctx, row!, null, 'Pending', null);
  return row!.id;
}

/** Changes what was entered; the customer and the status stay (the status moves by `changeOrderStatus`). */
export async function updateOrder(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string, input: CrmOrderInput) {
  const { row } = await loadOrder(tx, ctx, v, id, 'write', true);
  if (input.customerId !== row.customerId) await loadCustomer(tx, v, input.customerId, 'write');
  const orderNo = input.orderNo ?? row.orderNo;
  if (orderNo !== row.orderNo) await checkNo(tx, ctx, orderNo, id);
  if (input.tradeOrderId !== row.tradeOrderId) await checkTradeOrder(tx, ctx, input.tradeOrderId);
  await tx
    .update(crmOrders)
    .set({
      customerId: input.customerId,
      orderNo,
      source: input.source,
      amount: new Decimal(input.amount).toFixed(2),
      currency: input.currency,
      orderedAt: input.orderedAt,
      remark: input.remark,
      tradeOrderId: input.tradeOrderId,
      ...touched(ctx),
    })
    .where(eq(crmOrders.id, id));
}

export async function deleteOrder(tx: Tx, ctx: Ctx, v: CustomerViewer, id: string) {
  await loadOrder(tx, ctx, v, id, 'write', true);
  await tx.delete(crmOrders).where(eq(crmOrders.id, id));
}

/** Moves the order to `to` when the transition table allows it (409 otherwise), with a history row. */
export async function changeOrderStatus(
  tx: Tx,
  ctx: Ctx,
  v: CustomerViewer,
  id: string,
  to: CrmOrderStatus,
  remark: string | null,
) {
  const { row } = await loadOrder(tx, ctx, v, id, 'write', true);
  if (!nextCrmOrderStatuses(row.status).includes(to)) throw illegalTransition(ctx, row.status, to);
  await tx
    .update(crmOrders)
    .set({ status: to, ...touched(ctx) })
    .where(and(eq(crmOrders.id, id)));
  await addHistory(tx, ctx, row, row.status, to, remark);
}

/** The tenant's trade sales orders by number, to link. */
export async function tradeOrderOptions(tx: Tx, ctx: Ctx, _v: CustomerViewer, filter?: string) {
  const rows = await tx
    .select({
      id: tradeSalesOrders.id,
      orderNo: tradeSalesOrders.orderNo,
      status: tradeSalesOrders.status,
      total: sql<string>`${tradeSalesOrders.total}::text`,
      currency: tradeSalesOrders.currency,
    })
    .from(tradeSalesOrders)
    .where(owned(ctx, tradeSalesOrders, filter ? contains(tradeSalesOrders.orderNo, filter) : undefined))
    .orderBy(desc(tradeSalesOrders.orderedAt))
    .limit(30);
  return { items: rows.map((r) => ({ ...r, total: new Decimal(r.total).toFixed(2) })) };
}

import { randomBytes, randomInt } from 'node:crypto';
import {
  allowedShipmentActions,
  type CreateShipmentInput,
  type ShipInput,
  type ShipmentAction,
  type ShipmentChannelOption,
  type ShipmentDetailDto,
  type ShipmentDto,
  type ShipmentEstimateDto,
  type ShipmentEventDto,
  type ShipmentEventInput,
  type ShipmentEventSource,
  type ShipmentStatus,
  type ShippableOrderDto,
  shipmentEventList,
  shipmentList,
  shipmentTransitions,
} from '@seller/contracts/trade';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError, fieldError, notFound } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { t } from '../../../core/localization/index.ts';
import { assertMoneyPlaces, moneyText } from '../../../core/money.ts';
import { contains } from '../../../core/search.ts';
import type { Services } from '../../../core/services.ts';
import {
  activeWarehouseOptions,
  estimateFreight,
  logisticsChannels,
  logisticsWarehouses,
} from '../../logistics/index.ts';
import { orderCommands } from '../orders/commands.ts';
import { salesOrderLines, salesOrders } from '../orders/schema.ts';
import { illegalTransition, nextState } from '../state-machine.ts';
import { stockCommands } from '../stock/commands.ts';
import { stockLedger } from '../stock/schema.ts';
import { shipmentEvents, shipmentItems, shipments } from './schema.ts';

/** The fee a shipment really cost, in its currency, to that currency's minor units (more places refused). */
function actualFeeOf(fee: string | undefined, currency: string | null) {
  if (fee === undefined) return null;
  if (!currency) return fee;
  assertMoneyPlaces('actualFee', fee, currency);
  return moneyText(fee, currency);
}

export type Ctx = Pick<RequestContext, 'tenant' | 'user' | 'culture'>;
/** What shipping needs of the services: the orders' and stock's commands. */
type ShipmentServices = Pick<Services, 'events'>;
export type ShipmentRow = typeof shipments.$inferSelect;
type OrderRow = typeof salesOrders.$inferSelect;
type LineRow = typeof salesOrderLines.$inferSelect;

/** The sales order lines the shipment items ship (none for none). */
export async function orderLinesOf(tx: Tx, items: { orderLineId: string }[]): Promise<LineRow[]> {
  if (!items.length) return [];
  return tx
    .select()
    .from(salesOrderLines)
    .where(
      inArray(
        salesOrderLines.id,
        items.map((i) => i.orderLineId),
      ),
    );
}

const ENTITY = 'Shipment';
const R = 'Shipments';
/** Orders whose stock is reserved and not all shipped (packed orders too: still reserved). */
const SHIPPABLE = new Set(['Processing', 'Packaged', 'PartiallyShipped']);
/** Shipments still holding their lines' quantities (made, not yet gone, not cancelled). */
const OPEN: ShipmentStatus[] = ['CREATED', 'LABELLED', 'PACKED'];

// ---- helpers -------------------------------------------------------------------------------------

const stamp = () => randomBytes(16).toString('hex');

function newShipmentNo(): string {
  const d = new Date();
  const ymd = `${String(d.getUTCFullYear()).slice(2)}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `SHP-${ymd}-${[...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/** The channel's code letters (up to 4) and 12 digits, e.g. `YTMY482019375561`. */
export function newTrackingNo(channelCode: string | null): string {
  const prefix =
    (channelCode ?? '')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 4) || 'SP';
  let digits = '';
  for (let i = 0; i < 12; i++) digits += String(randomInt(10));
  return `${prefix}${digits}`;
}

const msg = (ctx: Ctx, key: string, params?: unknown[]) => t(ctx.culture, `${R}::${key}`, params);

export function toDto(r: ShipmentRow, warehouseName: string | null = null): ShipmentDto {
  return {
    id: r.id,
    shipmentNo: r.shipmentNo,
    status: r.status,
    warehouseId: r.warehouseId,
    warehouseName,
    channelId: r.channelId,
    channelName: r.channelName,
    carrierName: r.carrierName,
    trackingNo: r.trackingNo,
    labelFile: r.labelFile,
    countryCode: r.countryCode,
    estWeightG: r.estWeightG,
    estFee: r.estFee,
    currency: r.currency,
    actualWeightG: r.actualWeightG,
    actualFee: r.actualFee,
    shippedAt: r.shippedAt,
    deliveredAt: r.deliveredAt,
    platformSyncStatus: r.platformSyncStatus,
    platformSyncError: r.platformSyncError,
    orderNos: r.orderNos,
    quantity: r.quantity,
    remark: r.remark,
    allowedActions: allowedShipmentActions(r.status),
    creationTime: r.creationTime,
    lastModificationTime: r.lastModificationTime,
    concurrencyStamp: r.concurrencyStamp,
  };
}

async function load(tx: Tx, ctx: Ctx, id: string, lock = false): Promise<ShipmentRow> {
  const q = tx
    .select()
    .from(shipments)
    .where(owned(ctx, shipments, eq(shipments.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(ENTITY, id);
  return row;
}

async function warehouseNames(tx: Tx, ctx: Ctx, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await tx
    .select({ id: logisticsWarehouses.id, name: logisticsWarehouses.name })
    .from(logisticsWarehouses)
    .where(owned(ctx, logisticsWarehouses, inArray(logisticsWarehouses.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function addEvent(
  tx: Tx,
  ctx: Ctx,
  shipment: Pick<ShipmentRow, 'id' | 'tenantId'>,
  e: { code: string; description: string; location?: string | null; time?: Date; source: ShipmentEventSource },
) {
  await tx.insert(shipmentEvents).values({
    tenantId: shipment.tenantId,
    shipmentId: shipment.id,
    time: e.time ?? new Date(),
    code: e.code,
    description: e.description.slice(0, 500),
    location: e.location ?? null,
    source: e.source,
    actorId: e.source === 'USER' ? (ctx.user?.id ?? null) : null,
  });
}

/** Moves a locked shipment by `action` (409 when the table refuses), with the status event. */
async function transition(
  tx: Tx,
  ctx: Ctx,
  row: ShipmentRow,
  action: ShipmentAction,
  set: Partial<ShipmentRow> = {},
  eventParams: unknown[] = [],
  source: ShipmentEventSource = 'USER',
): Promise<ShipmentRow> {
  const to = nextState(shipmentTransitions, row.status, action);
  if (!to) throw illegalTransition(ctx.culture, R, row.status, action);
  const [next] = await tx
    .update(shipments)
    .set({
      ...set,
      status: to,
      lastModificationTime: new Date(),
      lastModifierId: ctx.user?.id ?? null,
      concurrencyStamp: stamp(),
    })
    .where(and(eq(shipments.id, row.id), eq(shipments.status, row.status)))
    .returning();
  if (!next) throw illegalTransition(ctx.culture, R, row.status, action);
  await addEvent(tx, ctx, row, { code: to, description: msg(ctx, `Event:${to}`, eventParams), source });
  return next;
}

// ---- what orders have left to ship ---------------------------------------------------------------

interface Picked {
  order: OrderRow;
  line: LineRow;
  quantity: number;
}

/** Quantities of `lineIds` held by shipments not yet gone (made, labelled, packed). */
async function pendingByLine(tx: Tx, ctx: Ctx, lineIds: string[]) {
  if (!lineIds.length) return new Map<string, number>();
  const rows = await tx
    .select({ lineId: shipmentItems.orderLineId, q: sql<number>`sum(${shipmentItems.quantity})::int` })
    .from(shipmentItems)
    .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
    .where(and(owned(ctx, shipmentItems, inArray(shipmentItems.orderLineId, lineIds)), inArray(shipments.status, OPEN)))
    .groupBy(shipmentItems.orderLineId);
  return new Map(rows.map((r) => [r.lineId, Number(r.q)]));
}

async function loadOrders(tx: Tx, ctx: Ctx, ids: string[], lock = false) {
  if (!ids.length) return [];
  const q = tx
    .select()
    .from(salesOrders)
    .where(owned(ctx, salesOrders, inArray(salesOrders.id, ids)))
    .orderBy(asc(salesOrders.id));
  const rows = lock ? await q.for('update') : await q;
  for (const id of ids) if (!rows.some((r) => r.id === id)) throw notFound('SalesOrder', id);
  return rows;
}

const notShippable = (order: OrderRow) =>
  new AppError({
    status: 409,
    code: `${R}:OrderNotShippable`,
    messageKey: `${R}::OrderNotShippable`,
    params: [order.orderNo, order.status],
    data: { orderId: order.id, status: order.status },
  });

/**
 * The lines and quantities a new shipment takes: every unshipped quantity of `orderIds`, or the
 * quantities of `lines`; refused when an order is not in process, a quantity is more than is
 * left (shipped and in open shipments counted), or a line has no catalogue SKU.
 */
async function resolvePicks(
  tx: Tx,
  ctx: Ctx,
  input: Pick<CreateShipmentInput, 'orderIds' | 'lines'>,
  lock = false,
): Promise<Picked[]> {
  const byLine = input.lines?.length ? input.lines : null;
  let lines: LineRow[];
  if (byLine) {
    const ids = [...new Set(byLine.map((l) => l.orderLineId))];
    lines = await tx
      .select()
      .from(salesOrderLines)
      .where(owned(ctx, salesOrderLines, inArray(salesOrderLines.id, ids)));
    for (const id of ids) if (!lines.some((l) => l.id === id)) throw notFound('SalesOrderLine', id);
  } else {
    const ids = [...new Set(input.orderIds ?? [])];
    await loadOrders(tx, ctx, ids);
    lines = await tx
      .select()
      .from(salesOrderLines)
      .where(owned(ctx, salesOrderLines, inArray(salesOrderLines.orderId, ids)))
      .orderBy(asc(salesOrderLines.orderId), asc(salesOrderLines.lineNo));
  }
  const orders = await loadOrders(tx, ctx, [...new Set(lines.map((l) => l.orderId))], lock);
  const orderOf = new Map(orders.map((o) => [o.id, o]));
  for (const o of orders) if (!SHIPPABLE.has(o.status)) throw notShippable(o);
  const pending = await pendingByLine(
    tx,
    ctx,
    lines.map((l) => l.id),
  );
  const left = (l: LineRow) => Math.max(0, l.quantity - l.shippedQty - (pending.get(l.id) ?? 0));
  const picks: Picked[] = [];
  if (byLine) {
    const lineOf = new Map(lines.map((l) => [l.id, l]));
    const asked = new Map<string, number>();
    byLine.forEach((b, i) => {
      const line = lineOf.get(b.orderLineId)!;
      const q = (asked.get(line.id) ?? 0) + b.quantity;
      asked.set(line.id, q);
      if (!line.variantId) throw fieldError(`lines.${i}.orderLineId`, `${R}::UnmatchedLine`, [line.sellerSku]);
      if (q > left(line)) throw fieldError(`lines.${i}.quantity`, `${R}::OverShipping`, [line.sku, left(line)]);
    });
    for (const [id, q] of asked)
      picks.push({ order: orderOf.get(lineOf.get(id)!.orderId)!, line: lineOf.get(id)!, quantity: q });
  } else {
    for (const o of orders) {
      const mine = lines.filter((l) => l.orderId === o.id && left(l) > 0);
      if (!mine.length) throw fieldError('orderIds', `${R}::NothingToShip`, [o.orderNo]);
      for (const l of mine) {
        if (!l.variantId) throw fieldError('orderIds', `${R}::UnmatchedLine`, [l.sellerSku]);
        picks.push({ order: o, line: l, quantity: left(l) });
      }
    }
  }
  return picks;
}

function destinationOf(orders: OrderRow[], member: string): string {
  const countries = new Set(orders.map((o) => o.countryCode ?? o.address?.countryCode ?? null));
  if (countries.has(null)) throw fieldError(member, `${R}::NoDestination`);
  if (countries.size > 1) throw fieldError(member, `${R}::OneDestination`);
  return [...countries][0]!;
}

/** The freight estimate of the parcel the picks make, as the shipment offers it. */
async function estimateFor(
  services: Services,
  ctx: Ctx,
  picks: Picked[],
  warehouseId: string | undefined,
  member: string,
): Promise<ShipmentEstimateDto> {
  const orders = [...new Map(picks.map((p) => [p.order.id, p.order])).values()];
  const countryCode = destinationOf(orders, member);
  const qty = new Map<string, number>();
  for (const p of picks)
    qty.set(p.line.sku ?? p.line.sellerSku, (qty.get(p.line.sku ?? p.line.sellerSku) ?? 0) + p.quantity);
  const platforms = new Set(orders.map((o) => o.platform));
  const shops = new Set(orders.map((o) => o.shopId));
  const currencies = new Set(orders.map((o) => o.currency));
  const platform = platforms.size === 1 ? [...platforms][0] : null;
  const shopId = shops.size === 1 ? [...shops][0] : null;
  const estimate = await estimateFreight(services, ctx, {
    countryCode,
    items: [...qty].slice(0, 100).map(([sku, quantity]) => ({ sku, quantity })),
    ...(warehouseId ? { warehouseId } : {}),
    ...(platform === 'LAZADA' || platform === 'SHOPEE' ? { platform } : {}),
    ...(shopId ? { shopId } : {}),
    ...(currencies.size === 1 ? { currency: [...currencies][0]! } : {}),
  });
  const pickedId = estimate.strategy?.pickedChannelId ?? estimate.options[0]?.channelId ?? null;
  const options: ShipmentChannelOption[] = estimate.options.map((o) => ({
    channelId: o.channelId,
    channelCode: o.channelCode,
    channelName: o.channelName,
    carrierName: o.carrierName,
    transitDaysMin: o.transitDaysMin,
    transitDaysMax: o.transitDaysMax,
    chargeableWeight: o.chargeableWeight,
    total: o.total,
    currency: o.currency,
    totalInTenantCurrency: o.totalInTenantCurrency,
    tenantCurrency: o.tenantCurrency,
    picked: o.channelId === pickedId,
  }));
  return {
    countryCode,
    weightG: estimate.parcel.weight,
    options,
    excluded: estimate.excluded.map((e) => ({
      channelId: e.channelId,
      channelName: e.channelName,
      reasons: e.reasons.map((r) => r.message),
    })),
    pickedChannelId: pickedId,
  };
}

// ---- lists ---------------------------------------------------------------------------------------

/** The shipments list: the shipment rows with their warehouses' names. */
export const shipmentListService = listService(shipmentList, {
  table: shipments,
  search: [shipments.shipmentNo, shipments.trackingNo, shipments.orderNos],
  filters: {
    warehouseId: shipments.warehouseId,
    channelId: shipments.channelId,
    orderId: (orderId: string) =>
      sql`exists (select 1 from ${shipmentItems} i where i.shipment_id = ${shipments.id} and i.order_id = ${orderId})`,
    platformSyncStatus: shipments.platformSyncStatus,
    created: shipments.creationTime,
  },
  tab: shipments.status,
  sorts: {
    creationTime: shipments.creationTime,
    shipmentNo: shipments.shipmentNo,
    status: shipments.status,
    trackingNo: shipments.trackingNo,
    shippedAt: shipments.shippedAt,
    deliveredAt: shipments.deliveredAt,
    estFee: shipments.estFee,
  },
  items: async (tx, ctx, rows: ShipmentRow[]) => {
    const names = await warehouseNames(
      tx,
      ctx,
      rows.map((r) => r.warehouseId),
    );
    return rows.map((r) => toDto(r, names.get(r.warehouseId) ?? null));
  },
});

/** A text the event's shipment holds (the total is counted over the events alone: a correlated subquery). */
const eventShipment = (predicate: SQL) =>
  sql`exists (select 1 from ${shipments} where ${shipments.id} = ${shipmentEvents.shipmentId} and ${predicate})`;

/** Tracking events across shipments, newest first. */
export const shipmentEventListService = listService(shipmentEventList, {
  table: shipmentEvents,
  rows: (tx) =>
    tx
      .select({ e: shipmentEvents, shipmentNo: shipments.shipmentNo, trackingNo: shipments.trackingNo })
      .from(shipmentEvents)
      .innerJoin(shipments, eq(shipments.id, shipmentEvents.shipmentId))
      .$dynamic(),
  search: (text) =>
    eventShipment(
      or(
        contains(shipments.trackingNo, text),
        contains(shipments.shipmentNo, text),
        contains(shipments.orderNos, text),
      )!,
    ),
  filters: {
    trackingNo: (text: string) => eventShipment(contains(shipments.trackingNo, text)),
    shipmentNo: (text: string) => eventShipment(contains(shipments.shipmentNo, text)),
    time: shipmentEvents.time,
  },
  sorts: { time: shipmentEvents.time, code: shipmentEvents.code },
  items: (
    _tx,
    _ctx,
    rows: { e: typeof shipmentEvents.$inferSelect; shipmentNo: string; trackingNo: string | null }[],
  ) => rows.map((r) => eventDto(r.e, r)),
});

const eventDto = (e: typeof shipmentEvents.$inferSelect, s: { shipmentNo: string; trackingNo: string | null }) =>
  ({
    id: e.id,
    shipmentId: e.shipmentId,
    shipmentNo: s.shipmentNo,
    trackingNo: s.trackingNo,
    time: e.time,
    code: e.code,
    description: e.description,
    location: e.location,
    source: e.source,
    actorId: e.actorId,
  }) satisfies ShipmentEventDto;

// ---- the service ---------------------------------------------------------------------------------

async function detail(tx: Tx, ctx: Ctx, row: ShipmentRow): Promise<ShipmentDetailDto> {
  const items = await tx
    .select()
    .from(shipmentItems)
    .where(eq(shipmentItems.shipmentId, row.id))
    .orderBy(asc(shipmentItems.orderNo), asc(shipmentItems.sku));
  const names = await warehouseNames(tx, ctx, [row.warehouseId]);
  return {
    ...toDto(row, names.get(row.warehouseId) ?? null),
    items: items.map((i) => ({
      id: i.id,
      orderId: i.orderId,
      orderNo: i.orderNo,
      orderLineId: i.orderLineId,
      variantId: i.variantId,
      sku: i.sku,
      name: i.name,
      quantity: i.quantity,
    })),
    address: row.address ?? null,
  };
}

/** The channel a shipment is made with, and its fee when the estimate priced it. */
export type ShipmentChannel = {
  id: string;
  code: string;
  name: string;
  carrierName: string | null;
  fee: string | null;
  currency: string | null;
  weight: number | null;
};

/** The channel of one of the estimate's options, priced. */
const estimatedChannel = (option: ShipmentChannelOption): ShipmentChannel => ({
  id: option.channelId,
  code: option.channelCode,
  name: option.channelName,
  carrierName: option.carrierName,
  fee: option.total,
  currency: option.currency,
  weight: option.chargeableWeight,
});

/** Orders in process with something left to ship, newest first. */
export async function shippableOrders(
  tx: Tx,
  ctx: Ctx,
  q: { filter?: string; maxResultCount: number },
): Promise<{ items: ShippableOrderDto[] }> {
  const orders = await tx
    .select()
    .from(salesOrders)
    .where(
      owned(
        ctx,
        salesOrders,
        inArray(salesOrders.status, ['Processing', 'Packaged', 'PartiallyShipped']),
        q.filter ? or(contains(salesOrders.orderNo, q.filter), contains(salesOrders.buyerName, q.filter)) : undefined,
      ),
    )
    .orderBy(desc(salesOrders.orderedAt), asc(salesOrders.id))
    .limit(q.maxResultCount);
  if (!orders.length) return { items: [] };
  const lines = await tx
    .select()
    .from(salesOrderLines)
    .where(
      owned(
        ctx,
        salesOrderLines,
        inArray(
          salesOrderLines.orderId,
          orders.map((o) => o.id),
        ),
      ),
    )
    .orderBy(asc(salesOrderLines.lineNo));
  const pending = await pendingByLine(
    tx,
    ctx,
    lines.map((l) => l.id),
  );
  const items = orders.map((o) => ({
    id: o.id,
    orderNo: o.orderNo,
    status: o.status,
    platform: o.platform,
    buyerName: o.buyerName,
    countryCode: o.countryCode ?? o.address?.countryCode ?? null,
    warehouseId: o.warehouseId,
    orderedAt: o.orderedAt,
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        id: l.id,
        sku: l.sku ?? l.sellerSku,
        name: l.name,
        quantity: l.quantity,
        shippedQty: l.shippedQty,
        left: Math.max(0, l.quantity - l.shippedQty - (pending.get(l.id) ?? 0)),
      })),
  }));
  return { items: items.filter((o) => o.lines.some((l) => l.left > 0)) };
}

export const warehouses = async (tx: Tx, ctx: Ctx) => ({ items: await activeWarehouseOptions(tx, ctx) });

/** A shipment with its items. */
export const getShipment = async (tx: Tx, ctx: Ctx, id: string) => detail(tx, ctx, await load(tx, ctx, id));

/**
 * The freight estimate of the orders' parcel. Opens its own units (logistics' estimate opens
 * one, and PGlite has one connection), so it runs before any other.
 */
export async function estimate(services: Services, ctx: Ctx, q: { orderIds: string[]; warehouseId?: string }) {
  const picks = await services.data.inTenant(ctx, (tx) => resolvePicks(tx, ctx, { orderIds: q.orderIds }));
  return estimateFor(services, ctx, picks, q.warehouseId, 'orderIds');
}

/** What a new shipment is made with: its channel (and fee) from the estimate, or the one asked for. */
export interface ShipmentPlan {
  channel: ShipmentChannel;
  estimate: ShipmentEstimateDto | null;
}

/**
 * The channel and its fee for a new shipment, from the estimate: read before the writing unit
 * (the estimate opens its own, and PGlite has one connection). Refuses an unknown warehouse, one
 * that is not the orders', and a channel that is unknown or the estimate excluded.
 */
export async function planShipment(services: Services, ctx: Ctx, input: CreateShipmentInput): Promise<ShipmentPlan> {
  const member = input.lines?.length ? 'lines' : 'orderIds';
  const draft = await services.data.inTenant(ctx, (tx) => resolvePicks(tx, ctx, input));
  const [warehouse] = await services.data.inTenant(ctx, (tx) =>
    tx
      .select()
      .from(logisticsWarehouses)
      .where(owned(ctx, logisticsWarehouses, eq(logisticsWarehouses.id, input.warehouseId))),
  );
  if (!warehouse) throw fieldError('warehouseId', `${R}::UnknownWarehouse`);
  for (const p of draft) {
    if (p.order.warehouseId && p.order.warehouseId !== input.warehouseId) {
      throw fieldError('warehouseId', `${R}::WarehouseOfOrder`, [p.order.orderNo]);
    }
  }
  let estimate: ShipmentEstimateDto | null = null;
  let estimateError: unknown = null;
  try {
    estimate = await estimateFor(services, ctx, draft, input.warehouseId, member);
  } catch (e) {
    if (!(e instanceof AppError) || e.status !== 400) throw e;
    estimateError = e;
  }
  if (input.channelId) {
    const option = estimate?.options.find((o) => o.channelId === input.channelId);
    if (option) return { channel: estimatedChannel(option), estimate };
    const excluded = estimate?.excluded.find((e) => e.channelId === input.channelId);
    if (excluded)
      throw fieldError('channelId', `${R}::ChannelNotAvailable`, [excluded.channelName, excluded.reasons.join('; ')]);
    const [row] = await services.data.inTenant(ctx, (tx) =>
      tx
        .select()
        .from(logisticsChannels)
        .where(owned(ctx, logisticsChannels, eq(logisticsChannels.id, input.channelId!))),
    );
    if (!row) throw fieldError('channelId', `${R}::UnknownChannel`);
    const channel = {
      id: row.id,
      code: row.code,
      name: row.name,
      carrierName: null,
      fee: null,
      // the fee entered when it ships is in the channel's currency
      currency: row.currency,
      weight: null,
    };
    return { channel, estimate };
  }
  const option = estimate?.options.find((o) => o.channelId === estimate?.pickedChannelId);
  if (!option) {
    const why =
      estimateError instanceof AppError
        ? (estimateError.validationErrors?.map((v) => t(ctx.culture, v.message, v.params)).join('; ') ?? '')
        : (estimate?.excluded.map((e) => `${e.channelName}: ${e.reasons.join(', ')}`).join('; ') ?? '');
    throw fieldError('channelId', `${R}::NoChannel`, [why]);
  }
  return { channel: estimatedChannel(option), estimate };
}

/** A new shipment of the picks, with the planned channel. */
export async function createShipment(
  tx: Tx,
  ctx: Ctx,
  input: CreateShipmentInput,
  { channel, estimate }: ShipmentPlan,
): Promise<ShipmentRow> {
  // again under the orders' locks: another shipment may have taken the quantities meanwhile
  const picks = await resolvePicks(tx, ctx, input, true);
  const orders = [...new Map(picks.map((p) => [p.order.id, p.order])).values()];
  const first = orders[0]!;
  const [row] = await tx
    .insert(shipments)
    .values({
      tenantId: ctx.tenant?.id ?? null,
      shipmentNo: newShipmentNo(),
      status: 'CREATED',
      warehouseId: input.warehouseId,
      channelId: channel.id,
      channelCode: channel.code,
      channelName: channel.name,
      carrierName: channel.carrierName,
      countryCode: estimate?.countryCode ?? first.countryCode ?? first.address?.countryCode ?? null,
      address: first.address ?? null,
      estWeightG: channel.weight ?? estimate?.weightG ?? null,
      estFee: channel.fee,
      currency: channel.currency,
      orderNos: orders
        .map((o) => o.orderNo)
        .join(',')
        .slice(0, 2000),
      quantity: picks.reduce((s, p) => s + p.quantity, 0),
      remark: input.remark ?? null,
      creatorId: ctx.user?.id ?? null,
    })
    .returning();
  await tx.insert(shipmentItems).values(
    picks.map((p) => ({
      tenantId: row!.tenantId,
      shipmentId: row!.id,
      orderId: p.order.id,
      orderNo: p.order.orderNo,
      orderLineId: p.line.id,
      variantId: p.line.variantId,
      sku: p.line.sku ?? p.line.sellerSku,
      name: p.line.name.slice(0, 512),
      quantity: p.quantity,
    })),
  );
  await addEvent(tx, ctx, row!, { code: 'CREATED', description: msg(ctx, 'Event:CREATED'), source: 'USER' });
  return row!;
}

/** Gives the shipment a tracking number and its label. */
export async function labelShipment(tx: Tx, ctx: Ctx, id: string): Promise<void> {
  const row = await load(tx, ctx, id, true);
  if (!nextState(shipmentTransitions, row.status, 'label'))
    throw illegalTransition(ctx.culture, R, row.status, 'label');
  // a tracking number unique in the tenant (12 random digits: a clash is rare, and retried)
  let trackingNo = newTrackingNo(row.channelCode);
  for (let i = 0; i < 5; i++) {
    const [clash] = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(owned(ctx, shipments, eq(shipments.trackingNo, trackingNo)));
    if (!clash) break;
    trackingNo = newTrackingNo(row.channelCode);
  }
  await transition(tx, ctx, row, 'label', { trackingNo, labelFile: `/api/trade/shipments/${row.id}/label.pdf` }, [
    trackingNo,
  ]);
}

/** A plain status move: pack, deliver, return (the parcel's units back on hand), lose, cancel. */
export async function act(
  services: ShipmentServices,
  tx: Tx,
  ctx: Ctx,
  id: string,
  action: 'pack' | 'deliver' | 'return' | 'lose' | 'cancel',
): Promise<void> {
  const row = await load(tx, ctx, id, true);
  const set: Partial<ShipmentRow> = action === 'deliver' ? { deliveredAt: new Date() } : {};
  await transition(tx, ctx, row, action, set);
  if (action === 'return') await returnToStock(services, tx, ctx, row);
  if (action === 'deliver') await ordersDelivered(services, tx, ctx, row);
}

/**
 * An order follows its shipments: once every shipment of an order (cancelled ones aside) is
 * delivered, the order is told (orders' `recordDelivered`, which moves a Shipped order to
 * Delivered). A returned or lost parcel keeps its order where it is.
 */
async function ordersDelivered(services: ShipmentServices, tx: Tx, ctx: Ctx, row: ShipmentRow) {
  const items = await tx
    .selectDistinct({ orderId: shipmentItems.orderId })
    .from(shipmentItems)
    .where(eq(shipmentItems.shipmentId, row.id));
  const orderIds = items.map((i) => i.orderId);
  if (!orderIds.length) return;
  const waiting = await tx
    .selectDistinct({ orderId: shipmentItems.orderId })
    .from(shipmentItems)
    .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
    .where(
      and(
        owned(ctx, shipmentItems, inArray(shipmentItems.orderId, orderIds)),
        sql`${shipments.status} not in ('DELIVERED', 'CANCELLED')`,
      ),
    );
  const open = new Set(waiting.map((w) => w.orderId));
  const { recordDelivered } = orderCommands(services);
  for (const orderId of orderIds.sort()) {
    if (!open.has(orderId)) await recordDelivered(tx, ctx, { orderId, shipmentNo: row.shipmentNo });
  }
}

/**
 * Ships: SALE_OUT of every item (on hand and reserved down by the quantity) and each order told
 * what left (orders' `recordShipped`), in the caller's transaction. True when marketplace orders
 * left, whose marketplace is to be told the tracking number (sync PENDING).
 */
export async function ship(
  services: ShipmentServices,
  tx: Tx,
  ctx: Ctx,
  id: string,
  input: ShipInput,
): Promise<boolean> {
  const row = await load(tx, ctx, id, true);
  if (!nextState(shipmentTransitions, row.status, 'ship')) throw illegalTransition(ctx.culture, R, row.status, 'ship');
  const items = await tx.select().from(shipmentItems).where(eq(shipmentItems.shipmentId, row.id));
  const orders = await loadOrders(tx, ctx, [...new Set(items.map((i) => i.orderId))], true);
  for (const o of orders) if (!SHIPPABLE.has(o.status)) throw notShippable(o);
  const lines = await orderLinesOf(tx, items);
  const lineOf = new Map(lines.map((l) => [l.id, l]));
  for (const i of items) {
    const l = lineOf.get(i.orderLineId);
    if (!l || l.shippedQty + i.quantity > l.quantity) {
      throw new AppError({
        status: 409,
        code: `${R}:OverShipping`,
        messageKey: `${R}::OverShipping`,
        params: [i.sku, l ? Math.max(0, l.quantity - l.shippedQty) : 0],
      });
    }
  }
  const orderOf = new Map(orders.map((o) => [o.id, o]));
  await stockCommands(services).move(
    tx,
    ctx,
    items.map((i) => ({
      warehouseId: orderOf.get(i.orderId)?.warehouseId ?? row.warehouseId,
      variantId: i.variantId!,
      sku: i.sku,
      type: 'SALE_OUT' as const,
      onHand: -i.quantity,
      reserved: -i.quantity,
      voucherType: 'SHIPMENT',
      voucherNo: row.shipmentNo,
      voucherLineId: i.id,
    })),
  );
  const recordShipped = orderCommands(services).recordShipped;
  for (const o of orders) {
    await recordShipped(tx, ctx, {
      orderId: o.id,
      shipmentNo: row.shipmentNo,
      lines: items.filter((i) => i.orderId === o.id).map((i) => ({ orderLineId: i.orderLineId, quantity: i.quantity })),
    });
  }
  const marketplace = orders.some((o) => o.source === 'MARKETPLACE' && o.shopId && o.platformOrderId);
  await transition(
    tx,
    ctx,
    row,
    'ship',
    {
      shippedAt: new Date(),
      actualWeightG: input.actualWeightG ?? null,
      actualFee: actualFeeOf(input.actualFee, row.currency),
      platformSyncStatus: marketplace ? 'PENDING' : null,
      platformSyncError: null,
    },
    [row.carrierName ?? row.channelName ?? ''],
  );
  return marketplace;
}

/** Sets a shipped shipment's marketplace sync PENDING again (a failed or stuck sync). */
export async function resync(tx: Tx, ctx: Ctx, id: string): Promise<void> {
  const row = await load(tx, ctx, id, true);
  if (row.platformSyncStatus === null || row.status === 'CANCELLED' || !row.shippedAt) {
    throw new AppError({ status: 409, code: `${R}:NotSyncable`, messageKey: `${R}::NotSyncable` });
  }
  await tx
    .update(shipments)
    .set({ platformSyncStatus: 'PENDING', platformSyncError: null, concurrencyStamp: stamp() })
    .where(eq(shipments.id, row.id));
}

/** A shipment's tracking events, newest first. */
export async function eventsOf(tx: Tx, ctx: Ctx, id: string) {
  const row = await load(tx, ctx, id);
  const rows = await tx
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, row.id))
    .orderBy(desc(shipmentEvents.time), desc(shipmentEvents.creationTime));
  return { items: rows.map((e) => eventDto(e, row)) };
}

/** The event written last on a shipment (the one just added). */
export async function lastEvent(tx: Tx, ctx: Ctx, id: string) {
  const row = await load(tx, ctx, id);
  const rows = await tx
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, row.id))
    .orderBy(desc(shipmentEvents.creationTime))
    .limit(1);
  return eventDto(rows[0]!, row);
}

/**
 * A tracking event by hand. Codes DELIVERED, RETURNED and LOST on a shipped parcel also move
 * the shipment (as a carrier's scan would).
 */
export async function addUserEvent(
  services: ShipmentServices,
  tx: Tx,
  ctx: Ctx,
  id: string,
  input: ShipmentEventInput,
): Promise<void> {
  const row = await load(tx, ctx, id, true);
  const code = input.code.toUpperCase();
  const action = ({ DELIVERED: 'deliver', RETURNED: 'return', LOST: 'lose' } as const)[code];
  if (action) {
    if (!nextState(shipmentTransitions, row.status, action))
      throw illegalTransition(ctx.culture, R, row.status, action);
    await tx
      .update(shipments)
      .set({
        status: shipmentTransitions[row.status][action]!,
        ...(action === 'deliver' ? { deliveredAt: input.time ?? new Date() } : {}),
        lastModificationTime: new Date(),
        lastModifierId: ctx.user?.id ?? null,
        concurrencyStamp: stamp(),
      })
      .where(eq(shipments.id, row.id));
    if (action === 'return') await returnToStock(services, tx, ctx, row);
    if (action === 'deliver') await ordersDelivered(services, tx, ctx, row);
  }
  await addEvent(tx, ctx, row, {
    code,
    description: input.description,
    location: input.location ?? null,
    time: input.time ?? new Date(),
    source: 'USER',
  });
}

export { addEvent as addShipmentEvent, load as loadShipment };

/**
 * A returned parcel's units come back on hand (RETURN_IN) in the warehouse they left, at the cost
 * they left at, so the average is not moved by the round trip. Only what this shipment took out
 * with SALE_OUT rows comes back (shipments written without stock moves bring nothing back).
 */
async function returnToStock(services: ShipmentServices, tx: Tx, ctx: Ctx, row: ShipmentRow) {
  const out = await tx
    .select()
    .from(stockLedger)
    .where(
      and(
        eq(stockLedger.voucherType, 'SHIPMENT'),
        eq(stockLedger.voucherNo, row.shipmentNo),
        eq(stockLedger.type, 'SALE_OUT'),
      ),
    );
  if (!out.length) return;
  await stockCommands(services).move(
    tx,
    ctx,
    out.map((r) => ({
      warehouseId: r.warehouseId,
      variantId: r.variantId,
      sku: r.sku,
      type: 'RETURN_IN' as const,
      onHand: -r.qtyChange,
      unitCost: r.unitCost,
      voucherType: 'SHIPMENT_RETURN',
      voucherNo: row.shipmentNo,
      voucherLineId: r.voucherLineId,
    })),
  );
}

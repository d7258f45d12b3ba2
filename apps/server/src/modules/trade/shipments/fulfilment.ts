import type { PackInput, PickListDto } from '@seller/contracts/trade';
import { asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError, fieldError, notFound } from '../../../core/errors.ts';
import { t } from '../../../core/localization/index.ts';
import { catalogProductVariants } from '../../catalog/index.ts';
import { logisticsWarehouses } from '../../logistics/index.ts';
import type { LabelInput } from './label.ts';
import { shipmentItems, shipments } from './schema.ts';
import { type Ctx, getShipment, type ShipmentRow } from './service.ts';

/**
 * Work on many shipments at once: the labels of a selection (one PDF), the pick list of a
 * selection, finding the parcel a scanner names, and the check of what was scanned into it.
 */

const R = 'Shipments';

/** `rows` by `key`, in the order first seen. */
function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
/** Most shipments one merged label PDF or pick list takes. */
export const SELECTION_MAX = 500;

/** The tenant's shipments of `ids`, in the order asked; 404 naming the first id that is not one. */
async function selection(tx: Tx, ctx: Ctx, ids: string[]): Promise<ShipmentRow[]> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(shipments)
    .where(owned(ctx, shipments, inArray(shipments.id, unique)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.find((id) => !byId.has(id));
  if (missing) throw notFound('Shipment', missing);
  return unique.map((id) => byId.get(id)!);
}

async function itemsOf(tx: Tx, ctx: Ctx, rows: ShipmentRow[]) {
  return tx
    .select()
    .from(shipmentItems)
    .where(
      owned(
        ctx,
        shipmentItems,
        inArray(
          shipmentItems.shipmentId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(shipmentItems.sku), asc(shipmentItems.orderNo));
}

async function warehousesOf(tx: Tx, ctx: Ctx, rows: ShipmentRow[]) {
  const found = await tx
    .select()
    .from(logisticsWarehouses)
    .where(
      owned(ctx, logisticsWarehouses, inArray(logisticsWarehouses.id, [...new Set(rows.map((r) => r.warehouseId))])),
    );
  return new Map(found.map((w) => [w.id, w]));
}

/** What a label prints of a labelled shipment, its items and its warehouse. */
function labelInput(
  row: ShipmentRow & { trackingNo: string },
  items: Array<{ sku: string; name: string; quantity: number }>,
  wh: typeof logisticsWarehouses.$inferSelect | undefined,
): LabelInput {
  const a = row.address;
  return {
    shipmentNo: row.shipmentNo,
    trackingNo: row.trackingNo,
    channelName: row.channelName,
    carrierName: row.carrierName,
    from: {
      name: wh?.name ?? '',
      contact: [wh?.contact?.name, wh?.contact?.phone].filter(Boolean).join(' ') || null,
      address: wh?.address ?? null,
      countryCode: wh?.countryCode ?? null,
    },
    to: {
      name: a?.name ?? null,
      phone: a?.phone ?? null,
      lines: [a?.line1 ?? null, a?.line2 ?? null, [a?.postCode, a?.city, a?.state].filter(Boolean).join(' ')],
      countryCode: row.countryCode,
    },
    orderNos: row.orderNos,
    items: items.map((i) => ({ sku: i.sku, name: i.name, quantity: i.quantity })),
    weightG: row.actualWeightG ?? row.estWeightG,
  };
}

/**
 * The labels of the selected shipments, in the order asked. Every one must have its tracking
 * number (labelled): otherwise 400 on `ids` naming the shipments without one, so no parcel of
 * the selection is silently left without a label.
 */
export async function labelsOf(tx: Tx, ctx: Ctx, ids: string[]): Promise<LabelInput[]> {
  const rows = await selection(tx, ctx, ids);
  const unlabelled = rows.filter((r) => !r.trackingNo);
  if (unlabelled.length) {
    const nos = unlabelled.map((r) => r.shipmentNo);
    throw fieldError('ids', `${R}::NotLabelled`, [nos.slice(0, 10).join(', ') + (nos.length > 10 ? ' …' : '')]);
  }
  const items = await itemsOf(tx, ctx, rows);
  const whs = await warehousesOf(tx, ctx, rows);
  const itemsBy = groupBy(items, (i) => i.shipmentId);
  return rows.map((r) =>
    labelInput(r as ShipmentRow & { trackingNo: string }, itemsBy.get(r.id) ?? [], whs.get(r.warehouseId)),
  );
}

/** One labelled shipment's label, with its row (409 before it has a tracking number). */
export async function labelOf(tx: Tx, ctx: Ctx, id: string) {
  const [row] = await selection(tx, ctx, [id]);
  if (!row!.trackingNo) {
    throw new AppError({
      status: 409,
      code: `${R}:NotLabelled`,
      messageKey: `${R}::NotLabelled`,
      params: [row!.shipmentNo],
    });
  }
  return { row: row!, label: (await labelsOf(tx, ctx, [id]))[0]! };
}

/**
 * The pick list of the selected shipments: per warehouse, one line per SKU with the total
 * quantity and the orders it goes to; cancelled and already shipped parcels are left out (they
 * are not picked) and counted.
 */
export async function pickList(tx: Tx, ctx: Ctx, ids: string[]): Promise<PickListDto> {
  const rows = await selection(tx, ctx, ids);
  const open = rows.filter((r) => r.status === 'CREATED' || r.status === 'LABELLED' || r.status === 'PACKED');
  const items = open.length ? await itemsOf(tx, ctx, open) : [];
  const whs = await warehousesOf(tx, ctx, open.length ? open : rows);
  const variantIds = [...new Set(items.map((i) => i.variantId).filter((v): v is string => Boolean(v)))];
  const variants = variantIds.length
    ? await tx
        .select({ id: catalogProductVariants.id, label: catalogProductVariants.label })
        .from(catalogProductVariants)
        .where(owned(ctx, catalogProductVariants, inArray(catalogProductVariants.id, variantIds)))
    : [];
  const variantLabel = new Map(variants.map((v) => [v.id, v.label]));
  const shipmentOf = new Map(open.map((r) => [r.id, r]));
  const warehouses = [...groupBy(items, (i) => shipmentOf.get(i.shipmentId)!.warehouseId)]
    .map(([warehouseId, whItems]) => {
      const lines = [...groupBy(whItems, (i) => i.sku)].map(([sku, skuItems]) => ({
        sku,
        name: skuItems[0]!.name,
        variant: (skuItems[0]!.variantId && variantLabel.get(skuItems[0]!.variantId)) || null,
        quantity: skuItems.reduce((s, i) => s + i.quantity, 0),
        orderNos: [...new Set(skuItems.map((i) => i.orderNo))].sort(),
      }));
      return {
        warehouseId,
        warehouseName: whs.get(warehouseId)?.name ?? '',
        quantity: lines.reduce((s, l) => s + l.quantity, 0),
        lines: lines.sort((a, b) => a.sku.localeCompare(b.sku)),
      };
    })
    .sort((a, b) => a.warehouseName.localeCompare(b.warehouseName));
  return {
    shipments: open.length,
    skipped: rows.length - open.length,
    quantity: warehouses.reduce((s, w) => s + w.quantity, 0),
    warehouses,
  };
}

/**
 * The parcel a scanner names: its tracking number, shipment number or one of its orders'
 * numbers (exact, any case). The one waiting to be packed first, else the newest; 404 with the
 * code when none.
 */
export async function scan(tx: Tx, ctx: Ctx, code: string) {
  const c = code.trim().toUpperCase();
  const [row] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      owned(
        ctx,
        shipments,
        or(
          eq(sql`upper(${shipments.trackingNo})`, c),
          eq(sql`upper(${shipments.shipmentNo})`, c),
          sql`exists (select 1 from ${shipmentItems} i where i.shipment_id = ${shipments.id} and upper(i.order_no) = ${c})`,
        ),
      ),
    )
    .orderBy(
      sql`case ${shipments.status} when 'LABELLED' then 0 when 'CREATED' then 1 else 2 end`,
      desc(shipments.creationTime),
    )
    .limit(1);
  if (!row)
    throw new AppError({
      status: 404,
      code: `${R}:NothingScanned`,
      messageKey: `${R}::NothingScanned`,
      params: [code],
    });
  return getShipment(tx, ctx, row.id);
}

/**
 * The packing check: the SKUs scanned into the parcel must be exactly its items, SKU by SKU and
 * quantity by quantity (any case). 400 on `scanned` naming what is missing, extra or short.
 */
export async function checkPacked(tx: Tx, ctx: Ctx, id: string, input: PackInput) {
  if (!input.scanned) return;
  const items = await tx
    .select({ sku: shipmentItems.sku, quantity: shipmentItems.quantity })
    .from(shipmentItems)
    .where(owned(ctx, shipmentItems, eq(shipmentItems.shipmentId, id)));
  const expected = new Map<string, { sku: string; quantity: number }>();
  for (const i of items) {
    const k = i.sku.toUpperCase();
    expected.set(k, { sku: i.sku, quantity: (expected.get(k)?.quantity ?? 0) + i.quantity });
  }
  const scanned = new Map<string, number>();
  for (const s of input.scanned) scanned.set(s.sku.toUpperCase(), (scanned.get(s.sku.toUpperCase()) ?? 0) + s.quantity);
  const m = (key: string, params: unknown[]) => t(ctx.culture, `${R}::${key}`, params);
  const wrong: string[] = [];
  for (const [k, q] of scanned) {
    const e = expected.get(k);
    if (!e) wrong.push(m('Pack:Extra', [input.scanned.find((s) => s.sku.toUpperCase() === k)!.sku, q]));
    else if (q !== e.quantity) wrong.push(m('Pack:Count', [e.sku, q, e.quantity]));
  }
  for (const [k, e] of expected) if (!scanned.has(k)) wrong.push(m('Pack:Missing', [e.sku, e.quantity]));
  if (wrong.length) throw fieldError('scanned', `${R}::PackMismatch`, [wrong.join('; ')]);
}

/** A status move on each of the selected shipments (each in a savepoint): which moved, which were refused and why. */
export async function eachShipment(
  tx: Tx,
  ctx: Ctx,
  ids: string[],
  act: (row: ShipmentRow) => Promise<unknown>,
): Promise<{ done: string[]; failed: Array<{ id: string; shipmentNo: string; message: string }> }> {
  const rows = await selection(tx, ctx, ids);
  const done: string[] = [];
  const failed: Array<{ id: string; shipmentNo: string; message: string }> = [];
  for (const row of rows) {
    await tx.execute(sql`savepoint shipment_bulk`);
    try {
      await act(row);
      await tx.execute(sql`release savepoint shipment_bulk`);
      done.push(row.id);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      await tx.execute(sql`rollback to savepoint shipment_bulk`);
      const why = e.validationErrors?.map((v) => t(ctx.culture, v.message, v.params)).join('; ');
      failed.push({ id: row.id, shipmentNo: row.shipmentNo, message: why || t(ctx.culture, e.messageKey, e.params) });
    }
  }
  return { done, failed };
}

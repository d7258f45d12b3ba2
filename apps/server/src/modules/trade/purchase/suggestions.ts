import type { SuggestionDraftInput, SuggestionDto, SuggestionQuery } from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { and, asc, desc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import { catalogProductVendors, catalogSuppliers } from '../../catalog/index.ts';
import { logisticsWarehouses } from '../../logistics/index.ts';
import { salesOrderLines, salesOrders } from '../orders/schema.ts';
import { stock } from '../stock/schema.ts';
import { tierPrice } from './pricing.ts';
import { replenishment } from './replenishment.ts';
import {
  type Ctx,
  createOrder,
  defaultPrices,
  type Money,
  variantsById,
  variantsOfLines,
  vendorPriceColumns,
} from './service.ts';

export const DEFAULT_LEAD_DAYS = 7;

interface PrimaryLink {
  supplierId: string;
  supplierName: string;
  leadDays: number | null;
  purchasePrice: string;
  currency: string;
  tiers: { minQty: number; unitPrice: string }[];
}

/** Per product, its primary vendor link (else its oldest live one). */
async function primaryLinks(tx: Tx, ctx: CrudContext, productIds: string[]): Promise<Map<string, PrimaryLink>> {
  if (!productIds.length) return new Map();
  const rows = await tx
    .select({
      productId: catalogProductVendors.productId,
      supplierId: catalogProductVendors.supplierId,
      supplierName: catalogSuppliers.fullName,
      leadDays: catalogProductVendors.leadDays,
      ...vendorPriceColumns,
    })
    .from(catalogProductVendors)
    .innerJoin(catalogSuppliers, eq(catalogSuppliers.id, catalogProductVendors.supplierId))
    .where(
      and(
        owned(ctx, catalogProductVendors, inArray(catalogProductVendors.productId, productIds)),
        eq(catalogSuppliers.isDeleted, false),
      ),
    )
    .orderBy(
      desc(catalogProductVendors.isPrimary),
      asc(catalogProductVendors.creationTime),
      asc(catalogProductVendors.id),
    );
  const out = new Map<string, PrimaryLink>();
  for (const r of rows) if (!out.has(r.productId)) out.set(r.productId, r);
  return out;
}

/**
 * Replenishment suggestions per SKU × warehouse (the SKUs sold in the window or held in stock
 * there): the last `days` days' sales of orders not cancelled (an order without a warehouse
 * counts for the default one), the primary vendor's lead days (7 when unknown), the cover days,
 * the safety stock and the stock position (on hand − reserved + in transit), with the supplier
 * and its price for the suggested quantity.
 */
export async function suggestions(
  tx: Tx,
  ctx: CrudContext,
  q: SuggestionQuery,
  days: number,
  coverDays: number,
  now = new Date(),
): Promise<SuggestionDto[]> {
  const warehouses = await tx
    .select({ id: logisticsWarehouses.id, name: logisticsWarehouses.name, isDefault: logisticsWarehouses.isDefault })
    .from(logisticsWarehouses)
    .where(owned(ctx, logisticsWarehouses, eq(logisticsWarehouses.isActive, true)));
  const defaultWarehouse = warehouses.find((w) => w.isDefault)?.id ?? warehouses[0]?.id ?? null;
  const wanted = q.warehouseId ? warehouses.filter((w) => w.id === q.warehouseId) : warehouses;
  if (!wanted.length) return [];
  const wantedIds = new Set(wanted.map((w) => w.id));
  const since = new Date(now.getTime() - days * 86_400_000);
  const warehouseOf = defaultWarehouse
    ? sql<string>`coalesce(${salesOrders.warehouseId}, ${defaultWarehouse}::uuid)`
    : sql<string>`${salesOrders.warehouseId}`;
  const sales = await tx
    .select({
      variantId: sql<string>`${salesOrderLines.variantId}`,
      warehouseId: warehouseOf,
      sold: sql<number>`sum(${salesOrderLines.quantity})::int`,
    })
    .from(salesOrderLines)
    .innerJoin(salesOrders, eq(salesOrders.id, salesOrderLines.orderId))
    .where(
      and(
        owned(ctx, salesOrders, ne(salesOrders.status, 'Cancel'), gte(salesOrders.orderedAt, since)),
        isNotNull(salesOrderLines.variantId),
      ),
    )
    // by position: the warehouse expression carries a parameter, which would not match a repeated one
    .groupBy(sql`1`, sql`2`);
  const stocks = await tx
    .select()
    .from(stock)
    .where(owned(ctx, stock, inArray(stock.warehouseId, [...wantedIds])));
  const key = (w: string, v: string) => `${w}|${v}`;
  const rows = new Map<string, { warehouseId: string; variantId: string; sold: number; s?: (typeof stocks)[number] }>();
  for (const s of sales) {
    if (!wantedIds.has(s.warehouseId)) continue;
    rows.set(key(s.warehouseId, s.variantId), { warehouseId: s.warehouseId, variantId: s.variantId, sold: s.sold });
  }
  for (const s of stocks) {
    const k = key(s.warehouseId, s.variantId);
    const row = rows.get(k) ?? { warehouseId: s.warehouseId, variantId: s.variantId, sold: 0 };
    row.s = s;
    rows.set(k, row);
  }
  const variants = await variantsById(
    tx,
    ctx,
    [...rows.values()].map((r) => r.variantId),
  );
  const links = await primaryLinks(tx, ctx, [...new Set([...variants.values()].map((v) => v.productId))]);
  const names = new Map(warehouses.map((w) => [w.id, w.name]));
  const filter = q.filter?.toLowerCase();
  const out: SuggestionDto[] = [];
  for (const r of rows.values()) {
    const v = variants.get(r.variantId);
    if (!v) continue;
    if (filter && !v.sku.toLowerCase().includes(filter) && !v.productName.toLowerCase().includes(filter)) continue;
    const link = links.get(v.productId);
    const leadDays = link?.leadDays ?? DEFAULT_LEAD_DAYS;
    const position = {
      safety: r.s?.safety ?? 0,
      onHand: r.s?.onHand ?? 0,
      reserved: r.s?.reserved ?? 0,
      inTransit: r.s?.inTransit ?? 0,
    };
    const { dailySales, suggested } = replenishment({ sold: r.sold, days, leadDays, coverDays, ...position });
    if (!suggested && !q.all) continue;
    const price = link ? tierPrice(link, Math.max(1, suggested)).unitPrice : null;
    out.push({
      variantId: v.variantId,
      sku: v.sku,
      productName: v.productName,
      warehouseId: r.warehouseId,
      warehouseName: names.get(r.warehouseId) ?? '',
      sold: r.sold,
      days,
      dailySales,
      leadDays,
      coverDays,
      ...position,
      suggested,
      supplierId: link?.supplierId ?? null,
      supplierName: link?.supplierName ?? null,
      unitPrice: price ? price.toFixed(4) : null,
      currency: link?.currency ?? null,
    });
  }
  return out.sort((a, b) => b.suggested - a.suggested || a.sku.localeCompare(b.sku));
}

/**
 * One DRAFT PO per supplier for the chosen lines (each line's own supplier, else its product's
 * primary vendor), priced from that supplier's tiers, in the currency of the group's first link;
 * all in the caller's transaction.
 */
export async function draftFromSuggestions(
  tx: Tx,
  ctx: Ctx,
  money: Money,
  input: { warehouseId: string; lines: { variantId: string; quantity: number; supplierId?: string | undefined }[] },
): Promise<{ ids: string[]; poNos: string[] }> {
  const variants = await variantsOfLines(tx, ctx, input.lines);
  const links = await primaryLinks(tx, ctx, [...new Set([...variants.values()].map((v) => v.productId))]);
  const groups = new Map<string, { i: number; variantId: string; quantity: number }[]>();
  input.lines.forEach((l, i) => {
    const supplierId = l.supplierId ?? links.get(variants.get(l.variantId)!.productId)?.supplierId;
    if (!supplierId)
      throw fieldError(`lines[${i}].supplierId`, 'Purchase::NoSupplier', [variants.get(l.variantId)!.sku]);
    groups.set(supplierId, [...(groups.get(supplierId) ?? []), { i, variantId: l.variantId, quantity: l.quantity }]);
  });
  const ids: string[] = [];
  const poNos: string[] = [];
  for (const [supplierId, lines] of groups) {
    const first = links.get(variants.get(lines[0]!.variantId)!.productId);
    const currency = first?.supplierId === supplierId && money.rates[first.currency] ? first.currency : money.currency;
    const prices = await defaultPrices(tx, ctx, supplierId, currency, money.rates, lines, variants);
    prices.forEach((p, n) => {
      if (p.unitPrice === null)
        throw fieldError(`lines[${lines[n]!.i}].supplierId`, 'Purchase::NoVendorPrice', [
          variants.get(p.variantId)!.sku,
        ]);
    });
    const po = await createOrder(tx, ctx, money, {
      supplierId,
      warehouseId: input.warehouseId,
      type: 'REGULAR',
      currency,
      fxRate: new Decimal(money.rates[currency]!).toString(),
      freight: '0',
      discount: '0',
      remark: null,
      expectedArrival: null,
      lines: lines.map((l, n) => ({
        variantId: l.variantId,
        qtyOrdered: l.quantity,
        unitPrice: prices[n]!.unitPrice,
        taxRate: '0',
      })),
    });
    ids.push(po.id);
    poNos.push(po.poNo);
  }
  return { ids, poNos };
}

export type { SuggestionDraftInput };

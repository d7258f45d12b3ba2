import { Decimal } from 'decimal.js';
import { asc, eq, sql } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Services } from '../../../core/services.ts';
import { catalogProducts, catalogProductVariants, skuCosts } from '../../catalog/index.ts';
import { logisticsWarehouses, tenantCurrency } from '../../logistics/index.ts';
import { stock, stockLedger } from './schema.ts';

/** The demo's warehouses that get opening balances. */
const WAREHOUSES = ['SZ-01', 'MY-01'];

/**
 * A deterministic opening balance (0–200) and safety stock for the `i`-th variant in the `w`-th
 * warehouse: some at 0, some below their safety stock (the low-stock view has rows), most above.
 */
export function openingOf(i: number, w: number): { onHand: number; safety: number } {
  const k = i * 2 + w;
  if (k % 9 === 4) return { onHand: 0, safety: 10 };
  if (k % 7 === 2) return { onHand: 0, safety: 0 };
  const onHand = (i * 37 + w * 53 + 11) % 201;
  if (k % 5 === 1) return { onHand: Math.min(onHand, 8), safety: 20 };
  return { onHand, safety: k % 3 === 0 ? 15 : 0 };
}

/**
 * Opening balances of tenant demo (idempotent: nothing when the tenant has any stock row): every
 * demo variant in SZ-01 and MY-01, at its catalogue cost in the tenant currency (the primary
 * vendor's purchase price converted with the tenant's rates; without one, the variant's price ×
 * 0.4). Written set-based for speed (every test app seeds demo): the snapshot rows and, for each,
 * the COUNT ledger row (voucher type OPENING) that explains it, in one transaction, exactly what
 * `moveStock` would write into an empty snapshot.
 */
export async function seedDemo(services: Services, demo: CurrentTenant) {
  const ctx = systemContext(demo);
  const { rates } = await tenantCurrency(services, ctx);
  await services.data.inTenant(ctx, async (tx) => {
    const [any] = await tx.select({ id: stock.id }).from(stock).where(owned(ctx, stock)).limit(1);
    if (any) return;
    const warehouses = (
      await tx
        .select({ id: logisticsWarehouses.id, code: logisticsWarehouses.code })
        .from(logisticsWarehouses)
        .where(owned(ctx, logisticsWarehouses))
    )
      .filter((w) => WAREHOUSES.includes(w.code))
      .sort((a, b) => WAREHOUSES.indexOf(a.code) - WAREHOUSES.indexOf(b.code));
    if (!warehouses.length) return;
    const limit = services.config.demoVolume === 'small' ? 60 : 2000;
    const variants = await tx
      .select({
        id: catalogProductVariants.id,
        sku: catalogProductVariants.sku,
        price: sql<string>`${catalogProductVariants.price}::text`,
      })
      .from(catalogProductVariants)
      .innerJoin(catalogProducts, eq(catalogProducts.id, catalogProductVariants.productId))
      .where(owned(ctx, catalogProductVariants, eq(catalogProducts.isDeleted, false)))
      .orderBy(asc(catalogProductVariants.sku))
      .limit(limit);
    if (!variants.length) return;
    const costs = await skuCosts(
      tx,
      ctx,
      variants.map((v) => v.sku),
    );
    const costOf = (v: (typeof variants)[number]) => {
      const c = costs.get(v.sku.toLowerCase());
      const rate = c?.source === 'VENDOR' ? rates[c.currency] : undefined;
      return (rate ? new Decimal(c!.cost).times(rate) : new Decimal(v.price).times(0.4)).toFixed(4);
    };
    const tenantId = demo.id;
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const snapshot: (typeof stock.$inferInsert)[] = [];
    const ledger: (typeof stockLedger.$inferInsert)[] = [];
    warehouses.forEach((w, wi) => {
      variants.forEach((v, i) => {
        const { onHand, safety } = openingOf(i, wi);
        const cost = costOf(v);
        snapshot.push({
          tenantId,
          warehouseId: w.id,
          variantId: v.id,
          sku: v.sku,
          onHand,
          safety,
          avgCost: onHand > 0 ? cost : '0',
        });
        if (onHand > 0)
          ledger.push({
            tenantId,
            warehouseId: w.id,
            variantId: v.id,
            sku: v.sku,
            type: 'COUNT',
            qtyChange: onHand,
            qtyAfter: onHand,
            reservedChange: 0,
            reservedAfter: 0,
            unitCost: cost,
            avgCostAfter: cost,
            voucherType: 'OPENING',
            voucherNo: `OPN-${day}-${String(wi + 1).padStart(4, '0')}`,
            reason: 'Opening balance',
          });
      });
    });
    for (let i = 0; i < snapshot.length; i += 1000) await tx.insert(stock).values(snapshot.slice(i, i + 1000));
    for (let i = 0; i < ledger.length; i += 1000) await tx.insert(stockLedger).values(ledger.slice(i, i + 1000));
  });
}

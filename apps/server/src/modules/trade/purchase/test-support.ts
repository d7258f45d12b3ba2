import { and, asc, eq } from 'drizzle-orm';
import type { TestApp } from '../../../../test/harness.ts';
import type { CurrentTenant } from '../../../core/context.ts';
import {
  catalogProducts,
  catalogProductVariants,
  catalogProductVendors,
  catalogSuppliers,
} from '../../catalog/index.ts';
import { settingCommands } from '../../settings/commands.ts';
import { stock, stockLedger } from '../stock/schema.ts';

/**
 * Gives every live product of `tenant` without a vendor link a primary one (the test catalogue
 * has none): suppliers in turn, purchase price 10 + i, tiers at 1 / 10 / 50, lead days 3 + i.
 */
export async function ensureVendorLinks(t: TestApp, tenant: CurrentTenant) {
  await t.services.data.inTenant({ tenant }, async (tx) => {
    const suppliers = await tx
      .select({ id: catalogSuppliers.id })
      .from(catalogSuppliers)
      .where(eq(catalogSuppliers.isDeleted, false))
      .orderBy(asc(catalogSuppliers.code));
    const linked = new Set(
      (await tx.select({ p: catalogProductVendors.productId }).from(catalogProductVendors)).map((r) => r.p),
    );
    const products = await tx
      .select({ id: catalogProducts.id })
      .from(catalogProducts)
      .where(eq(catalogProducts.isDeleted, false))
      .orderBy(asc(catalogProducts.sku));
    const rows = products
      .filter((p) => !linked.has(p.id))
      .map((p, i) => ({
        tenantId: tenant.id,
        productId: p.id,
        supplierId: suppliers[i % suppliers.length]!.id,
        purchasePrice: (10 + i).toFixed(4),
        currency: 'CNY',
        moq: 1,
        leadDays: 3 + i,
        isPrimary: true,
        tiers: [
          { minQty: 1, unitPrice: (10 + i).toFixed(4) },
          { minQty: 10, unitPrice: (9.5 + i).toFixed(4) },
          { minQty: 50, unitPrice: (8.25 + i).toFixed(4) },
        ],
      }));
    if (rows.length) await tx.insert(catalogProductVendors).values(rows).onConflictDoNothing();
  });
}

/** Variants of products with a primary vendor link, with that link (supplier, price, currency, tiers). */
export async function linkedVariants(t: TestApp, tenant: CurrentTenant, n = 10) {
  await ensureVendorLinks(t, tenant);
  const rows = await t.services.data.inTenant({ tenant }, (tx) =>
    tx
      .select({
        variantId: catalogProductVariants.id,
        sku: catalogProductVariants.sku,
        productId: catalogProductVariants.productId,
        supplierId: catalogProductVendors.supplierId,
        purchasePrice: catalogProductVendors.purchasePrice,
        currency: catalogProductVendors.currency,
        tiers: catalogProductVendors.tiers,
        isPrimary: catalogProductVendors.isPrimary,
      })
      .from(catalogProductVariants)
      .innerJoin(
        catalogProductVendors,
        and(
          eq(catalogProductVendors.productId, catalogProductVariants.productId),
          eq(catalogProductVendors.isPrimary, true),
        ),
      )
      .where(eq(catalogProductVendors.isDeleted, false))
      .orderBy(asc(catalogProductVariants.sku))
      .limit(200),
  );
  // one variant per product, so tests on different SKUs do not share a vendor link
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.productId) && seen.add(r.productId)).slice(0, n);
}

/** The snapshot of a SKU × warehouse (zeros when none). */
export async function stockOf(t: TestApp, tenant: CurrentTenant, warehouseId: string, variantId: string) {
  const [row] = await t.services.data.inTenant({ tenant }, (tx) =>
    tx
      .select()
      .from(stock)
      .where(and(eq(stock.warehouseId, warehouseId), eq(stock.variantId, variantId))),
  );
  return row ?? { onHand: 0, reserved: 0, inTransit: 0, defective: 0, safety: 0, avgCost: '0.0000' };
}

/** The ledger rows of a SKU × warehouse, oldest first. */
export async function ledgerOf(t: TestApp, tenant: CurrentTenant, warehouseId: string, variantId: string) {
  return t.services.data.inTenant({ tenant }, (tx) =>
    tx
      .select()
      .from(stockLedger)
      .where(and(eq(stockLedger.warehouseId, warehouseId), eq(stockLedger.variantId, variantId)))
      .orderBy(asc(stockLedger.seq)),
  );
}

/** Sets a tenant-level setting of `tenant`. */
export async function setTenantSetting(t: TestApp, tenant: CurrentTenant, name: string, value: string | null) {
  await t.services.data.unscoped((tx) =>
    settingCommands(t.services).change(tx, { tenant, user: null }, 'tenant', [{ name, value }]),
  );
}

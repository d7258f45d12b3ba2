import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { firstOwnedId } from '../../../core/owned-rows.ts';
import { categories } from '../master-data/schema.ts';
import { products, productVariants, productVendors } from './schema.ts';
import { liveVariantsWithSku, lowerSkus } from './sku-match.ts';

/**
 * What one unit of a SKU costs, read-only for pricing: the purchase price of the product's
 * primary vendor link (else its oldest live one), in that link's currency; without a vendor link,
 * the variant's (or the product's) price, in the product's price currency. Always with its currency:
 * the caller converts it (a missing rate is its error), never takes it to be in its own.
 */
export interface SkuCost {
  sku: string;
  name: string;
  /** Exact decimal text. */
  cost: string;
  currency: string;
  source: 'VENDOR' | 'VARIANT' | 'PRODUCT';
  categoryIds: string[];
}

/** Numeric columns as their exact text, never through a float. */
const exact = (column: AnyPgColumn) => sql<string>`${column}::text`;

/** The costs of `skus` (variant or product SKUs, any case), keyed by the lower-cased SKU; recycled products are not found. */
export async function skuCosts(tx: Tx, ctx: CrudContext, skus: string[]): Promise<Map<string, SkuCost>> {
  const wanted = lowerSkus(skus);
  const found = new Map<string, Omit<SkuCost, 'source'> & { productId: string; isVariant: boolean }>();
  if (!wanted.length) return new Map();
  const variants = await tx
    .select({
      sku: productVariants.sku,
      label: productVariants.label,
      price: exact(productVariants.price),
      currency: products.priceCurrency,
      productId: products.id,
      name: products.name,
      categoryIds: products.categoryIds,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(liveVariantsWithSku(ctx, wanted));
  for (const v of variants)
    found.set(v.sku.toLowerCase(), {
      sku: v.sku,
      name: `${v.name} ${v.label}`.trim(),
      cost: v.price,
      currency: v.currency,
      productId: v.productId,
      categoryIds: v.categoryIds,
      isVariant: true,
    });
  const rest = wanted.filter((s) => !found.has(s));
  if (rest.length) {
    const parents = await tx
      .select({
        sku: products.sku,
        name: products.name,
        price: exact(products.price),
        currency: products.priceCurrency,
        productId: products.id,
        categoryIds: products.categoryIds,
      })
      .from(products)
      .where(and(owned(ctx, products), inArray(sql`lower(${products.sku})`, rest)));
    for (const p of parents)
      found.set(p.sku.toLowerCase(), {
        sku: p.sku,
        name: p.name,
        cost: p.price,
        currency: p.currency,
        productId: p.productId,
        categoryIds: p.categoryIds,
        isVariant: false,
      });
  }
  const productIds = [...new Set([...found.values()].map((f) => f.productId))];
  const links = productIds.length
    ? await tx
        .select({
          productId: productVendors.productId,
          price: exact(productVendors.purchasePrice),
          currency: productVendors.currency,
        })
        .from(productVendors)
        .where(owned(ctx, productVendors, inArray(productVendors.productId, productIds)))
        .orderBy(desc(productVendors.isPrimary), asc(productVendors.creationTime), asc(productVendors.id))
    : [];
  const vendorOf = new Map<string, { price: string; currency: string }>();
  for (const l of links) if (!vendorOf.has(l.productId)) vendorOf.set(l.productId, l);
  const out = new Map<string, SkuCost>();
  for (const [key, { productId, isVariant, ...f }] of found) {
    const vendor = vendorOf.get(productId);
    out.set(
      key,
      vendor
        ? { ...f, cost: vendor.price, currency: vendor.currency, source: 'VENDOR' }
        : { ...f, source: isVariant ? 'VARIANT' : 'PRODUCT' },
    );
  }
  return out;
}

/** Whether `id` is one of the tenant's categories. */
export async function isOwnCategory(tx: Tx, ctx: CrudContext, id: string): Promise<boolean> {
  const row = await firstOwnedId(tx, ctx, categories, eq(categories.id, id));
  return !!row;
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { products, productVariants } from './schema.ts';
import { liveVariantsWithSku, lowerSkus } from './sku-match.ts';

/** What shipping needs to know of one SKU: grams, centimetres, special attributes, declared value. */
export interface ShippingFacts {
  sku: string;
  name: string;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  attributes: string[];
  declaredValue: string | null;
  declaredCurrency: string | null;
}

/**
 * The shipping facts of `skus` (variant or product SKUs, any case), keyed by the lower-cased SKU;
 * recycled products are not found. A variant takes its own weight and size, else its product's
 * package ones, else the product's own; the special attributes and declared value are the product's.
 */
export async function shippingFacts(tx: Tx, ctx: CrudContext, skus: string[]): Promise<Map<string, ShippingFacts>> {
  const wanted = lowerSkus(skus);
  const found = new Map<string, ShippingFacts>();
  if (!wanted.length) return found;
  const productColumns = {
    name: products.name,
    packageWeight: products.packageWeight,
    weight: products.weight,
    packageLength: products.packageLength,
    packageWidth: products.packageWidth,
    packageHeight: products.packageHeight,
    length: products.length,
    width: products.width,
    height: products.height,
    attributes: products.specialAttributes,
    declaredValue: products.declaredValue,
    declaredCurrency: products.declaredCurrency,
  };
  const variants = await tx
    .select({
      sku: productVariants.sku,
      label: productVariants.label,
      vWeight: productVariants.weight,
      vLength: productVariants.length,
      vWidth: productVariants.width,
      vHeight: productVariants.height,
      ...productColumns,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(liveVariantsWithSku(ctx, wanted));
  for (const v of variants) {
    const hasOwnSize = v.vLength != null && v.vWidth != null && v.vHeight != null;
    found.set(v.sku.toLowerCase(), {
      ...facts(v),
      sku: v.sku,
      name: `${v.name} ${v.label}`.trim(),
      weight: v.vWeight ?? facts(v).weight,
      ...(hasOwnSize ? { length: v.vLength, width: v.vWidth, height: v.vHeight } : {}),
    });
  }
  const rest = wanted.filter((s) => !found.has(s));
  if (!rest.length) return found;
  const parents = await tx
    .select({ sku: products.sku, ...productColumns })
    .from(products)
    .where(and(owned(ctx, products), eq(products.isDeleted, false), inArray(sql`lower(${products.sku})`, rest)));
  for (const p of parents) found.set(p.sku.toLowerCase(), { ...facts(p), sku: p.sku });
  return found;
}

/** A product's row as read for its facts: the facts' columns and its package's. */
type ProductRow = Omit<ShippingFacts, 'sku'> & {
  packageWeight: number | null;
  packageLength: number | null;
  packageWidth: number | null;
  packageHeight: number | null;
};

/** The product's own facts: its package size when complete, else its size. */
function facts(p: ProductRow): Omit<ShippingFacts, 'sku'> {
  const pack = p.packageLength != null && p.packageWidth != null && p.packageHeight != null;
  return {
    name: p.name,
    weight: p.packageWeight ?? p.weight,
    length: pack ? p.packageLength : p.length,
    width: pack ? p.packageWidth : p.width,
    height: pack ? p.packageHeight : p.height,
    attributes: p.attributes,
    declaredValue: p.declaredValue,
    declaredCurrency: p.declaredCurrency,
  };
}

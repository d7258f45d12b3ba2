import { and, eq, inArray, sql } from 'drizzle-orm';
import { type CrudContext, owned } from '../../../core/crud.ts';
import { products, productVariants } from './schema.ts';

/** SKUs as they are matched: lower-cased, each once. */
export const lowerSkus = (skus: string[]) => [...new Set(skus.map((s) => s.toLowerCase()))];

/**
 * The tenant's variants of live products whose SKU is one of `lowered` (lower-cased: SKUs are
 * matched whatever their case), for the reads by SKU (costs, shipping facts).
 */
export const liveVariantsWithSku = (ctx: CrudContext, lowered: string[]) =>
  and(owned(ctx, productVariants), eq(products.isDeleted, false), inArray(sql`lower(${productVariants.sku})`, lowered));

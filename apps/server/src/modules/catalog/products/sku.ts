import { SKU_MAX, SKU_PATTERN } from '@seller/contracts/catalog';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError, fieldError } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { getSetting } from '../../settings/index.ts';
import { categories } from '../master-data/schema.ts';
import { SKU_PATTERN_SETTING, SKU_PATTERN_TOKEN } from '../settings.ts';
import { type Ctx, tenantOf } from './records.ts';
import { products, productVariants, skuSequences } from './schema.ts';

export interface SkuParts {
  prefix: string;
  category: string;
  now: Date;
}

/**
 * The pattern with everything but the sequence filled in, and a function that puts a number
 * in: the stem is what the sequence counts within (one counter per tenant and stem).
 */
export function renderSkuPattern(pattern: string, parts: SkuParts) {
  const yy = String(parts.now.getUTCFullYear()).slice(2);
  const MM = String(parts.now.getUTCMonth() + 1).padStart(2, '0');
  const values: Record<string, string> = { prefix: parts.prefix, category: parts.category, yy, MM, yyMM: yy + MM };
  let width = 4;
  const stem = pattern.replace(SKU_PATTERN_TOKEN, (_, name: string) => {
    if (!name.startsWith('seq')) return values[name];
    width = Number(name.slice(3));
    return '#';
  });
  return { stem, sku: (n: number) => stem.replace('#', String(n).padStart(width, '0')) };
}

/**
 * Of `skus`, the ones (lower-cased) another product or its variants hold in this tenant, recycled
 * ones included: SKUs are unique per tenant across products and variants until cleared.
 */
export async function takenSkus(tx: Tx, ctx: Ctx, skus: string[], productId?: string): Promise<Set<string>> {
  const taken = new Set<string>();
  if (!skus.length) return taken;
  const lowered = [...new Set(skus.map((s) => s.toLowerCase()))];
  const parents = await tx
    .select({ sku: products.sku })
    .from(products)
    .where(
      and(
        tenantOf(ctx),
        inArray(sql`lower(${products.sku})`, lowered),
        productId ? ne(products.id, productId) : undefined,
      ),
    );
  const variants = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        ctx.tenant ? eq(productVariants.tenantId, ctx.tenant.id) : isNull(productVariants.tenantId),
        inArray(sql`lower(${productVariants.sku})`, lowered),
        productId ? ne(productVariants.productId, productId) : undefined,
      ),
    );
  for (const { sku } of [...parents, ...variants]) taken.add(sku.toLowerCase());
  return taken;
}

export async function assertSkusFree(tx: Tx, ctx: Ctx, member: string, skus: string[], productId?: string) {
  const taken = await takenSkus(tx, ctx, skus, productId);
  const clash = skus.find((s) => taken.has(s.toLowerCase()));
  if (clash) throw fieldError(member, 'Catalog::SkuTaken', [clash]);
}

/** The tenant's parent-SKU pattern (a setting: read before the caller's unit of work). */
export const skuPattern = (services: Services, ctx: Ctx) =>
  getSetting(services, { tenant: ctx.tenant, user: null }, SKU_PATTERN_SETTING);

/**
 * A new parent SKU from the tenant's `pattern` (`Catalog.Sku.Pattern`, domain §3.4, read by
 * `skuPattern`). The sequence is one row per tenant and stem (the pattern without its number)
 * incremented atomically, so concurrent callers never get the same number; numbers whose SKU is
 * already taken (entered by hand) are skipped.
 */
export async function generateSku(tx: Tx, ctx: Ctx, q: { prefix: string; categoryId?: string }, pattern: string) {
  if (!ctx.tenant) throw fieldError('prefix', 'Catalog::SkuFormat');
  const tenantId = ctx.tenant.id;
  let category = '';
  if (q.categoryId) {
    const [row] = await tx
      .select({ code: categories.code })
      .from(categories)
      .where(owned(ctx, categories, eq(categories.id, q.categoryId)));
    if (!row) throw fieldError('categoryId', 'Catalog::CategoryNotFound');
    category = row.code.toUpperCase();
  }
  const { stem, sku: skuOf } = renderSkuPattern(pattern, { prefix: q.prefix, category, now: new Date() });
  const first = skuOf(1);
  if (!SKU_PATTERN.test(first)) throw fieldError('prefix', 'Catalog::SkuFormat');
  if (first.length > SKU_MAX) throw fieldError('prefix', 'Catalog::SkuTooLong', [first, SKU_MAX]);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const [{ value }] = await tx
      .insert(skuSequences)
      .values({ tenantId, prefix: stem, value: 1 })
      .onConflictDoUpdate({
        target: [skuSequences.tenantId, skuSequences.prefix],
        set: { value: sql`${skuSequences.value} + 1` },
      })
      .returning({ value: skuSequences.value });
    const sku = skuOf(value);
    if (sku.length > SKU_MAX) break;
    try {
      await assertSkusFree(tx, ctx, 'prefix', [sku]);
      return { sku };
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
    }
  }
  throw fieldError('prefix', 'Catalog::SkuExhausted', [q.prefix]);
}

import { SKU_MAX, SKU_PATTERN } from '@seller/contracts/catalog';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { type SettingGroupDefinition, SettingValueType } from '../../../core/definitions/settings.ts';
import { AppError, fieldError } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { getSetting } from '../../settings/index.ts';
import { categories } from '../master-data/schema.ts';
import { type Ctx, tenantOf } from './records.ts';
import { products, productVariants, skuSequences } from './schema.ts';

/**
 * The tenant's parent-SKU pattern for `generate-sku` (domain §3.4, "configurable per tenant"):
 * literal capitals, digits and hyphens around the placeholders `{prefix}`, `{category}` (the
 * category's code), `{yy}`, `{MM}`, `{yyMM}` and exactly one sequence `{seq3}`…`{seq6}`
 * (the number, zero-padded to that width).
 */
export const SKU_PATTERN_SETTING = 'Catalog.Sku.Pattern';
export const DEFAULT_SKU_PATTERN = '{prefix}{category}{yyMM}-{seq4}';

const TOKEN = /\{(prefix|category|yy|MM|yyMM|seq[3-6])\}/g;
const LITERAL = /^[A-Z0-9-]*$/;

/** Whether `pattern` uses only known placeholders and SKU characters, with one sequence. */
export function isSkuPattern(pattern: string): boolean {
  const sequences = pattern.match(/\{seq[3-6]\}/g) ?? [];
  return sequences.length === 1 && LITERAL.test(pattern.replace(TOKEN, '')) && pattern.length <= 64;
}

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
  const stem = pattern.replace(TOKEN, (_, name: string) => {
    if (!name.startsWith('seq')) return values[name];
    width = Number(name.slice(3));
    return '#';
  });
  return { stem, sku: (n: number) => stem.replace('#', String(n).padStart(width, '0')) };
}

const text = (en: string, zh: string) => ({ en, 'zh-Hans': zh });

export const catalogSettings: SettingGroupDefinition = {
  name: 'Catalog',
  displayName: text('Catalogue', '商品'),
  settings: [
    {
      name: SKU_PATTERN_SETTING,
      defaultValue: DEFAULT_SKU_PATTERN,
      valueType: SettingValueType.String,
      isVisibleToClients: true,
      providers: ['G', 'T'],
      maxLength: 64,
      validate: isSkuPattern,
      displayName: text('Parent SKU pattern', '父 SKU 规则'),
      description: text(
        'Used by "Generate SKU". Placeholders: {prefix}, {category} (category code), {yy}, {MM}, {yyMM} and one sequence {seq3}–{seq6}; other characters A–Z, 0–9 and "-".',
        '“生成 SKU”使用的规则。占位符：{prefix}、{category}（分类编码）、{yy}、{MM}、{yyMM} 及一个序号 {seq3}–{seq6}；其余字符只能是 A–Z、0–9 和“-”。',
      ),
    },
  ],
};

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

/** SKU generation from the tenant's pattern (`generate-sku`). */
export const skuService = {
  /**
   * A new parent SKU from the tenant's pattern (`Catalog.Sku.Pattern`, domain §3.4). The
   * sequence is one row per tenant and stem (the pattern without its number) incremented
   * atomically, so concurrent callers never get the same number; numbers whose SKU is
   * already taken (entered by hand) are skipped.
   */
  generateSku: async (services: Services, ctx: Ctx, q: { prefix: string; categoryId?: string }) => {
    if (!ctx.tenant) throw fieldError('prefix', 'Catalog::SkuFormat');
    const tenantId = ctx.tenant.id;
    const pattern = await getSetting(services, { tenant: ctx.tenant, user: null }, SKU_PATTERN_SETTING);
    return services.data.inTenant(ctx, async (tx) => {
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
    });
  },
};
